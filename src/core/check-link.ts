/**
 * Inline check links in journals and chat: `@Check[skill=blaster difficulty=moderate]{Shoot it}`.
 *
 * The text between the brackets is `key=value` pairs separated by spaces; a value with spaces is
 * quoted (`skill="Repulsorlift operation"`). The kind of check is `check=<kind>` when given, else
 * the first pair's key (`skill=blaster` is a "skill" check of blaster). Every pair is passed to the
 * ruleset's check builder as it would read a sheet button's data-* attributes; the pairs other than
 * the kind also start the roll dialog's fields of the same name (`difficulty=moderate`).
 * The `{label}` is optional. Pure: the Foundry enricher (src/foundry/check-link.ts) calls it.
 */

/** The enricher's pattern (one match per link; group 1 the pairs, group 2 the label). */
export const CHECK_LINK_PATTERN = /@Check\[([^\]\n]*)\](?:\{([^}\n]*)\})?/gi;

export type CheckLinkError = "empty" | "malformed" | "duplicate" | "unclosedQuote" | "noValue";

export type ParsedCheckLink =
  | { ok: true; kind: string; dataset: Record<string, string>; values: Record<string, string>; label: string | null }
  | { ok: false; error: CheckLinkError; token: string; label: string | null };

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** Splits the pairs, honouring double quotes. Returns null (and the bad token) on an unclosed quote. */
function tokens(text: string): { list: string[] } | { bad: string } {
  const list: string[] = [];
  let current = "";
  let quoted = false;
  let started = false;
  for (const ch of text) {
    if (ch === '"') {
      quoted = !quoted;
      current += ch;
      started = true;
    } else if (/\s/.test(ch) && !quoted) {
      if (started) list.push(current);
      current = "";
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quoted) return { bad: current };
  if (started) list.push(current);
  return { list };
}

/** Parses the text of one link (between the brackets) and its optional label. */
export function parseCheckLink(text: string, label?: string | null): ParsedCheckLink {
  const shown = label?.trim() ? label.trim() : null;
  const split = tokens(text);
  if ("bad" in split) return { ok: false, error: "unclosedQuote", token: split.bad, label: shown };
  if (split.list.length === 0) return { ok: false, error: "empty", token: "", label: shown };
  const pairs: Array<[string, string]> = [];
  for (const token of split.list) {
    const eq = token.indexOf("=");
    if (eq <= 0) return { ok: false, error: "malformed", token, label: shown };
    const key = token.slice(0, eq);
    let value = token.slice(eq + 1);
    if (!KEY.test(key)) return { ok: false, error: "malformed", token, label: shown };
    if (value.startsWith('"')) {
      if (value.length < 2 || !value.endsWith('"') || value.slice(1, -1).includes('"'))
        return { ok: false, error: "malformed", token, label: shown };
      value = value.slice(1, -1);
    } else if (value.includes('"')) return { ok: false, error: "malformed", token, label: shown };
    if (value.trim() === "") return { ok: false, error: "noValue", token, label: shown };
    if (pairs.some(([k]) => k.toLowerCase() === key.toLowerCase())) return { ok: false, error: "duplicate", token, label: shown };
    pairs.push([key, value]);
  }
  const explicit = pairs.find(([k]) => k === "check");
  const kind = explicit ? explicit[1] : pairs[0][0];
  if (!KEY.test(kind)) return { ok: false, error: "malformed", token: `check=${kind}`, label: shown };
  const dataset: Record<string, string> = { check: kind };
  const values: Record<string, string> = {};
  for (const [key, value] of pairs) {
    if (key === "check") continue;
    dataset[key] = value;
    if (key !== kind) values[key] = value;
  }
  return { ok: true, kind, dataset, values, label: shown };
}

/** Every link in a text, in order (what the enricher would replace), parsed. */
export function findCheckLinks(text: string): Array<{ match: string; index: number; link: ParsedCheckLink }> {
  const out: Array<{ match: string; index: number; link: ParsedCheckLink }> = [];
  for (const m of text.matchAll(new RegExp(CHECK_LINK_PATTERN.source, CHECK_LINK_PATTERN.flags))) {
    out.push({ match: m[0], index: m.index ?? 0, link: parseCheckLink(m[1] ?? "", m[2]) });
  }
  return out;
}
