/**
 * The wfrp `check` kinds beyond a plain test (issue 12): each builds the table's request with the
 * builder the sheet calls (`buildRequest`), from the same plain actor data, and resolves it with the
 * table's own pure functions, consuming dice in the order the table rolls them.
 */
import type { DiceSource } from "../../core/dice";
import { resolveTest, rollD100 } from "../../rules/wfrp/index";
import {
  attackStateFrom,
  defenceNeedsReroll,
  planDamage,
  resolveTarget,
  resolveUntargeted,
  withDefenceFaces,
  type DefenceSkill,
} from "../../rules/wfrp/table/cards";
import { MAX_OPPOSED_REROLLS, rollInitiative } from "../../rules/wfrp/index";
import {
  buildRequest,
  checkData,
  defenceSpecFor,
  extendedAfterRoll,
  initiativeCharacteristics,
  specFor,
  withWeapon,
  type ActorView,
  type TargetView,
} from "../../rules/wfrp/table/checks";
import { DEFAULT_RULES, type WfrpRules } from "../../rules/wfrp/table/settings";
import type { CheckValues } from "../../rules/table/types";
import { badField, numberAt, objects, settingsOver, sheetView, type CheckKind, type Req } from "./check-fields";

const rulesOf = (r: Req): WfrpRules => settingsOver(r.rules, DEFAULT_RULES, "rules");
const t = (key: string) => key;

/** The actor's plain data as the sheet's view of it (`actorView`). */
export function actorViewOf(value: unknown, name: string): ActorView {
  const { view, statuses, actor } = sheetView(value, name, "wfrp_character");
  return {
    ...view,
    ...(statuses ? { statuses } : {}),
    ...(actor.effects ? { effects: actor.effects } : {}),
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
      const values = dialogValuesOf(
        request.values,
        r.values,
        request.fields.map((f) => f.name),
      );
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
  attack: {
    summary: "a melee or ranged attack: opposed by each target's defence, hit location, then Damage − TB − AP as Wounds",
    table:
      "the sheet's weapon (src/foundry/wfrp/checks.ts rollAttack, actions.ts settleDefence, planApplyDamage) → buildRequest, attackStateFrom, rollD100, defenceSpecFor, withDefenceFaces, resolveTarget, planDamage",
    fields: {
      actor: { type: "object", required: true, about: "the attacker's plain data {name, type, system, items, statuses?}" },
      weapon: { type: "string", required: true, about: "the name of its weapon item" },
      targets: {
        type: "list",
        about:
          "[{name, distance?, units?, actor, defence?}] — each target's plain data; defence melee | dodge | none (default: melee against melee, dodge when dodging a ranged attack)",
      },
      values: { type: "object", about: "the dialog's choices (difficulty, advantage, charging, dodge, modifier, …)" },
      rules: { type: "object", about: "the world's wfrp rules (combat, opposed, …)" },
    },
    run(r, dice: DiceSource) {
      const rules = rulesOf(r);
      const actor = actorViewOf(r.actor, "actor");
      const id = itemId(actor, "wfrp_weapon", String(r.weapon), "weapon");
      const given = objects(r, "targets");
      const targets: TargetView[] = given.map((e, i) => {
        const where = `targets[${i}]`;
        if (e.units !== undefined && typeof e.units !== "string") throw badField(`${where}.units`, "must be a string");
        return {
          tokenUuid: `token${i}`,
          actorUuid: e.actor === undefined ? null : `Actor.target${i}`,
          name: typeof e.name === "string" ? e.name : `target ${i + 1}`,
          img: "",
          distance: numberAt(e, "distance", where) ?? null,
          units: (e.units as string | undefined) ?? "yd",
          actor: e.actor === undefined ? null : { ...actorViewOf(e.actor, `${where}.actor`), uuid: `Actor.target${i}` },
        };
      });
      const request = buildRequest({ actor, kind: "attack", dataset: { itemId: id }, targets, rules, t });
      const values = dialogValuesOf(
        request.values,
        r.values,
        request.fields.map((f) => f.name),
      );
      const roll = rollD100(dice);
      let state = attackStateFrom(request, values, rules, roll, { uuid: actor.uuid, name: actor.name, img: "" });
      // Each defender's own die, in target order; a full tie with the re-roll rule: the attacker's and the defender's again.
      state.targets.forEach((target, i) => {
        if (!target.opposed) return;
        const raw = given[i].defence;
        if (raw !== undefined && raw !== "melee" && raw !== "dodge" && raw !== "none")
          throw badField(`targets[${i}].defence`, "must be melee, dodge or none");
        const skill = (raw ?? (state.weapon.kind === "melee" ? "melee" : "dodge")) as DefenceSkill;
        if (skill === "none") {
          state = structuredClone(state);
          state.targets[i].defence = { skill, spec: null, roll: null, defensiveWeapon: false };
          return;
        }
        if (skill === "melee" && state.weapon.kind !== "melee")
          throw badField(`targets[${i}].defence`, "a ranged attack can only be dodged");
        const { spec, defensiveWeapon } = defenceSpecFor(targets[i].actor!, skill, rules);
        const defence = { skill, spec, defensiveWeapon };
        const all = [rollD100(dice)];
        let trial = withDefenceFaces(state, i, defence, all, false);
        while (defenceNeedsReroll(trial, i) && all.length < 1 + 2 * MAX_OPPOSED_REROLLS) {
          all.push(rollD100(dice), rollD100(dice));
          trial = withDefenceFaces(state, i, defence, all, false);
        }
        state = withDefenceFaces(state, i, defence, all);
      });
      if (state.targets.length === 0) {
        const res = resolveUntargeted(state);
        return {
          json: { roll, ...res },
          text: `${roll}: ${res.hit ? `hit, ${res.location}, Damage ${res.damage}` : "miss"}`,
        };
      }
      const changes: Array<{ target: string; update: Record<string, unknown>; statuses: Record<string, boolean> }> = [];
      const rows = state.targets.map((target, i) => {
        const res = resolveTarget(state, i);
        const base = {
          name: target.name,
          band: target.band,
          outOfRange: target.outOfRange,
          opposed: target.opposed,
          defence: target.defence,
        };
        if (!res) return { ...base, hit: false };
        const row: Record<string, unknown> = { ...base, ...res };
        if (res.hit && targets[i].actor) {
          const plan = planDamage(state, i, targets[i].actor!);
          Object.assign(row, {
            armourPoints: plan.armourPoints,
            toughnessBonus: plan.toughnessBonus,
            woundsLost: plan.damage.woundsLost,
            wounds: plan.damage.wounds,
            critical: plan.critical,
          });
          changes.push({ target: target.name, update: plan.update, statuses: plan.statuses });
        }
        return row;
      });
      return {
        json: { roll, attack: withWeapon(state.spec, state.weapon), targets: rows, changes },
        text:
          `${roll}` +
          rows
            .map((row) =>
              row.outOfRange
                ? ` · ${row.name}: out of range`
                : row.hit
                  ? ` · ${row.name}: hit ${String(row.location)}, Damage ${String(row.damage)}` +
                    (row.woundsLost === undefined ? "" : `, ${String(row.woundsLost)} Wounds lost`)
                  : ` · ${row.name}: miss`,
            )
            .join(""),
      };
    },
  },
  initiative: {
    summary: "the combatants' initiative by the world's mode (fixed, Initiative Test, d10 + Initiative, d10 + bonuses) and their order",
    table:
      "the combat tracker's initiative (src/foundry/wfrp/combat.ts initiativeOptions, WfrpInitiativeRoll) → initiativeCharacteristics, rollInitiative",
    fields: {
      combatants: { type: "list", required: true, about: "[{name, actor}] — each combatant's plain data, in the tracker's order" },
      rules: { type: "object", about: "the world's wfrp rules (initiativeMode, test, …)" },
    },
    run(r, dice: DiceSource) {
      const rules = rulesOf(r);
      const combatants = objects(r, "combatants").map((e, i) => {
        const name = typeof e.name === "string" ? e.name : `combatant ${i + 1}`;
        const actor = e.actor === undefined || e.actor === null ? null : actorViewOf(e.actor, `combatants[${i}].actor`);
        return { id: `${i}`, name, ...initiativeCharacteristics(actor) };
      });
      const order = rollInitiative(dice, combatants, rules.initiativeMode, rules.test).map((e) => ({
        ...e,
        id: undefined,
        name: combatants[Number(e.id)].name,
      }));
      return {
        json: { mode: rules.initiativeMode, order },
        text: order.map((e) => `${e.name} ${e.score}`).join(" → "),
      };
    },
  },
};
