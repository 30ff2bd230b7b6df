/**
 * Words for the CLI's human output and its named values. The rules speak in ids (`point_blank`,
 * `wounded_twice`, `very_easy`); a person reads "point blank", "wounded twice", "Very Easy", and
 * may type any of those forms back (`very_easy`, `very-easy`, "very easy", "Very Easy").
 */
import { OmnibusError } from "../core/errors";

/** `wounded_twice` → "wounded twice"; `advancedSkill` → "advanced skill". */
export function words(id: string): string {
  return id
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
}

/** `very_easy` → "Very Easy" (a difficulty's display name). */
export function titleWords(id: string): string {
  return words(id).replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/** The id a person typed, in any of its forms, or `undefined` when it names none of `ids`. */
export function matchId<T extends string>(text: string, ids: readonly T[]): T | undefined {
  const key = words(text.trim()).replace(/\s+/g, " ");
  return ids.find((id) => words(id) === key);
}

/** A named flag value: one of `ids` in any written form; the error names the flag as typed. */
export function namedFlagValue<T extends string>(flag: string, text: string, ids: readonly T[]): T {
  const id = matchId(text, ids);
  if (id === undefined) {
    throw new OmnibusError("badArgument", `--${flag} must be one of ${ids.join(", ")}, got "${text}"`, { name: flag, value: text });
  }
  return id;
}

/**
 * Runs a rules call that validates one flag's value, so its error names the flag as the user typed
 * it (`--again must be …`), not the rules' parameter name (`again must be …`).
 */
export function asFlag<T>(flag: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof OmnibusError && e.code === "badArgument" && !e.message.startsWith("--")) {
      // "again must be …" → "--again must be …"; any other subject keeps its words: "--track: Health track …".
      const subject = /^([A-Za-z ]+?) (must|is|are) /.exec(e.message);
      const message =
        subject && words(subject[1]) === words(flag) ? `--${flag} ${e.message.slice(subject[1].length + 1)}` : `--${flag}: ${e.message}`;
      throw new OmnibusError("badArgument", message, { ...e.data, name: flag });
    }
    throw e;
  }
}
