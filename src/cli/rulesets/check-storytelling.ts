/**
 * The storytelling `check` kinds beyond a plain pool (issue 12): built from the sheet's plain data
 * with the table's own pure functions, consuming dice in the order the table rolls them.
 */
import { forcedDice, type DiceSource } from "../../core/dice";
import en from "../../../lang/en.json";
import { treeLocalizer } from "../../rules/breach-text";
import { rollAdvancedAction, rollInitiative, rollPool, type RollResult } from "../../rules/storytelling";
import { addContestRoll, contestRoll, nextStage, startContest, type ContestState } from "../../rules/storytelling/table/contest/cards";
import {
  UNARMED,
  againOf,
  attackPools,
  attackRequest,
  attackTarget,
  checkPool,
  contestRequest,
  damageOnTarget,
  extendedRecord,
  extendedRequest,
  poolRequest,
  poolTitle,
  initiativeModifierOf,
  throughCoverPool,
  weaponData,
  type ActorSnapshot,
  type CheckData,
} from "../../rules/storytelling/table/checks";
import type { KindRequest } from "../../rules/table/types";
import { DEFAULT_OPTIONS, type StorytellingOptions } from "../../rules/storytelling/table/settings";
import type { CheckValues } from "../../rules/table/types";
import { badField, numberAt, objects, plainActor, settingsOver, sheetView, type CheckKind, type Req } from "./check-fields";

const optionsOf = (r: Req): StorytellingOptions => settingsOver(r.options, DEFAULT_OPTIONS, "options");

/** The actor's plain data as the sheet's snapshot of it. */
function snapshotOf(value: unknown, name: string): ActorSnapshot {
  const { view, statuses, raw } = sheetView(value, name, "storytelling_character");
  return {
    ...view,
    statuses: statuses ?? [],
    ...(raw.flags && typeof raw.flags === "object" ? { flags: raw.flags as Record<string, unknown> } : {}),
  } as ActorSnapshot;
}

/** One pool as the table's StorytellingRoll resolves it; an advanced action rolls it twice and keeps the better. */
function rollOne(pool: number, values: CheckValues, options: StorytellingOptions, dice: DiceSource) {
  const spec = {
    again: againOf(values),
    rote: values.rote === true,
    roteRerolls: options.roteScope ?? "allFailedDice",
    chanceDieUsesAgainLevel: options.chanceDieUsesAgain,
  };
  const first = rollPool(pool, dice, spec);
  if (values.advanced !== true) return { result: first, other: null };
  const second = rollPool(pool, dice, spec);
  const advanced = rollAdvancedAction(pool, forcedDice([...first.dice, ...second.dice]), spec);
  return { result: advanced.kept, other: advanced.kept === advanced.first ? advanced.second : advanced.first };
}

const enText = treeLocalizer(en);
/** The English names the card shows ("Dexterity + Athletics"). */
const localize = (key: string) => enText(key, {}) ?? key;

/**
 * A dialog's values over the request's defaults: each key one of the dialog's fields (or a value
 * it already holds), each a number, string or boolean; `drop` are the keys this dialog lacks.
 */
function dialogValues(request: KindRequest<CheckData>, given: unknown, name: string, drop: string[] = []): CheckValues {
  if (given !== undefined && given !== null && (typeof given !== "object" || Array.isArray(given)))
    throw badField(name, "must be an object");
  const values: CheckValues = { ...request.values };
  const known = request.fields.map((f) => f.name);
  for (const [key, v] of Object.entries((given ?? {}) as Record<string, unknown>)) {
    if (drop.includes(key)) continue;
    if (!known.includes(key) && !Object.hasOwn(values, key))
      throw badField(`${name}.${key}`, `is not one of the dialog's (${known.join(", ")})`);
    if (typeof v !== "number" && typeof v !== "string" && typeof v !== "boolean")
      throw badField(`${name}.${key}`, "must be a number, string or boolean");
    values[key] = v;
  }
  return values;
}

/** The Willpower point a roll declared, as the actor's update (one per turn, 002:L420); null when none. */
function willpowerChange(data: CheckData, values: CheckValues) {
  if (values.willpower !== true) return null;
  return {
    document: data.actor.uuid,
    update: { "system.willpower.points": Math.max(0, data.willpowerPoints - 1), "system.willpower.spentThisTurn": true },
  };
}

/** One side's roll of a contest stage: its pool from the dialog's values, rolled as the table rolls it. */
function contestSideRoll(request: KindRequest<CheckData>, values: CheckValues, options: StorytellingOptions, dice: DiceSource) {
  const pool = checkPool(request.data, values).pool;
  const { result } = rollOne(pool, values, options, dice);
  return result as RollResult;
}

export const STORYTELLING_TABLE_KINDS: Record<string, CheckKind> = {
  initiative: {
    summary: "each combatant's initiative: 1d10 + Dexterity + Composure, highest first",
    table:
      "the combat tracker's initiative (src/foundry/storytelling/adapter.ts initiativeRoll, StorytellingInitiativeRoll) → initiativeModifierOf, rollInitiative",
    fields: {
      combatants: { type: "list", required: true, about: "[{name, actor}] — each combatant's plain data, in the tracker's order" },
    },
    run(r, dice) {
      const rolled = objects(r, "combatants").map((e, i) => {
        const name = typeof e.name === "string" ? e.name : `combatant ${i + 1}`;
        const actor = plainActor(e.actor ?? {}, `combatants[${i}].actor`, "storytelling_character");
        const modifier = initiativeModifierOf(actor.system);
        // An actor without attributes rolls no initiative at the table.
        if (modifier === null) return { name, modifier: null, roll: null, total: null };
        return { name, modifier, ...rollInitiative(modifier, dice) };
      });
      const order = rolled.filter((c) => c.total !== null).sort((a, b) => b.total! - a.total! || b.modifier! - a.modifier!);
      return { json: { combatants: rolled, order: order.map((c) => c.name) }, text: order.map((c) => `${c.name} ${c.total}`).join(" → ") };
    },
  },
  contest: {
    summary: "a contested action: both sides roll, more successes win (extended: first to the target)",
    table:
      "the pool dialog's contest (src/foundry/storytelling/checks.ts rollPoolCheck → openContest; the card's contestRoll → buildContest, recordContest) → poolRequest, contestRequest, checkPool, rollPool, startContest, addContestRoll",
    fields: {
      actor: {
        type: "object",
        required: true,
        about: "the first side's plain data (the card's author) {name, type, system, items, statuses?}",
      },
      values: {
        type: "object",
        about: "the first side's dialog (attribute, second, specialty, modifier, …, contest: instant|extended, contestTarget)",
      },
      opponent: { type: "object", required: true, about: "the other side's plain data" },
      opponentValues: { type: "object", about: "the other side's dialog (by default the same kind of pool as the first side's)" },
      stages: { type: "int", about: "an extended contest: at most this many stages (default: until one side wins, at most 100)" },
      options: { type: "object", about: "the world's storytelling settings" },
    },
    run(r, dice) {
      const options = optionsOf(r);
      const first = snapshotOf(r.actor, "actor");
      const second = snapshotOf(r.opponent, "opponent");
      const opener = poolRequest(first, {}, options, localize, { actorUuid: second.uuid, name: second.name, img: "" });
      const values = dialogValues(opener, { contest: "instant", ...((r.values ?? {}) as object) }, "values");
      if (values.contest !== "instant" && values.contest !== "extended") throw badField("values.contest", "must be instant or extended");
      const target = values.contest === "extended" ? Number(values.contestTarget) : null;
      if (target !== null && !(Number.isInteger(target) && target >= 1 && target <= 50))
        throw badField("values.contestTarget", "must be a whole number from 1 to 50");
      const stages = (r.stages as number | undefined) ?? 100;
      if (!Number.isInteger(stages) || stages < 1 || stages > 100) throw badField("stages", "must be 1 to 100");
      const changes: Array<{ document: string; update: Record<string, unknown> }> = [];
      const spend = (data: CheckData, v: CheckValues) => {
        const change = willpowerChange(data, v);
        if (change && !changes.some((c) => c.document === change.document)) changes.push(change);
      };
      // The opener rolls its pool and opens the card (openContest).
      checkPool(opener.data, values);
      spend(opener.data, values);
      let state: ContestState = startContest({
        first: { name: first.name, img: "", actorUuid: first.uuid, traits: poolTitle(values, localize) },
        firstRoll: contestRoll(contestSideRoll(opener, values, options, dice)),
        second: { name: second.name, img: "", actorUuid: second.uuid, traits: "" },
        target,
        dramaticFailure: options.contestDramaticFailure,
        defaults: { attribute: String(values.attribute), second: String(values.second ?? "none") },
      });
      // Then each side from the card (contestRoll → recordContest): side 1, then side 0's next stage, …
      const sideValues: [CheckValues | null, CheckValues | null] = [null, null];
      const sides = [first, second];
      while (state.winner === null) {
        // Each stage: the opener first, then the other side (either may roll first at the table; this order is the CLI's).
        const side = state.sides[1].rolls.length < state.sides[0].rolls.length ? 1 : 0;
        const stage = nextStage(state, side);
        if (stage === null || stage > stages) break;
        const request = contestRequest(sides[side], state.defaults, { messageId: "card", side, stage }, options, localize);
        sideValues[side] ??=
          side === 1
            ? dialogValues(request, r.opponentValues, "opponentValues")
            : dialogValues(request, values, "values", ["attempt", "contest", "contestTarget"]);
        const v = sideValues[side]!;
        checkPool(request.data, v);
        spend(request.data, v);
        state = addContestRoll(state, side, stage, contestRoll(contestSideRoll(request, v, options, dice)));
        if (side === 1 && state.sides[1].traits === "") state.sides[1].traits = poolTitle(v, localize);
      }
      const winner = state.winner === "first" ? first.name : state.winner === "second" ? second.name : null;
      const json = {
        kind: target === null ? "instant" : "extended",
        target,
        sides: state.sides.map((s, i) => ({
          name: s.name,
          traits: s.traits,
          rolls: s.rolls.map((roll) => ({
            pool: roll.pool,
            chance: roll.chance,
            successes: roll.successes,
            dramaticFailure: roll.dramaticFailure,
          })),
          successes: s.rolls.reduce((n, roll) => n + roll.successes, 0),
          total: target === null ? null : state.totals[i],
        })),
        result: state.winner,
        winner,
        exceptional: state.exceptional,
        done: state.winner !== null,
        changes: [...changes, { document: "the contest card", update: { "flags.omnibus.stContest": state } }],
      };
      const score = json.sides.map((s) => `${s.name} ${target === null ? s.successes : `${s.total}/${target}`}`).join(" vs ");
      return {
        json,
        text: `${score} → ${state.winner === null ? "undecided" : winner ? `${winner} wins${state.exceptional ? " exceptionally" : ""}` : "no winner"}`,
      };
    },
  },
  teamwork: {
    summary: "teamwork: the helpers roll the same kind of pool first; their successes are the primary's bonus dice",
    table:
      "each helper's pool check, then the primary's dialog helperSuccesses and helperDramaticFailures (src/foundry/storytelling/checks.ts buildPool, roll) → poolRequest, checkPool, rollPool, teamworkHelpers",
    fields: {
      actor: { type: "object", required: true, about: "the primary actor's plain data" },
      values: { type: "object", about: "the primary's dialog (attribute, second, modifier, …)" },
      helpers: {
        type: "list",
        required: true,
        about: "[{actor, values?}] — each helper's plain data and dialog (by default the primary's pool)",
      },
      options: { type: "object", about: "the world's storytelling settings" },
    },
    run(r, dice) {
      const options = optionsOf(r);
      const primary = snapshotOf(r.actor, "actor");
      const request = poolRequest(primary, {}, options, localize);
      const values = dialogValues(request, r.values, "values", []);
      if (
        values.helperSuccesses !== request.values.helperSuccesses ||
        values.helperDramaticFailures !== request.values.helperDramaticFailures
      )
        throw badField("values", "takes the helpers' successes from their rolls (helpers), not helperSuccesses");
      const changes: Array<{ document: string; update: Record<string, unknown> }> = [];
      // The helpers roll first, each the same kind of pool (002:L442).
      const helpers = objects(r, "helpers").map((e, i) => {
        const where = `helpers[${i}]`;
        const actor = snapshotOf(e.actor, `${where}.actor`);
        const own = poolRequest(actor, {}, options, localize);
        const v = dialogValues(
          own,
          { attribute: values.attribute, second: values.second, ...((e.values ?? {}) as object) },
          `${where}.values`,
          ["contest", "contestTarget"],
        );
        const pool = checkPool(own.data, v).pool;
        const spend = willpowerChange(own.data, v);
        if (spend) changes.push(spend);
        const { result } = rollOne(pool, v, options, dice);
        return { name: actor.name, pool, successes: result.successes, dramaticFailure: result.dramaticFailure, result };
      });
      values.helperSuccesses = helpers.reduce((n, h) => n + h.successes, 0);
      values.helperDramaticFailures = helpers.filter((h) => h.dramaticFailure).length;
      const breakdown = checkPool(request.data, values);
      const spend = willpowerChange(request.data, values);
      if (spend) changes.push(spend);
      const { result, other } = rollOne(breakdown.pool, values, options, dice);
      return {
        json: {
          helpers,
          primary: { name: primary.name, pool: breakdown.pool, parts: breakdown.parts, successes: result.successes, result, other },
          successes: result.successes,
          changes,
        },
        text: `${helpers.map((h) => `${h.name} ${h.successes}`).join(", ")} → ${primary.name}: pool ${breakdown.pool}, ${result.successes} success${result.successes === 1 ? "" : "es"}`,
      };
    },
  },
  extended: {
    summary: "an extended action: each roll's successes added toward the tracker's target",
    table:
      "the tracker item's roll (src/foundry/storytelling/checks.ts buildExtended, roll; actions.ts recordExtended) → extendedRequest, checkPool, rollPool, extendedRecord",
    fields: {
      actor: { type: "object", required: true, about: "the roller's plain data {name, type, system, items, statuses?}" },
      tracker: {
        type: "object",
        required: true,
        about: "the extended action item's plain data {name, system: {target, accumulated, rollsMade, …}}",
      },
      values: {
        type: "object",
        about: "the dialog's choices (attribute, second, specialty, equipment, modifier, again, rote, willpower, …)",
      },
      rolls: { type: "int", about: "how many rolls to make in a row (default 1; stops when the action is done)" },
      options: { type: "object", about: "the world's storytelling settings" },
    },
    run(r, dice) {
      const options = optionsOf(r);
      const actor = snapshotOf(r.actor, "actor");
      const t = r.tracker as Record<string, unknown>;
      if (t.system !== undefined && (typeof t.system !== "object" || t.system === null || Array.isArray(t.system)))
        throw badField("tracker.system", "must be an object");
      const name = typeof t.name === "string" ? t.name : "tracker";
      let system: Record<string, unknown> = { ...((t.system ?? {}) as Record<string, unknown>) };
      const count = (r.rolls as number | undefined) ?? 1;
      if (!Number.isInteger(count) || count < 1 || count > 100) throw badField("rolls", "must be 1 to 100");
      const rolls = [];
      const changes: Array<{ document: string; update: Record<string, unknown> }> = [];
      let status = String(system.status ?? "inProgress");
      // The first roll asks the table (a tracker already over is refused); later ones stop when it is done.
      for (let i = 0; i < count && (i === 0 || status === "inProgress"); i++) {
        const request = extendedRequest(actor, { uuid: "Item.tracker", name, system }, options, localize);
        const values = dialogValues(request, r.values, "values");
        const pool = checkPool(request.data, values).pool;
        const spend = willpowerChange(request.data, values);
        if (spend) changes.push(spend);
        const { result } = rollOne(pool, values, options, dice);
        const record = extendedRecord(system, {
          successes: result.successes,
          dramaticFailure: result.dramaticFailure,
          rollsMade: request.data.extended!.rollsMade,
        });
        changes.push({ document: name, update: record.update });
        system = { ...system, ...Object.fromEntries(Object.entries(record.update).map(([k, v]) => [k.slice("system.".length), v])) };
        // The next roll is a later turn: the point is gone, the turn's spending is not.
        if (spend)
          actor.system = {
            ...actor.system,
            willpower: { ...((actor.system.willpower ?? {}) as object), points: spend.update["system.willpower.points"] },
          };
        status = record.after.status;
        rolls.push({
          pool,
          successes: result.successes,
          dramaticFailure: result.dramaticFailure,
          accumulated: record.after.accumulated,
          result,
        });
      }
      const target = Number(system.target ?? 10);
      const accumulated = Number(system.accumulated ?? 0);
      return {
        json: { target, accumulated, status, done: status !== "inProgress", rolls, changes },
        text: `${rolls.map((x) => x.successes).join(" + ")} → ${accumulated}/${target}: ${status === "complete" ? "done" : status === "failed" ? "failed" : "in progress"}`,
      };
    },
  },
  attack: {
    summary: "an attack: the attacker's pool less each target's Defense (and armour), damage as the successes",
    table:
      "the sheet's weapon (src/foundry/storytelling/checks.ts buildAttack, roll) → weaponData, attackTarget, attackRequest, attackPools, rollPool, throughCoverPool, damageOnTarget",
    fields: {
      actor: { type: "object", required: true, about: "the attacker's plain data {name, type, system, items, statuses?, flags?}" },
      weapon: { type: "string", about: "the name of its weapon item (omit: unarmed)" },
      targets: {
        type: "list",
        about: "[{name, distance?, units?, actor?}] — each target's plain data (Defense, armour, Size, Durability)",
      },
      turn: { type: "string", about: "the combat turn's key (Defense already used this turn counts)" },
      values: {
        type: "object",
        about: "the dialog's choices (modifier, allOut, dodge, cover, specified, again, rote, advanced, willpower, …)",
      },
      options: { type: "object", about: "the world's storytelling settings" },
    },
    run(r, dice) {
      const options = optionsOf(r);
      const actor = snapshotOf(r.actor, "actor");
      let weapon = { ...UNARMED, name: "Unarmed" };
      if (r.weapon !== undefined && r.weapon !== null) {
        const item = actor.items.find((i) => i.type === "storytelling_weapon" && i.name === r.weapon);
        if (!item)
          throw badField(
            "weapon",
            `names no weapon of ${actor.name} (${
              actor.items
                .filter((i) => i.type === "storytelling_weapon")
                .map((i) => i.name)
                .join(", ") || "none"
            })`,
          );
        weapon = weaponData({ ...item, uuid: null });
      }
      const turn = (r.turn as string | undefined) ?? "";
      const targets = objects(r, "targets").map((e, i) => {
        const where = `targets[${i}]`;
        if (e.units !== undefined && typeof e.units !== "string") throw badField(`${where}.units`, "must be a string");
        const info = {
          tokenUuid: `token${i}`,
          actorUuid: e.actor === undefined ? null : `Actor.target${i}`,
          name: typeof e.name === "string" ? e.name : `target ${i + 1}`,
          img: "",
          distance: numberAt(e, "distance", where) ?? null,
          units: (e.units as string | undefined) ?? "yd",
        };
        return attackTarget(
          info,
          e.actor === undefined ? null : { ...snapshotOf(e.actor, `${where}.actor`), uuid: `Actor.target${i}` },
          turn,
        );
      });
      const request = attackRequest(actor, weapon, targets, options, turn);
      const values: CheckValues = { ...request.values };
      const known = request.fields.map((f) => f.name);
      for (const [key, v] of Object.entries((r.values ?? {}) as Record<string, unknown>)) {
        if (!known.includes(key) && !Object.hasOwn(values, key))
          throw badField(`values.${key}`, `is not one of the dialog's (${known.join(", ")})`);
        if (typeof v !== "number" && typeof v !== "string" && typeof v !== "boolean")
          throw badField(`values.${key}`, "must be a number, string or boolean");
        values[key] = v;
      }
      const rows = attackPools(request.data, values).map((p) => {
        const base = { name: p.target?.name ?? null, band: p.band, defense: p.defense, defenseApplied: p.defenseApplied };
        if (!p.pool) return { ...base, outOfRange: true, pool: null, successes: null, damage: 0 };
        const { result, other } = rollOne(p.pool.pool, values, options, dice);
        let points = damageOnTarget(result.successes, p.target);
        let cover = null;
        if (p.fullCover) {
          const through = throughCoverPool(result.successes, p.fullCover);
          if (through) {
            const second = rollOne(through.pool, { again: values.again ?? 10 }, options, dice);
            cover = { ...p.fullCover, excess: through.excess, successes: second.result.successes };
            points = damageOnTarget(second.result.successes, p.target);
          } else {
            cover = { ...p.fullCover, excess: 0, successes: null };
            points = 0;
          }
        }
        return {
          ...base,
          outOfRange: false,
          pool: p.pool.pool,
          parts: p.pool.parts,
          damageType: p.pool.damageType,
          result,
          other,
          successes: result.successes,
          cover,
          damage: points,
        };
      });
      return {
        json: { weapon: weapon.name, targets: rows },
        text: rows
          .map(
            (row) =>
              `${row.name ?? "no target"}: ${row.pool === null ? "out of range" : `pool ${row.pool}, ${row.successes} success${row.successes === 1 ? "" : "es"} → ${row.damage} damage`}`,
          )
          .join(" · "),
      };
    },
  },
};
