/**
 * Character creation and advancement for every ruleset, by ruleset id (issue 16): the registry the
 * CLI, the sheets and the pack-legality test use. Each ruleset's rules live in its own folder
 * (d6/creation.ts + d6/advancement.ts, storytelling/…, wfrp/…, silhouette/build.ts).
 */
import { OmnibusError, describeValue } from "../core/errors";
import type { RulesetId } from "./index";
import { isRecord, type ActorLike, type Cost, type CreationReport } from "./build-types";
import { validateCharacter as d6Validate } from "./d6/creation";
import { validateCharacter as storytellingValidate } from "./storytelling/creation";
import { validateCharacter as wfrpValidate } from "./wfrp/creation";
import { validateCharacter as silhouetteValidate } from "./silhouette/build";
import { D6_ADVANCE_COSTS, D6_ADVANCE_KINDS, d6AdvanceCost } from "./d6/advancement";
import { STORYTELLING_ADVANCE_COSTS, STORYTELLING_ADVANCE_KINDS, storytellingAdvanceCost } from "./storytelling/advancement";
import { WFRP_ADVANCE_COSTS, WFRP_ADVANCE_KINDS, wfrpAdvanceCost } from "./wfrp/advancement";
import { SILHOUETTE_ADVANCE_COSTS, SILHOUETTE_ADVANCE_KINDS, silhouetteAdvanceCost } from "./silhouette/build";

export type { ActorLike, Breach, Cost, CostStep, CreationReport } from "./build-types";

export const CHARACTER_VALIDATORS: Record<RulesetId, (actor: ActorLike) => CreationReport> = {
  d6: d6Validate,
  storytelling: storytellingValidate,
  wfrp: wfrpValidate,
  silhouette: silhouetteValidate,
};

/** The ruleset of an actor from its type (`wfrp_character` → `wfrp`), or null. */
export function rulesetOfActor(actor: unknown): RulesetId | null {
  if (!isRecord(actor) || typeof actor.type !== "string") return null;
  const prefix = actor.type.split("_")[0];
  return Object.hasOwn(CHARACTER_VALIDATORS, prefix) ? (prefix as RulesetId) : null;
}

/** Validates a character as a starting character of `ruleset` (or the ruleset its type names). */
export function validateCharacter(actor: ActorLike, ruleset?: RulesetId): CreationReport {
  const id = ruleset ?? rulesetOfActor(actor);
  if (!id || !Object.hasOwn(CHARACTER_VALIDATORS, id)) {
    throw new OmnibusError(
      "badArgument",
      `cannot tell the ruleset of this character (type ${describeValue(isRecord(actor) ? actor.type : actor)})`,
      { name: "type" },
    );
  }
  return CHARACTER_VALIDATORS[id](actor);
}

/** Trait kinds each ruleset prices. */
export const ADVANCE_KINDS: Record<RulesetId, readonly string[]> = {
  d6: D6_ADVANCE_KINDS,
  storytelling: STORYTELLING_ADVANCE_KINDS,
  wfrp: WFRP_ADVANCE_KINDS,
  silhouette: SILHOUETTE_ADVANCE_KINDS,
};

/** The published cost tables, by ruleset: the defaults of the GM's cost-table settings. */
export const DEFAULT_ADVANCE_TABLES: Record<RulesetId, Readonly<Record<string, unknown>>> = {
  d6: D6_ADVANCE_COSTS,
  storytelling: STORYTELLING_ADVANCE_COSTS,
  wfrp: WFRP_ADVANCE_COSTS,
  silhouette: SILHOUETTE_ADVANCE_COSTS,
};

export interface AdvanceOptions {
  /** WFRP: the advance is outside the current career (costs double). */
  outOfCareer?: boolean;
  /** D6: a Force skill trained without a teacher (costs double). */
  forceWithoutTeacher?: boolean;
  /** A GM-edited cost table for this ruleset (the published one when absent); checked before use. */
  table?: unknown;
}

const whole = (name: string, v: string | number): number => {
  if (typeof v === "number") return v;
  if (!/^[+-]?\d+$/.test(v.trim())) throw new OmnibusError("badArgument", `${name} must be a whole number, got "${v}"`, { name, value: v });
  return Number(v);
};

/**
 * The experience cost of raising a trait of `kind` from `from` to `to` with the published tables:
 * die codes for d6 (`4D`, `4D+1`), numbers elsewhere.
 */
export function advanceCost(ruleset: RulesetId, kind: string, from: string | number, to: string | number, opts: AdvanceOptions = {}): Cost {
  const kinds = ADVANCE_KINDS[ruleset];
  if (!kinds) throw new OmnibusError("unknownRuleset", `unknown ruleset "${describeValue(ruleset)}"`);
  if (!kinds.includes(kind))
    throw new OmnibusError("badArgument", `unknown trait kind "${kind}" for ${ruleset} (one of ${kinds.join(", ")})`, {
      name: "kind",
      value: kind,
    });
  switch (ruleset) {
    case "d6":
      return d6AdvanceCost(kind as never, String(from), String(to), (opts.table ?? undefined) as never, {
        forceWithoutTeacher: opts.forceWithoutTeacher,
      });
    case "storytelling":
      return storytellingAdvanceCost(kind as never, whole("from", from), whole("to", to), (opts.table ?? undefined) as never);
    case "wfrp":
      return wfrpAdvanceCost(kind as never, whole("from", from), whole("to", to), (opts.table ?? undefined) as never, {
        outOfCareer: opts.outOfCareer,
      });
    case "silhouette":
      return silhouetteAdvanceCost(kind as never, whole("from", from), whole("to", to), (opts.table ?? undefined) as never);
  }
}
