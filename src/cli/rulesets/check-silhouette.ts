/**
 * The silhouette `check` kinds beyond a plain skill check (issue 12): built from the sheet's plain
 * data with the table's own pure functions, consuming dice in the order the table rolls them.
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError } from "../../core/errors";
import { initiativeOrder, rollInitiative } from "../../rules/silhouette/initiative";
import { rollCheck, type CheckRoll } from "../../rules/silhouette/pool";
import {
  DEFENDED_FLAG,
  FIRED_FLAG,
  FREE_STRIKE_FLAG,
  actorFactsOf,
  attackRequest,
  defendedAfter,
  defendedThisRound,
  defenseRequest,
  derivedOfPlain,
  freeStrikeUsed,
  initiativeFactsOf,
  planDefense,
  planPool,
  rangeFor,
  rangedWeaponUpdate,
  silhouetteEffectKeys,
  targetFactsOf,
  thresholdOf,
  weaponFactsOf,
  type ActorFacts,
  type AttackCheckData,
  type PlainCharacter,
} from "../../rules/silhouette/table/checks";
import {
  attackCardState,
  defenseDataFor,
  grenadeFromFaces,
  grenadeThrow,
  summarize,
  withDefense,
  woundChange,
  woundOfHit,
  type AttackExtras,
} from "../../rules/silhouette/table/cards";
import { thrownRanges } from "../../rules/silhouette/table/areas";
import { deriveCharacter } from "../../rules/silhouette/table/derive";
import { DEFAULT_OPTIONS, type SilhouetteOptions } from "../../rules/silhouette/table/settings";
import type { CheckField, CheckValues, KindRequest, TargetInfo } from "../../rules/table/types";
import { badField, numberAt, objects, plainActor, settingsOver, type CheckKind, type Req } from "./check-fields";

export const optionsOf = (r: Req): SilhouetteOptions => settingsOver(r.options, DEFAULT_OPTIONS, "options");

/** A character's derived skills, as the sheet derives them (the stored `derived`, else from its data). */
function skillsOf(
  system: Record<string, unknown>,
  items: Array<{ name: string; type: string; system: Record<string, unknown> }>,
  o: SilhouetteOptions,
) {
  const stored = system.derived as { skills?: unknown } | undefined;
  if (stored && Array.isArray(stored.skills)) return stored.skills as never;
  return deriveCharacter(system as never, items as never, { rounding: o.movementRounding, lightWoundMax: o.lightWoundMax }).skills;
}

/**
 * The dialog's values: the builder's defaults, then the request's, each one of the dialog's fields
 * and of its kind (a number within its bounds, a checkbox's boolean, one of a select's choices).
 */
export function dialogValues(defaults: CheckValues, given: unknown, fields: readonly CheckField[], where: string): CheckValues {
  if (given !== undefined && given !== null && (typeof given !== "object" || Array.isArray(given)))
    throw badField(where, "must be an object");
  const values: CheckValues = { ...defaults };
  for (const [key, v] of Object.entries((given ?? {}) as Record<string, unknown>)) {
    const field = fields.find((f) => f.name === key);
    if (!field) throw badField(`${where}.${key}`, `is not one of the dialog's (${fields.map((f) => f.name).join(", ")})`);
    const name = `${where}.${key}`;
    if (field.kind === "checkbox" && typeof v !== "boolean") throw badField(name, "must be a boolean");
    if (field.kind === "number") {
      if (typeof v !== "number" || !Number.isFinite(v)) throw badField(name, "must be a number");
      if ((field.min !== undefined && v < field.min) || (field.max !== undefined && v > field.max))
        throw badField(name, `must be from ${field.min ?? "−∞"} to ${field.max ?? "∞"}`);
    }
    if (field.kind === "select" && (typeof v !== "string" || !Object.hasOwn(field.choices ?? {}, v)))
      throw badField(name, `must be one of ${Object.keys(field.choices ?? {}).join(", ")}`);
    values[key] = v as string | number | boolean;
  }
  return values;
}

/** A character's plain data as the glue reads its document: statuses and flags too. */
export function characterOf(value: unknown, where: string, uuid: string) {
  const actor = plainActor(value, where, "silhouette_character");
  const raw = value as Req;
  if (raw.statuses !== undefined && !(Array.isArray(raw.statuses) && raw.statuses.every((x) => typeof x === "string")))
    throw badField(`${where}.statuses`, "must be a list of status ids");
  if (raw.flags !== undefined && (typeof raw.flags !== "object" || raw.flags === null))
    throw badField(`${where}.flags`, "must be an object");
  const flags = ((raw.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.omnibus ?? {}) as Record<string, unknown>;
  const plain: PlainCharacter = {
    uuid: typeof raw.uuid === "string" ? raw.uuid : uuid,
    name: actor.name,
    img: "",
    system: actor.system,
    items: actor.items,
    statuses: new Set((raw.statuses as string[] | undefined) ?? []),
  };
  return { actor, plain, flags };
}

/** The facts the table reads off a character: stored or derived values, its token's movement this round. */
export function factsOf(c: ReturnType<typeof characterOf>, options: SilhouetteOptions, movedThisRound: number | null): ActorFacts {
  return actorFactsOf(c.plain, derivedOfPlain(c.plain, options), options.autoMovement ? movedThisRound : null);
}

/** The combat round (`null`: no combat), as `currentRound` reads the tracker. */
function combatOf(r: Req): { combatId: string; round: number } | null {
  if (r.combat === undefined || r.combat === null) return null;
  const c = r.combat as Req;
  const round = numberAt(c, "round", "combat", true);
  if (round === undefined) throw badField("combat.round", "is missing (the combat round)");
  if (c.combatId !== undefined && typeof c.combatId !== "string") throw badField("combat.combatId", "must be a string");
  return { combatId: (c.combatId as string | undefined) ?? "combat", round };
}

/** One pool as SilhouetteRoll reads it. */
const pool = (
  dice: DiceSource,
  p: { dice: number; untrained: boolean; modifier: number },
  rules: SilhouetteOptions["check"],
  threshold?: { threshold: number | null; opposed: boolean },
) => rollCheck({ dice: p.dice, untrained: p.untrained, modifier: p.modifier, ...(threshold ?? {}) }, dice, rules);

export const SILHOUETTE_TABLE_KINDS: Record<string, CheckKind> = {
  initiative: {
    summary:
      "each combatant's initiative: the Combat Sense check (4 + Combat Sense when pulled together), highest first, ties to Combat Sense",
    table:
      "the combat tracker's initiative (src/foundry/silhouette/combat.ts initiativeRoll, initiativeFacts) → initiativeFactsOf, rollInitiative, initiativeOrder",
    fields: {
      combatants: {
        type: "list",
        required: true,
        about: "[{name, actor, statuses?}] — each character's plain data; statuses pullTogether, continuingAction",
      },
      options: { type: "object", about: "the world's silhouette settings (initiativeAttribute, check, …)" },
    },
    run(r, dice) {
      const options = optionsOf(r);
      const rolled = objects(r, "combatants").map((e, i) => {
        const where = `combatants[${i}]`;
        const name = typeof e.name === "string" ? e.name : `combatant ${i + 1}`;
        if (e.statuses !== undefined && !(Array.isArray(e.statuses) && e.statuses.every((s) => typeof s === "string")))
          throw badField(`${where}.statuses`, "must be a list of status ids");
        const actor = plainActor(e.actor ?? {}, `${where}.actor`, "silhouette_character");
        const facts = String(actor.type).startsWith("silhouette_")
          ? initiativeFactsOf(skillsOf(actor.system, actor.items, options), new Set((e.statuses as string[] | undefined) ?? []), options)
          : { combatSense: 0, modifier: 0, pulledTogether: false, continuingAction: false };
        return { id: String(i), name, facts, ...rollInitiative(facts, dice, options.check) };
      });
      const slots = initiativeOrder(rolled.map((c) => ({ id: c.id, total: c.total, combatSense: c.combatSense })));
      const order = slots.map((s) => s.ids.map((id) => rolled[Number(id)].name));
      return {
        json: { combatants: rolled.map(({ id: _id, ...c }) => c), order },
        text: slots.map((s, i) => `${order[i].join(" + ")} ${s.total}`).join(" → "),
      };
    },
  },
  attack: {
    summary:
      "an attack against each target: the attacker's pool, each defender's roll in the same card, the hit's damage and the wound it inflicts",
    table:
      "the sheet's weapon (src/foundry/silhouette/checks.ts buildAttack, rollCheckOrAttack) and the card's defend, recordDefense and applyDamage (actions.ts) → actorFactsOf, weaponFactsOf, targetFactsOf, attackRequest, planPool, rangedWeaponUpdate, rollCheck, attackCardState, defenseDataFor, defenseRequest, planDefense, withDefense, woundOfHit, woundChange",
    fields: {
      actor: {
        type: "object",
        required: true,
        about:
          "the attacker's plain data {name, type, system, items, effects?, statuses?, flags?} (items may carry flags: a weapon's last firing round)",
      },
      weapon: { type: "string", required: true, about: "the name of its silhouette_weapon item" },
      movedThisRound: { type: "number", about: "metres the attacker's token moved this round (with the autoMovement setting)" },
      targets: {
        type: "list",
        about:
          "[{name, distance?, actor?, movedThisRound?, defence?}] — the distance in metres, the target's plain data (skills, armour, Stamina, wounds, statuses, flags), its defence dialog's choices (skill, extraDice, movement, severalAttackers, attackersDeclared, water, swimmingDevice, modifier)",
      },
      area: {
        type: "list",
        about:
          "[{name, distance?, actor?, defence?}] — walking fire's bystanders or those in the suppression zone (as the scene measures them)",
      },
      values: {
        type: "object",
        about:
          "the attack dialog's choices (dice, modifier, actions, movement, aim, calledShot, burst, fireMode, range, flurry, feint, unaware, …)",
      },
      combat: {
        type: "object",
        about: "{round, combatId?} — the combat round (free strike, reload, the defenders' tally); omit: no combat",
      },
      options: { type: "object", about: "the world's silhouette settings (check, armourAbsorbs, rangeModifiers, …)" },
    },
    run(r, dice) {
      const options = optionsOf(r);
      const rules = options.check;
      const combat = combatOf(r);
      const attacker = characterOf(r.actor, "actor", "Actor.attacker");
      const item = attacker.actor.items.find((i) => i.type === "silhouette_weapon" && i.name === r.weapon);
      if (!item)
        throw badField(
          "weapon",
          `names no weapon of ${attacker.actor.name} (${
            attacker.actor.items
              .filter((i) => i.type === "silhouette_weapon")
              .map((i) => i.name)
              .join(", ") || "none"
          })`,
        );
      const facts = factsOf(attacker, options, (r.movedThisRound as number | undefined) ?? null);
      const weapon = weaponFactsOf({ ...item, uuid: `${attacker.plain.uuid}.Item.${item.id}` });
      // Thrown objects fly STR + 5 m, each band double (004:L109), as buildAttack reads them.
      weapon.ranges = thrownRanges(weapon, facts.strength ?? 0);
      const entriesOf = (field: string, role: string) =>
        objects(r, field).map((e, i) => {
          const where = `${field}[${i}]`;
          const name = typeof e.name === "string" ? e.name : `${role} ${i + 1}`;
          const character = e.actor === undefined || e.actor === null ? null : characterOf(e.actor, `${where}.actor`, `Actor.${field}${i}`);
          const info: TargetInfo = {
            tokenUuid: `${field}${i}`,
            actorUuid: character && String(character.actor.type).startsWith("silhouette_") ? character.plain.uuid : null,
            name,
            img: "",
            distance: numberAt(e, "distance", where) ?? null,
            units: "m",
          };
          return { where, info, character, moved: numberAt(e, "movedThisRound", where) ?? null, defence: e.defence };
        });
      const targets = entriesOf("targets", "target");
      const area = entriesOf("area", "bystander");
      const targetFacts = targets.map((t) =>
        t.info.actorUuid && t.character ? targetFactsOf(factsOf(t.character, options, t.moved)) : null,
      );
      const infos = targets.map((t) => t.info);
      // Area fire as fireFacts measures it: the sweep in target order, the area the request lists.
      const fire =
        weapon.rof < 1 || infos.length === 0
          ? null
          : {
              sweep: null,
              bystanders: area.map((a) => a.info),
              zone: { distance: infos[0].distance, normal: area.map((a) => a.info), doubled: area.map((a) => a.info) },
            };
      const request: KindRequest<AttackCheckData> = attackRequest(facts, weapon, infos, targetFacts, weapon.name, fire);
      request.effects = {
        effects: attacker.actor.effects ?? [],
        keys: silhouetteEffectKeys("attack", request.data.skillKey),
        unit: "number",
      };
      const values = dialogValues(request.values, r.values, request.fields, "values");
      const plan = planPool(request, values, options);
      // One free strike per round (004:L19).
      if (plan.freeStrike && freeStrikeUsed(attacker.flags[FREE_STRIKE_FLAG], combat))
        throw new OmnibusError("rollImpossible", "one free strike per round", { name: "freeStrike", value: combat?.round ?? 0 });
      let weaponUpdate: Record<string, unknown> | null = null;
      let ammoSpent = 0;
      if (request.data.attackKind === "ranged") {
        const fired = ((item as { flags?: Record<string, Record<string, unknown> | undefined> }).flags?.omnibus?.[FIRED_FLAG] ??
          undefined) as { combatId?: string; round?: number } | undefined;
        const ammo = (item.system as { ammo?: { value: number; max: number } }).ammo;
        const u = rangedWeaponUpdate({ rof: weapon.rof, ammo, fired }, plan.ammo, combat);
        if (u.reloading)
          throw new OmnibusError("rollImpossible", `${weapon.name} is reloading until round ${u.reloading.readyRound}`, { name: "weapon" });
        weaponUpdate = u.update;
        ammoSpent = u.spent;
      }
      const threshold = infos.length === 0 ? thresholdOf(values) : { threshold: null, opposed: false };
      const roll: CheckRoll = pool(dice, plan, plan.ignoreMishap ? { ...rules, fumbleRule: "never" } : rules, threshold);
      const extras: AttackExtras = {};
      if (plan.fireMode === "walking") extras.area = fire?.bystanders ?? [];
      if (plan.fireMode === "suppressive" && fire?.zone) extras.area = plan.doubledZone ? fire.zone.doubled : fire.zone.normal;
      if (plan.grenade) {
        // The accuracy test, then the fuse test, then on a miss the scatter die (grenadeOutcome, 004:L110-113).
        const range = infos[0] ? rangeFor(weapon, infos[0].distance, String(values.range ?? "auto"), options).modifier : 0;
        const accuracyTotal = infos[0] ? roll.total + range : roll.total;
        const difficulty = infos[0] ? 1 : (thresholdOf(values).threshold ?? 1);
        const fuse = pool(dice, plan, rules);
        const accuracy = { total: accuracyTotal, difficulty, fumble: roll.fumble };
        const scatter = grenadeThrow(accuracy, options).scatterDie ? [dice.roll(6)] : null;
        // The reading the roller and the GM make of the same faces (grenadeFromFaces).
        const thrown = grenadeFromFaces(plan, accuracy, { fuse: fuse.faces, scatter }, weapon.blastRadius ?? 0, options, rules);
        extras.grenade = { ...thrown, caught: null };
      }
      let state = attackCardState(request, values, plan, roll, "", options, extras);
      // Each undecided strike, in card order: the defender's roll (defend → recordDefense).
      const byKey = new Map<string, (typeof targets)[number]>();
      state.attack!.targets.forEach((t) => {
        const from = t.role === "target" ? targets[Number(t.key.slice(1))] : area[Number(t.key.slice(1))];
        if (from) byKey.set(t.key, from);
      });
      const changes: Array<{ target: string; item?: string; update: Record<string, unknown>; statuses?: Record<string, boolean> }> = [];
      const tallies = new Map<string, ReturnType<typeof defendedThisRound>>();
      const defences: Array<{ strike: string; name: string; skill: string; dice: number; modifier: number; roll: CheckRoll }> = [];
      for (const target of state.attack!.targets) {
        const from = byKey.get(target.key);
        if (!from?.character || !target.actorUuid) continue;
        const defender = from.character;
        const defenderFacts = factsOf(defender, options, from.moved);
        for (const strike of target.strikes) {
          if (strike.outcome) continue;
          const tally =
            tallies.get(target.key) ?? defendedThisRound(defender.flags[DEFENDED_FLAG], combat?.combatId ?? null, combat?.round ?? 0);
          const { data, area: isArea } = defenseDataFor(defenderFacts, state, strike.key, tally, combat !== null);
          const defenceRequest = defenseRequest(defenderFacts, data, target.name, "");
          defenceRequest.effects = {
            effects: defender.actor.effects ?? [],
            keys: silhouetteEffectKeys("defense", undefined),
            unit: "number",
          };
          const defenceValues = dialogValues(defenceRequest.values, from.defence, defenceRequest.fields, `${from.where}.defence`);
          const dplan = planDefense(defenceRequest, defenceValues, options.severalAttackersReading);
          const droll = pool(dice, dplan, rules);
          defences.push({
            strike: strike.key,
            name: target.name,
            skill: dplan.skill,
            dice: dplan.dice,
            modifier: dplan.modifier,
            roll: droll,
          });
          state = withDefense(
            state,
            strike.key,
            { ...summarize(droll), skill: dplan.skill, lines: dplan.lines, defenderName: defender.actor.name },
            options,
          );
          if (combat && !isArea) tallies.set(target.key, defendedAfter(tally, state.actorUuid, dplan.declaredAttackers));
        }
      }
      // The hits' damage as "Apply damage" plans it, strike by strike on the target's wounds so far.
      const wounds: Array<{ strike: string; name: string; damage: number; armour: number; taken: number; wound: string }> = [];
      for (const target of state.attack!.targets) {
        const from = byKey.get(target.key);
        if (!from?.character || !target.actorUuid) continue;
        const defender = from.character;
        let system = defender.plain.system;
        let last: ReturnType<typeof woundChange> | null = null;
        for (const strike of target.strikes) {
          if (!strike.outcome?.hit || strike.outcome.damage <= 0) continue;
          const hit = woundOfHit(
            { system },
            derivedOfPlain(defender.plain, options).armour,
            strike.outcome.damage,
            state.attack!.calledShot,
            options,
          );
          wounds.push({
            strike: strike.key,
            name: target.name,
            damage: strike.outcome.damage,
            armour: hit.armour,
            taken: hit.damage,
            wound: hit.wound,
          });
          const change = woundChange(system, hit.wound);
          if (hit.wound !== "none") {
            system = { ...system, wounds: change.health };
            last = change;
          }
        }
        if (last) changes.push({ target: target.name, update: last.update, statuses: last.statuses });
        const tally = tallies.get(target.key);
        if (tally) changes.push({ target: target.name, update: { [`flags.omnibus.${DEFENDED_FLAG}`]: tally } });
      }
      if (weaponUpdate) changes.unshift({ target: attacker.actor.name, item: weapon.name, update: weaponUpdate });
      if (plan.freeStrike && combat)
        changes.unshift({ target: attacker.actor.name, update: { [`flags.omnibus.${FREE_STRIKE_FLAG}`]: { ...combat } } });
      const attack = state.attack!;
      const rows = attack.targets.map((t) => ({
        name: t.name,
        role: t.role,
        rangeBand: t.rangeBand,
        rangeModifier: t.rangeModifier,
        unaware: t.unaware,
        strikes: t.strikes.map((st) => ({
          key: st.key,
          attackTotal: st.attackTotal,
          defense: st.defense
            ? { skill: st.defense.skill, faces: st.defense.faces, total: st.defense.total, fumble: st.defense.fumble }
            : null,
          outcome: st.outcome,
          wound: wounds.find((w) => w.strike === st.key) ?? null,
        })),
      }));
      const verdict = (st: (typeof rows)[number]["strikes"][number]) =>
        !st.outcome
          ? "undecided"
          : st.outcome.hit
            ? `hit by ${st.outcome.margin}, ${st.outcome.damage} damage${st.wound ? ` → ${st.wound.wound}` : ""}`
            : "miss";
      return {
        json: {
          roll: summarize(roll),
          mishap: roll.fumble,
          lines: plan.lines,
          ammo: ammoSpent,
          check: state.check,
          attack: { ...attack, targets: undefined },
          targets: rows,
          defences: defences.map((d) => ({ strike: d.strike, name: d.name, skill: d.skill, total: d.roll.total, faces: d.roll.faces })),
          changes,
        },
        text:
          `${weapon.name}: ${roll.total}${roll.fumble ? " (mishap)" : ""}` +
          rows.map((t) => ` · ${t.name}: ${t.strikes.map((st) => `${st.attackTotal} ${verdict(st)}`).join(", ")}`).join("") +
          (extras.grenade ? ` · ${extras.grenade.landed.onTarget ? "on target" : `lands ${extras.grenade.landed.distance} m off`}` : ""),
      };
    },
  },
};
