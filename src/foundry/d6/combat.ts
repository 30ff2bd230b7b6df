/**
 * D6 combat. Initiative follows the digest (§5, 000:L1035–1075) by default: each side (the tokens'
 * disposition) has its highest-Perception character roll Perception with the Wild Die (a setting),
 * wound penalties applied and no CP or FP (000:L1043); ties between the top sides are re-rolled
 * (000:L1041); the winner's side acts first (its owner or the GM may switch it to last from the
 * card) and within a side characters go by Perception, highest first (ties: A-8). The sides
 * re-roll at every new round. The world setting `initiativeMode` = `perCombatant` keeps the variant:
 * every combatant rolls its own Perception, highest first, ties by Perception, then name.
 *
 * Each new round the active GM resets every combatant's per-round state (declared actions,
 * reactions, the Force Point's doubling) and makes the death roll for every mortally wounded,
 * unstabilised combatant (end of the round that passed, A-36) — one update per actor.
 */
import { userOwns, documentOf } from "../chat/actions";
import { OmnibusError, refused } from "../../core/errors";
import { compareCodes, resolveSurprise, subtractCodes, woundPenaltyDice, type DieCode } from "../../rules/d6";
import { skillCode, type D6ActorData } from "../../rules/d6/table/checks";
import type { SurpriseChoice } from "../ruleset";
import { actorData } from "./checks";
import { postCard } from "../chat/cards";
import { currentMessageMode, evaluateOptions, publicMode } from "../compat";
import { requestChatAction } from "../chat/actions";
import { localize } from "../i18n";
import type { ChatActionContext, CombatHooks, DocumentChange } from "../ruleset";
import { templatePath } from "../templates/helpers";
import { planDeathRoll } from "../../rules/d6/table/cards";
import { claimRound } from "../durations";
import { woundLevelOf } from "../../rules/d6/table/checks";
import { healingStateOf } from "../../rules/d6/table/healing/checks";
import {
  compareBySide,
  deathRollCard,
  initiativeCodeOf,
  orderFor,
  sideInitiativeCard,
  sideInitiativeDue,
  sideInitiativeResult,
  sideInitiativeStart,
  sideInitiativeStep,
  sideInitiativeUpdates,
  sideMembersOf,
  sideOfCombatant,
  perceptionOfCombatant,
  type SideMember,
} from "../../rules/d6/table/combat";
import { D6PlainRoll, D6Roll } from "./rolls";
import { readSettings } from "./settings";
import { ROUND_SECONDS } from "../../rules/d6/actions";

interface CombatantLike {
  id?: string | null;
  name?: string | null;
  initiative?: number | null;
  flags?: Record<string, Record<string, unknown> | undefined>;
  token?: { disposition?: number | null } | null;
  actor?: { type: string; system: Record<string, unknown>; name?: string | null; uuid?: string; hasPlayerOwner?: boolean } | null;
}

const CHECK_CARD = templatePath("d6/chat/check-card");

/** The code a combatant rolls for initiative (src/rules/d6/table/combat.ts). */
export { initiativeCodeOf };

const perceptionOf = (c: CombatantLike): DieCode => perceptionOfCombatant(c);

function sideRankOf(c: CombatantLike): number | null {
  const rank = (c.flags?.omnibus?.d6 as Record<string, unknown> | undefined)?.sideRank;
  return typeof rank === "number" && Number.isInteger(rank) && rank >= 0 ? rank : null;
}

/** Turn order: negative when `a` acts first. Side ranks (per-side initiative) first, then initiative, Perception, name. */
export function compareCombatants(a: CombatantLike, b: CombatantLike): number {
  const ra = sideRankOf(a);
  const rb = sideRankOf(b);
  if (ra !== null && rb !== null && typeof a.initiative === "number" && typeof b.initiative === "number") {
    return compareBySide(
      { rank: ra, perception: perceptionOf(a), name: String(a.name ?? "") },
      { rank: rb, perception: perceptionOf(b), name: String(b.name ?? "") },
    );
  }
  const ia = typeof a.initiative === "number" ? a.initiative : -Infinity;
  const ib = typeof b.initiative === "number" ? b.initiative : -Infinity;
  if (ia !== ib) return ib - ia;
  const byPerception = compareCodes(perceptionOf(b), perceptionOf(a));
  if (byPerception !== 0) return byPerception;
  return String(a.name ?? "").localeCompare(String(b.name ?? ""));
}

function initiativeRollFor(actor: CombatantLike["actor"]): D6Roll {
  const settings = readSettings();
  return D6Roll.fromSpec({
    code: initiativeCodeOf(actor),
    wildDie: settings.wildDieInitiative,
    wildOne: settings.wildOne,
    characterPoints: 0,
    kind: "initiative",
    allowPipsOnly: settings.allowPipsOnly,
  });
}

export const d6Combat: CombatHooks = {
  initiativeRoll(combatant) {
    return initiativeRollFor((combatant as unknown as CombatantLike).actor ?? null) as unknown as Roll;
  },
  compare: (a, b) => compareCombatants(a as unknown as CombatantLike, b as unknown as CombatantLike),
  formula: "2d6",
  /** A round is five seconds (000:L1021). */
  roundSeconds: ROUND_SECONDS,
  decimals: 0,
  surprise: { determine: (combat, choice) => determineSurprise(combat as unknown as SurpriseCombat, choice) },
};

type SurpriseCombat = {
  combatants: {
    contents: Array<
      CombatantLike & {
        actor?:
          | (CombatantLike["actor"] & { statuses?: Set<string>; toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> })
          | null;
      }
    >;
  };
};

/** A skill's code (the attribute when the skill is not improved, 000:L676) less the wound penalty. */
function surpriseCode(actor: NonNullable<CombatantLike["actor"]>, skill: string): DieCode {
  const data = actorData(actor as never) as D6ActorData;
  const code = skillCode(data, skill, "perception").code;
  return subtractCodes(code, { dice: woundPenaltyDice(woundLevelOf(data.system)), pips: 0 });
}

/**
 * Surprise at the start of a fight (000:L361–369), from the GM's dialog: each ambusher rolls sneak,
 * each target search (both Perception skills; the attribute when unimproved), Wild Die on, wound
 * penalties applied; the pure `resolveSurprise` says whether the targets' side is caught; every
 * target then gains (or loses) the Surprised status, and one card lists the totals.
 */
export async function determineSurprise(
  combat: SurpriseCombat,
  choice: SurpriseChoice,
): Promise<Array<{ id: string; surprised: boolean }>> {
  const settings = readSettings();
  const byId = new Map(combat.combatants.contents.map((c) => [c.id ?? "", c]));
  const rolls: Roll[] = [];
  const rollFor = async (id: string, skill: string): Promise<{ id: string; total: number } | null> => {
    const actor = byId.get(id)?.actor;
    if (!actor || !String(actor.type).startsWith("d6_")) return null;
    const roll = D6Roll.fromSpec({
      code: surpriseCode(actor, skill),
      wildDie: true,
      wildOne: settings.wildOne,
      characterPoints: 0,
      kind: "skill",
      allowPipsOnly: true,
    });
    await roll.evaluate();
    rolls.push(roll as unknown as Roll);
    return { id, total: roll.outcome!.total };
  };
  const ambushers: Array<{ id: string; sneak: number }> = [];
  for (const id of choice.ambushers) {
    const r = await rollFor(id, "sneak");
    if (r) ambushers.push({ id, sneak: r.total });
  }
  const observers: Array<{ id: string; search: number }> = [];
  for (const id of choice.targets) {
    const r = await rollFor(id, "search");
    if (r) observers.push({ id, search: r.total });
  }
  const outcome = resolveSurprise({ ambushers, observers });
  for (const o of outcome.observers) {
    const actor = byId.get(o.id)?.actor;
    if (!actor?.toggleStatusEffect || (actor.statuses?.has("surprised") ?? false) === o.surprised) continue;
    await actor.toggleStatusEffect("surprised", { active: o.surprised });
  }
  const name = (id: string) => String(byId.get(id)?.name ?? id);
  const lines = [
    ...ambushers.map((a) => ({ name: name(a.id), value: `${localize("OMNIBUS.D6.Surprise.Sneak")} ${a.sneak}` })),
    ...outcome.observers.map((o, i) => ({
      name: name(o.id),
      value: `${localize("OMNIBUS.D6.Surprise.Search")} ${observers[i].search}${o.noticed.length ? ` — ${localize("OMNIBUS.D6.Surprise.Noticed", { names: o.noticed.map(name).join(", ") })}` : ""}`,
    })),
    {
      label: "OMNIBUS.D6.Surprise.Title",
      value: localize(outcome.surprised ? "OMNIBUS.D6.Surprise.Surprised" : "OMNIBUS.D6.Surprise.NotSurprised"),
    },
  ];
  await postCard({
    template: templatePath("chat/check-card"),
    context: { title: localize("OMNIBUS.D6.Surprise.Title"), subtitle: localize("OMNIBUS.D6.Surprise.Subtitle"), lines },
    rolls,
    rollMode: publicMode(),
  });
  return outcome.observers.map((o) => ({ id: o.id, surprised: o.surprised }));
}

// ---------------------------------------------------------------------------------------------
// Initiative by side

interface CombatLike {
  uuid?: string;
  combatants?: Iterable<CombatantLike> & { contents?: CombatantLike[] };
  updateEmbeddedDocuments(type: "Combatant", updates: Array<Record<string, unknown>>): Promise<unknown>;
}

export { sideOfCombatant };

export function sideMembers(combat: CombatLike): SideMember[] {
  return sideMembersOf(combat.combatants ?? []);
}

/**
 * Rolls initiative by side (000:L1037–1041) and sets every combatant's initiative (its side's roll)
 * and side rank; posts the side-initiative card. A GM writes them in ONE update of the combat's
 * combatants. A player (who clicked the tracker's die: `Combat#rollInitiative` runs on the
 * clicking client) may not write combatants they do not own, so their client writes nothing: it
 * asks the active GM through the chat-card request channel (`d6SideInitiative` on the card), and
 * the GM re-plans every combatant's change from the card and applies it.
 */
export async function rollSideInitiative(combat: CombatLike, maxRerolls = 20): Promise<{ order: string[]; winner: string } | null> {
  const members = sideMembers(combat);
  if (members.length === 0) return null;
  let state = sideInitiativeStart(members);
  const rolls: Roll[] = [];
  const settings = readSettings();
  // The roller's chat mode, for the dice and the card alike (compat.ts).
  const mode = currentMessageMode();
  while (sideInitiativeDue(state, maxRerolls)) {
    const round: Array<{ side: string; total: number }> = [];
    for (const side of state.contested) {
      const roll = D6Roll.fromSpec({
        code: state.rollers.get(side)!.code,
        wildDie: settings.wildDieInitiative,
        wildOne: settings.wildOne,
        characterPoints: 0,
        kind: "initiative",
        allowPipsOnly: true,
      });
      await roll.evaluate(evaluateOptions(mode));
      rolls.push(roll as unknown as Roll);
      round.push({ side, total: roll.outcome!.total });
    }
    state = sideInitiativeStep(state, round);
  }
  const { winner, totals, order } = sideInitiativeResult(state);
  const { sides, rollers, records } = state;
  const asGM = game.user?.isGM === true;
  if (asGM) await combat.updateEmbeddedDocuments("Combatant", sideInitiativeUpdates(members, totals, order));
  const context = sideInitiativeCard(records, winner, order, (key) => localize(key), localize("OMNIBUS.D6.Initiative.Title"));
  if (sides.length > 1)
    context.buttons.push({ action: "d6ActLast", label: "OMNIBUS.D6.Initiative.ActLast", icon: "fa-solid fa-hourglass-end" });
  const info: SideInitiativeInfo = {
    combatUuid: combat.uuid ?? null,
    sides,
    winner,
    totals: Object.fromEntries(totals),
    rollerActorUuid: findActorUuid(combat, rollers.get(winner)!.id),
  };
  const message = await postCard({ template: CHECK_CARD, context, rolls, rollMode: mode, flags: { d6: { initiative: info } } });
  if (!asGM && message) await requestChatAction(message, "d6SideInitiative");
  return { order, winner };
}

interface SideInitiativeInfo {
  combatUuid: string | null;
  sides: string[];
  winner: string;
  /** Each side's last total (what its combatants' initiative becomes). */
  totals?: Record<string, number>;
  rollerActorUuid?: string | null;
}

/** The side-initiative part of a card, from the GM's record of it (`state`: the card's flags as recorded). */
function sideInitiativeInfo(state: ChatActionContext["state"]): SideInitiativeInfo | undefined {
  return (state.d6 as Record<string, unknown> | undefined)?.initiative as SideInitiativeInfo | undefined;
}

async function combatOf(info: SideInitiativeInfo | undefined): Promise<CombatLike | null> {
  return info?.combatUuid ? await documentOf<CombatLike>(info.combatUuid) : null;
}

/**
 * `d6SideInitiative` (no button: the roller's client asks for it after posting the card): every
 * combatant's initiative and side rank from the card, planned again on the GM. The card is the
 * roller's claim, as any roll of theirs: it is checked for shape (its sides are the combat's
 * sides, whole totals) and only the card's author who has a combatant in that combat may ask.
 */
export async function planSideInitiative({ state }: ChatActionContext): Promise<DocumentChange[]> {
  const info = sideInitiativeInfo(state);
  const combat = await combatOf(info);
  if (!info || !combat) throw refused("CombatGone", "the combat of this card is gone");
  const totals = info.totals ?? {};
  const sides = Array.isArray(info.sides) ? info.sides.map(String) : [];
  for (const side of sides) {
    const total = totals[side];
    if (!Number.isInteger(total) || Math.abs(total) > 10_000)
      throw new OmnibusError("badArgument", `side ${side} has no whole total`, { name: "totals", value: String(total) });
  }
  if (!sides.includes(info.winner))
    throw new OmnibusError("badArgument", "the winning side is not one of the sides", { name: "winner", value: String(info.winner) });
  const order = orderFor(sides, info.winner, "first");
  const changes: DocumentChange[] = [];
  for (const member of sideMembers(combat)) {
    if (!sides.includes(member.side)) throw refused("SideNotRolled", `side ${member.side} was not rolled`);
    const uuid = combatantUuid(combat, member.id);
    if (uuid) changes.push({ uuid, update: { initiative: totals[member.side], "flags.omnibus.d6.sideRank": order.indexOf(member.side) } });
  }
  return changes;
}

/** The card's author (or a GM) who has a combatant of their own in that combat. */
export function maySetSideInitiative({ state, authorId, user }: ChatActionContext): boolean {
  if (user.isGM) return true;
  // The author as Foundry's server reported it when the card was recorded, not the message's own claim.
  if (authorId !== user.id) return false;
  const combat = fromUuidSync((sideInitiativeInfo(state)?.combatUuid ?? "") as never) as unknown as CombatLike | null;
  for (const c of combat?.combatants ?? []) {
    const actor = c.actor as { testUserPermission?(u: unknown, level: string): boolean } | null | undefined;
    if (actor?.testUserPermission?.(user, "OWNER")) return true;
  }
  return false;
}

function combatantUuid(combat: CombatLike, id: string): string | null {
  for (const c of combat.combatants ?? []) if (c.id === id) return (c as { uuid?: string }).uuid ?? null;
  return null;
}

function findActorUuid(combat: CombatLike, combatantId: string): string | null {
  for (const c of combat.combatants ?? []) if (c.id === combatantId) return c.actor?.uuid ?? null;
  return null;
}

/** `d6ActLast`: the winning side acts last this round — every combatant's side rank, re-planned on the GM. */
export async function planActLast({ state }: ChatActionContext): Promise<DocumentChange[]> {
  const info = sideInitiativeInfo(state);
  const combat = await combatOf(info);
  if (!info || !combat) throw refused("CombatGone", "the combat of this card is gone");
  const order = orderFor(info.sides, info.winner, "last");
  const changes: DocumentChange[] = [];
  for (const c of combat.combatants ?? []) {
    const uuid = (c as { uuid?: string }).uuid;
    if (!uuid || !c.actor) continue;
    const rank = order.indexOf(sideOfCombatant(c));
    if (rank >= 0) changes.push({ uuid, update: { "flags.omnibus.d6.sideRank": rank } });
  }
  return changes;
}

/** Only the GM or the owner of the winning side's roller may choose to act last. */
export function mayActLast({ state, user }: ChatActionContext): boolean {
  if (user.isGM) return true;
  const info = (state.d6 as Record<string, unknown> | undefined)?.initiative as { rollerActorUuid?: string | null } | undefined;
  return Boolean(info?.rollerActorUuid) && userOwns(info!.rollerActorUuid!, user);
}

/** Wraps the configured Combat class so the tracker's "roll initiative" buttons roll by side in per-side mode. */
export function sideInitiativeCombatClass<T extends abstract new (...args: never[]) => object>(Base: T): T {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Parent = Base as any;
  const Subclass = class extends Parent {
    async rollInitiative(ids: string[], options: Record<string, unknown> = {}) {
      if (readSettings().initiativeMode !== "perSide") return super.rollInitiative(ids, options);
      await rollSideInitiative(this as unknown as CombatLike);
      return this;
    }
  };
  Object.defineProperty(Subclass, "name", { value: Parent.name || "OmnibusCombat" });
  return Subclass as unknown as T;
}

// ---------------------------------------------------------------------------------------------
// A new round

/** What a new round resets on each actor (digest §33 per-round state). */
export function roundResetUpdate(): Record<string, unknown> {
  return { "system.round": { actions: 1, forcePoint: false, dodge: null, parry: null, fullReaction: false } };
}

type RoundActor = {
  update(d: Record<string, unknown>): Promise<unknown>;
  type?: string;
  name?: string | null;
  img?: string | null;
  system?: Record<string, unknown>;
  statuses?: Set<string>;
  toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown>;
};

/**
 * The `updateCombat` hook: on a new round the active GM resets every combatant's actor once; going
 * forward past round 1 (the end of a round) it also makes each mortally wounded, unstabilised
 * actor's death roll (A-36) in the same update; in per-side mode it re-rolls the sides' initiative.
 */
export async function onCombatRound(
  combat: { combatants?: Iterable<{ actor?: RoundActor | null }> } & Partial<CombatLike>,
  changed: Record<string, unknown>,
  user: { isGM?: boolean; id?: string } | null | undefined,
  activeGM: { id?: string } | null | undefined,
  options: { direction?: number } = {},
): Promise<number> {
  if (!("round" in (changed ?? {})) || !user?.isGM || activeGM?.id !== user.id) return 0;
  const settings = readSettings();
  const forward = (options?.direction ?? 1) >= 0;
  // The end of a round is rolled for once: a round revisited (back, then forward again) rolls nothing.
  const endOfRound = forward && Number(changed.round) >= 2 && (await claimRound(combat, "d6EndOfRound", Number(changed.round)));
  const seen = new Set<unknown>();
  for (const c of combat.combatants ?? []) {
    const actor = c.actor;
    if (!actor || seen.has(actor) || !String(actor.type ?? "").startsWith("d6_")) continue;
    seen.add(actor);
    const update = roundResetUpdate();
    const system = actor.system ?? {};
    let death: { faces: number[]; total: number; plan: ReturnType<typeof planDeathRoll> } | null = null;
    if (endOfRound && settings.deathRolls && woundLevelOf(system) === "mortally_wounded" && !healingStateOf(system).stabilized) {
      const roll = D6PlainRoll.ofDice(2);
      // In the GM's chat mode, for the dice and the card alike (compat.ts).
      const mode = currentMessageMode();
      await roll.evaluate(evaluateOptions(mode));
      const total = roll.outcome!.total;
      death = { faces: roll.outcome!.faces, total, plan: planDeathRoll(Number(system.roundsMortallyWounded ?? 0), total) };
      Object.assign(update, death.plan.update);
      await actor.update(update);
      for (const [id, active] of Object.entries(death.plan.statuses ?? {})) await actor.toggleStatusEffect?.(id, { active });
      const context = deathRollCard(
        String(actor.name ?? ""),
        death.faces,
        total,
        death.plan.rounds,
        death.plan.dies,
        localize("OMNIBUS.D6.DeathRoll.Title"),
        actor.img ?? "",
      );
      await postCard({ template: CHECK_CARD, context, actor: actor as never, rolls: [roll as unknown as Roll], rollMode: mode });
    } else await actor.update(update);
    // Surprise covers the ambushers' first action (000:L363): it is over when round 2 starts.
    if (forward && Number(changed.round) >= 2 && actor.statuses?.has("surprised"))
      await actor.toggleStatusEffect?.("surprised", { active: false });
  }
  if (forward && settings.initiativeMode === "perSide" && typeof combat.updateEmbeddedDocuments === "function")
    await rollSideInitiative(combat as CombatLike);
  return seen.size;
}
