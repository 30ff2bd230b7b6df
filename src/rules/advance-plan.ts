/**
 * What one "Advance" on a sheet does, as a pure decision over the sheet's plain data (issue 16):
 * which trait moves from what to what, what it costs with the GM's table, the changes to the actor
 * and its items (the experience pool included) and the changes that undo it. The glue applies
 * `changes`, records a ledger spend with `revert`, and applies `revert` on undo.
 *
 * Experience pools, by ruleset: d6 `characterPoints` (unspent Character Points), storytelling
 * `experience` (unspent), wfrp `experience.total − experience.spent`, silhouette the ledger's own
 * balance (it has no pool field).
 */
import { OmnibusError, describeValue } from "../core/errors";
import type { RulesetId } from "./index";
import { advanceCost, type AdvanceOptions } from "./characters";
import { isRecord, type ActorLike, type CostStep } from "./build-types";
import {
  award,
  ledgerTotals,
  requireLedger,
  revertOf,
  spend,
  undoLastSpend,
  type ActorChanges,
  type LedgerEntry,
  type Refusal,
} from "./ledger";
import { codeToPips, formatDieCode, pipsToCode, requireCode } from "./d6/dice-code";
import { specialtyList } from "./storytelling/creation";
import { finiteOr } from "../core/units";
import { derivedStrength } from "./silhouette/build";

export interface AdvanceTarget {
  /** The trait kind of the ruleset's cost table (`attribute`, `skill`, `characteristic`…). */
  kind: string;
  /** An attribute/characteristic/skill key on `system` (not for item traits). */
  key?: string;
  /** The embedded item holding the trait (skills, merits, talents). */
  itemId?: string;
  /** d6: the specialization's index in the skill item. */
  index?: number;
  /** storytelling: the new Specialty's name and its skill (`key`). */
  name?: string;
}

export type AdvancePlan =
  | { ok: true; label: string; from: string; to: string; cost: number; steps: CostStep[]; changes: ActorChanges; revert: ActorChanges }
  | { ok: false; reason: "unknownTrait"; kind: string }
  | { ok: false; reason: "atMaximum"; label: string; value: string }
  | { ok: false; reason: "notEnoughExperience"; label: string; cost: number; available: number };

/** Trait ratings the plans stop at (the sheet's own limits). */
const MAX = {
  storytellingDots: 5,
  morality: 10,
  wfrpAdvances: 999,
  talentTimes: 99,
  silhouetteAttribute: 10,
  silhouetteSkill: 20,
  d6Dice: 200,
};

const sys = (actor: ActorLike): Record<string, unknown> => (isRecord(actor) && isRecord(actor.system) ? actor.system : {});
function itemOf(
  actor: ActorLike,
  id: string | undefined,
  type: string,
): { _id: string; name: string; system: Record<string, unknown> } | null {
  if (!id || !isRecord(actor) || !Array.isArray(actor.items)) return null;
  const it = (actor.items as unknown[]).find((i) => isRecord(i) && i._id === id && i.type === type && isRecord(i.system)) as
    Record<string, unknown> | undefined;
  return it ? { _id: id, name: typeof it.name === "string" ? it.name : "", system: it.system as Record<string, unknown> } : null;
}

/** The experience a character has to spend, by ruleset. */
export function availableExperience(ruleset: RulesetId, actor: ActorLike): number {
  const s = sys(actor);
  switch (ruleset) {
    case "d6":
      return finiteOr(s.characterPoints);
    case "storytelling":
      return finiteOr(s.experience);
    case "wfrp": {
      const xp = isRecord(s.experience) ? s.experience : {};
      return finiteOr(xp.total) - finiteOr(xp.spent);
    }
    case "silhouette":
      return ledgerTotals(requireLedger(s.ledger)).available;
  }
}

/** The pool change for spending (`delta` < 0) or awarding (`delta` > 0) experience. */
export function poolChanges(ruleset: RulesetId, actor: ActorLike, delta: number): Record<string, unknown> {
  const s = sys(actor);
  switch (ruleset) {
    case "d6":
      return { characterPoints: finiteOr(s.characterPoints) + delta };
    case "storytelling":
      return { experience: finiteOr(s.experience) + delta };
    case "wfrp": {
      const xp = isRecord(s.experience) ? s.experience : {};
      return delta > 0 ? { "experience.total": finiteOr(xp.total) + delta } : { "experience.spent": finiteOr(xp.spent) - delta };
    }
    case "silhouette":
      return {};
  }
}

interface Step {
  label: string;
  from: string | number;
  to: string | number;
  costKind: string;
  changes: ActorChanges;
  revert: ActorChanges;
}

function stepFor(ruleset: RulesetId, actor: ActorLike, t: AdvanceTarget): Step | { atMax: string; label: string } | null {
  const s = sys(actor);
  const key = t.key ?? "";
  switch (ruleset) {
    case "d6": {
      const pip = (c: unknown) => codeToPips(requireCode(c));
      const code = (p: number) => formatDieCode(pipsToCode(p));
      if (t.kind === "attribute") {
        const attrs = isRecord(s.attributes) ? s.attributes : {};
        if (!isRecord(attrs[key])) return null;
        const p = pip(attrs[key]);
        if (p + 1 > MAX.d6Dice * 3) return { atMax: code(p), label: key };
        return {
          label: key,
          from: code(p),
          to: code(p + 1),
          costKind: "attribute",
          changes: { system: { [`attributes.${key}`]: pipsToCode(p + 1) } },
          revert: { system: { [`attributes.${key}`]: pipsToCode(p) } },
        };
      }
      const item = itemOf(actor, t.itemId, "d6_skill");
      if (!item) return null;
      if (t.kind === "skill" || t.kind === "advancedSkill") {
        const p = pip(item.system.code);
        const kind = item.system.advanced === true ? "advancedSkill" : "skill";
        return {
          label: item.name,
          from: code(p),
          to: code(p + 1),
          costKind: kind,
          changes: { items: [{ _id: item._id, system: { code: pipsToCode(p + 1) } }] },
          revert: { items: [{ _id: item._id, system: { code: pipsToCode(p) } }] },
        };
      }
      if (t.kind === "specialization") {
        const specs = Array.isArray(item.system.specializations) ? (item.system.specializations as Record<string, unknown>[]) : [];
        const i = t.index ?? -1;
        if (!Number.isInteger(i) || i < 0 || i >= specs.length || !isRecord(specs[i])) return null;
        const p = pip(specs[i].code);
        const next = specs.map((sp, j) => (j === i ? { ...sp, code: pipsToCode(p + 1) } : sp));
        return {
          label: `${item.name}: ${String(specs[i].name ?? "")}`,
          from: code(p),
          to: code(p + 1),
          costKind: "specialization",
          changes: { items: [{ _id: item._id, system: { specializations: next } }] },
          revert: { items: [{ _id: item._id, system: { specializations: specs } }] },
        };
      }
      return null;
    }
    case "storytelling": {
      if (t.kind === "attribute") {
        const attrs = isRecord(s.attributes) ? s.attributes : {};
        if (typeof attrs[key] !== "number") return null;
        const v = attrs[key] as number;
        if (v >= MAX.storytellingDots) return { atMax: String(v), label: key };
        return {
          label: key,
          from: v,
          to: v + 1,
          costKind: "attribute",
          changes: { system: { [`attributes.${key}`]: v + 1 } },
          revert: { system: { [`attributes.${key}`]: v } },
        };
      }
      if (t.kind === "skill" || t.kind === "specialty") {
        const skills = isRecord(s.skills) ? s.skills : {};
        if (!isRecord(skills[key])) return null;
        const sk = skills[key] as Record<string, unknown>;
        if (t.kind === "skill") {
          const v = finiteOr(sk.dots);
          if (v >= MAX.storytellingDots) return { atMax: String(v), label: key };
          return {
            label: key,
            from: v,
            to: v + 1,
            costKind: "skill",
            changes: { system: { [`skills.${key}.dots`]: v + 1 } },
            revert: { system: { [`skills.${key}.dots`]: v } },
          };
        }
        const name = (t.name ?? "").trim();
        if (!name || /[,;\n]/.test(name)) return null;
        const text = typeof sk.specialties === "string" ? sk.specialties : "";
        const list = specialtyList(text);
        if (list.some((x) => x.toLowerCase() === name.toLowerCase())) return { atMax: name, label: key };
        return {
          label: `${key}: ${name}`,
          from: list.length,
          to: list.length + 1,
          costKind: "specialty",
          changes: { system: { [`skills.${key}.specialties`]: [...list, name].join(", ") } },
          revert: { system: { [`skills.${key}.specialties`]: text } },
        };
      }
      if (t.kind === "morality") {
        const v = finiteOr(s.morality, 7);
        if (v >= MAX.morality) return { atMax: String(v), label: "morality" };
        return {
          label: "morality",
          from: v,
          to: v + 1,
          costKind: "morality",
          changes: { system: { morality: v + 1 } },
          revert: { system: { morality: v } },
        };
      }
      if (t.kind === "merit") {
        const item = itemOf(actor, t.itemId, "storytelling_merit");
        if (!item) return null;
        const v = finiteOr(item.system.dots, 1);
        if (v >= MAX.storytellingDots) return { atMax: String(v), label: item.name };
        return {
          label: item.name,
          from: v,
          to: v + 1,
          costKind: "merit",
          changes: { items: [{ _id: item._id, system: { dots: v + 1 } }] },
          revert: { items: [{ _id: item._id, system: { dots: v } }] },
        };
      }
      return null;
    }
    case "wfrp": {
      if (t.kind === "characteristic") {
        const chars = isRecord(s.characteristics) ? s.characteristics : {};
        if (!isRecord(chars[key])) return null;
        const v = finiteOr((chars[key] as Record<string, unknown>).advances);
        if (v >= MAX.wfrpAdvances) return { atMax: String(v), label: key };
        return {
          label: key,
          from: v,
          to: v + 1,
          costKind: "characteristic",
          changes: { system: { [`characteristics.${key}.advances`]: v + 1 } },
          revert: { system: { [`characteristics.${key}.advances`]: v } },
        };
      }
      if (t.kind === "skill") {
        const item = itemOf(actor, t.itemId, "wfrp_skill");
        if (!item) return null;
        const v = finiteOr(item.system.advances);
        if (v >= MAX.wfrpAdvances) return { atMax: String(v), label: item.name };
        return {
          label: item.name,
          from: v,
          to: v + 1,
          costKind: "skill",
          changes: { items: [{ _id: item._id, system: { advances: v + 1 } }] },
          revert: { items: [{ _id: item._id, system: { advances: v } }] },
        };
      }
      if (t.kind === "talent") {
        const item = itemOf(actor, t.itemId, "wfrp_talent");
        if (!item) return null;
        const v = finiteOr(item.system.timesTaken, 1);
        if (v >= MAX.talentTimes) return { atMax: String(v), label: item.name };
        return {
          label: item.name,
          from: v,
          to: v + 1,
          costKind: "talent",
          changes: { items: [{ _id: item._id, system: { timesTaken: v + 1 } }] },
          revert: { items: [{ _id: item._id, system: { timesTaken: v } }] },
        };
      }
      return null;
    }
    case "silhouette": {
      if (t.kind === "attribute") {
        const attrs = isRecord(s.attributes) ? s.attributes : {};
        // STR is a secondary trait, not bought (a client asking for it gets nothing).
        if (key === "str" || typeof attrs[key] !== "number") return null;
        const v = attrs[key] as number;
        if (v >= MAX.silhouetteAttribute) return { atMax: String(v), label: key };
        const changes: Record<string, unknown> = { [`attributes.${key}`]: v + 1 };
        const revert: Record<string, unknown> = { [`attributes.${key}`]: v };
        // A stored STR that matched (BLD + FIT) / 2 follows a BLD or FIT advance (Silhouette CORE,
        // "Secondary Traits"); one that did not (a creature, a GM's choice) is left as it is.
        const bld = finiteOr(attrs.bld);
        const fit = finiteOr(attrs.fit);
        if ((key === "bld" || key === "fit") && typeof attrs.str === "number" && attrs.str === derivedStrength(bld, fit)) {
          const after = key === "bld" ? derivedStrength(bld + 1, fit) : derivedStrength(bld, fit + 1);
          if (after !== attrs.str) {
            changes["attributes.str"] = after;
            revert["attributes.str"] = attrs.str;
          }
        }
        return { label: key, from: v, to: v + 1, costKind: "attribute", changes: { system: changes }, revert: { system: revert } };
      }
      if (t.kind === "skill") {
        const item = itemOf(actor, t.itemId, "silhouette_skill");
        if (!item) return null;
        const v = finiteOr(item.system.level);
        if (v >= MAX.silhouetteSkill) return { atMax: String(v), label: item.name };
        return {
          label: item.name,
          from: v,
          to: v + 1,
          costKind: "skill",
          changes: { items: [{ _id: item._id, system: { level: v + 1 } }] },
          revert: { items: [{ _id: item._id, system: { level: v } }] },
        };
      }
      return null;
    }
  }
}

/**
 * Plans one step up of a trait: its cost with `opts.table` (the published one when absent), the
 * changes (the pool included) and their undo; or why not (no such trait, at its maximum, not
 * enough experience).
 */
export function planAdvance(ruleset: RulesetId, actor: ActorLike, target: AdvanceTarget, opts: AdvanceOptions = {}): AdvancePlan {
  if (!isRecord(target) || typeof target.kind !== "string")
    throw new OmnibusError("badArgument", `an advance target needs a kind, got ${describeValue(target)}`, { name: "target" });
  const step = stepFor(ruleset, actor, target);
  if (!step) return { ok: false, reason: "unknownTrait", kind: target.kind };
  if ("atMax" in step) return { ok: false, reason: "atMaximum", label: step.label, value: step.atMax };
  const { cost, steps } = advanceCost(ruleset, step.costKind, step.from, step.to, opts);
  const available = availableExperience(ruleset, actor);
  if (cost > available) return { ok: false, reason: "notEnoughExperience", label: step.label, cost, available };
  const withPool = (c: ActorChanges, delta: number): ActorChanges => {
    const pool = poolChanges(ruleset, actor, delta);
    return Object.keys(pool).length ? { ...c, system: { ...(c.system ?? {}), ...pool } } : c;
  };
  return {
    ok: true,
    label: step.label,
    from: String(step.from),
    to: String(step.to),
    cost,
    steps,
    changes: withPool(step.changes, -cost),
    revert: step.revert,
  };
}

/** The pool change that gives back `amount` of spent experience (an undo). */
export function refundChanges(ruleset: RulesetId, actor: ActorLike, amount: number): Record<string, unknown> {
  if (ruleset !== "wfrp") return poolChanges(ruleset, actor, amount);
  const s = sys(actor);
  const xp = isRecord(s.experience) ? s.experience : {};
  return { "experience.spent": Math.max(0, finiteOr(xp.spent) - amount) };
}

const merge = (a: ActorChanges, system: Record<string, unknown>): ActorChanges => ({ ...a, system: { ...(a.system ?? {}), ...system } });
const ledgerOf = (actor: ActorLike) => requireLedger(sys(actor).ledger);

/**
 * One Advance end to end: the plan, and (when allowed) the changes that raise the trait, take the
 * cost from the pool and append the ledger spend — one set of changes for the glue to apply.
 */
export function planSpend(
  ruleset: RulesetId,
  actor: ActorLike,
  target: AdvanceTarget,
  entry: { id: string; date: string },
  opts: AdvanceOptions = {},
): AdvancePlan {
  const plan = planAdvance(ruleset, actor, target, opts);
  if (!plan.ok) return plan;
  const ledger = ledgerOf(actor);
  const r = spend(ledger, availableExperience(ruleset, actor), {
    id: entry.id,
    date: entry.date,
    cost: plan.cost,
    reason: `${plan.label} ${plan.from} → ${plan.to}`,
    trait: { kind: target.kind, key: target.key ?? target.itemId ?? "", from: plan.from, to: plan.to },
    revert: plan.revert,
  });
  if (!r.ok)
    return { ok: false, reason: "notEnoughExperience", label: plan.label, cost: plan.cost, available: availableExperience(ruleset, actor) };
  return { ...plan, changes: merge(plan.changes, { ledger: r.entries }) };
}

/** Undo of the last spend: its revert changes, the refund and the ledger marked — or a refusal. */
export function planUndo(
  ruleset: RulesetId,
  actor: ActorLike,
  date: string,
): { ok: true; undone: LedgerEntry; changes: ActorChanges } | Refusal {
  const r = undoLastSpend(ledgerOf(actor), date);
  if (!r.ok) return r;
  return {
    ok: true,
    undone: r.undone,
    changes: merge(revertOf(r.undone), { ...refundChanges(ruleset, actor, r.undone.amount), ledger: r.entries }),
  };
}

/** An award: the ledger entry and the pool, as changes to the actor (the GM awards each actor in turn). */
export function planAward(
  ruleset: RulesetId,
  actor: ActorLike,
  a: { id: string; amount: number; reason: string; date: string },
): ActorChanges {
  const entries = award(ledgerOf(actor), a);
  return { system: { ...poolChanges(ruleset, actor, a.amount), ledger: entries } };
}

/** One Advance button: the trait it raises, its cost, and whether it can be bought now. */
export interface AdvanceOffer {
  target: AdvanceTarget;
  ok: boolean;
  cost: number | null;
  reason: "notEnoughExperience" | "atMaximum" | "unknownTrait" | null;
  from: string;
  to: string;
}

/** The key a sheet looks an offer up by: `kind|key|itemId|index`. */
export const offerKey = (t: AdvanceTarget) => [t.kind, t.key ?? "", t.itemId ?? "", t.index ?? ""].join("|");

function offerTargets(ruleset: RulesetId, actor: ActorLike): AdvanceTarget[] {
  const s = sys(actor);
  const items = isRecord(actor) && Array.isArray(actor.items) ? (actor.items as unknown[]).filter(isRecord) : [];
  const ofType = (type: string) => items.filter((i) => i.type === type && typeof i._id === "string" && isRecord(i.system));
  const keys = (v: unknown) => (isRecord(v) ? Object.keys(v) : []);
  switch (ruleset) {
    case "d6":
      return [
        ...keys(s.attributes).map((key) => ({ kind: "attribute", key })),
        ...ofType("d6_skill").flatMap((i) => [
          { kind: "skill", itemId: i._id as string },
          ...(Array.isArray((i.system as Record<string, unknown>).specializations)
            ? ((i.system as Record<string, unknown>).specializations as unknown[])
            : []
          ).map((_, index) => ({ kind: "specialization", itemId: i._id as string, index })),
        ]),
      ];
    case "storytelling":
      return [
        ...keys(s.attributes).map((key) => ({ kind: "attribute", key })),
        ...keys(s.skills).map((key) => ({ kind: "skill", key })),
        ...ofType("storytelling_merit").map((i) => ({ kind: "merit", itemId: i._id as string })),
        { kind: "morality" },
      ];
    case "wfrp":
      return [
        ...keys(s.characteristics).map((key) => ({ kind: "characteristic", key })),
        ...ofType("wfrp_skill").map((i) => ({ kind: "skill", itemId: i._id as string })),
        ...ofType("wfrp_talent").map((i) => ({ kind: "talent", itemId: i._id as string })),
      ];
    case "silhouette":
      return [
        // STR is a secondary trait (Silhouette CORE: (BLD + FIT) / 2), not bought with experience.
        ...keys(s.attributes)
          .filter((key) => key !== "str")
          .map((key) => ({ kind: "attribute", key })),
        ...ofType("silhouette_skill").map((i) => ({ kind: "skill", itemId: i._id as string })),
      ];
  }
}

/**
 * Every Advance a sheet can offer, keyed by `offerKey`: the cost with the GM's table and whether it
 * is affordable now. `outOfCareer` (WFRP) tells which targets cost double.
 */
export function advanceOffers(
  ruleset: RulesetId,
  actor: ActorLike,
  opts: { table?: unknown; outOfCareer?: (t: AdvanceTarget) => boolean } = {},
): Record<string, AdvanceOffer> {
  const out: Record<string, AdvanceOffer> = {};
  if (ruleset === "storytelling") {
    // A new Specialty needs its name (asked when bought); the offer is its flat price, on skills with a dot.
    const skills = isRecord(sys(actor).skills) ? (sys(actor).skills as Record<string, unknown>) : {};
    const available = availableExperience(ruleset, actor);
    for (const [key, sk] of Object.entries(skills)) {
      if (!isRecord(sk) || finiteOr(sk.dots) < 1) continue;
      const n = specialtyList(typeof sk.specialties === "string" ? sk.specialties : "").length;
      let cost: number;
      try {
        cost = advanceCost("storytelling", "specialty", n, n + 1, { table: opts.table }).cost;
      } catch {
        continue;
      }
      const target = { kind: "specialty", key };
      out[offerKey(target)] = {
        target,
        ok: cost <= available,
        cost,
        reason: cost <= available ? null : "notEnoughExperience",
        from: String(n),
        to: String(n + 1),
      };
    }
  }
  for (const target of offerTargets(ruleset, actor)) {
    let p: AdvancePlan;
    try {
      p = planAdvance(ruleset, actor, target, { table: opts.table, outOfCareer: opts.outOfCareer?.(target) ?? false });
    } catch {
      continue; // a trait the data holds badly gets no button
    }
    out[offerKey(target)] = p.ok
      ? { target, ok: true, cost: p.cost, reason: null, from: p.from, to: p.to }
      : p.reason === "notEnoughExperience"
        ? { target, ok: false, cost: p.cost, reason: p.reason, from: "", to: "" }
        : { target, ok: false, cost: null, reason: p.reason, from: "", to: "" };
  }
  return out;
}
