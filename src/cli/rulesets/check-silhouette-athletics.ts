/**
 * The silhouette athletics `check` kinds (issue 12): a jump, a climbing round, a fall and a chase
 * exchange, built from the sheet's plain data with the table's own request builders and plans
 * (src/rules/silhouette/table/athletics/checks.ts, chase/checks.ts). The dice are rolled pool by
 * pool in the order the table rolls them (src/foundry/silhouette/checks.ts rollJump, rollClimb,
 * rollFallCheck, rollChase), and the card is read from those pools by the same pure functions the
 * GM's re-derivation calls (`jumpFromRolls`, `climbFromRolls`, `fallFromRolls`, `chaseFromRolls`).
 */
import type { DiceSource } from "../../core/dice";
import type { CheckOptions, GripState } from "../../rules/silhouette/index";
import { rollCheck } from "../../rules/silhouette/pool";
import {
  GRIP_FLAG,
  athleticsData,
  climbTestsCard,
  climbFromRolls,
  climbRequest,
  fallDamageDice,
  fallFromRolls,
  fallRequest,
  jumpFromRolls,
  jumpRequest,
  planClimb,
  planFall,
  planJump,
} from "../../rules/silhouette/table/athletics/checks";
import { chaseFromRolls, chaseRequest, planChase } from "../../rules/silhouette/table/chase/checks";
import { fallWoundOf, woundChange } from "../../rules/silhouette/table/cards";
import type { TargetInfo } from "../../rules/table/types";
import { badField, numberAt, type CheckKind, type Field, type Req } from "./check-fields";
import { characterOf, dialogValues, factsOf, optionsOf } from "./check-silhouette";

/** Rolls pools from the dice source and keeps each pool's faces, as the card keeps one Roll per pool. */
function pools(dice: DiceSource, rules: CheckOptions) {
  const rolled: number[][] = [];
  return {
    rolled,
    roll(size: number, untrained: boolean, modifier: number, r: CheckOptions = rules) {
      const o = rollCheck({ dice: size, untrained, modifier }, dice, r);
      rolled.push([...o.faces]);
      return o;
    },
  };
}

const ACTOR: Field = {
  type: "object",
  required: true,
  about: "the character's plain data {name, type, system, items, statuses?, flags?}",
};
const MOVED: Field = { type: "number", about: "metres its token moved this round (with the autoMovement setting)" };
const OPTIONS: Field = { type: "object", about: "the world's silhouette settings (check, autoMovement, …)" };

/** The actor, its facts and its athletics data (the grip from `flags.omnibus.silhouetteGrip`), as buildAthletics reads them. */
function athleticsOf(r: Req) {
  const options = optionsOf(r);
  const character = characterOf(r.actor, "actor", "Actor.actor");
  const grip = character.flags[GRIP_FLAG];
  if (grip !== undefined && grip !== null && (typeof grip !== "object" || Array.isArray(grip)))
    throw badField(`actor.flags.omnibus.${GRIP_FLAG}`, "must be an object {losingGrip, penalty}");
  const facts = factsOf(character, options, (r.movedThisRound as number | undefined) ?? null);
  return { options, rules: options.check, character, facts, data: athleticsData(facts, grip as GripState | undefined) };
}

export const SILHOUETTE_ATHLETICS_KINDS: Record<string, CheckKind> = {
  jump: {
    summary: "a jump (004:L66): Athletics + FIT + the movement mode's melee defence modifier against 3 + the run-up; the distance jumped",
    table: "the sheet's jump (src/foundry/silhouette/checks.ts buildJump, rollJump) → athleticsData, jumpRequest, planJump, jumpFromRolls",
    fields: {
      actor: ACTOR,
      movedThisRound: MOVED,
      values: { type: "object", about: "the jump dialog's choices (dice, movement, surface, modifier)" },
      options: OPTIONS,
    },
    run(r, dice) {
      const { rules, facts, data } = athleticsOf(r);
      const request = jumpRequest(facts, data, "jump");
      const values = dialogValues(request.values, r.values, request.fields, "values");
      const plan = planJump(request, values);
      const p = pools(dice, rules);
      p.roll(plan.dice, plan.untrained, plan.modifier);
      const read = jumpFromRolls(plan, p.rolled, rules);
      const c = read.card;
      return {
        json: { roll: read.roll, lines: read.lines, jump: c, changes: [] },
        text: `jump ${c.total} vs ${c.difficulty}: ${c.success ? `${c.longMetres} m long, ${c.highMetres} m high` : `fails by ${-c.margin}`}`,
      };
    },
  },
  climb: {
    summary:
      "a climbing round (004:L45-50): its Athletics test(s) against the surface, the metres climbed, the grip it leaves, a falling climber's catch",
    table:
      "the sheet's climb (src/foundry/silhouette/checks.ts buildClimb, rollClimb, climbRederive) → athleticsData, climbRequest, planClimb, climbCard, withCatch, climbFromRolls",
    fields: {
      actor: {
        ...ACTOR,
        about: `${ACTOR.about}; flags.omnibus.${GRIP_FLAG} {losingGrip, penalty} is its grip from the last round`,
      },
      values: { type: "object", about: "the climbing dialog's choices (dice, surface, chimney, wet, anchors, effort, modifier)" },
      options: OPTIONS,
    },
    run(r, dice) {
      const { rules, character, facts, data } = athleticsOf(r);
      const request = climbRequest(facts, data, "climb");
      const values = dialogValues(request.values, r.values, request.fields, "values");
      const plan = planClimb(request, values);
      // Each test's pool, then, when the climber falls, the catch without the grip penalty (rollClimb).
      const p = pools(dice, rules);
      const tested = Array.from({ length: plan.tests }, () => p.roll(plan.dice, plan.untrained, plan.modifier));
      if (climbTestsCard(plan, data, tested, rules).falls) p.roll(plan.dice, plan.untrained, plan.baseModifier);
      const read = climbFromRolls(plan, data, p.rolled, rules);
      const c = read.card;
      // The grip and the "losing grip" status the GM writes once the card holds (climbRederive).
      const changes = [
        {
          target: character.actor.name,
          update: { [`flags.omnibus.${GRIP_FLAG}`]: read.gripAfter },
          statuses: { losingGrip: c.grip.losingGrip && !c.falls },
        },
      ];
      const grip = (g: GripState) => (g.losingGrip ? `losing grip ${g.penalty}` : "firm grip");
      return {
        json: { roll: read.roll, climb: c, gripAfter: read.gripAfter, changes },
        text:
          `climb vs ${c.difficulty}: ${c.tests.map((t) => t.total).join(", ")} → ${c.metres} m, ` +
          (c.falls ? `falls${c.caughtFall ? (c.caughtFall.success ? ", catches itself" : ", no catch") : ""}` : grip(c.grip)),
      };
    },
  },
  fall: {
    summary:
      "a fall (004:L62-65): the softening Athletics test when chosen, the damage dice the landing height asks for, and the wound it inflicts",
    table:
      "the sheet's fall (src/foundry/silhouette/checks.ts buildFall, rollFallCheck) and the card's applyFall (actions.ts) → athleticsData, fallRequest, planFall, fallDamageDice, fallFromRolls, fallWoundOf, woundChange",
    fields: {
      actor: ACTOR,
      values: { type: "object", about: "the fall dialog's choices (height, surface, gravity, headFirst, soften, dice, modifier)" },
      options: OPTIONS,
    },
    run(r, dice) {
      const { rules, character, facts, data } = athleticsOf(r);
      const request = fallRequest(facts, data, "fall");
      const values = dialogValues(request.values, r.values, request.fields, "values");
      const plan = planFall(request, values);
      // The softening pool (when chosen), then the damage dice of the landing height (rollFallCheck).
      const p = pools(dice, rules);
      const soft = plan.softening ? p.roll(plan.softening.dice, plan.softening.dice === 0, plan.softening.modifier) : null;
      const damageDice = fallDamageDice(plan, soft ? soft.total : 0);
      if (damageDice > 0) p.roll(damageDice, false, 0, { ...rules, fumbleRule: "never" });
      const read = fallFromRolls(plan, p.rolled, rules);
      const c = read.card;
      // "Apply fall damage" (applyFall): no armour, the damage rounded to the nearest point (E28).
      const system = character.plain.system;
      const wound = c.damage > 0 ? fallWoundOf({ system }, c.damage) : null;
      const change = wound ? woundChange(system, wound.wound) : null;
      const changes =
        change && wound && wound.wound !== "none"
          ? [{ target: character.actor.name, update: change.update, statuses: change.statuses }]
          : [];
      return {
        json: { roll: read.roll, fall: c, wound, changes },
        text: `fall ${c.heightMetres} m (${c.effectiveHeight} m): ${c.damage} damage${wound ? ` → ${wound.wound}` : ""}`,
      };
    },
  },
  chase: {
    summary:
      "a chase exchange (004:L44): opposed Athletics + speed, fleeing pool first, then the pursuer's, then 1d6 per mishap; the winner and the distance after",
    table:
      "the sheet's chase (src/foundry/silhouette/checks.ts buildChase, rollChase, chaseRederive) → chaseRequest, planChase, chaseFromRolls",
    fields: {
      actor: ACTOR,
      movedThisRound: MOVED,
      opponent: {
        type: "object",
        about:
          "{name?, actor, distance?, movedThisRound?} — the targeted runner: its plain data fills the other side's pool and caps its speed; distance (m) starts the chase",
      },
      values: {
        type: "object",
        about:
          "the chase dialog's choices (role, distance, dice, modifier, speed, opponentDice, opponentModifier, opponentSpeed, obstacle)",
      },
      options: OPTIONS,
    },
    run(r, dice) {
      const options = optionsOf(r);
      const rules = options.check;
      const character = characterOf(r.actor, "actor", "Actor.actor");
      const facts = factsOf(character, options, (r.movedThisRound as number | undefined) ?? null);
      let opponent = null;
      let target: TargetInfo | null = null;
      let distance: number | null = null;
      if (r.opponent !== undefined && r.opponent !== null) {
        const o = r.opponent as Req;
        if (o.name !== undefined && typeof o.name !== "string") throw badField("opponent.name", "must be a string");
        if (o.actor === undefined || o.actor === null) throw badField("opponent.actor", "is missing (the opponent's plain data)");
        const other = characterOf(o.actor, "opponent.actor", "Actor.opponent");
        const name = (o.name as string | undefined) ?? other.actor.name;
        distance = numberAt(o, "distance", "opponent") ?? null;
        if (distance !== null && distance < 0) throw badField("opponent.distance", "must be ≥ 0 m");
        // Only a Silhouette runner fills the other side (buildChase).
        if (String(other.actor.type).startsWith("silhouette_")) {
          opponent = { ...factsOf(other, options, numberAt(o, "movedThisRound", "opponent") ?? null), name };
          target = { tokenUuid: "opponent", actorUuid: other.plain.uuid, name, img: "", distance, units: "m" };
        }
      }
      const request = chaseRequest(facts, opponent, "chase", opponent ? distance : null, target);
      const values = dialogValues(request.values, r.values, request.fields, "values");
      const plan = planChase(request, values);
      // The fleeing side's pool, the pursuer's, then one d6 per mishap, fleeing first (rollChase).
      const p = pools(dice, rules);
      const f = p.roll(plan.fleeing.dice, plan.fleeing.dice === 0, plan.fleeing.modifier);
      const q = p.roll(plan.pursuer.dice, plan.pursuer.dice === 0, plan.pursuer.modifier);
      for (const o of [f, q]) if (o.fumble) p.roll(1, false, 0, { ...rules, fumbleRule: "never" });
      const read = chaseFromRolls(plan, request.data, p.rolled, rules);
      const c = read.card;
      const x = c.exchange;
      const mishaps = x.mishapDice.map((m) => ` · ${m.side} mishap ${m.side === "fleeing" ? "−" : "+"}${m.die} m`).join("");
      return {
        json: { roll: read.roll, chase: c, changes: [] },
        text:
          `fleeing ${x.fleeingTotal} vs pursuer ${x.pursuerTotal}: ` +
          (x.winner === "none" ? "tie" : `${x.winner} wins by ${x.degreeOfSuccess}`) +
          `${mishaps} · distance ${c.distanceBefore} → ${x.distance} m${x.caught ? " (caught)" : ""}` +
          (x.obstacle
            ? ` · obstacle ${x.obstacle.difficulty}: fleeing ${x.obstacle.fleeingPassed ? "passes" : "fails"}, pursuer ${x.obstacle.pursuerPassed ? "passes" : "fails"}`
            : ""),
      };
    },
  },
};
