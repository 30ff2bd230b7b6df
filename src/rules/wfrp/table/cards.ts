/**
 * `wfrp` chat cards as plain data (no Foundry global): the test card and the attack card. An attack
 * is ONE card: the attacker's roll, then per target the defence as it is rolled, the opposed result,
 * the hit location, Damage, and what "apply damage" did. The card's state lives in the message's
 * flags (`flags.omnibus.attack`); the card is re-rendered from it after every step.
 */
import { OmnibusError, refused } from "../../../core/errors";
import {
  MAX_OPPOSED_REROLLS,
  applyDamage,
  armourAt,
  hasQuality,
  resolveAttack,
  reverseRoll,
  tensDigit,
  unitsDigit,
  type AttackResult,
  type DamageResult,
  type HitLocation,
  type OpposedOptions,
  type Outcome,
  type RangeBand,
  type TestOptions,
  type TestResult,
  type TestSpec,
  type Weapon,
  turnAllowance,
} from "../index";
import type { CheckValues, KindRequest, TargetInfo } from "../../table/types";
import { armourPieces, deriveActor, type PlainItem } from "./derive";
import { checkData, specFor, weaponDamage, type WfrpCheckData } from "./checks";
import type { WfrpRules } from "./settings";
import { explainAttack, explainTest } from "../explain";

const K = "OMNIBUS.WFRP.";

/** The tone of an outcome for the card's colour. */
export function outcomeTone(result: Pick<TestResult, "success" | "critical" | "fumble">): string {
  if (result.critical) return "critical";
  if (result.fumble) return "fumble";
  return result.success ? "success" : "failure";
}

/** The d100 face as the two dice show it: tens and units ("00" is 100). */
export function d100Faces(roll: number): { tens: number; units: number; label: string } {
  const label = roll === 100 ? "00" : String(roll).padStart(2, "0");
  return { tens: tensDigit(roll), units: unitsDigit(roll), label };
}

export interface TestCardInput {
  title: string;
  subtitle: string;
  img: string;
  result: TestResult;
  spec: TestSpec;
  /** Localized difficulty label, e.g. "Average (+20)". */
  difficultyLabel: string;
  /** Helpers that counted (assistance, 003:L225-237), if any. */
  helpers?: { counted: number; bonus: number } | null;
  /** An extended test's progress after this roll (extendedProgress + the SL this roll added). */
  extended?: Record<string, unknown> | null;
}

export function testCardContext(input: TestCardInput): Record<string, unknown> {
  const r = input.result;
  return {
    title: input.title,
    subtitle: input.subtitle,
    img: input.img,
    roll: d100Faces(r.roll),
    target: r.target,
    success: r.success,
    slLabel: r.slLabel,
    outcomeKey: `${K}Outcome.${r.outcome}`,
    tone: outcomeTone(r),
    flags: flagKeys(r),
    lines: [
      { label: `${K}Card.Tested`, value: input.spec.value },
      { label: `${K}Card.Difficulty`, value: input.difficultyLabel },
      ...((input.spec.modifier ?? 0) !== 0 ? [{ label: `${K}Card.Modifiers`, value: signed(input.spec.modifier ?? 0) }] : []),
      ...((input.spec.slBonus ?? 0) !== 0 ? [{ label: `${K}Card.SLBonus`, value: signed(input.spec.slBonus ?? 0) }] : []),
      ...(input.helpers && input.helpers.counted > 0
        ? [{ label: `${K}Card.Helpers`, value: `${input.helpers.counted} (${signed(input.helpers.bonus)})` }]
        : []),
    ],
    extended: input.extended ?? null,
    explain: explainTest(r, input.spec),
  };
}

function flagKeys(r: Pick<TestResult, "auto" | "critical" | "fumble">): string[] {
  const out: string[] = [];
  if (r.auto === "success") out.push(`${K}Card.AutoSuccess`);
  if (r.auto === "failure") out.push(`${K}Card.AutoFailure`);
  if (r.critical) out.push(`${K}Card.Critical`);
  if (r.fumble) out.push(`${K}Card.Fumble`);
  return out;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

// ---------------------------------------------------------------- attacks

export type DefenceSkill = "melee" | "dodge" | "none";

export interface AttackTargetState extends TargetInfo {
  yards: number | null;
  band: RangeBand | null;
  outOfRange: boolean;
  /** The attacker's test against this target (before the weapon's own adjustments). */
  spec: TestSpec;
  /** Whether this target gets an opposed defence (melee) — false for ranged and for defenceless targets. */
  opposed: boolean;
  /**
   * The defence, once rolled (or "none" declared). `rerolls`: with the re-roll setting, the faces of
   * each re-roll of a full tie, the attacker's then the defender's (003:L191); the last pair decides.
   */
  defence: { skill: DefenceSkill; spec: TestSpec | null; roll: number | null; defensiveWeapon: boolean; rerolls?: number[] } | null;
  /**
   * Once the opposed test is decided: both sides' Advantage before it and who won, so a later
   * re-roll that changes the winner moves the Advantage with it (combat/advantage.ts).
   */
  advantage?: { attacker: number; defender: number; winner: "attacker" | "defender" | null };
  /** What "apply damage" did, once applied. */
  applied: {
    woundsLost: number;
    wounds: number;
    armourPoints: number;
    toughnessBonus: number;
    reducedToZero: boolean;
    critical: boolean;
  } | null;
}

export interface AttackState {
  version: 1;
  attacker: { uuid: string; name: string; img: string; strengthBonus: number };
  weapon: Weapon & { name: string };
  /** The attacker's d100 face. */
  roll: number;
  charging: boolean;
  /** The attacker's spec without a target (for an attack with no targets). */
  spec: TestSpec;
  options: TestOptions;
  opposed: OpposedOptions;
  targets: AttackTargetState[];
}

/**
 * The attack card's state from the request, the dialog's values, the world's rules and the
 * attacker's d100 face: what the attacker's client posts and what the GM re-derives (the same code).
 */
export function attackStateFrom(
  request: KindRequest<WfrpCheckData>,
  values: CheckValues,
  rules: Pick<WfrpRules, "combat" | "opposed">,
  roll: number,
  attacker: { uuid: string; name: string; img: string },
): AttackState {
  const data = checkData(request);
  if (!data.weapon) throw refused("NeedsWeapon", "an attack needs a weapon");
  const { itemId: _itemId, img: _img, ...weapon } = data.weapon;
  return {
    version: 1,
    attacker: { ...attacker, strengthBonus: data.strengthBonus },
    weapon,
    roll,
    charging: values.charging === true,
    spec: specFor(request, values, null),
    options: rules.combat,
    opposed: rules.opposed,
    targets: request.targets.map((t, i) => {
      const td = data.targets[i];
      return {
        tokenUuid: t.tokenUuid,
        actorUuid: t.actorUuid,
        name: t.name,
        img: t.img,
        distance: t.distance,
        units: t.units,
        yards: td?.yards ?? null,
        band: td?.band ?? null,
        outOfRange: td?.outOfRange ?? false,
        spec: specFor(request, values, i),
        // Melee is opposed; ranged only when the attacker allowed the targets to Dodge (digest §7 item 21).
        opposed:
          (data.weapon!.kind === "melee" || values.dodge === true) &&
          !td?.outOfRange &&
          td?.defence !== null &&
          td?.defence !== undefined &&
          turnAllowance(td.conditions).canDefend,
        defence: null,
        applied: null,
      };
    }),
  };
}

const asWeapon = (w: AttackState["weapon"]): Weapon => ({
  kind: w.kind,
  damage: w.damage,
  addsStrengthBonus: w.addsStrengthBonus,
  range: w.range,
  qualities: w.qualities,
  flaws: w.flaws,
});

/** The attack result against a target: null while its defence is awaited or it is out of range. */
export function resolveTarget(state: AttackState, index: number): AttackResult | null {
  const target = state.targets[index];
  if (!target || target.outOfRange) return null;
  if (target.opposed && !target.defence) return null;
  const defended = target.defence && target.defence.skill !== "none" && target.defence.spec && target.defence.roll !== null;
  const defenderWeapon: Weapon | undefined = target.defence?.defensiveWeapon
    ? { kind: "melee", damage: 0, addsStrengthBonus: true, qualities: ["defensive"] }
    : undefined;
  const rerolls = defended ? (target.defence!.rerolls ?? []) : [];
  const attackRoll = rerolls.length >= 2 ? rerolls[rerolls.length - 2] : state.roll;
  const defenceRoll = rerolls.length >= 2 ? rerolls[rerolls.length - 1] : defended ? target.defence!.roll : null;
  return resolveAttack(
    {
      attacker: target.spec,
      defender: defended ? target.defence!.spec : null,
      weapon: asWeapon(state.weapon),
      attackerStrengthBonus: state.attacker.strengthBonus,
      defenderWeapon,
      charging: state.charging,
    },
    attackRoll,
    defenceRoll,
    state.options,
    state.opposed,
  );
}

/** Whether this defence (with its re-rolls so far) ended in a full tie that the re-roll setting rolls again (003:L191). */
export function defenceNeedsReroll(state: AttackState, index: number): boolean {
  if (state.opposed.finalTie !== "reroll") return false;
  const result = resolveTarget(state, index);
  return result !== null && result.defence !== null && result.winner === null;
}

/**
 * Sets a rolled defence on the state, checking its faces: the defender's face, then a pair (the
 * attacker's, the defender's) per re-roll, exactly as many as full ties asked for.
 */
export function withDefenceFaces(
  state: AttackState,
  index: number,
  defence: { skill: DefenceSkill; spec: TestSpec; defensiveWeapon: boolean },
  faces: number[],
  complete = true,
): AttackState {
  const next = structuredClone(state);
  const target = next.targets[index];
  if (faces.length === 0 || faces.length % 2 === 0)
    throw new OmnibusError("badArgument", "a defence needs the defender's roll (and a pair of rolls per re-roll)", {
      name: "rolls",
      value: String(faces.length),
    });
  target.defence = { ...defence, roll: faces[0], rerolls: [] };
  for (let i = 1; i < faces.length; i += 2) {
    if (!defenceNeedsReroll(next, index))
      throw new OmnibusError("badArgument", "more re-rolls than the tie asked for", { name: "rolls", value: String(faces.length) });
    target.defence.rerolls!.push(faces[i], faces[i + 1]);
  }
  if (complete && defenceNeedsReroll(next, index) && target.defence.rerolls!.length < 2 * MAX_OPPOSED_REROLLS)
    throw new OmnibusError("badArgument", "the tie was not re-rolled", { name: "rolls", value: String(faces.length) });
  return next;
}

/** The attack with no target: the attacker's test alone (a hit on success, Damage = weapon + SL). */
export function resolveUntargeted(state: AttackState): AttackResult {
  return resolveAttack(
    {
      attacker: state.spec,
      defender: null,
      weapon: asWeapon(state.weapon),
      attackerStrengthBonus: state.attacker.strengthBonus,
      charging: state.charging,
    },
    state.roll,
    null,
    state.options,
    state.opposed,
  );
}

export interface DamagePlan {
  damage: DamageResult;
  armourPoints: number;
  toughnessBonus: number;
  location: HitLocation;
  critical: boolean;
  /** The target's new `system` values, for ONE update. */
  update: Record<string, unknown>;
  /** Status effects to set on the token (Prone at 0 Wounds). */
  statuses: Record<string, boolean>;
}

/**
 * What "apply damage" does to a target (published 4e, digest §7 item 21): Wounds lost = Damage −
 * TB − AP at the location (minimum 1, Undamaging: AP double and no minimum); at 0 Wounds Prone and a
 * Critical Wound; a Critical hit adds a Critical Wound; suffering a Wound or gaining a Condition
 * loses all Advantage (digest §7 item 18).
 */
export function planDamage(
  state: AttackState,
  index: number,
  target: { system: Record<string, unknown>; items: PlainItem[]; statuses?: string[] },
): DamagePlan {
  const result = resolveTarget(state, index);
  if (!result) throw refused("NotResolved", "this target's attack is not resolved yet");
  if (!result.hit || result.damage === null || result.location === null) throw refused("Missed", "the attack missed this target");
  const derived = deriveActor(target.system, target.items, target.statuses ?? []);
  const armourPoints = armourAt(armourPieces(target.items), result.location, {
    penetrating: hasQuality(asWeapon(state.weapon), "penetrating"),
  });
  const toughnessBonus = derived.characteristics.t.bonus;
  const health = (target.system.health ?? {}) as { value?: unknown };
  const wounds = typeof health.value === "number" && Number.isInteger(health.value) && health.value >= 0 ? health.value : 0;
  const damage = applyDamage({ damage: result.damage, wounds, toughnessBonus, armourPoints, undamaging: result.undamaging });
  const update: Record<string, unknown> = { "system.health.value": damage.wounds };
  const statuses: Record<string, boolean> = {};
  const critical = result.critical || damage.reducedToZero;
  const criticalWounds = typeof target.system.criticalWounds === "number" ? target.system.criticalWounds : 0;
  if (critical) update["system.criticalWounds"] = Math.min(99, criticalWounds + 1);
  if (damage.woundsLost > 0) update["system.advantage"] = 0;
  if (damage.reducedToZero) {
    update["system.conditions.prone"] = 1;
    update["system.advantage"] = 0;
    statuses.prone = true;
  }
  return { damage, armourPoints, toughnessBonus, location: result.location, critical, update, statuses };
}

const LOCATION_KEY = (l: HitLocation) => `${K}Location.${l}`;

function testSide(r: TestResult) {
  return {
    roll: d100Faces(r.roll),
    target: r.target,
    slLabel: r.slLabel,
    success: r.success,
    outcomeKey: `${K}Outcome.${r.outcome}` as string,
    tone: outcomeTone(r),
    flags: flagKeys(r),
  };
}

/** The attack card's context. `t` localizes the few labels that carry numbers. */
export function attackCardContext(state: AttackState): Record<string, unknown> {
  const weaponLabel = weaponDamage(asWeapon(state.weapon), state.attacker.strengthBonus);
  const untargeted = state.targets.length === 0 ? resolveUntargeted(state) : null;
  const rows = state.targets.map((target, index) => {
    const result = resolveTarget(state, index);
    const waiting = !target.outOfRange && target.opposed && !target.defence;
    const key = `t${index}`;
    const base = {
      index,
      key,
      name: target.name,
      img: target.img,
      distance: target.distance,
      units: target.units,
      bandKey: target.band ? `${K}Range.${target.band}` : null,
      outOfRange: target.outOfRange,
      waiting,
      attack: result ? testSide(result.attack) : null,
      defence: result?.defence ? { ...testSide(result.defence), skillKey: `${K}Defence.${target.defence!.skill}` } : null,
      noDefence: target.defence?.skill === "none" || (!target.opposed && !target.outOfRange),
      hit: result?.hit ?? false,
      tie: result ? result.winner === null && result.defence !== null : false,
      margin: result?.margin ?? 0,
      locationKey: result?.location ? LOCATION_KEY(result.location) : null,
      damage: result?.damage ?? null,
      critical: result?.critical ?? false,
      fumble: result?.fumble ?? false,
      applied: target.applied,
      // Against a ranged attack only Dodge is a defence (when the attacker allowed it).
      defendButtons: waiting
        ? [
            ...(state.weapon.kind === "melee"
              ? [{ action: "defendMelee", label: `${K}Defence.melee`, icon: "fa-solid fa-shield-halved", data: { target: String(index) } }]
              : []),
            { action: "defendDodge", label: `${K}Defence.dodge`, icon: "fa-solid fa-person-running", data: { target: String(index) } },
            { action: "noDefence", label: `${K}Defence.none`, icon: "fa-solid fa-ban", data: { target: String(index) } },
          ]
        : [],
      rerolls: (target.defence?.rerolls?.length ?? 0) / 2,
      // Explain (issue 14): the attacker's test, the defence and who won, the location, the Damage.
      explain: result
        ? explainAttack(
            result,
            {
              attacker: target.spec,
              defender: result.defence ? target.defence!.spec : null,
              weapon: asWeapon(state.weapon),
              attackerStrengthBonus: state.attacker.strengthBonus,
              charging: state.charging,
            },
            { attacker: state.attacker.name, defender: target.name },
            state.opposed,
            (target.defence?.rerolls?.length ?? 0) / 2,
          )
        : [],
      damageButton:
        result?.hit && !target.applied
          ? { action: "applyDamage", label: `${K}Card.ApplyDamage`, icon: "fa-solid fa-droplet", data: { target: String(index) } }
          : null,
    };
    return base;
  });
  const attackAlone = untargeted ?? (rows.length > 0 ? null : null);
  return {
    title: state.weapon.name,
    subtitle: state.attacker.name,
    img: state.attacker.img,
    weaponLabel,
    charging: state.charging,
    roll: d100Faces(state.roll),
    reversed: d100Faces(reverseRoll(state.roll)),
    untargeted: attackAlone
      ? {
          ...testSide(attackAlone.attack),
          hit: attackAlone.hit,
          locationKey: attackAlone.location ? LOCATION_KEY(attackAlone.location) : null,
          damage: attackAlone.damage,
          critical: attackAlone.critical,
          fumble: attackAlone.fumble,
          explain: explainAttack(
            attackAlone,
            {
              attacker: state.spec,
              defender: null,
              weapon: asWeapon(state.weapon),
              attackerStrengthBonus: state.attacker.strengthBonus,
              charging: state.charging,
            },
            { attacker: state.attacker.name, defender: "" },
          ),
        }
      : null,
    targets: rows,
  };
}

export type { Outcome };
