/**
 * The storytelling `check` kinds beyond a plain pool (issue 12): built from the sheet's plain data
 * with the table's own pure functions, consuming dice in the order the table rolls them.
 */
import { forcedDice, type DiceSource } from "../../core/dice";
import { rollAdvancedAction, rollInitiative, rollPool } from "../../rules/storytelling";
import {
  UNARMED,
  againOf,
  attackPools,
  attackRequest,
  attackTarget,
  damageOnTarget,
  initiativeModifierOf,
  throughCoverPool,
  weaponData,
  type ActorSnapshot,
} from "../../rules/storytelling/table/checks";
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
              `${row.name ?? "no target"}: ${row.pool === null ? "out of range" : `pool ${row.pool}, ${row.successes} successes → ${row.damage} damage`}`,
          )
          .join(" · "),
      };
    },
  },
};
