/**
 * `wfrp` combat: initiative per the world's mode (003:L279-295), turn order with the digest's ties,
 * and the per-round bookkeeping the rules ask for:
 *  - fixed mode (the default): no roll; a new combatant's initiative is its Initiative, ties to the
 *    higher Agility (003:L281); rolled modes break ties the same way (the test mode by SL, then
 *    Initiative, then Agility — digest §7 item 15);
 *  - at the end of each round (the active GM's client): Ablaze, Bleeding, Poisoned tick
 *    (conditions.ts `endOfRound`), one update per actor and one chat card; Surprised is a timer
 *    (wfrp/timers.ts) that ends with the first round;
 *  - a full tie (same score and Agility) is broken by an opposed Agility test when the combat starts
 *    and after each re-roll; the winner chooses who acts first (003:L281);
 *  - option: initiative re-rolled every round (003:L295);
 *  - a combatant's On the Defensive ends when its next turn starts (digest §7 item 20);
 *  - Advantage is cleared when the combat ends (digest §7 item 18).
 */
import { tieChoiceButtons, type TieGroupState } from "./tie-choice/actions";
import { diceFromRoll, facesFromRoll, type EvaluatedDice } from "../../rules/table/faces";
import { forcedDice } from "../../core/dice";
import { OmnibusError } from "../../core/errors";
import { postCard } from "../chat/cards";
import { publicMode } from "../compat";
import { claimRound } from "../durations";
import {
  endOfRound,
  CONDITIONS,
  MAX_TIE_ROUNDS,
  rankInitiativeTie,
  resolveSurprise,
  rollCombatAware,
  SURPRISE_METHODS,
  type EndOfRoundResult,
  type SurpriseMethod,
  type SurpriseOutcome,
} from "../../rules/wfrp/index";
import { isOmnibusError } from "../i18n";
import type { SurpriseChoice } from "../ruleset";
import { localize } from "../i18n";
import type { CombatHooks } from "../ruleset";
import { templatePath } from "../templates/helpers";
import { bestSkillValue, deriveActor } from "../../rules/wfrp/table/derive";
import { initiativeCharacteristics } from "../../rules/wfrp/table/checks";
import { actorView } from "./documents";
import { currentRules } from "./settings";
import { WfrpInitiativeRoll, initiativeFormula, type WfrpInitiativeOptions } from "./rolls";

export const ROUND_END_CARD = templatePath("wfrp/chat/round-end-card");

interface CombatantLike {
  id?: string | null;
  name?: string | null;
  initiative: number | null;
  actor?: Actor.Implementation | null;
  flags?: Record<string, unknown>;
}

function characteristicsOf(combatant: CombatantLike): { initiative: number; agility: number } {
  return initiativeCharacteristics(combatant.actor ? actorView(combatant.actor) : null);
}

export function initiativeOptions(combatant: CombatantLike): WfrpInitiativeOptions {
  const rules = currentRules();
  return { mode: rules.initiativeMode, ...characteristicsOf(combatant), testOptions: rules.test };
}

/**
 * Turn order: the score (rolled initiative, or the Initiative characteristic when fixed and not yet
 * set) descending; then Initiative (test mode only), then Agility; then name, for a stable order.
 * A combatant without a score goes last.
 */
export function compareCombatants(a: CombatantLike, b: CombatantLike, mode = currentRules().initiativeMode): number {
  return (
    compareScores(a, b, mode) ||
    tieOrderOf(a) - tieOrderOf(b) ||
    (a.name ?? "").localeCompare(b.name ?? "") ||
    (a.id ?? "").localeCompare(b.id ?? "")
  );
}

function scoreOf(c: CombatantLike, mode: string): number | null {
  return c.initiative ?? (mode === "fixed" ? characteristicsOf(c).initiative : null);
}

/** Score, then Initiative (test mode), then Agility (003:L281); 0 = a full tie. */
function compareScores(a: CombatantLike, b: CombatantLike, mode: string): number {
  const ca = characteristicsOf(a);
  const cb = characteristicsOf(b);
  const sa = scoreOf(a, mode);
  const sb = scoreOf(b, mode);
  if (sa === null || sb === null) {
    if (sa !== sb) return sa === null ? 1 : -1;
  } else if (sa !== sb) return sb - sa;
  if (mode === "test" && ca.initiative !== cb.initiative) return cb.initiative - ca.initiative;
  if (ca.agility !== cb.agility) return cb.agility - ca.agility;
  return 0;
}

/** The place an opposed Agility test gave a combatant in its full tie (`flags.omnibus.wfrp.tieOrder`, 0 first). */
function tieOrderOf(c: CombatantLike): number {
  const v = ((c.flags?.omnibus as Record<string, Record<string, unknown>> | undefined)?.wfrp ?? {}).tieOrder;
  return typeof v === "number" && Number.isFinite(v) ? v : Number.MAX_SAFE_INTEGER;
}

/**
 * Combatants still level after the score, Initiative (test mode) and Agility — each group a full
 * tie that an opposed Agility test breaks (003:L281). Combatants without a score are left out.
 */
export function fullTieGroups(combatants: readonly CombatantLike[], mode = currentRules().initiativeMode): CombatantLike[][] {
  const scored = combatants.filter((c) => c.actor && scoreOf(c, mode) !== null).sort((a, b) => compareScores(a, b, mode));
  const groups: CombatantLike[][] = [];
  for (const c of scored) {
    const last = groups[groups.length - 1];
    if (last && compareScores(last[0], c, mode) === 0) last.push(c);
    else groups.push([c]);
  }
  return groups.filter((g) => g.length > 1);
}

/**
 * Breaks each full tie with an opposed Agility test (003:L281): every tied combatant tests Agility
 * (one d100 each, rolled by Foundry); those still level test again. Records each one's place as
 * `flags.omnibus.wfrp.tieOrder` (one update per combatant) and posts one card naming the winner,
 * who chooses who acts first. Returns the order of each group, best first.
 */
export async function settleInitiativeTies(combat: CombatLike): Promise<string[][]> {
  const rules = currentRules();
  const groups = fullTieGroups(combat.combatants.contents, rules.initiativeMode);
  const orders: string[][] = [];
  const rolls: Roll[] = [];
  const lines: Array<{ label: string; value: string }> = [];
  const updates: Array<Record<string, unknown>> = [];
  const tieGroups: TieGroupState[] = [];
  for (const group of groups) {
    const byId = new Map(group.map((c) => [c.id ?? "", c]));
    const settle = async (members: CombatantLike[], depth: number): Promise<string[]> => {
      if (members.length < 2 || depth >= MAX_TIE_ROUNDS) return members.map((c) => c.id ?? "");
      const roll = new Roll(`${members.length}d100`);
      await roll.evaluate();
      rolls.push(roll);
      const faces = diceFromRoll(roll as unknown as EvaluatedDice);
      const tied = members.map((c) => ({ id: c.id ?? "", agility: characteristicsOf(c).agility }));
      const ranked = rankInitiativeTie(
        tied,
        tied.map(() => faces.roll(100)),
        rules.test,
      );
      for (const r of ranked.rolls)
        lines.push({ label: byId.get(r.id)?.name ?? r.id, value: `${r.roll} → ${r.sl >= 0 ? "+" : ""}${r.sl}` });
      const out: string[] = [];
      for (const g of ranked.groups)
        out.push(
          ...(g.length === 1
            ? g
            : await settle(
                g.map((id) => byId.get(id)!),
                depth + 1,
              )),
        );
      return out;
    };
    const order = await settle(group, 0);
    orders.push(order);
    order.forEach((id, i) => updates.push({ _id: id, "flags.omnibus.wfrp.tieOrder": i }));
    const winner = byId.get(order[0])?.name ?? "";
    lines.push({ label: "OMNIBUS.WFRP.InitiativeTie.Winner", value: winner });
    tieGroups.push({
      members: order.map((id) => ({
        id,
        uuid: (byId.get(id) as { uuid?: string } | undefined)?.uuid ?? "",
        name: byId.get(id)?.name ?? "",
        actorUuid: byId.get(id)?.actor?.uuid ?? null,
      })),
    });
  }
  if (updates.length === 0) return orders;
  await combat.updateEmbeddedDocuments?.("Combatant", updates);
  await postCard({
    template: templatePath("chat/check-card"),
    // The winner chooses who acts first (003:L281; src/foundry/wfrp/tie-choice/actions.ts).
    context: {
      title: localize("OMNIBUS.WFRP.InitiativeTie.Title"),
      subtitle: localize("OMNIBUS.WFRP.InitiativeTie.Subtitle"),
      lines,
      buttons: tieChoiceButtons(tieGroups),
    },
    flags: { initiativeTie: { groups: tieGroups } },
    rolls,
    rollMode: publicMode(),
  });
  return orders;
}

type StatusActor = { statuses?: Set<string>; toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> };

/** The combat's record that surprise was determined (Combat Aware then tested already). */
const surpriseFlagOf = (combat: { flags?: Record<string, unknown> }) => ((combat.flags?.omnibus ?? {}) as Record<string, unknown>).surprise;

/**
 * Runs the pure `resolveSurprise` on Foundry's dice, one d100 at a time: it is run again with one
 * more face whenever it asks for a die it has not got, so exactly the dice it uses are rolled
 * (how many depends on the results: Combat Aware tests only the would-be Surprised).
 */
async function resolveWithFoundryDice<T>(resolve: (faces: number[]) => T): Promise<{ result: T; rolls: Roll[] }> {
  const faces: number[] = [];
  const rolls: Roll[] = [];
  for (;;) {
    try {
      return { result: resolve(faces), rolls };
    } catch (error) {
      if (!isOmnibusError(error) || error.code !== "facesExhausted" || faces.length >= 400) throw error;
    }
    const roll = new Roll("1d100");
    await roll.evaluate();
    rolls.push(roll);
    const got = facesFromRoll(roll as unknown as EvaluatedDice).map((f) => f.face);
    if (got.length === 0) throw new OmnibusError("diceMismatch", "a d100 roll gave no face", { sides: "100" });
    faces.push(...got);
  }
}

/**
 * Surprise at the start of the fight (003:L269, L301–325), from the GM's dialog: the ambushers'
 * Stealth, each target's Perception and Combat Aware talent go to the pure `resolveSurprise` with
 * the chosen method; each target it leaves Surprised gains the Surprised Condition (its status),
 * the others lose it; one card shows the tests. The combat records it, so Combat Aware is not
 * tested a second time when the combat starts.
 */
export async function determineSurprise(combat: CombatLike, choice: SurpriseChoice): Promise<Array<{ id: string; surprised: boolean }>> {
  const rules = currentRules();
  const byId = new Map(combat.combatants.contents.map((c) => [c.id ?? "", c]));
  const facts = (id: string) => {
    const actor = byId.get(id)?.actor;
    if (!actor) return null;
    const view = actorView(actor);
    const d = deriveActor(view.system, view.items, view.statuses);
    return {
      stealth: bestSkillValue(d, view.items, "stealth")?.value ?? d.characteristics.ag.current,
      perception: bestSkillValue(d, view.items, "perception")?.value ?? d.characteristics.i.current,
      combatAware: view.items.some((i) => i.type === "wfrp_talent" && i.system.key === "combatAware"),
    };
  };
  const method = (SURPRISE_METHODS as readonly string[]).includes(String(choice.options.method))
    ? (choice.options.method as SurpriseMethod)
    : "ambush";
  const ambusherStealth = choice.ambushers
    .map(facts)
    .filter((f) => f !== null)
    .map((f) => f.stealth);
  const observers = choice.targets.flatMap((id) => {
    const f = facts(id);
    return f ? [{ id, perception: f.perception, combatAware: f.combatAware }] : [];
  });
  const request = { method, detectable: choice.options.detectable === true, ambusherStealth, observers };
  const { result, rolls } = await resolveWithFoundryDice<SurpriseOutcome>((faces) =>
    resolveSurprise(forcedDice(faces), request, rules.test, rules.opposed),
  );
  for (const o of result.observers) {
    const actor = byId.get(o.id)?.actor as unknown as StatusActor | undefined;
    if (!actor?.toggleStatusEffect || (actor.statuses?.has("surprised") ?? false) === o.surprised) continue;
    await actor.toggleStatusEffect("surprised", { active: o.surprised });
  }
  await combat.update?.({ "flags.omnibus.surprise": { method } });
  const sl = (t: { roll: number; slLabel: string }) => `${t.roll} (${t.slLabel})`;
  const lines: Array<{ label: string; value: string } | { name: string; value: string }> = [];
  if (result.stealthTest) lines.push({ label: "OMNIBUS.WFRP.Surprise.Stealth", value: sl(result.stealthTest) });
  for (const o of result.observers) {
    const parts: string[] = [];
    if (o.spot)
      parts.push(
        "defender" in o.spot
          ? `${localize("OMNIBUS.WFRP.Surprise.Stealth")} ${sl(o.spot.attacker)} · ${localize("OMNIBUS.WFRP.Surprise.Perception")} ${sl(o.spot.defender)}`
          : `${localize("OMNIBUS.WFRP.Surprise.Perception")} ${sl(o.spot)}`,
      );
    if (o.combatAware) parts.push(`${localize("OMNIBUS.WFRP.CombatAware.Title")} ${sl(o.combatAware)}`);
    parts.push(localize(o.surprised ? "OMNIBUS.WFRP.CombatAware.StillSurprised" : "OMNIBUS.WFRP.CombatAware.NotSurprised"));
    lines.push({ name: byId.get(o.id)?.name ?? o.id, value: parts.join(" — ") });
  }
  await postCard({
    template: templatePath("chat/check-card"),
    context: { title: localize("OMNIBUS.WFRP.Surprise.Title"), subtitle: localize(`OMNIBUS.WFRP.Surprise.Method.${method}`), lines },
    rolls,
    rollMode: publicMode(),
  });
  return result.observers.map((o) => ({ id: o.id, surprised: o.surprised }));
}

export const wfrpCombat: CombatHooks = {
  initiativeRoll(combatant) {
    const options = initiativeOptions(combatant as unknown as CombatantLike);
    return new WfrpInitiativeRoll(initiativeFormula(options), {}, options as never) as unknown as Roll;
  },
  compare: (a, b) => compareCombatants(a as unknown as CombatantLike, b as unknown as CombatantLike),
  surprise: {
    fields: [
      {
        name: "method",
        label: "OMNIBUS.WFRP.Surprise.MethodLabel",
        choices: Object.fromEntries(SURPRISE_METHODS.map((m) => [m, `OMNIBUS.WFRP.Surprise.Method.${m}`])),
      },
      { name: "detectable", label: "OMNIBUS.WFRP.Surprise.Detectable" },
    ],
    determine: (combat, choice) => determineSurprise(combat as unknown as CombatLike, choice),
  },
};

function isActiveGM(): boolean {
  return Boolean(game.user?.isGM && game.users?.activeGM?.id === game.user.id);
}

interface CombatLike {
  combatants: { contents: CombatantLike[] };
  flags?: Record<string, unknown>;
  updateEmbeddedDocuments?(type: "Combatant", updates: Array<Record<string, unknown>>): Promise<unknown>;
  resetAll?(): Promise<unknown>;
  rollAll?(options?: Record<string, unknown>): Promise<unknown>;
  update?(data: Record<string, unknown>): Promise<unknown>;
}

/** End-of-round Condition effects for one actor: rolls 1d10 for Ablaze, plans ONE update. */
export async function endOfRoundFor(
  actor: Actor.Implementation,
): Promise<{ result: EndOfRoundResult; update: Record<string, unknown>; roll: Roll | null } | null> {
  const view = actorView(actor);
  const d = deriveActor(view.system, view.items, view.statuses);
  const c = d.conditions;
  // Surprised is a timer of its own (wfrp/timers.ts): it ends when the next round begins, and the
  // pure end-of-round step leaves it as it is, so a change of it never comes from here.
  if (!c.ablaze && !c.bleeding && !c.poisoned) return null;
  let roll: Roll | null = null;
  if (c.ablaze) {
    roll = new Roll("1d10");
    await roll.evaluate();
  }
  const dice = diceFromRoll((roll ?? { dice: [] }) as unknown as EvaluatedDice);
  const health = (view.system.health ?? {}) as { value?: number };
  const result = endOfRound(dice, {
    conditions: c,
    wounds: Math.max(0, health.value ?? 0),
    toughnessBonus: d.characteristics.t.bonus,
    armourPoints: d.armour.body,
  });
  const update: Record<string, unknown> = { "system.health.value": result.wounds };
  for (const id of CONDITIONS) {
    const stored = ((view.system.conditions ?? {}) as Record<string, number>)[id] ?? 0;
    const next = result.conditions[id] ?? 0;
    if (next !== stored) update[`system.conditions.${id}`] = next;
  }
  if (result.wounds < (health.value ?? 0)) update["system.advantage"] = 0;
  return { result, update, roll };
}

async function onRoundEnd(combat: CombatLike): Promise<void> {
  const rows: Array<Record<string, unknown>> = [];
  const rolls: Roll[] = [];
  for (const combatant of combat.combatants.contents) {
    const actor = combatant.actor;
    if (!actor) continue;
    const tick = await endOfRoundFor(actor);
    if (!tick) continue;
    await actor.update(tick.update as never);
    if (tick.result.conditions.unconscious)
      await (actor as unknown as { toggleStatusEffect(id: string, o: { active: boolean }): Promise<unknown> }).toggleStatusEffect(
        "unconscious",
        { active: true },
      );
    if (tick.roll) rolls.push(tick.roll);
    rows.push({
      name: actor.name,
      img: actor.img,
      ...tick.result,
      lost: tick.result.woundsLost.ablaze + tick.result.woundsLost.bleeding + tick.result.woundsLost.poisoned,
    });
  }
  if (rows.length > 0) await postCard({ template: ROUND_END_CARD, context: { rows }, rolls, rollMode: publicMode() });
}

/**
 * When the combat starts, each Surprised combatant with Combat Aware (Бдительность) makes a
 * Challenging (+0) Perception test and is no longer Surprised on a success (003:L321–325: Tollich,
 * Perception 41, rolls 23). One d100 each (Foundry's dice); one update per actor that shakes it off;
 * one card for them all. Returns who tested and whether each is still Surprised.
 */
export async function combatAwareAtStart(combat: CombatLike): Promise<Array<{ name: string; roll: number; surprised: boolean }>> {
  const rules = currentRules();
  const out: Array<{ name: string; roll: number; surprised: boolean }> = [];
  const rolls: Roll[] = [];
  for (const combatant of combat.combatants.contents) {
    const actor = combatant.actor;
    if (!actor) continue;
    const view = actorView(actor);
    const d = deriveActor(view.system, view.items, view.statuses);
    if (!d.conditions.surprised) continue;
    if (!view.items.some((i) => i.type === "wfrp_talent" && i.system.key === "combatAware")) continue;
    const perception = bestSkillValue(d, view.items, "perception")?.value ?? d.characteristics.i.current;
    const roll = new Roll("1d100");
    await roll.evaluate();
    rolls.push(roll);
    const test = rollCombatAware(diceFromRoll(roll as unknown as EvaluatedDice), perception, rules.test);
    out.push({ name: actor.name ?? "", roll: test.test.roll, surprised: test.surprised });
    if (test.surprised) continue;
    if ((((view.system.conditions ?? {}) as Record<string, number>).surprised ?? 0) > 0)
      await actor.update({ "system.conditions.surprised": 0 } as never);
    const a = actor as unknown as { statuses?: Set<string>; toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> };
    if (a.statuses?.has("surprised")) await a.toggleStatusEffect?.("surprised", { active: false });
  }
  if (out.length === 0) return out;
  await postCard({
    template: templatePath("chat/check-card"),
    context: {
      title: localize("OMNIBUS.WFRP.CombatAware.Title"),
      subtitle: localize("OMNIBUS.WFRP.CombatAware.Subtitle"),
      lines: out.map((o) => ({
        name: o.name,
        value: `${o.roll} — ${localize(o.surprised ? "OMNIBUS.WFRP.CombatAware.StillSurprised" : "OMNIBUS.WFRP.CombatAware.NotSurprised")}`,
      })),
    },
    rolls,
    rollMode: publicMode(),
  });
  return out;
}

/** Registers the per-round hooks (called once, at ready). */
export function registerCombatHooks(): void {
  Hooks.on("combatTurnChange", (async (
    combat: CombatLike,
    prior: { round: number },
    current: { round: number; combatantId: string | null },
  ) => {
    if (!isActiveGM()) return;
    const rules = currentRules();
    // A round's end (Conditions, 003:L275) is done once: a round revisited does nothing.
    if (current.round > prior.round && prior.round > 0 && (await claimRound(combat, "wfrpEndOfRound", prior.round))) {
      if (rules.endOfRound) await onRoundEnd(combat);
      if (rules.initiativeEachRound && rules.initiativeMode !== "fixed" && combat.resetAll && combat.rollAll) {
        await combat.resetAll();
        await combat.rollAll({ updateTurn: false });
        await settleInitiativeTies(combat);
        await combat.update?.({ turn: 0 });
      }
    }
    const starting = combat.combatants.contents.find((c) => c.id === current.combatantId);
    const actor = starting?.actor;
    if (actor && (actor.system as unknown as { onTheDefensive?: string }).onTheDefensive)
      await actor.update({ "system.onTheDefensive": "" } as never);
  }) as never);
  // Full initiative ties are broken by an opposed Agility test when the combat starts (003:L281).
  Hooks.on("combatStart", (async (combat: CombatLike) => {
    if (!isActiveGM()) return;
    // Determined from the tracker's surprise dialog: Combat Aware was tested there (003:L325).
    if (!surpriseFlagOf(combat)) await combatAwareAtStart(combat);
    await settleInitiativeTies(combat);
  }) as never);
  Hooks.on("deleteCombat", (async (combat: CombatLike) => {
    if (!isActiveGM()) return;
    for (const c of combat.combatants.contents) {
      const actor = c.actor;
      if (actor && ((actor.system as unknown as { advantage?: number }).advantage ?? 0) > 0)
        await actor.update({ "system.advantage": 0 } as never);
    }
  }) as never);
  Hooks.on("preCreateCombatant", ((combatant: CombatantLike & { updateSource(d: Record<string, unknown>): void }) => {
    if (currentRules().initiativeMode !== "fixed" || (combatant.initiative !== null && combatant.initiative !== undefined)) return;
    combatant.updateSource({ initiative: characteristicsOf(combatant).initiative });
  }) as never);
}
