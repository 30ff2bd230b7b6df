/**
 * The wfrp `check` kinds beyond a plain test (issue 12): each builds the table's request with the
 * builder the sheet calls (`buildRequest`), from the same plain actor data, and resolves it with the
 * table's own pure functions, consuming dice in the order the table rolls them.
 */
import type { DiceSource } from "../../core/dice";
import { resolveTest, rollD100 } from "../../rules/wfrp/index";
import { buildRequest, checkData, extendedAfterRoll, specFor, type ActorView } from "../../rules/wfrp/table/checks";
import { DEFAULT_RULES, type WfrpRules } from "../../rules/wfrp/table/settings";
import type { CheckValues } from "../../rules/table/types";
import { badField, plainActor, settingsOver, type CheckKind, type Req } from "./check-fields";

const rulesOf = (r: Req): WfrpRules => settingsOver(r.rules, DEFAULT_RULES, "rules");
const t = (key: string) => key;

/** The actor's plain data as the sheet's view of it (`actorView`). */
export function actorViewOf(value: unknown, name: string): ActorView {
  const a = plainActor(value, name, "wfrp_character");
  const raw = value as Req;
  if (raw.statuses !== undefined && !Array.isArray(raw.statuses)) throw badField(`${name}.statuses`, "must be a list");
  return {
    uuid: typeof raw.uuid === "string" ? raw.uuid : `Actor.${name}`,
    name: a.name,
    img: "",
    type: a.type,
    system: a.system,
    items: a.items.map((i) => ({ id: i.id, name: i.name, type: i.type, img: null, system: i.system })),
    ...(Array.isArray(raw.statuses) ? { statuses: raw.statuses as string[] } : {}),
    ...(a.effects ? { effects: a.effects } : {}),
  } as ActorView;
}

/** The dialog's values: the builder's, then the request's (each key one the dialog has). */
export function dialogValuesOf(defaults: CheckValues, given: unknown, known: readonly string[]): CheckValues {
  const values: CheckValues = { ...defaults };
  for (const [key, v] of Object.entries((given ?? {}) as Record<string, unknown>)) {
    if (!known.includes(key) && !Object.hasOwn(defaults, key))
      throw badField(`values.${key}`, `is not one of the dialog's (${[...new Set([...Object.keys(defaults), ...known])].join(", ")})`);
    if (typeof v !== "number" && typeof v !== "string" && typeof v !== "boolean")
      throw badField(`values.${key}`, "must be a number, string or boolean");
    values[key] = v;
  }
  return values;
}

/** The id of the actor's item of `type` named `name`, or an error naming the field. */
function itemId(actor: ActorView, type: string, name: string, field: string): string {
  const item = actor.items.find((i) => i.type === type && i.name === name);
  if (!item)
    throw badField(
      field,
      `names no ${type.replace("wfrp_", "")} item of ${actor.name} (${
        actor.items
          .filter((i) => i.type === type)
          .map((i) => i.name)
          .join(", ") || "none"
      })`,
    );
  return item.id;
}

const TEST_VALUES = ["difficulty", "conditions", "modifier", "slBonus", "helpers", "resisting"];

export const WFRP_TABLE_KINDS: Record<string, CheckKind> = {
  extended: {
    summary: "one roll of an extended test: its SL added to the tracker (never below 0), complete or out of time",
    table:
      "the sheet's extended test (src/foundry/wfrp/checks.ts rollTest) → buildRequest, specFor, rollD100, resolveTest, extendedAfterRoll",
    fields: {
      actor: { type: "object", required: true, about: "the tester's plain data {name, type, system, items, statuses?}" },
      extended: { type: "string", required: true, about: "the name of its extended test item (the tracker)" },
      values: { type: "object", about: `the dialog's choices (${TEST_VALUES.join(", ")})` },
      rules: { type: "object", about: "the world's wfrp rules (extendedZeroSL, test, …)" },
    },
    run(r, dice: DiceSource) {
      const rules = rulesOf(r);
      const actor = actorViewOf(r.actor, "actor");
      const id = itemId(actor, "wfrp_extended", String(r.extended), "extended");
      const request = buildRequest({ actor, kind: "extended", dataset: { itemId: id }, targets: [], rules, t });
      const values = dialogValuesOf(request.values, r.values, request.fields.map((f) => f.name));
      const spec = specFor(request, values, null);
      const roll = rollD100(dice);
      const result = resolveTest(spec, roll, rules.test);
      const tracker = checkData(request).extended!;
      const step = extendedAfterRoll(tracker, result, rules.extendedZeroSL);
      const changes = [
        { path: "system.accumulated", value: step.accumulated },
        { path: "system.rollsMade", value: step.rollsMade },
        { path: "system.status", value: step.status },
      ];
      return {
        json: { ...result, required: tracker.requiredSL, maxRolls: tracker.maxRolls || null, ...step, changes },
        text: `${roll} vs ${result.target}: ${result.slLabel} SL → ${step.accumulated}/${tracker.requiredSL}, ${step.status}`,
      };
    },
  },
};
