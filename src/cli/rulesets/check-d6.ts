/**
 * The d6 `check` kinds beyond a plain roll (issue 12): each builds the table's request with the
 * builder the sheet calls, from the same plain data, and resolves it with the table's own pure
 * functions, consuming dice in the order the table rolls them.
 */
import type { DiceSource } from "../../core/dice";
import { formatDieCode, rollD6, rollGrenadeDeviation, rollPlainDice, type D6RollKind, type DieCode } from "../../rules/d6";
import {
  attackOutcomes,
  attackerStrength,
  blastZoneHits,
  checkOutcome,
  damagePlan,
  planDamage,
  strengthOf,
  targetResistCode,
  type DamageTarget,
} from "../../rules/d6/table/cards";
import {
  attackCheck,
  itemNamed,
  resolveValues,
  targetDataOf,
  weaponUseOf,
  woundLevelOf,
  type D6ActorData,
  type D6TargetData,
} from "../../rules/d6/table/checks";
import { DEFAULT_SETTINGS, type D6Settings } from "../../rules/d6/table/settings";
import {
  compareBySide,
  initiativeCodeOf,
  sideInitiativeDue,
  sideInitiativeResult,
  sideInitiativeStart,
  sideInitiativeStep,
  sideInitiativeUpdates,
  sideMembersOf,
} from "../../rules/d6/table/combat";
import type { CheckValues, TargetInfo } from "../../rules/table/types";
import {
  MEDICAL_CHECKS,
  healingResultOf,
  healingTimeDice,
  isRefusal,
  medicalKind,
  naturalHealingCheck,
  planHealing,
  resolveHealing,
  type HealingRoll,
} from "../../rules/d6/table/healing/checks";
import { movementFailureOutcome, movementRequest, resolveMovement } from "../../rules/d6/table/movement/checks";
import { badField, numberAt, objects, plainActor, refusal, settingsOver, type CheckKind, type Req } from "./check-fields";

const settingsOf = (r: Req): D6Settings => settingsOver(r.settings, DEFAULT_SETTINGS);

/** The dialog's values: the builder's defaults, then the request's (each key one the dialog has). */
function dialogValues(defaults: CheckValues, given: unknown, known: readonly string[]): CheckValues {
  const values: CheckValues = { ...defaults };
  for (const [key, v] of Object.entries((given ?? {}) as Record<string, unknown>)) {
    if (!known.includes(key) && !Object.hasOwn(defaults, key))
      throw badField(`values.${key}`, `is not one of the dialog's (${known.join(", ")})`);
    if (typeof v !== "number" && typeof v !== "string" && typeof v !== "boolean")
      throw badField(`values.${key}`, "must be a number, string or boolean");
    values[key] = v;
  }
  return values;
}

/** A Wild Die roll of a code, as the table's D6Roll resolves it (src/foundry/d6/rolls.ts). */
export function rollCode(code: DieCode, dice: DiceSource, settings: D6Settings, kind: D6RollKind, wildDie = true, characterPoints = 0) {
  return rollD6(code, dice, { wildDie, wildOne: settings.wildOne, characterPoints, kind, allowPipsOnly: settings.allowPipsOnly });
}

const ATTACK_VALUES = [
  "actions",
  "bonusDice",
  "bonusPips",
  "characterPoints",
  "forcePoint",
  "difficultyLevel",
  "difficulty",
  "cover",
  "calledShot",
  "difficultyModifier",
];

/** The actor's weapon item by name, or an error naming the field. */
function weaponOf(actor: D6ActorData, name: string) {
  const weapon = itemNamed(actor, "d6_weapon", name);
  if (!weapon)
    throw badField(
      "weapon",
      `names no weapon of ${actor.name} (${
        actor.items
          .filter((i) => i.type === "d6_weapon")
          .map((i) => i.name)
          .join(", ") || "none"
      })`,
    );
  return weapon;
}

const SIDE_NAMES: Record<string, string> = { "1": "friendly", "0": "neutral", "-1": "hostile", "-2": "secret" };

/**
 * Initiative by side (000:L1037-1041), as the tracker's rollSideInitiative rolls it: each side's
 * highest-Perception member rolls (Wild Die by the world's setting, no Character Points), the tied
 * top sides roll again, the winner's side acts first; within a side by Perception (A-8).
 */
function sideInitiative(
  list: Array<{ id: string; name: string; actor: D6ActorData | null; side: number | undefined; playerOwned: boolean }>,
  settings: D6Settings,
  dice: DiceSource,
) {
  const members = sideMembersOf(
    list.map((c) => ({
      id: c.id,
      name: c.name,
      token: c.side === undefined ? null : { disposition: c.side },
      actor: c.actor ? { ...c.actor, hasPlayerOwner: c.playerOwned } : null,
    })),
  );
  if (members.length === 0) throw badField("combatants", "has no d6 combatant to roll for");
  let state = sideInitiativeStart(members);
  while (sideInitiativeDue(state)) {
    const round = state.contested.map((side) => ({
      side,
      total: rollD6(state.rollers.get(side)!.code, dice, {
        wildDie: settings.wildDieInitiative,
        wildOne: settings.wildOne,
        characterPoints: 0,
        kind: "initiative",
        allowPipsOnly: true,
      }).total,
    }));
    state = sideInitiativeStep(state, round);
  }
  const { winner, totals, order } = sideInitiativeResult(state);
  const updates = sideInitiativeUpdates(members, totals, order);
  const byId = new Map(members.map((m) => [m.id, m]));
  const turns = updates
    .map((u) => ({ ...byId.get(u._id)!, rank: u["flags.omnibus.d6.sideRank"], initiative: u.initiative }))
    .sort((a, b) => compareBySide(a, b));
  const sideName = (side: string) => SIDE_NAMES[side] ?? `side ${side}`;
  return {
    json: {
      sides: state.records.map((rec) => ({
        side: rec.side,
        name: sideName(rec.side),
        roller: rec.roller,
        code: formatDieCode(rec.code),
        totals: rec.totals,
      })),
      winner,
      order,
      turns: turns.map((t) => ({ name: t.name, side: t.side, initiative: t.initiative, sideRank: t.rank })),
      changes: updates.map((u) => ({
        target: byId.get(u._id)!.name,
        update: { initiative: u.initiative, "flags.omnibus.d6.sideRank": u["flags.omnibus.d6.sideRank"] },
      })),
    },
    text:
      state.records.map((rec) => `${sideName(rec.side)} (${rec.roller}): ${rec.totals.join(" → ")}`).join(" · ") +
      ` · ${order
        .map((side) =>
          turns
            .filter((t) => t.side === side)
            .map((t) => t.name)
            .join(", "),
        )
        .join(" → ")}`,
  };
}

/** A blast's line: where it lands and each one in a zone with its damage. */
function blastText(blast: Record<string, unknown>): string {
  const d = blast.deviation as { deviation: number; direction: string; fromThrower: number } | null;
  const hits = blast.hits as Array<{ name: string; damage: string }>;
  if (blast.lands === null) return " · no blast";
  const where = d ? ` · lands ${d.deviation} m ${d.direction.replace("_", " ")}, ${d.fromThrower} m from the thrower` : "";
  return `${where} · blast: ${hits.length ? hits.map((h) => `${h.name} ${h.damage}`).join(", ") : "nobody"}`;
}

export const D6_ATTACK_KINDS: Record<string, CheckKind> = {
  attack: {
    summary: "a weapon attack: the attacker's code against each target's difficulty (range band, cover, dodge or parry, scale)",
    table:
      "the sheet's weapon button (src/foundry/d6/checks.ts) → targetDataOf, attackCheck, resolveValues, rollD6, rollPlainDice, attackOutcomes",
    fields: {
      actor: { type: "object", required: true, about: "the attacker's plain data {name, type, system, items, effects?}" },
      weapon: { type: "string", required: true, about: "the name of the attacker's weapon item" },
      targets: {
        type: "list",
        about: "[{name, distance?, type?, system?, effects?}] — scene distance and the target's plain data (scale, round.dodge/parry)",
      },
      area: {
        type: "list",
        about:
          "[{name, distance, type?, system?}] — a blast weapon's tokens around where it lands, each one's distance from that point (scene units; the target itself at 0)",
      },
      round: { type: "int", about: "the combat round (fire rate; default 0, no combat)" },
      values: { type: "object", about: `the dialog's choices (${ATTACK_VALUES.join(", ")})` },
      settings: { type: "object", about: "the world's d6 settings (difficultyPick, metresPerUnit, wildOne, …)" },
    },
    run(r, dice) {
      const settings = settingsOf(r);
      const actor = plainActor(r.actor, "actor", "d6_character");
      const weapon = weaponOf(actor, String(r.weapon));
      // Fire rate and ammunition (§26-27), as the table's weaponUse refuses before any die is rolled.
      const use = weaponUseOf(weapon, (r.round as number | undefined) ?? 0);
      if ("refused" in use) throw refusal(use);
      const changes = Object.keys(use.update).length > 0 ? [{ target: actor.name, item: weapon.name, update: use.update }] : [];
      const shots = "system.ammo.value" in use.update ? 1 : 0;
      const area = objects(r, "area").map((e, i) => {
        const where = `area[${i}]`;
        const distance = numberAt(e, "distance", where);
        if (distance === undefined) throw badField(`${where}.distance`, "is missing (its distance from where the blast lands)");
        return {
          tokenUuid: `area${i}`,
          actorUuid: e.system === undefined ? null : `area${i}`,
          name: typeof e.name === "string" ? e.name : `token ${i + 1}`,
          img: "",
          distance,
          units: "",
        };
      });
      const targets: TargetInfo[] = [];
      const targetData: Record<string, D6TargetData> = {};
      objects(r, "targets").forEach((e, i) => {
        const where = `targets[${i}]`;
        const uuid = `target${i}`;
        targets.push({
          tokenUuid: `token${i}`,
          actorUuid: e.system === undefined ? null : uuid,
          name: typeof e.name === "string" ? e.name : `target ${i + 1}`,
          img: "",
          distance: numberAt(e, "distance", where) ?? null,
          units: "",
        });
        if (e.system !== undefined) targetData[uuid] = targetDataOf(plainActor(e, where, "d6_character"));
      });
      const request = attackCheck(actor, weapon, targets, targetData, settings);
      const values = dialogValues(request.values, r.values, ATTACK_VALUES);
      const v = resolveValues(request, values, settings);
      const attack = request.data.attack!;
      const main = rollCode(v.code, dice, settings, request.data.rollKind, true, v.characterPoints);
      const extra = v.difficultyDice > 0 ? rollPlainDice(v.difficultyDice, dice) : { faces: [], total: 0 };
      const code = formatDieCode(v.code);
      if (attack.targets.length === 0) {
        const difficulty = v.difficulty;
        const outcome = checkOutcome(main.total, difficulty);
        const success = difficulty === null ? null : main.total >= difficulty;
        return {
          json: {
            code,
            roll: main,
            total: main.total,
            shots,
            changes,
            difficulty,
            success,
            margin: difficulty === null ? null : main.total - difficulty,
            quality: outcome.quality,
            damage: attack.damage,
          },
          text: `${code}: ${main.total}` + (difficulty === null ? "" : ` vs ${difficulty}: ${success ? "hit" : "miss"}`),
        };
      }
      const { outcomes, hits } = attackOutcomes(
        attack.targets,
        attack.attackType,
        main.total,
        v.difficultyModifier + extra.total,
        settings,
        true,
      );
      const rows = attack.targets.map((t, i) => ({
        name: t.name,
        distance: t.distance,
        band: t.band,
        level: t.level,
        difficulty: outcomes[i].difficulty ?? null,
        hit: hits.includes(t),
      }));
      // A blast (§28-29), as blastArea reads it: where the first target is hit, or where a missed
      // throw of a weapon that deviates lands (its direction die, then the distance dice); everyone
      // in the area within the outer radius of that point is in a zone.
      let blast: Record<string, unknown> | null = null;
      if (attack.blast) {
        const first = attack.targets[0];
        let deviation: ReturnType<typeof rollGrenadeDeviation> | null = null;
        let lands = hits.length > 0;
        if (!lands && attack.deviates && first.band && first.band !== "out_of_range" && first.distance !== null) {
          deviation = rollGrenadeDeviation(first.distance * settings.metresPerUnit, first.band, dice);
          lands = true;
        }
        const zone = lands
          ? blastZoneHits(attack.blast, settings, (radius) => area.filter((t) => t.distance <= radius + 1e-9))
          : { hits: [], units: "" };
        blast = {
          radii: attack.blast.radii,
          damage: attack.blast.damage,
          lands: lands ? (deviation ? "deviated" : "target") : null,
          deviation,
          hits: zone.hits.map((h) => ({ name: h.name, distance: h.distance / settings.metresPerUnit, zone: h.zone, damage: h.damage })),
        };
      }
      return {
        json: {
          code,
          roll: main,
          total: main.total,
          difficultyDice: extra,
          targets: rows,
          hits: hits.map((t) => t.name),
          damage: attack.damage,
          notes: request.data.notes,
          shots,
          blast,
          changes,
        },
        text:
          `${code}: ${main.total}` +
          rows
            .map((t) => ` · ${t.name}: ${t.difficulty === null ? "out of range" : `${t.difficulty} ${t.hit ? "hit" : "miss"}`}`)
            .join("") +
          (blast ? blastText(blast) : ""),
      };
    },
  },
  damage: {
    summary: "an attack's damage against each hit target's Strength (armor, scale), giving the wound level",
    table:
      "the attack card's d6RollDamage action (src/foundry/d6/actions.ts) → attackCheck, attackerStrength, damagePlan, rollD6, targetResistCode, planDamage",
    fields: {
      actor: { type: "object", required: true, about: "the attacker's plain data {name, type, system, items}" },
      weapon: { type: "string", required: true, about: "the name of the attacker's weapon item" },
      forcePoint: { type: "boolean", about: "the attack was made with a Force Point (doubles a melee weapon's Strength)" },
      targets: {
        type: "list",
        about: "[{name, type?, system, items?, effects?}] — each hit target's plain data (Strength, armor, wound level, scale)",
      },
      settings: { type: "object", about: "the world's d6 settings (wildDieDamage, wildDieResist, blastRolls, mortalPlusInjury, …)" },
    },
    run(r, dice) {
      const settings = settingsOf(r);
      const actor = plainActor(r.actor, "actor", "d6_character");
      const attack = attackCheck(actor, weaponOf(actor, String(r.weapon)), [], {}, settings).data.attack!;
      const hit = objects(r, "targets").map((e, i) => plainActor(e, `targets[${i}]`, "d6_character"));
      const { groups, plan } = damagePlan(
        {
          damage: attack.damage,
          scale: attack.scale,
          forcePoint: r.forcePoint === true,
          targets: hit.map(() => ({ zone: null, damage: null })),
        },
        hit.map((t) => t.system.scale as never),
        attackerStrength(actor),
        settings.blastRolls,
      );
      const rolled = groups.map((g) => ({
        code: formatDieCode(g.code),
        key: g.key,
        roll: rollCode(g.code, dice, settings, "damage", settings.wildDieDamage),
      }));
      const results = hit.map((t, i) => {
        const damageTotal = rolled.find((g) => g.key === plan[i].key)!.roll.total;
        const code = targetResistCode(t, attack.damageType, plan[i].resistBonus);
        const resist = rollCode(code, dice, settings, "resistDamage", settings.wildDieResist);
        const target: DamageTarget = {
          actorUuid: `target${i}`,
          name: t.name,
          img: "",
          damageTotal,
          resistTotal: resist.total,
          stun: attack.stun,
          vehicle: t.type === "d6_vehicle",
        };
        const planned = planDamage(
          target,
          {
            woundLevel: woundLevelOf(t.system),
            stuns: Number(t.system.stuns ?? 0),
            damage: String(t.system.damage ?? ""),
            strength: strengthOf(t.system),
          },
          settings,
        );
        return { name: t.name, damage: damageTotal, resistCode: formatDieCode(code), resist, ...planned };
      });
      return {
        json: {
          damageType: attack.damageType,
          stun: attack.stun,
          rolls: rolled.map(({ code, roll }) => ({ code, roll, total: roll.total })),
          targets: results.map(({ update: _u, statuses: _s, ...rest }) => rest),
          changes: results.map((t) => ({ target: t.name, update: t.update, statuses: t.statuses })),
        },
        text:
          rolled.map((g) => `${g.code}: ${g.roll.total}`).join(", ") +
          results
            .map((t) => ` · ${t.name}: ${t.resistCode} ${t.resist.total} → ${t.knockedOut ? "knocked out" : t.result}, ${t.state}`)
            .join(""),
      };
    },
  },
  healing: {
    summary: "natural healing (Strength), a medpac (first aid) or a bacta tank (medicine), and the patient's new wound level",
    table:
      "the sheet's wound selector and medical items (src/foundry/d6/healing/checks.ts) → naturalHealingCheck | MEDICAL_CHECKS, resolveHealing, rollD6, healingTimeDice, rollPlainDice, healingResultOf, planHealing",
    fields: {
      actor: { type: "object", required: true, about: "the healer's plain data (natural healing: the patient itself)" },
      item: { type: "string", about: "the name of the healer's medpac or bacta tank (omit: natural healing)" },
      patient: { type: "object", about: "the targeted patient's plain data, with unconscious? (omit: the healer treats itself)" },
      unconscious: { type: "boolean", about: "the healer-patient is knocked out (self-treatment)" },
      now: { type: "int", about: "world time in seconds (default 0)" },
      gm: { type: "boolean", about: "a GM rolls (may skip the rest between natural healing rolls)" },
      values: { type: "object", about: "the dialog's choices (worked, takeItEasy, difficulty, bonusDice, bonusPips, characterPoints)" },
      settings: { type: "object", about: "the world's d6 settings (difficultyPick, wildOne, …)" },
    },
    run(r, dice) {
      const settings = settingsOf(r);
      const healer = { ...plainActor(r.actor, "actor", "d6_character") };
      healer.uuid ??= "Actor.healer";
      const now = (r.now as number | undefined) ?? 0;
      let request;
      if (r.item === undefined || r.item === null) {
        if (r.patient !== undefined) throw badField("patient", "is for a medical item: natural healing heals the actor itself");
        request = naturalHealingCheck(healer, now, r.gm === true, "Natural healing");
      } else {
        const item = healer.items.find((i) => i.name === r.item && medicalKind(i));
        if (!item)
          throw badField(
            "item",
            `names no medpac or bacta tank of ${healer.name} (${
              healer.items
                .filter((i) => medicalKind(i))
                .map((i) => i.name)
                .join(", ") || "none"
            })`,
          );
        const patient =
          r.patient === undefined || r.patient === null
            ? { ...healer, unconscious: r.unconscious === true }
            : {
                ...plainActor(r.patient, "patient", "d6_character"),
                uuid: "Actor.patient",
                unconscious: (r.patient as Req).unconscious === true,
              };
        request = MEDICAL_CHECKS[medicalKind(item)!].check(healer, item, patient, now, settings);
      }
      if (isRefusal(request)) throw refusal(request);
      const values = dialogValues(request.values, r.values, [
        "worked",
        "takeItEasy",
        "difficulty",
        "bonusDice",
        "bonusPips",
        "characterPoints",
      ]);
      const v = resolveHealing(request, values, settings);
      const h = request.data.healing;
      const main = rollCode(v.code, dice, settings, request.data.rollKind, true, v.characterPoints);
      const difficulty = v.difficulty ?? 0;
      let tankTime: HealingRoll["tankTime"] = null;
      const timeDice = healingTimeDice(h, main.total, difficulty);
      if (timeDice) tankTime = { amount: rollPlainDice(timeDice.dice, dice).total, unit: timeDice.unit };
      const patientSystem =
        r.patient && typeof r.patient === "object" ? (((r.patient as Req).system as Record<string, unknown>) ?? {}) : healer.system;
      const patientUnconscious =
        r.patient && typeof r.patient === "object" ? (r.patient as Req).unconscious === true : r.unconscious === true;
      const result = healingResultOf(h, { total: main.total, difficulty, patientLevel: woundLevelOf(patientSystem), tankTime });
      const planned = planHealing(h, result, patientSystem, patientUnconscious);
      const changes = [{ target: h.patientName, update: planned.update, statuses: planned.statuses }];
      if (v.characterPoints > 0)
        changes.push({
          target: healer.name,
          update: { "system.characterPoints": request.data.characterPointsAvailable - v.characterPoints },
          statuses: {},
        });
      return {
        json: {
          kind: h.kind,
          code: formatDieCode(v.code),
          roll: main,
          total: main.total,
          difficulty: v.difficulty,
          patientState: h.patientState,
          tankTime,
          result,
          changes,
        },
        text:
          `${formatDieCode(v.code)}: ${main.total}` +
          (v.difficulty === null ? "" : ` vs ${v.difficulty}`) +
          ` → ${h.patientName}: ${result.state}` +
          (tankTime ? `, ${tankTime.amount} ${tankTime.unit} in the tank` : ""),
      };
    },
  },
  movement: {
    summary: "a move at a speed over terrain: automatic, or a running (pilot + maneuverability) roll; on a miss the failure row",
    table: "the sheet's move button (src/foundry/d6/movement/checks.ts) → movementRequest, resolveMovement, rollD6, movementFailureOutcome",
    fields: {
      actor: { type: "object", required: true, about: "the mover's plain data; flags.omnibus.d6.speed is its speed last round" },
      values: {
        type: "object",
        about: "the dialog's choices (speed, terrain, difficulty, maneuver, actions, bonusDice, bonusPips, characterPoints, forcePoint)",
      },
      settings: { type: "object", about: "the world's d6 settings (difficultyPick, fallTumble, …)" },
    },
    run(r, dice) {
      const settings = settingsOf(r);
      const actor = plainActor(r.actor, "actor", "d6_character");
      const request = movementRequest(actor, settings, "Movement");
      const values = dialogValues(request.values, r.values, [
        "speed",
        "terrain",
        "difficulty",
        "maneuver",
        "actions",
        "bonusDice",
        "bonusPips",
        "characterPoints",
        "forcePoint",
      ]);
      const m = resolveMovement(request, values, settings);
      const mover = request.data.movement.mover;
      const roll = m.difficulty === null ? null : rollCode(m.code, dice, settings, "skill", true, m.characterPoints);
      const success = roll === null || roll.total >= (m.difficulty ?? 0);
      const failure =
        roll && !success
          ? movementFailureOutcome(mover, m.difficulty! - roll.total, m.speed, m.distance, { tumble: settings.fallTumble })
          : null;
      const changes: Array<{ path: string; value: unknown }> = [{ path: "flags.omnibus.d6.speed", value: m.speed }];
      if (roll && m.characterPoints > 0)
        changes.push({ path: "system.characterPoints", value: request.data.characterPointsAvailable - m.characterPoints });
      return {
        json: {
          mover,
          speed: m.speed,
          terrain: m.terrain,
          code: formatDieCode(m.code),
          difficulty: m.difficulty,
          roll,
          total: roll?.total ?? null,
          success,
          distance: m.distance,
          partial: m.partial,
          failure: failure && { ...failure, failure: failure.failure.split(".").pop() },
          changes,
        },
        text:
          `${m.speed}: ` +
          (roll === null
            ? `no roll, ${m.distance} m`
            : `${formatDieCode(m.code)} ${roll.total} vs ${m.difficulty} → ` +
              (failure ? `${failure.failure.split(".").pop()} (missed by ${failure.missedBy})` : `${m.distance} m`)),
      };
    },
  },
  initiative: {
    summary:
      "each combatant's initiative roll: Perception less its wounds (a vehicle: its pilot's code), highest first; with sides, one roll per side",
    table:
      "the combat tracker's initiative (src/foundry/d6/combat.ts initiativeRollFor, rollSideInitiative) → initiativeCodeOf, rollD6; by side sideMembersOf, sideInitiativeStart, sideInitiativeStep, sideInitiativeResult, sideInitiativeUpdates, compareBySide",
    fields: {
      combatants: {
        type: "list",
        required: true,
        about:
          "[{name, actor?, side?, playerOwned?}] — each combatant's plain data, in the tracker's order (no actor: 2D); side: its token's disposition (1 friendly, 0 neutral, -1 hostile, -2 secret; none: friendly if playerOwned, else hostile)",
      },
      sides: { type: "boolean", about: "roll by side, as the table does in its default initiativeMode perSide" },
      settings: { type: "object", about: "the world's d6 settings (wildDieInitiative, wildOne, …)" },
    },
    run(r, dice) {
      const settings = settingsOf(r);
      const list = objects(r, "combatants").map((e, i) => {
        const where = `combatants[${i}]`;
        const name = typeof e.name === "string" ? e.name : `combatant ${i + 1}`;
        const actor = e.actor === undefined || e.actor === null ? null : plainActor(e.actor, `${where}.actor`, "d6_character");
        const side = numberAt(e, "side", where, true);
        if (e.playerOwned !== undefined && typeof e.playerOwned !== "boolean") throw badField(`${where}.playerOwned`, "must be a boolean");
        return { id: String(i), name, actor, side, playerOwned: e.playerOwned === true };
      });
      if (r.sides === true) return sideInitiative(list, settings, dice);
      const rolled = list.map(({ name, actor }) => {
        const code = initiativeCodeOf(actor);
        const roll = rollCode(code, dice, settings, "initiative", settings.wildDieInitiative);
        return { name, code: formatDieCode(code), roll, total: roll.total };
      });
      const order = [...rolled].sort((a, b) => b.total - a.total);
      return { json: { combatants: rolled, order: order.map((c) => c.name) }, text: order.map((c) => `${c.name} ${c.total}`).join(" → ") };
    },
  },
};
