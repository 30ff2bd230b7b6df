/**
 * The D6 timers at the table (src/rules/d6/timers.ts gives their lengths and ends): a stun's
 * two rounds, 1D minutes unconscious, a bacta tank's hours or days, a Force Point's round. They
 * start from the actor's change (the stun knock-out's 2D minutes from the Unconscious status
 * switched on while the wound level does not keep the character down) (the active GM sees `updateActor`: a wound level or the round's
 * Force Point set, whoever made it) and end through src/foundry/durations.ts.
 */
import { forcedDice } from "../../core/dice";
import { OmnibusError, refused } from "../../core/errors";
import {
  BACTA_TIME,
  bactaLength,
  bactaTime,
  d6KnockoutStarts,
  d6TimerExpired,
  d6TimersToStart,
  unconsciousMinutes,
  forcePointLength,
  stunLength,
  unconsciousLength,
  type D6TimerKind,
} from "../../rules/d6";
import type { TimerLength } from "../../core/durations";
import {
  isActiveGM,
  startTimer,
  timerOf,
  timerStart,
  type TimerActor,
  type TimerCombat,
  type TimerEffectLike,
  type TimerFlag,
  type TimerOutcome,
  type TimerRules,
} from "../durations";
import { currentMessageMode, evaluateOptions } from "../compat";
import { localize } from "../i18n";
import { woundLevelOf } from "../../rules/d6/table/checks";
import { D6PlainRoll } from "./rolls";

const NAME: Record<D6TimerKind, string> = {
  stun: "OMNIBUS.D6.Timer.Stun",
  unconscious: "OMNIBUS.D6.Timer.Unconscious",
  knockout: "OMNIBUS.D6.Timer.Knockout",
  bacta: "OMNIBUS.D6.Timer.Bacta",
  forcePoint: "OMNIBUS.D6.Timer.ForcePoint",
};
const IMG: Record<D6TimerKind, string> = {
  stun: "icons/svg/daze.svg",
  unconscious: "icons/svg/sleep.svg",
  knockout: "icons/svg/sleep.svg",
  bacta: "icons/svg/regen.svg",
  forcePoint: "icons/svg/aura.svg",
};
/** The status a timer shows on the token (the wound level's own status stays with the wound). */
const STATUSES: Record<D6TimerKind, string[]> = {
  stun: [],
  unconscious: ["unconscious"],
  knockout: [],
  bacta: [],
  forcePoint: ["forcePoint"],
};

const WOUND_STATUSES = ["stunned", "wounded", "wounded_twice", "incapacitated", "mortally_wounded", "unconscious", "prone"];

function flagFor(
  kind: D6TimerKind,
  length: TimerLength,
  combat: TimerCombat | null | undefined,
  data?: Record<string, unknown>,
): TimerFlag {
  return { ruleset: "d6", kind, length, start: timerStart(combat), ...(data ? { data } : {}) };
}

async function start(
  actor: TimerActor,
  kind: D6TimerKind,
  length: TimerLength,
  combat: TimerCombat | null | undefined,
  data?: Record<string, unknown>,
): Promise<void> {
  await startTimer(actor, {
    name: localize(NAME[kind]),
    img: IMG[kind],
    statuses: STATUSES[kind],
    flag: flagFor(kind, length, combat, data),
  });
}

export const d6TimerRules: TimerRules = {
  ruleset: "d6",
  expired: (kind, length, start, now) => d6TimerExpired(kind as D6TimerKind, length, start, now),
  onExpire(kind, actor): TimerOutcome | null {
    const level = woundLevelOf(actor.system ?? {});
    switch (kind as D6TimerKind) {
      case "stun":
        // The −1D lasts this round and the next (000:L405): a character still only stunned recovers.
        return level === "stunned"
          ? { update: { "system.woundLevel": "healthy" }, statusesOff: ["stunned"], note: "OMNIBUS.D6.Timer.StunOver" }
          : null;
      case "unconscious":
        // Awake after the minutes (000:L409); a worse wound since keeps the character down.
        return level === "mortally_wounded" || level === "killed"
          ? null
          : { statusesOff: ["unconscious"], note: "OMNIBUS.D6.Timer.ComesTo" };
      case "knockout":
        // Awake after the 2D minutes (000:L431); a wound since that keeps the character down stays.
        return level === "incapacitated" || level === "mortally_wounded" || level === "killed"
          ? null
          : { statusesOff: ["unconscious"], note: "OMNIBUS.D6.Timer.ComesTo" };
      case "bacta":
        // Out of the tank fully healed (000:L533).
        return level === "killed"
          ? null
          : {
              update: { "system.woundLevel": "healthy", "system.roundsMortallyWounded": 0 },
              statusesOff: WOUND_STATUSES,
              note: "OMNIBUS.D6.Timer.BactaDone",
            };
      case "forcePoint":
        return { update: { "system.round.forcePoint": false }, note: "OMNIBUS.D6.Timer.ForcePointOver" };
      default:
        return null;
    }
  },
};

/** A changed value as the hook's `changed` holds it (nested, or a dotted key from an update call). */
function changedAt(changed: Record<string, unknown>, path: string): unknown {
  if (path in changed) return changed[path];
  let node: unknown = changed;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function activeCombat(): TimerCombat | null {
  const combat = (globalThis as { game?: { combat?: TimerCombat | null } }).game?.combat ?? null;
  return combat && combat.started !== false && Number(combat.round ?? 0) > 0 ? combat : null;
}

/**
 * The `updateActor` hook on the active GM: starts the timers the change calls for. The
 * unconscious minutes are rolled here (1D, 000:L409), with Foundry's dice.
 */
export async function onD6ActorChange(actor: TimerActor, changed: Record<string, unknown>): Promise<D6TimerKind[]> {
  if (!isActiveGM() || !String(actor.type ?? "").startsWith("d6_") || actor.type === "d6_vehicle") return [];
  const combat = activeCombat();
  const kinds = d6TimersToStart(
    { woundLevel: changedAt(changed, "system.woundLevel"), forcePoint: changedAt(changed, "system.round.forcePoint") },
    combat !== null,
  );
  for (const kind of kinds) {
    if (kind === "stun") await start(actor, kind, stunLength(), combat);
    else if (kind === "forcePoint") await start(actor, kind, forcePointLength(), combat);
    else if (kind === "unconscious") {
      const roll = D6PlainRoll.ofDice(1);
      await roll.evaluate(evaluateOptions(currentMessageMode()));
      await start(actor, kind, unconsciousLength(roll.outcome!.total, combat !== null), combat, { minutes: roll.outcome!.total });
    }
  }
  return kinds;
}

/**
 * Puts a wounded character in a bacta tank (000:L519–533): the time rolled (1D hours for wounded
 * or wounded twice, 4D hours incapacitated, 1D days mortally wounded), kept in world time; the
 * patient comes out healed when it has passed. Refused for a character that needs no tank.
 */
export async function startBacta(actor: TimerActor): Promise<TimerLength> {
  if (!String(actor.type ?? "").startsWith("d6_") || actor.type === "d6_vehicle")
    throw refused("BactaCharactersOnly", "only a D6 character can go in a bacta tank");
  const level = woundLevelOf(actor.system ?? {});
  const table = BACTA_TIME[level];
  if (!table) throw new OmnibusError("outOfRange", `a ${level} character needs no bacta tank`, { name: "woundLevel", value: level });
  const roll = D6PlainRoll.ofDice(table.dice);
  await roll.evaluate(evaluateOptions(currentMessageMode()));
  const time = bactaTime(level, forcedDice(roll.outcome!.faces));
  const length = bactaLength(time.amount, time.unit);
  await start(actor, "bacta", length, null, { from: level });
  return length;
}

function effectsOf(actor: TimerActor): TimerEffectLike[] {
  const e = actor.effects;
  if (!e) return [];
  return Array.isArray(e) ? e : (e.contents ?? []);
}

/**
 * The `createActiveEffect` hook on the active GM: the Unconscious status switched on for a
 * character whose wound does not keep it down — a stun weapon's knock-out (000:L431) or stuns
 * reaching its Strength dice (published A-16), both applied from the damage card — rolls 2D
 * minutes with Foundry's dice and starts the knock-out timer; when it ends the character comes to.
 */
export async function onD6EffectCreated(
  effect: TimerEffectLike & { parent?: TimerActor | null; statuses?: Iterable<string> | null },
): Promise<boolean> {
  const actor = effect.parent;
  if (!isActiveGM() || timerOf(effect) || !actor || !String(actor.type ?? "").startsWith("d6_") || actor.type === "d6_vehicle")
    return false;
  const running = effectsOf(actor).some(
    (e) => timerOf(e)?.ruleset === "d6" && (timerOf(e)?.kind === "knockout" || timerOf(e)?.kind === "unconscious"),
  );
  if (!d6KnockoutStarts(effect.statuses ? [...effect.statuses] : [], woundLevelOf(actor.system ?? {}), running)) return false;
  const roll = D6PlainRoll.ofDice(2);
  await roll.evaluate(evaluateOptions(currentMessageMode()));
  const { minutes } = unconsciousMinutes("stun", forcedDice(roll.outcome!.faces));
  const combat = activeCombat();
  await start(actor, "knockout", unconsciousLength(minutes, combat !== null), combat, { minutes });
  return true;
}
