/**
 * The Silhouette `checks` handler: builds requests from documents (skills, weapons, defenses),
 * computes the odds through src/core, rolls a SilhouetteRoll and posts the card.
 */
import { OmnibusError } from "../../core/errors";
import { readCheckFaces, burst as burstRules } from "../../rules/silhouette/index";
import { postCard } from "../chat/cards";
import { requestChatAction } from "../chat/actions";
import { facesFromRoll } from "../dice/faces";
import { localize } from "../i18n";
import type { CheckHandler, CheckRequest, CheckSource, CheckValues, TargetInfo } from "../ruleset";
import { templatePath } from "../templates/helpers";
import { attackCardState, cardContext, findStrike, skillCardState, type CardState, type DefenseSummary } from "./card";
import { deriveCharacter, skillFor, SKILL_KEYS, type CharacterDerived, type ItemLike, type SkillKey, type WeaponCategory, type WeaponSkill } from "./data";
import { tokenMovedThisRound, currentRound } from "./movement";
import {
  attackRequest,
  autoMovementMode,
  checkOdds,
  defenseRequest,
  planDefense,
  planPool,
  skillLabel,
  skillRequest,
  thresholdOf,
  type ActorFacts,
  type AttackCheckData,
  type DefenseCheckData,
  type TargetFacts,
  type WeaponFacts,
} from "./requests";
import { SilhouetteRoll } from "./roll";
import { silhouetteOptions } from "./settings";

export const CARD_TEMPLATE = templatePath("silhouette/chat/check");
export const CARD_FLAG = "silhouette";
export const FREE_STRIKE_FLAG = "silhouetteFreeStrike";
export const DEFENDED_FLAG = "silhouetteDefended";

/** The loose view of a Silhouette actor this module reads. */
export interface ActorLike {
  uuid: string;
  name: string | null;
  img: string | null;
  type: string;
  system: Record<string, unknown> & { derived?: CharacterDerived };
  items: { contents: ItemLike[]; get(id: string): (ItemLike & { uuid?: string; img?: string | null; update?(d: Record<string, unknown>): Promise<unknown> }) | undefined };
  statuses?: Set<string>;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
  getFlag?(scope: string, key: string): unknown;
  setFlag?(scope: string, key: string, value: unknown): Promise<unknown>;
  testUserPermission?(user: unknown, level: string): boolean;
}

export function derivedOf(actor: ActorLike): CharacterDerived {
  const options = silhouetteOptions();
  return actor.system.derived ?? deriveCharacter(actor.system as never, actor.items.contents, { rounding: options.movementRounding, lightWoundMax: options.lightWoundMax });
}

function actorToken(actor: ActorLike, tokenUuid?: string | null): unknown {
  if (tokenUuid) {
    const token = fromUuidSync(tokenUuid as never) as unknown;
    if (token) return token;
  }
  const tokens = actor.getActiveTokens?.(true, true) ?? [];
  return tokens[0] ?? null;
}

/** The facts a check needs about an actor. */
export function actorFacts(actor: ActorLike, tokenUuid?: string | null): ActorFacts {
  const derived = derivedOf(actor);
  const options = silhouetteOptions();
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    img: actor.img ?? "",
    skills: derived.skills,
    movement: derived.movement,
    maxSpeed: derived.maxSpeed,
    movedThisRound: options.autoMovement ? tokenMovedThisRound(actorToken(actor, tokenUuid) as never) : null,
    prone: actor.statuses?.has("prone") ?? false,
    balancing: derived.balancingPenalty,
  };
}

function weaponFacts(item: ItemLike & { uuid?: string; img?: string | null }): WeaponFacts {
  const s = item.system as Record<string, unknown>;
  const ranges = (s.ranges ?? {}) as Record<string, number>;
  return {
    uuid: item.uuid ?? "",
    name: item.name,
    img: item.img ?? "",
    category: (s.category as WeaponCategory) ?? "ranged",
    skill: (s.skill as WeaponSkill) ?? "firearms",
    damageMultiplier: Number(s.damageMultiplier ?? 0),
    accuracy: Number(s.accuracy ?? 0),
    rof: Number(s.rof ?? 0),
    ranges: { base: Number(ranges.base ?? 0), medium: Number(ranges.medium ?? 0), long: Number(ranges.long ?? 0), extreme: Number(ranges.extreme ?? 0) },
  };
}

function defenseSkillsOf(actor: ActorLike): DefenseCheckData["skills"] {
  const rows = derivedOf(actor).skills;
  const out: DefenseCheckData["skills"] = {};
  for (const key of ["defense", "handToHand", "melee"] as const) {
    const row = skillFor(rows, key);
    out[key] = { level: row?.level ?? 0, attribute: row?.attributeModifier ?? 0 };
  }
  return out;
}

function targetFacts(target: TargetInfo, attackKind: "ranged" | "melee"): TargetFacts | null {
  const actor = target.actorUuid ? (fromUuidSync(target.actorUuid as never) as unknown as ActorLike | null) : null;
  if (!actor || !String(actor.type).startsWith("silhouette_")) return null;
  const skills = defenseSkillsOf(actor);
  // The odds use Defense (dodging), the skill every attack allows (004:L67, L91).
  void attackKind;
  const facts = actorFacts(actor, target.tokenUuid);
  return { defenseDice: skills.defense?.level ?? 0, defenseAttribute: skills.defense?.attribute ?? 0, movement: autoMovementMode(facts) };
}

function asActor(actor: unknown): ActorLike {
  const a = actor as ActorLike | null;
  if (!a || !String(a.type).startsWith("silhouette_")) throw new OmnibusError("badArgument", "a Silhouette check needs a Silhouette actor", { name: "actor", value: String(a?.type ?? "") });
  return a;
}

function skillTitle(name: string, level: number, attribute: number): string {
  const attr = attribute === 0 ? "" : attribute > 0 ? ` +${attribute}` : ` \u2212${-attribute}`;
  return `${name} (${level}${attr})`;
}

async function buildRequest(source: CheckSource): Promise<CheckRequest | null> {
  const actor = asActor(source.actor);
  const facts = actorFacts(actor);
  const itemId = source.dataset.itemId ?? source.item?.id ?? "";
  const item = (source.item as unknown as (ItemLike & { uuid?: string; img?: string }) | null) ?? (itemId ? actor.items.get(itemId) : undefined) ?? null;
  if (source.kind === "defense") return buildDefense(actor, facts, source.dataset);
  if (item?.type === "silhouette_weapon" || source.kind === "attack") {
    if (!item || item.type !== "silhouette_weapon") throw new OmnibusError("badArgument", "an attack needs a weapon", { name: "item", value: itemId });
    const weapon = weaponFacts(item);
    const kind = weapon.category === "melee" ? "melee" : "ranged";
    const data = attackRequest(facts, weapon, source.targets, source.targets.map((t) => targetFacts(t, kind)), "");
    const d = data.data as unknown as AttackCheckData;
    data.title = `${weapon.name} — ${skillTitle(localize(d.skillName === weapon.skill ? skillLabel(weapon.skill) : d.skillName), d.skillLevel, d.attributeModifier)}`;
    return data;
  }
  if (item?.type === "silhouette_skill") {
    const row = facts.skills.find((r) => r.id === item.id);
    if (!row) return null;
    return skillRequest(facts, row, source.targets, skillTitle(row.name, row.level, row.attributeModifier));
  }
  const key = source.dataset.skill as SkillKey | undefined;
  if (key && (SKILL_KEYS as readonly string[]).includes(key)) {
    const row = skillFor(facts.skills, key);
    if (row) return skillRequest(facts, row, source.targets, skillTitle(row.name, row.level, row.attributeModifier));
    const name = localize(skillLabel(key));
    return skillRequest(facts, { key, name }, source.targets, `${name} (${localize("OMNIBUS.Silhouette.Untrained")})`);
  }
  throw new OmnibusError("badArgument", "nothing to roll", { name: "check", value: source.kind });
}

function messageState(messageId: string): { message: ChatMessage.Implementation; state: CardState } {
  const message = game.messages?.get(messageId) as ChatMessage.Implementation | undefined;
  const state = (message?.flags as Record<string, Record<string, unknown>> | undefined)?.omnibus?.[CARD_FLAG] as CardState | undefined;
  if (!message || !state) throw new OmnibusError("badArgument", "no Silhouette card", { name: "message", value: messageId });
  return { message, state };
}

function buildDefense(actor: ActorLike, facts: ActorFacts, dataset: Record<string, string>): CheckRequest {
  const { state } = messageState(dataset.messageId ?? "");
  const { target, strike } = findStrike(state, dataset.strikeKey ?? "");
  if (strike.outcome) throw new OmnibusError("badArgument", "this strike is already decided", { name: "strike", value: strike.key });
  const { combatId, round } = currentRound();
  const record = actor.getFlag?.("omnibus", DEFENDED_FLAG) as { combatId: string | null; round: number; count: number } | undefined;
  const already = record && record.combatId === combatId && record.round === round ? record.count : 0;
  const data: DefenseCheckData = {
    messageId: dataset.messageId,
    targetKey: target.key,
    strikeKey: strike.key,
    attackKind: state.attack!.attackKind,
    attackTotal: strike.attackTotal,
    freeStrike: state.attack!.freeStrike,
    attackerIndex: combatId === null ? 1 : already + 1,
    skills: defenseSkillsOf(actor),
  };
  return defenseRequest(facts, data, localize("OMNIBUS.Silhouette.Card.DefenseTitle", { name: target.name }), localize("OMNIBUS.Silhouette.Card.AgainstAttack", { name: state.attack!.weaponName, total: strike.attackTotal }));
}

function rulesFor(ignoreMishap: boolean) {
  const options = silhouetteOptions();
  return { options, rules: ignoreMishap ? { ...options.check, fumbleRule: "never" as const } : options.check };
}

async function showDice(roll: SilhouetteRoll): Promise<void> {
  const dice3d = (game as unknown as { dice3d?: { showForRoll(r: unknown, u: unknown, sync: boolean): Promise<unknown> } }).dice3d;
  if (dice3d) await dice3d.showForRoll(roll, game.user, true);
}

async function rollCheckOrAttack(request: CheckRequest, values: CheckValues, rollMode: string): Promise<unknown> {
  const actor = asActor(fromUuidSync(request.actorUuid as never));
  const { options, rules } = rulesFor(false);
  const plan = planPool(request, values, options);
  const data = request.data as unknown as AttackCheckData;
  const { combatId, round } = currentRound();
  // One free strike per round (004:L19).
  if (plan.freeStrike && combatId !== null) {
    const used = actor.getFlag?.("omnibus", FREE_STRIKE_FLAG) as { combatId: string; round: number } | undefined;
    if (used && used.combatId === combatId && used.round === round) throw new OmnibusError("rollImpossible", "one free strike per round", { name: "freeStrike", value: round });
  }
  // Ammunition: 5 rounds per ROF of a burst (004:L98), else one; refused when short, nothing spent.
  let ammoUpdate: (() => Promise<unknown>) | null = null;
  if (request.kind === "attack" && data.weapon && data.attackKind === "ranged") {
    const item = actor.items.get(String(request.itemUuid ?? "").split(".").pop() ?? "");
    const ammo = (item?.system as { ammo?: { value: number; max: number } } | undefined)?.ammo;
    if (item && ammo && ammo.max > 0) {
      const need = plan.burstRof > 0 ? burstRules(plan.burstRof, data.weapon.rof).ammo : 1;
      if (ammo.value < need) throw new OmnibusError("rollImpossible", `needs ${need} rounds, ${ammo.value} loaded`, { name: "ammo", value: ammo.value });
      ammoUpdate = () => item.update!({ "system.ammo.value": ammo.value - need });
    }
  }
  const { threshold, opposed } = request.kind === "skill" || request.targets.length === 0 ? thresholdOf(values) : { threshold: null, opposed: false };
  const roll = SilhouetteRoll.forCheck({ dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier, threshold, opposed }, plan.ignoreMishap ? { ...rules, fumbleRule: "never" } : rules);
  await roll.evaluate();
  const outcome = roll.outcome;
  if (!outcome || outcome.kind !== "check") throw new OmnibusError("diceMismatch", "no outcome", {});
  const subtitle = localize(`OMNIBUS.Silhouette.Movement.${plan.movement}`);
  const state = request.kind === "attack" ? attackCardState(request, values, plan, outcome, subtitle, options) : skillCardState(request, values, plan, outcome, subtitle);
  if (ammoUpdate) await ammoUpdate();
  if (plan.freeStrike && combatId !== null) await actor.setFlag?.("omnibus", FREE_STRIKE_FLAG, { combatId, round });
  return postCard({ template: CARD_TEMPLATE, context: cardContext(state) as never, actor: actor as never, rolls: [roll as never], rollMode, flags: { [CARD_FLAG]: state } });
}

async function rollDefense(request: CheckRequest, values: CheckValues): Promise<unknown> {
  const data = request.data as unknown as DefenseCheckData;
  const actor = asActor(fromUuidSync(request.actorUuid as never));
  const { rules } = rulesFor(false);
  const plan = planDefense(request, values);
  const roll = SilhouetteRoll.forCheck({ dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier }, rules);
  await roll.evaluate();
  await showDice(roll);
  const { message } = messageState(data.messageId);
  const payload: Record<string, string> = {
    key: data.strikeKey,
    dice: String(plan.dice),
    untrained: String(plan.untrained),
    modifier: String(plan.modifier),
    skill: plan.skill,
    lines: JSON.stringify(plan.lines),
    defender: actor.name ?? "",
    defenderUuid: actor.uuid,
    roll: JSON.stringify(roll.toJSON()),
  };
  const ok = await requestChatAction(message, "recordDefense", payload);
  if (ok) {
    const { combatId, round } = currentRound();
    if (combatId !== null) {
      const record = actor.getFlag?.("omnibus", DEFENDED_FLAG) as { combatId: string; round: number; count: number } | undefined;
      const count = record && record.combatId === combatId && record.round === round ? record.count + 1 : 1;
      await actor.setFlag?.("omnibus", DEFENDED_FLAG, { combatId, round, count });
    }
  }
  return ok;
}

/** Every d6 face of a serialized Roll (its terms' results, in order). */
export function facesOfRollJson(json: string): number[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new OmnibusError("badArgument", "the defense roll is not readable", { name: "roll", value: "" });
  }
  const terms = (data as { terms?: unknown })?.terms;
  if (!Array.isArray(terms)) throw new OmnibusError("badArgument", "the defense roll has no dice", { name: "roll", value: "" });
  return facesFromRoll({ dice: terms.filter((t) => Array.isArray((t as { results?: unknown }).results)) as never }).map((f) => f.face);
}

/** The GM-side re-reading of a defense: the faces must make the roll the payload claims. */
export function defenseFromPayload(payload: Record<string, string>): DefenseSummary {
  const dice = Number(payload.dice);
  const modifier = Number(payload.modifier);
  const faces = facesOfRollJson(payload.roll ?? "");
  const options = silhouetteOptions();
  const roll = readCheckFaces({ dice, untrained: payload.untrained === "true", modifier }, faces, options.check);
  let lines: DefenseSummary["lines"] = [];
  try {
    const parsed = JSON.parse(payload.lines ?? "[]") as unknown;
    if (Array.isArray(parsed)) lines = parsed.filter((l) => typeof l?.label === "string" && l.label.startsWith("OMNIBUS.") && Number.isInteger(l?.value)).map((l) => ({ label: l.label, value: l.value }));
  } catch {
    lines = [];
  }
  return {
    faces: roll.faces,
    poolSize: roll.poolSize,
    untrained: roll.untrained,
    best: roll.best,
    extraSixes: roll.extraSixes,
    result: roll.result,
    fumble: roll.fumble,
    modifier: roll.modifier,
    total: roll.total,
    skill: ["defense", "handToHand", "melee"].includes(payload.skill ?? "") ? payload.skill! : "defense",
    lines,
    defenderName: String(payload.defender ?? "").slice(0, 200),
  };
}

export const silhouetteChecks: CheckHandler = {
  build: buildRequest,
  odds(request, values) {
    return checkOdds(request, values, silhouetteOptions());
  },
  async roll(request, values, { rollMode }) {
    if (request.kind === "defense") return rollDefense(request, values);
    return rollCheckOrAttack(request, values, rollMode);
  },
};
