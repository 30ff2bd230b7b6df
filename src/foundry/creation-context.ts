/**
 * The creation window's context (issue 16) as a plain function (no Foundry globals): the steps of
 * src/rules/creation-steps.ts with the actor's current values, its item ratings, each step's budget
 * and the breaches in the reader's words. The window, the glue tests and the gallery build it alike.
 */
import { isRulesetId } from "../rules/index";
import { creationView, type Budget, type CreationField } from "../rules/creation-steps";
import { breachText, type BreachLocalizer } from "../rules/breach-text";

export interface CreationItemRow {
  id: string;
  name: string;
  value: number;
  value2: number | null;
  path: string;
  path2: string | null;
  min: number;
  max: number;
}

export interface CreationStepContext {
  id: string;
  label: string;
  index: number;
  fields: Array<CreationField & { value: string | number | boolean; name: string }>;
  items: CreationItemRow[];
  budgets: Budget[];
  breaches: string[];
  ok: boolean;
}

export interface CreationContext {
  ruleset: string;
  name: string;
  steps: CreationStepContext[];
  other: string[];
  unchecked: string[];
  canFinish: boolean;
  finished: boolean;
  error: string | null;
  editable: boolean;
  /** WFRP: the random rolls the window offers, and what the GM has recorded. */
  rolls: RollOffer[] | null;
}

export interface RollOffer {
  kind: "species" | "characteristics" | "career";
  /** i18n key of the roll button. */
  label: string;
  /** Rolled: the recorded result as text; null until rolled. */
  result: string | null;
  canRoll: boolean;
  canKeep: boolean;
  /** Characteristics: keep the rolled results moved between characteristics (a smaller bonus). */
  canRearrange?: boolean;
  kept: boolean;
  /** i18n key of the bonus line. */
  bonus: string;
  /** Career: each rolled career the player may take, how (first roll or one of three), and its bonus line's i18n key. */
  choices?: Array<{ career: string; choice: "firstRoll" | "ofThree"; label: string; bonus: string }>;
  /** i18n key of a line on the other way to take it (career: picked freely, no bonus). */
  hint?: string;
}

export interface CreationActorInput {
  name: string;
  type: string;
  system: Record<string, unknown>;
  items: Array<{ _id: string; name: string; type: string; system: Record<string, unknown> }>;
  finished: boolean;
}

const at = (obj: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), obj);

/** The window's context; `rolls` is the WFRP roll state (from the GM's record) or null. */
export function creationContext(
  actor: CreationActorInput,
  localize: BreachLocalizer,
  opts: { editable: boolean; rolls?: CreationContext["rolls"] },
): CreationContext {
  const ruleset = actor.type.split("_")[0];
  if (!isRulesetId(ruleset)) throw new Error(`not an Omnibus actor type: ${actor.type}`);
  const view = creationView(ruleset, { type: actor.type, system: actor.system, items: actor.items });
  const words = (b: { code: string; message: string; values: Record<string, string | number> }) => breachText(ruleset, b, localize);
  return {
    ruleset,
    name: actor.name,
    steps: view.steps.map((s, index) => ({
      id: s.id,
      label: s.label,
      index: index + 1,
      fields: s.fields.map((f) => {
        const v = at(actor.system, f.path);
        return {
          ...f,
          name: `system.${f.path}`,
          value: f.kind === "bool" ? v === true : f.kind === "int" ? (typeof v === "number" ? v : 0) : typeof v === "string" ? v : "",
        };
      }),
      items: s.items
        ? actor.items
            .filter((i) => i.type === s.items!.type)
            .map((i) => {
              const v = at(i.system, s.items!.path);
              const v2 = s.items!.path2 ? at(i.system, s.items!.path2) : null;
              return {
                id: i._id,
                name: i.name,
                value: typeof v === "number" ? v : 0,
                value2: s.items!.path2 ? (typeof v2 === "number" ? v2 : 0) : null,
                path: `system.${s.items!.path}`,
                path2: s.items!.path2 ? `system.${s.items!.path2}` : null,
                min: s.items!.min,
                max: s.items!.max,
              };
            })
            .sort((a, b) => a.name.localeCompare(b.name))
        : [],
      budgets: s.budgets,
      breaches: s.breaches.map(words),
      ok: s.ok,
    })),
    other: view.other.map(words),
    unchecked: view.unchecked,
    canFinish: view.canFinish && !actor.finished,
    finished: actor.finished,
    error: view.error,
    editable: opts.editable && !actor.finished,
    rolls: ruleset === "wfrp" ? (opts.rolls ?? null) : null,
  };
}
