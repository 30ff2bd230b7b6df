/**
 * The Storytelling chat card's context as a plain function (no Foundry global): every die with what
 * it did (success, 10-again, rote re-roll, the chance die's dramatic 1), the outcome, the pool's
 * breakdown, per-target results with their damage and "apply damage" buttons, and an extended
 * action's progress. checks.ts posts it; the gallery renders it from the same function.
 */
import type { ExtendedAction, PoolBreakdown, RollResult } from "..";
import { formatSigned } from "../../table/format";
import type { ExplainStep } from "../../../core/explain";
import { explainPool } from "../explain";
import { type AttackTarget, type DefenseDetail } from "./checks";
import { KEY } from "./settings";

export interface CardDie {
  face: number;
  sides: number;
  classes: string;
}

export interface CardRoll {
  target: { name: string; img: string; distance: number | null; units: string; bandLabel: string | null } | null;
  outOfRange: boolean;
  pool: number;
  chance: boolean;
  dice: CardDie[];
  successes: number;
  outcomeLabel: string;
  /** The resolution step by step (the card's Explain disclosure). */
  explain: ExplainStep[];
  tone: string;
  parts: Array<{ label: string; value: string }>;
  damage: { points: number; typeLabel: string } | null;
  /** Full cover (WoD p.164; 002:L801): the cover's Durability, the successes through it, and the second roll. */
  cover: {
    durability: number;
    excess: number;
    armor: number;
    pool: number;
    chance: boolean;
    dice: CardDie[];
    successes: number;
    outcomeLabel: string;
  } | null;
  /** Advanced action (002:L480): the other roll, not kept. */
  discarded: { dice: CardDie[]; successes: number; outcomeLabel: string } | null;
  /** How the target's Defense was made up (rating, Dodge ×2, Willpower +2, earlier attacks −n). */
  defense: { rating: number; dodging: boolean; willpower: boolean; priorAttacks: number; value: number } | null;
  buttons: Array<{ action: string; label: string; icon: string; data: Record<string, string | number> }>;
}

/** A roll through full cover: the second pool's result (null when the cover stopped the attack). */
export interface CoverRoll {
  durability: number;
  excess: number;
  armor: number;
  result: RollResult | null;
}

export interface CardContext {
  title: string;
  subtitle: string;
  img: string;
  kindLabel: string;
  rolls: CardRoll[];
  extended: {
    accumulated: number;
    target: number;
    rollsMade: number;
    maxRolls: number | null;
    statusLabel: string;
    overshoot: boolean;
    erased: boolean;
    percent: number;
  } | null;
  willpowerSpent: boolean;
  notes: string[];
}

const TONE = { dramaticFailure: "fumble", failure: "failure", success: "success", exceptionalSuccess: "critical" } as const;

/** Each die as the card shows it. */
export function cardDice(result: RollResult): CardDie[] {
  return result.detail.map((d, i) => {
    const classes: string[] = [d.kind];
    if (d.success) classes.push("success");
    if (d.rerolledAgain) classes.push("exploded");
    if (d.rerolledRote) classes.push("rerolled");
    if (result.dramaticFailure && i === 0) classes.push("fumble");
    return { face: d.face, sides: 10, classes: classes.join(" ") };
  });
}

/** The breakdown's parts with localizable labels: traits by name, the rest by `Part.<label>`. */
export function cardParts(pool: PoolBreakdown, traitLabels: Record<string, string>): Array<{ label: string; value: string }> {
  return pool.parts.map((p) => ({
    label: traitLabels[p.label] ?? `${KEY}.Part.${p.label}`,
    value: ["attribute", "skill", "secondAttribute", "extraTalent"].includes(p.label) ? String(p.value) : formatSigned(p.value),
  }));
}

export function cardRoll(
  result: RollResult | null,
  pool: PoolBreakdown | null,
  traitLabels: Record<string, string>,
  opts: {
    target?: AttackTarget | null;
    band?: string | null;
    damage?: { points: number; type: string } | null;
    buttonKey?: number;
    defense?: DefenseDetail | null;
    other?: RollResult | null;
    cover?: CoverRoll | null;
  } = {},
): CardRoll {
  const target = opts.target ?? null;
  const damage = opts.damage && result ? opts.damage : null;
  const buttons: CardRoll["buttons"] = [];
  if (damage && damage.points > 0 && target?.actorUuid) {
    buttons.push({
      action: "applyDamage",
      label: `${KEY}.Chat.ApplyDamage`,
      icon: "fa-solid fa-droplet",
      data: { target: String(opts.buttonKey ?? 0) },
    });
  }
  return {
    target: target
      ? {
          name: target.name,
          img: target.img,
          distance: target.distance,
          units: target.units,
          bandLabel: opts.band ? `${KEY}.Range.${opts.band}` : null,
        }
      : null,
    outOfRange: result === null,
    pool: pool?.pool ?? 0,
    chance: result?.chance ?? false,
    dice: result ? cardDice(result) : [],
    successes: result?.successes ?? 0,
    outcomeLabel: result ? `${KEY}.Outcome.${result.outcome}` : `${KEY}.Range.outOfRange`,
    tone: result ? TONE[result.outcome] : "neutral",
    parts: pool ? cardParts(pool, traitLabels) : [],
    explain: result ? explainPool(result) : [],
    damage: damage ? { points: damage.points, typeLabel: `${KEY}.Damage.${damage.type}` } : null,
    defense: opts.defense && result ? { ...opts.defense } : null,
    cover:
      opts.cover && result
        ? {
            durability: opts.cover.durability,
            excess: opts.cover.excess,
            armor: opts.cover.armor,
            pool: opts.cover.result?.pool ?? 0,
            chance: opts.cover.result?.chance ?? false,
            dice: opts.cover.result ? cardDice(opts.cover.result) : [],
            successes: opts.cover.result?.successes ?? 0,
            outcomeLabel: opts.cover.result ? `${KEY}.Outcome.${opts.cover.result.outcome}` : `${KEY}.Cover.Stopped`,
          }
        : null,
    discarded:
      opts.other && result
        ? {
            dice: cardDice(opts.other).map((d) => ({ ...d, classes: `${d.classes} discarded` })),
            successes: opts.other.successes,
            outcomeLabel: `${KEY}.Outcome.${opts.other.outcome}`,
          }
        : null,
    buttons,
  };
}

export function extendedProgress(after: ExtendedAction, erased: boolean): CardContext["extended"] {
  return {
    accumulated: after.accumulated,
    target: after.target,
    rollsMade: after.rollsMade,
    maxRolls: after.maxRolls,
    statusLabel: `${KEY}.Extended.Status.${after.status}`,
    overshoot: after.overshoot,
    erased,
    percent: Math.min(100, Math.round((after.accumulated / after.target) * 100)),
  };
}
