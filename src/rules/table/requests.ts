/**
 * What a roll-request card shows under its buttons (issue 19): one row per asked actor — still to
 * roll, succeeded, failed, or rolled (no success or failure to tell) — with the total where the
 * card may show it, and for the GM a summary. Plain data in, the template's context out
 * (`templates/chat/request-results.hbs`), so the card and the gallery render the same thing.
 */

export interface RequestRowInput {
  name: string;
}

export interface RequestResultInput {
  success: boolean | null;
  total: number | null;
}

export interface RequestResultsContext {
  rows: Array<{ index: number; name: string; stateKey: string; total: number | null; hasTotal: boolean }>;
  /** The GM's line: how many have rolled, of how many, and how many succeeded. */
  summary: { done: number; total: number; successes: number } | null;
}

const STATE_KEY = {
  awaiting: "OMNIBUS.Request.Awaiting",
  success: "OMNIBUS.Request.Success",
  failure: "OMNIBUS.Request.Failure",
  rolled: "OMNIBUS.Request.Rolled",
} as const;

export function requestResultsContext(
  actors: readonly RequestRowInput[],
  results: Readonly<Record<string, RequestResultInput>>,
  forGM: boolean,
): RequestResultsContext {
  let done = 0;
  let successes = 0;
  const rows = actors.map((a, index) => {
    const res = Object.hasOwn(results, String(index)) ? results[String(index)] : null;
    if (res) done++;
    if (res?.success === true) successes++;
    const state = !res ? "awaiting" : res.success === true ? "success" : res.success === false ? "failure" : "rolled";
    const total = res && typeof res.total === "number" ? res.total : null;
    return { index, name: a.name, stateKey: STATE_KEY[state], total, hasTotal: total !== null };
  });
  return { rows, summary: forGM ? { done, total: actors.length, successes } : null };
}

/** Words for the request's values a card shows (others show their key as given). */
const VALUE_LABELS: Record<string, string> = { difficulty: "OMNIBUS.Request.Difficulty" };

/** A card line for one of the request's values: a label the reader's language has, else the key as given. */
export function valueLine(key: string, value: string): { label: string; value: string } | { name: string; value: string } {
  return Object.hasOwn(VALUE_LABELS, key) ? { label: VALUE_LABELS[key], value } : { name: key, value };
}
