/**
 * `wfrp` checks as plain data (no Foundry global): the roll dialog's request for a characteristic
 * test, a skill test or an attack, the test specs its values give (per target for attacks), and the
 * exact odds the dialog shows. The adapter (adapter.ts) feeds these from Foundry documents; the
 * gallery and the tests feed them sample data.
 */
import { toYards, wholeOr } from "../../../core/units";
import { OmnibusError, refused } from "../../../core/errors";
import { checkEffectTotal } from "../../../core/effects";
import {
  CHARACTERISTICS,
  DIFFICULTIES,
  SKILLS,
  UNASSISTED_TESTS,
  assistance,
  characteristicBonus,
  extendedStep,
  type UnassistedTest,
  RANGE_BAND_DIFFICULTY,
  attackBonusAgainst,
  combatTestModifiers,
  conditionTestModifier,
  opposedOdds,
  rangeBand,
  testOdds,
  turnAllowance,
  weaponTestAdjustments,
  OUTCOMES,
  type CharacteristicId,
  type ConditionId,
  type Difficulty,
  type RangeBand,
  type TestSpec,
  type Weapon,
} from "../index";
import type { CheckField, CheckValues, KindRequest, OddsLine, PlainActor, TargetInfo } from "../../table/types";
import {
  bestSkillValue,
  deriveActor,
  skillRows,
  talentModifiers,
  weaponOf,
  type DerivedActor,
  type PlainItem,
  type SkillRow,
} from "./derive";
import { itemNames } from "../../table/names";
import type { WfrpRules } from "./settings";

/** An actor as plain data (the shared shape). */
export type ActorView = PlainActor<PlainItem>;

/** A target: the plumbing's TargetInfo plus, when known, the target actor's data. */
export interface TargetView extends TargetInfo {
  actor?: ActorView | null;
}

export type Translate = (key: string, data?: Record<string, string | number>) => string;

/** What the request carries for rolling (plain data, in `request.data`). */
/** An extended test tracker's state as the request carries it. */
export interface ExtendedTracker {
  skill: string;
  characteristic: CharacteristicId;
  difficulty: Difficulty;
  requiredSL: number;
  accumulated: number;
  rollsMade: number;
  /** 0 = no limit. */
  maxRolls: number;
  status: "inProgress" | "complete" | "failed";
}

/** A tracker item's system read defensively (bad stored values fall back to the schema's initial values). */
export function extendedTracker(item: PlainItem): ExtendedTracker {
  const s = item.system;
  const intIn = (v: unknown, min: number, max: number, fallback: number) =>
    typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
  return {
    skill: typeof s.skill === "string" && SKILLS.some((k) => k.id === s.skill) ? s.skill : "",
    characteristic: (CHARACTERISTICS as readonly unknown[]).includes(s.characteristic) ? (s.characteristic as CharacteristicId) : "int",
    difficulty: (DIFFICULTIES as readonly unknown[]).includes(s.difficulty) ? (s.difficulty as Difficulty) : "challenging",
    requiredSL: intIn(s.requiredSL, 1, 999, 5),
    accumulated: intIn(s.accumulated, 0, 9999, 0),
    rollsMade: intIn(s.rollsMade, 0, 999, 0),
    maxRolls: intIn(s.maxRolls, 0, 999, 0),
    status: s.status === "complete" || s.status === "failed" ? s.status : "inProgress",
  };
}

/**
 * An extended test's tracker after one roll: the total through the pure rules' `extendedStep`
 * (never below 0, 003:L209; with the 0-SL option a success adds at least +1, a failure at least −1,
 * 003:L219), one more roll made, and the status — complete once the total reaches the required SL,
 * out of time when the GM's roll limit is used up (003:L211).
 */
export function extendedAfterRoll(
  tracker: ExtendedTracker,
  result: { success: boolean; sl: number },
  zeroSLCounts: boolean,
): Pick<ExtendedTracker, "accumulated" | "rollsMade" | "status"> & { added: number } {
  const accumulated = Math.min(9999, extendedStep(tracker.accumulated, result, { zeroSLCounts }));
  const rollsMade = Math.min(999, tracker.rollsMade + 1);
  const status =
    accumulated >= tracker.requiredSL ? "complete" : tracker.maxRolls > 0 && rollsMade >= tracker.maxRolls ? "failed" : "inProgress";
  return { accumulated, rollsMade, status, added: accumulated - tracker.accumulated };
}

/** The Initiative and Agility a combatant's initiative rolls with (an actor-less combatant: 0, 0). */
export function initiativeCharacteristics(actor: Pick<ActorView, "system" | "items" | "statuses"> | null): {
  initiative: number;
  agility: number;
} {
  if (!actor) return { initiative: 0, agility: 0 };
  const d = deriveActor(actor.system, actor.items, actor.statuses ?? []);
  return { initiative: d.characteristics.i.current, agility: d.characteristics.ag.current };
}

export interface WfrpCheckData {
  kind: "characteristic" | "skill" | "attack" | "extended";
  /** The allies the dialog offers as helpers (003:L221-237). */
  helperCandidates?: HelperCandidate[];
  /** The tested characteristic's current value (its Bonus caps the helpers, 003:L237). */
  characteristicValue?: number;
  /** An extended test's tracker (kind "extended"). */
  extended?: ExtendedTracker & { itemId: string };
  /** The value tested (skill total or characteristic), before difficulty. */
  value: number;
  characteristic: CharacteristicId;
  /** The rules' skill id, if a skill. */
  skill?: string;
  /** What an opposed card records as tested: "skill:<id>" / "char:<id>" (null for a custom skill). */
  tested?: string | null;
  /** Talents' SL bonus on success. */
  successBonus: number;
  combat: boolean;
  weapon?: Weapon & { name: string; itemId: string; img: string };
  strengthBonus: number;
  /** For attacks: each target's Conditions (for their attack bonus) and measured yards. */
  targets: Array<{
    yards: number | null;
    band: RangeBand | null;
    outOfRange: boolean;
    conditions: Partial<Record<ConditionId, number>>;
    defence: number | null;
    canDefend?: boolean;
    detail?: string;
  }>;
}

/** What a kind of test brings to the shared dialog, odds and card, so that no shared code branches on the kind. */
export interface WfrpKindTraits {
  /** An attack: `system.bonuses.attack` counts, the weapon's options (charging, a ranged Dodge) and its odds lines. */
  attack: boolean;
  /** Allies may help (003:L221-239) — outside combat. */
  assisted: boolean;
  /** At targeted tokens it becomes an Opposed Test (003:L185-199) unless unticked. */
  opposable: boolean;
  /** The roll's SL goes to an extended test's tracker (003:L209). */
  extended: boolean;
}

const KIND_TRAITS: Record<WfrpCheckData["kind"], WfrpKindTraits> = {
  characteristic: { attack: false, assisted: true, opposable: true, extended: false },
  skill: { attack: false, assisted: true, opposable: true, extended: false },
  attack: { attack: true, assisted: false, opposable: false, extended: false },
  extended: { attack: false, assisted: true, opposable: false, extended: true },
};

/** The traits of a kind of test (an unknown kind has none). */
export function wfrpKindTraits(kind: string): WfrpKindTraits {
  return Object.hasOwn(KIND_TRAITS, kind)
    ? KIND_TRAITS[kind as WfrpCheckData["kind"]]
    : { attack: false, assisted: false, opposable: false, extended: false };
}

/**
 * The effect keys a WFRP test reads, as a modifier to the test like the dialog's (src/foundry/README.md
 * "Effects"): the tested characteristic, the tested skill, and `system.bonuses.attack` on attacks.
 */
export function wfrpEffectKeys(data: Pick<WfrpCheckData, "kind" | "characteristic" | "skill">): string[] {
  return [
    `system.bonuses.characteristic.${data.characteristic}`,
    ...(data.skill ? [`system.bonuses.skill.${data.skill}`] : []),
    ...(wfrpKindTraits(data.kind).attack ? ["system.bonuses.attack"] : []),
  ];
}

const K = "OMNIBUS.WFRP.";
/** A measured distance in the scene's units as yards, to 0.01 (unknown units are taken as yards): the shared reader. */
export { toYards };

export const DIFFICULTY_CHOICES: Record<string, string> = Object.fromEntries(DIFFICULTIES.map((d) => [d, `${K}Difficulty.${d}`]));
/** Tests nobody may help with (003:L235), for the dialog's "Resisting" select. */
export const RESISTING_CHOICES: Record<string, string> = Object.fromEntries(
  ["none", ...UNASSISTED_TESTS].map((r) => [r, `${K}Resisting.${r}`]),
);

/** The assistance bonus for the dialog's values (pure rules: +10 per helper, capped at the tested characteristic's Bonus, none when resisting). */
export function assistanceFor(data: WfrpCheckData, values: CheckValues): ReturnType<typeof assistance> | null {
  const resisting = typeof values.resisting === "string" && values.resisting !== "none" ? values.resisting : undefined;
  if (data.helperCandidates && data.helperCandidates.length > 0) {
    // Named helpers: each counts only with an Advance in what is tested (003:L231).
    const chosen = data.helperCandidates.filter((_c, i) => values[`helper${i}`] === true);
    if (chosen.length === 0 && resisting === undefined) return null;
    return assistance(
      data.characteristicValue ?? 0,
      chosen.map((c) => ({ advances: c.advances, value: c.value })),
      resisting as UnassistedTest | undefined,
      { testerValue: data.value },
    );
  }
  const helpers = typeof values.helpers === "number" ? values.helpers : 0;
  if (helpers === 0 && resisting === undefined) return null;
  if (!Number.isInteger(helpers) || helpers < 0 || helpers > 99)
    throw new OmnibusError("outOfRange", "helpers must be a whole number in 0…99", {
      name: "helpers",
      value: String(helpers),
      min: "0",
      max: "99",
    });
  return assistance(
    data.characteristicValue ?? 0,
    Array.from({ length: helpers }, () => ({ advances: 1 })),
    resisting as UnassistedTest | undefined,
  );
}

function derived(actor: ActorView): DerivedActor {
  return deriveActor(actor.system, actor.items, actor.statuses ?? []);
}

export interface BuildInput {
  actor: ActorView;
  kind: string;
  dataset: Record<string, string>;
  targets: TargetView[];
  rules: WfrpRules;
  t: Translate;
  /** Characters who could help (the tester's allies on the scene); the dialog offers each one (003:L221). */
  allies?: ActorView[];
}

/** A possible helper as the request carries it: its Advances and value in what is tested (003:L231, L223). */
export interface HelperCandidate {
  uuid: string;
  name: string;
  advances: number;
  value: number;
}

/** A possible helper's Advances and value in the tested skill (its best item of that key) or characteristic. */
export function helperCandidate(ally: ActorView, skill: string | undefined, characteristic: CharacteristicId): HelperCandidate {
  const d = derived(ally);
  if (skill) {
    const rows = skillRows(d, ally.items).filter((r) => r.key === skill);
    const best = rows.filter((r) => r.value !== null).sort((a, b) => b.advances - a.advances || b.value! - a.value!)[0];
    return { uuid: ally.uuid, name: ally.name, advances: best?.advances ?? 0, value: best?.value ?? 0 };
  }
  const chars = (ally.system.characteristics ?? {}) as Record<string, { advances?: unknown } | undefined>;
  const advances = Math.max(0, Math.min(999, wholeOr(chars[characteristic]?.advances)));
  return { uuid: ally.uuid, name: ally.name, advances, value: d.characteristics[characteristic].current };
}

/**
 * The request for a check: "characteristic" (dataset.characteristic), "skill" (dataset.itemId of a
 * skill item, or dataset.skill for an untrained basic skill), "attack"/"item" (dataset.itemId of a
 * weapon; an "item" of another type rolls its skill). Throws an OmnibusError when nothing can be tested.
 */
export function buildRequest(input: BuildInput): KindRequest<WfrpCheckData> {
  const kind = requestKind(input);
  const build = Object.hasOwn(REQUESTS, kind) ? REQUESTS[kind] : undefined;
  if (!build) throw new OmnibusError("badArgument", `nothing to roll for "${kind}"`, { name: "check", value: kind });
  return build(input);
}

/** The kinds an "item" or "check" source rolls as, by the item's type. */
const ITEM_KINDS: Record<string, string> = { wfrp_weapon: "attack", wfrp_skill: "skill", wfrp_extended: "extended" };

/** The kind of test a source asks for: an "item" or "check" source by its item's type (or its characteristic). */
export function requestKind(input: Pick<BuildInput, "actor" | "kind" | "dataset">): string {
  const { actor, dataset } = input;
  if (!ROUTED_KINDS.has(input.kind)) return input.kind;
  const item = dataset.itemId ? actor.items.find((i) => i.id === dataset.itemId) : undefined;
  return item && Object.hasOwn(ITEM_KINDS, item.type) ? ITEM_KINDS[item.type] : dataset.characteristic ? "characteristic" : input.kind;
}

const ROUTED_KINDS = new Set(["item", "check"]);

function itemOf(input: BuildInput) {
  const { actor, dataset } = input;
  return dataset.itemId ? actor.items.find((i) => i.id === dataset.itemId) : undefined;
}

/** An Extended Test's roll (dataset.itemId of its tracker). */
export function extendedRequest(input: BuildInput): KindRequest<WfrpCheckData> {
  const { actor, t } = input;
  const d = derived(actor);
  const item = itemOf(input);
  {
    // An Extended Test (003:L205-213): the tracker's skill at its best value (untrained basic: the
    // characteristic), else the tracker's characteristic; its difficulty is the dialog's default.
    if (!item || item.type !== "wfrp_extended") throw refused("ItemGone", "no such extended test");
    const tracker = extendedTracker(item);
    if (tracker.status !== "inProgress") throw new OmnibusError("rollImpossible", "this extended test is over", { name: item.name });
    let value: number;
    let characteristic = tracker.characteristic;
    if (tracker.skill) {
      const row = skillRows(d, actor.items)
        .filter((r) => r.key === tracker.skill && r.value !== null)
        .sort((a, b) => b.value! - a.value!)[0];
      if (!row)
        throw new OmnibusError("rollImpossible", "an advanced skill without Advances cannot be tested", {
          name: t(`${K}Skill.${tracker.skill}`),
        });
      value = row.value!;
      characteristic = row.characteristic;
    } else value = d.characteristics[characteristic].current;
    const talents = talentModifiers(actor.items, tracker.skill || undefined, characteristic);
    const request = finish(
      input,
      d,
      {
        kind: "extended",
        value,
        characteristic,
        skill: tracker.skill || undefined,
        tested: null,
        successBonus: talents.successBonus,
        combat: false,
        strengthBonus: d.characteristics.s.bonus,
        targets: [],
        extended: { itemId: item.id, ...tracker },
      },
      talents.modifier,
      item.name,
    );
    request.values.difficulty = tracker.difficulty;
    return request;
  }
}

/** A characteristic test (dataset.characteristic). */
export function characteristicRequest(input: BuildInput): KindRequest<WfrpCheckData> {
  const { actor, dataset, t } = input;
  const d = derived(actor);
  {
    const c = dataset.characteristic as CharacteristicId;
    if (!(CHARACTERISTICS as readonly string[]).includes(c))
      throw new OmnibusError("badArgument", "unknown characteristic", { name: "characteristic", value: String(dataset.characteristic) });
    const value = d.characteristics[c].current;
    const talents = talentModifiers(actor.items, undefined, c);
    return finish(
      input,
      d,
      {
        kind: "characteristic",
        value,
        characteristic: c,
        tested: `char:${c}`,
        successBonus: talents.successBonus,
        combat: false,
        strengthBonus: d.characteristics.s.bonus,
        targets: [],
      },
      talents.modifier,
      t(`${K}Char.${c}`),
    );
  }
}

/** A skill test (dataset.itemId of a skill item, or dataset.skill for an untrained basic skill). */
export function skillRequest(input: BuildInput): KindRequest<WfrpCheckData> {
  const { actor, dataset, t } = input;
  const d = derived(actor);
  const item = itemOf(input);
  {
    let row = skillRows(d, actor.items).find((r) => (item ? r.itemId === item.id : r.itemId === "" && r.key === dataset.skill));
    if (!row)
      throw new OmnibusError("badArgument", "unknown skill", { name: "skill", value: String(dataset.skill ?? dataset.itemId ?? "") });
    if (row.value === null)
      throw new OmnibusError("rollImpossible", "an advanced skill without Advances cannot be tested", { name: row.name ?? row.key });
    const name = row.name ?? t(row.nameKey ?? "");
    const talents = talentModifiers(actor.items, row.key || undefined, row.characteristic);
    const combat = row.key === "melee" || row.key === "ranged" || row.key === "dodge";
    row = { ...row };
    return finish(
      input,
      d,
      {
        kind: "skill",
        value: row.value!,
        characteristic: row.characteristic,
        skill: row.key || undefined,
        tested: row.key ? `skill:${row.key}` : null,
        successBonus: talents.successBonus,
        combat,
        strengthBonus: d.characteristics.s.bonus,
        targets: [],
      },
      talents.modifier,
      name,
    );
  }
}

/** An attack with a weapon (dataset.itemId), against the targets. */
export function attackRequest(input: BuildInput): KindRequest<WfrpCheckData> {
  const { actor, t } = input;
  const d = derived(actor);
  const item = itemOf(input);
  {
    if (!item || item.type !== "wfrp_weapon") throw refused("ItemGone", "no such weapon");
    const weapon = weaponOf(item.system);
    const group = typeof item.system.group === "string" && item.system.group ? item.system.group : "basic";
    const skillKey = weapon.kind === "ranged" ? "ranged" : "melee";
    const characteristic: CharacteristicId = weapon.kind === "ranged" ? "bs" : "ws";
    // The weapon's specialisation if held (e.g. "Melee (Basic)"), else the best of that skill, else the bare characteristic.
    const held = skillRows(d, actor.items).filter((r) => r.key === skillKey && r.value !== null);
    // Either name: a skill created with its Russian name keeps its English one (../names.ts).
    const heldItem = (r: SkillRow) => actor.items.find((i) => i.id === r.itemId) ?? { name: r.name };
    const exact = held.find((r) => itemNames(heldItem(r)).some((n) => n.toLowerCase().includes(group.toLowerCase())));
    const value =
      exact?.value ??
      (skillKey === "melee"
        ? (bestSkillValue(d, actor.items, "melee")?.value ?? d.characteristics.ws.current)
        : d.characteristics[characteristic].current);
    const talents = talentModifiers(actor.items, skillKey, characteristic);
    const targets = input.targets.map((tg) => {
      const yards = tg.distance === null ? null : toYards(tg.distance, tg.units);
      const band = weapon.kind === "ranged" && yards !== null ? rangeBand(weapon.range!, yards) : null;
      const td = tg.actor ? derived(tg.actor) : null;
      const defence = td && tg.actor ? (weapon.kind === "ranged" ? dodgeValue(tg.actor, td) : bestDefenceValue(tg.actor, td)) : null;
      const where = band ? t(`${K}Range.${band}`) : weapon.kind === "ranged" && yards !== null ? t(`${K}Card.OutOfRange`) : null;
      return {
        yards,
        band,
        outOfRange: weapon.kind === "ranged" && yards !== null && band === null,
        conditions: td ? compactConditions(td.conditions) : {},
        defence,
        canDefend: td ? turnAllowance(td.conditions).canDefend : false,
        // The dialog's per-target odds line: the target's name, its range band, its best defence.
        detail: [tg.name, where, defence !== null ? t(`${K}Dialog.DefenceValue`, { value: defence }) : null].filter(Boolean).join(" · "),
      };
    });
    return finish(
      input,
      d,
      {
        kind: "attack",
        value,
        characteristic,
        skill: skillKey,
        successBonus: talents.successBonus,
        combat: true,
        weapon: { ...weapon, name: item.name, itemId: item.id, img: item.img ?? "" },
        strengthBonus: d.characteristics.s.bonus,
        targets,
      },
      talents.modifier,
      item.name,
    );
  }
}

/** The request builders, by the kind of test. */
export const REQUESTS: Record<string, (input: BuildInput) => KindRequest<WfrpCheckData>> = {
  extended: extendedRequest,
  characteristic: characteristicRequest,
  skill: skillRequest,
  attack: attackRequest,
};

function compactConditions(c: Record<ConditionId, number>): Partial<Record<ConditionId, number>> {
  return Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0)) as Partial<Record<ConditionId, number>>;
}

/** A defender's Dodge value (untrained: Ag): the only defence against a ranged attack, when allowed. */
export function dodgeValue(actor: ActorView, d: DerivedActor = derived(actor)): number {
  return bestSkillValue(d, actor.items, "dodge")?.value ?? d.characteristics.ag.current;
}

/** A defender's best defence value: the higher of their best Melee and their Dodge (untrained: WS / Ag). */
export function bestDefenceValue(actor: ActorView, d: DerivedActor = derived(actor)): number {
  const melee = bestSkillValue(d, actor.items, "melee")?.value ?? d.characteristics.ws.current;
  const dodge = bestSkillValue(d, actor.items, "dodge")?.value ?? d.characteristics.ag.current;
  return Math.max(melee, dodge);
}

function finish(input: BuildInput, d: DerivedActor, data: WfrpCheckData, talentModifier: number, name: string): KindRequest<WfrpCheckData> {
  const { actor, t, rules } = input;
  data.characteristicValue = d.characteristics[data.characteristic].current;
  const traits = wfrpKindTraits(data.kind);
  const conditionContext = traits.attack && data.weapon?.kind === "ranged" ? { sight: true } : {};
  const conditionPenalty = conditionTestModifier(d.conditions, conditionContext, rules.conditionsStack);
  const fields: CheckField[] = [];
  const ranged = data.weapon?.kind === "ranged";
  fields.push({
    name: "difficulty",
    label: `${K}Dialog.Difficulty`,
    kind: "select",
    choices: ranged ? { range: `${K}Dialog.ByRange`, ...DIFFICULTY_CHOICES } : DIFFICULTY_CHOICES,
  });
  if (data.combat)
    fields.push({ name: "advantage", label: `${K}Dialog.Advantage`, kind: "number", min: 0, max: 999, hint: `${K}Dialog.AdvantageHint` });
  fields.push({ name: "conditions", label: `${K}Dialog.Conditions`, kind: "number", min: -999, max: 0 });
  if (talentModifier !== 0) fields.push({ name: "talents", label: `${K}Dialog.Talents`, kind: "number", min: -999, max: 999 });
  fields.push({ name: "modifier", label: `${K}Dialog.Modifier`, kind: "number", min: -999, max: 999 });
  fields.push({ name: "slBonus", label: `${K}Dialog.SLBonus`, kind: "number", min: -99, max: 99 });
  // Assistance (003:L221-239): +10 per helper, at most the tester's Bonus in the characteristic used.
  const assisted = !data.combat && traits.assisted;
  const helperLimit = characteristicBonus(data.characteristicValue);
  const candidates = assisted
    ? (input.allies ?? []).filter((a) => a.uuid !== actor.uuid).map((a) => helperCandidate(a, data.skill, data.characteristic))
    : [];
  if (assisted && candidates.length > 0) {
    // One box per ally; one without an Advance in what is tested cannot help (003:L231).
    data.helperCandidates = candidates;
    candidates.forEach((c, i) =>
      fields.push({
        name: `helper${i}`,
        label: `${K}Dialog.Helper`,
        kind: "checkbox",
        detail: `${c.name} · ${c.advances >= 1 ? t(`${K}Dialog.HelperAdvances`, { advances: c.advances }) : t(`${K}Dialog.HelperNoAdvance`)}`,
        ...(i === 0 ? { hint: `${K}Dialog.HelperHint` } : {}),
      }),
    );
  } else if (assisted) {
    fields.push({
      name: "helpers",
      label: `${K}Dialog.Helpers`,
      kind: "number",
      min: 0,
      max: helperLimit,
      hint: `${K}Dialog.HelpersHint`,
      detail: t(`${K}Dialog.HelpersLimit`, { limit: helperLimit }),
    });
  }
  if (assisted) fields.push({ name: "resisting", label: `${K}Dialog.Resisting`, kind: "select", choices: RESISTING_CHOICES });
  if (traits.attack && !ranged)
    fields.push({ name: "charging", label: `${K}Dialog.Charging`, kind: "checkbox", hint: `${K}Dialog.ChargingHint` });
  // Ranged attacks are unopposed (digest §7 item 21) unless the GM lets the targets Dodge.
  if (traits.attack && ranged && data.targets.length > 0)
    fields.push({ name: "dodge", label: `${K}Dialog.RangedDodge`, kind: "checkbox", hint: `${K}Dialog.RangedDodgeHint` });
  // A skill or characteristic test at targeted tokens is an Opposed Test (003:L185-199) unless unticked.
  const opposable = traits.opposable && input.targets.length > 0;
  if (opposable)
    fields.push({
      name: "opposed",
      label: `${K}Dialog.Opposed`,
      kind: "checkbox",
      hint: `${K}Dialog.OpposedHint`,
      detail: input.targets.map((tg) => tg.name).join(", "),
    });

  const values: CheckValues = {
    difficulty: ranged ? "range" : "challenging",
    conditions: conditionPenalty,
    modifier: 0,
    slBonus: 0,
  };
  if (data.combat) values.advantage = Math.max(0, Math.min(999, wholeOr(actor.system.advantage)));
  if (talentModifier !== 0) values.talents = talentModifier;
  if (traits.attack && !ranged) values.charging = false;
  if (traits.attack && ranged && data.targets.length > 0) values.dodge = rules.rangedDodge;
  if (opposable) values.opposed = true;
  if (assisted) {
    if (candidates.length > 0) candidates.forEach((_c, i) => (values[`helper${i}`] = false));
    else values.helpers = 0;
    values.resisting = "none";
  }

  const value = t(`${K}Dialog.Tested`, { value: data.value });
  const weaponLine = data.weapon
    ? ` · ${t(`${K}Dialog.WeaponDamage`, { damage: weaponDamageLabel(data.weapon, data.strengthBonus, t) })}`
    : "";
  return {
    ruleset: "wfrp",
    kind: data.kind,
    title: name,
    subtitle: `${actor.name} · ${value}${weaponLine}`,
    actorUuid: actor.uuid,
    itemUuid: null,
    fields,
    values,
    targets: input.targets.map(({ actor: _a, ...info }) => info),
    data,
  };
}

/**
 * A weapon's Damage as an i18n key and its data: "+SB+4 (7)" (Russian "+БС+4 (7)") when the wielder's
 * Strength Bonus is added, else "+4". Templates pass it to `localize` with its data as the hash.
 */
export function weaponDamage(w: Weapon, strengthBonus: number): { key: string; damage: string; total: number } {
  const total = w.damage + (w.addsStrengthBonus ? strengthBonus : 0);
  const damage = `${w.damage >= 0 ? "+" : ""}${w.damage}`;
  return { key: w.addsStrengthBonus ? `${K}Item.DamageWithSB` : `${K}Item.DamageFlat`, damage, total };
}

/** The same label as text, for strings built in code (the dialog's subtitle). */
export function weaponDamageLabel(w: Weapon, strengthBonus: number, t: Translate): string {
  const { key, damage, total } = weaponDamage(w, strengthBonus);
  return t(key, { damage, total });
}

export function checkData(request: KindRequest<WfrpCheckData>): WfrpCheckData {
  return request.data;
}

const valueNum = (values: CheckValues, key: string) => (typeof values[key] === "number" ? (values[key] as number) : 0);

/**
 * The attacker's (or tester's) spec for these dialog values. For an attack, `targetIndex` picks the
 * target: a ranged attack "by range" takes its range band's difficulty (003:L171: difficulties do not
 * stack), and the target's Conditions add their attack bonus (Prone/Surprised +20 in melee…).
 * Weapon qualities (Accurate, Precise, Imprecise) are NOT included: the attack resolver adds them.
 */
export function specFor(request: KindRequest<WfrpCheckData>, values: CheckValues, targetIndex: number | null = null): TestSpec {
  const data = checkData(request);
  const target = targetIndex === null ? null : (data.targets[targetIndex] ?? null);
  let difficulty = String(values.difficulty ?? "challenging");
  if (difficulty === "range") difficulty = target?.band ? RANGE_BAND_DIFFICULTY[target.band] : "challenging";
  if (!(DIFFICULTIES as readonly string[]).includes(difficulty))
    throw new OmnibusError("badArgument", "unknown difficulty", { name: "difficulty", value: difficulty });
  const charging = values.charging === true ? 1 : 0;
  let modifier =
    (data.combat ? 10 * (valueNum(values, "advantage") + charging) : 0) +
    valueNum(values, "conditions") +
    valueNum(values, "talents") +
    valueNum(values, "modifier") +
    (assistanceFor(data, values)?.bonus ?? 0) +
    checkEffectTotal(request.effects, values);
  if (target && data.weapon) modifier += attackBonusAgainst(target.conditions, { melee: data.weapon.kind === "melee" });
  return {
    value: data.value,
    difficulty: difficulty as Difficulty,
    modifier,
    slBonus: valueNum(values, "slBonus"),
    successBonus: data.successBonus,
  };
}

/** The spec with the weapon's own test adjustments, i.e. the attack test as the resolver makes it. */
export function withWeapon(spec: TestSpec, weapon: Weapon | undefined): TestSpec {
  if (!weapon) return spec;
  const adj = weaponTestAdjustments(weapon);
  return {
    ...spec,
    modifier: (spec.modifier ?? 0) + adj.modifier,
    slBonus: (spec.slBonus ?? 0) + adj.slBonus,
    successBonus: (spec.successBonus ?? 0) + adj.successBonus,
  };
}

/**
 * The dialog's exact odds: P(success) and the eight outcome bands (against the first target, or
 * with no target), criticals and fumbles when doubles count, then ONE line per target: a ranged
 * attack's chance to hit at that target's range band, or — when the target defends (melee, or a
 * ranged attack the target may Dodge) — the chance to beat that target's best defence (an opposed
 * test at Challenging, no modifiers on their side).
 */
export function oddsLines(request: KindRequest<WfrpCheckData>, values: CheckValues, rules: WfrpRules): OddsLine[] {
  const data = checkData(request);
  const attack = wfrpKindTraits(data.kind).attack && data.weapon !== undefined;
  const first = attack && data.targets.length > 0 ? 0 : null;
  const spec = withWeapon(specFor(request, values, first), data.weapon);
  const options = data.combat ? rules.combat : rules.test;
  const odds = testOdds(spec, options);
  const lines: OddsLine[] = [{ label: `${K}Odds.Success`, probability: odds.success, primary: data.targets.length <= 1 }];
  if (attack) {
    const ranged = data.weapon!.kind === "ranged";
    data.targets.forEach((target, i) => {
      const targetSpec = withWeapon(specFor(request, values, i), data.weapon);
      const detail = target.detail ?? request.targets[i]?.name ?? "";
      // Beyond long range there is no chance to show: say so instead of "0 %".
      if (target.outOfRange) {
        lines.push({
          label: `${K}Odds.TargetSuccess`,
          probability: 0,
          fact: true,
          detail: request.targets[i]?.name ?? detail,
          valueKey: `${K}Card.OutOfRange`,
        });
        return;
      }
      const defends = target.defence !== null && target.canDefend !== false && (!ranged || values.dodge === true);
      if (defends) {
        lines.push({
          label: `${K}Odds.BeatDefence`,
          probability: opposedOdds(targetSpec, { value: target.defence! }, options, rules.opposed).attacker,
          primary: true,
          detail,
        });
      } else {
        lines.push({ label: `${K}Odds.TargetSuccess`, probability: testOdds(targetSpec, options).success, primary: true, detail });
      }
    });
  }
  for (const band of OUTCOMES) lines.push({ label: `${K}Outcome.${band}`, probability: odds.bands[band] });
  if (options.critsOnDoubles) {
    lines.push({ label: `${K}Odds.Critical`, probability: odds.critical });
    lines.push({ label: `${K}Odds.Fumble`, probability: odds.fumble });
  }
  return lines;
}

/**
 * The defender's test in an opposed melee attack (digest §7 item 21): their best Melee (parry) or
 * Dodge, untrained falling back to WS / Ag; Advantage, Conditions and On the Defensive (+20 with the
 * chosen skill, 003:L361) as modifiers. `defensiveWeapon`: they parry holding a Defensive weapon.
 */
export function defenceSpecFor(actor: ActorView, skill: "melee" | "dodge", rules: WfrpRules): { spec: TestSpec; defensiveWeapon: boolean } {
  const d = derived(actor);
  const value =
    bestSkillValue(d, actor.items, skill)?.value ?? (skill === "melee" ? d.characteristics.ws.current : d.characteristics.ag.current);
  const onTheDefensive = typeof actor.system.onTheDefensive === "string" ? actor.system.onTheDefensive : "";
  const situation = combatTestModifiers({
    advantage: Math.max(0, Math.min(999, wholeOr(actor.system.advantage))),
    conditions: {},
    defending: { turn: { onTheDefensive: onTheDefensive || null }, skill },
  });
  const conditions = conditionTestModifier(d.conditions, {}, rules.conditionsStack);
  const talents = talentModifiers(actor.items, skill, skill === "melee" ? "ws" : "ag");
  const defensiveWeapon =
    skill === "melee" &&
    actor.items.some(
      (i) =>
        i.type === "wfrp_weapon" &&
        i.system.equipped !== false &&
        weaponOf(i.system).kind === "melee" &&
        (weaponOf(i.system).qualities ?? []).includes("defensive"),
    );
  return {
    spec: {
      value,
      difficulty: "challenging",
      modifier: situation.total + conditions + talents.modifier,
      successBonus: talents.successBonus,
    },
    defensiveWeapon,
  };
}
