/**
 * The guided creation window's steps per ruleset (issue 16), as plain data: what each step edits
 * (fields of the actor's `system`, or the ratings of its items of one type), which breach codes of
 * the ruleset's validator belong to it, and what is left to spend, from the validator's own totals
 * and the same published tables. `creationView` runs the validator and sorts its breaches into the
 * steps; a character may be finished only when no rule is broken.
 */
import type { RulesetId } from "./index";
import { BREACH_CODES } from "./breach-text";
import { validateCharacter } from "./characters";
import type { ActorLike, Breach, CreationReport } from "./build-types";
import { D6_ATTRIBUTES, D6_CREATION } from "./d6/creation";
import { STORYTELLING_CREATION } from "./storytelling/creation";
import { ATTRIBUTES as STORYTELLING_ATTRIBUTES, SKILLS as STORYTELLING_SKILLS } from "./storytelling/traits";
import { WFRP_CREATION } from "./wfrp/creation";
import { CHARACTERISTICS } from "./wfrp/characteristics";
import { SILHOUETTE_BUILD_ATTRIBUTES, SILHOUETTE_CREATION } from "./silhouette/build";
import { finiteOr } from "../core/units";

/** A field of `system` the step edits: `path` below `system`, an i18n key for its label. */
export interface CreationField {
  path: string;
  label: string;
  kind: "int" | "text" | "bool";
  min?: number;
  max?: number;
}

/** The ratings of the actor's items of `type` the step edits (`path` below each item's `system`). */
export interface CreationItems {
  type: string;
  path: string;
  /** A second rating shown beside the first (d6 pips). */
  path2?: string;
  min: number;
  max: number;
}

export interface CreationStep {
  id: string;
  /** i18n key of the step's title. */
  label: string;
  fields: CreationField[];
  items?: CreationItems;
  /** Breach codes shown in this step. */
  codes: string[];
}

/** What is left to spend in a step: an i18n key naming the budget, and the numbers as text. */
export interface Budget {
  label: string;
  spent: string;
  allowed: string;
  /** True when spent equals allowed. */
  done: boolean;
}

const K = "OMNIBUS.Creation.Field";
const int = (path: string, label: string, min = 0, max = 100): CreationField => ({ path, label, kind: "int", min, max });
const text = (path: string, label: string): CreationField => ({ path, label, kind: "text" });

export const CREATION_STEPS: Record<RulesetId, CreationStep[]> = {
  d6: [
    {
      id: "species",
      label: "OMNIBUS.Creation.Step.species",
      fields: [text("species", `${K}.species`), { path: "forceSensitive", label: `${K}.forceSensitive`, kind: "bool" }],
      codes: [],
    },
    {
      id: "attributes",
      label: "OMNIBUS.Creation.Step.attributes",
      fields: D6_ATTRIBUTES.flatMap((a) => [
        int(`attributes.${a}.dice`, `OMNIBUS.D6.Attribute.${a}`, 0, 10),
        int(`attributes.${a}.pips`, `${K}.pips`, 0, 2),
      ]),
      codes: ["badCode", "attributeDice", "attributeBelowMinimum", "attributeAboveMaximum"],
    },
    {
      id: "skills",
      label: "OMNIBUS.Creation.Step.skills",
      fields: [],
      items: { type: "d6_skill", path: "code.dice", path2: "code.pips", min: 0, max: 20 },
      codes: ["forceSkillNotSensitive", "skillBelowAttribute", "skillTooHigh", "skillDice"],
    },
    {
      id: "points",
      label: "OMNIBUS.Creation.Step.points",
      fields: [int("characterPoints", `${K}.characterPoints`), int("forcePoints", `${K}.forcePoints`)],
      codes: ["characterPoints", "forcePoints"],
    },
  ],
  storytelling: [
    {
      id: "attributes",
      label: "OMNIBUS.Creation.Step.attributes",
      fields: STORYTELLING_ATTRIBUTES.map((a) => int(`attributes.${a}`, `OMNIBUS.Storytelling.Attribute.${a}`, 1, 5)),
      codes: ["attributeBelowOne", "attributeAboveFive", "attributeDots"],
    },
    {
      id: "skills",
      label: "OMNIBUS.Creation.Step.skills",
      fields: STORYTELLING_SKILLS.map((k) => int(`skills.${k}.dots`, `OMNIBUS.Storytelling.Skill.${k}`, 0, 5)),
      codes: ["skillBelowZero", "skillAboveFive", "specialtyWithoutSkill", "skillDots", "specialties"],
    },
    {
      id: "merits",
      label: "OMNIBUS.Creation.Step.merits",
      fields: [],
      items: { type: "storytelling_merit", path: "dots", min: 0, max: 5 },
      codes: ["meritDots"],
    },
    {
      id: "derived",
      label: "OMNIBUS.Creation.Step.derived",
      fields: [int("morality", `${K}.morality`, 0, 10), int("willpower.points", `${K}.willpower`, 0, 10)],
      codes: ["morality", "derivedWillpower"],
    },
  ],
  wfrp: [
    {
      id: "species",
      label: "OMNIBUS.Creation.Step.speciesCareer",
      fields: [text("species", "OMNIBUS.WFRP.Sheet.Species"), text("career", "OMNIBUS.WFRP.Sheet.Career")],
      codes: [],
    },
    {
      id: "characteristics",
      label: "OMNIBUS.Creation.Step.characteristics",
      fields: CHARACTERISTICS.flatMap((c) => [
        int(`characteristics.${c}.initial`, `OMNIBUS.WFRP.Char.${c}`, 0, 100),
        int(`characteristics.${c}.advances`, `${K}.advances`, 0, 5),
      ]),
      codes: ["characteristicRange", "characteristicAdvanceOutOfCareer", "characteristicAdvances"],
    },
    {
      id: "skills",
      label: "OMNIBUS.Creation.Step.skillsTalents",
      fields: [],
      items: { type: "wfrp_skill", path: "advances", min: 0, max: 10 },
      codes: ["skillNotAvailable", "skillAdvances", "speciesTalentMissing", "careerTalentMissing", "talentCount", "trappingMissing"],
    },
    {
      id: "fate",
      label: "OMNIBUS.Creation.Step.fate",
      fields: [
        int("fate", "OMNIBUS.WFRP.Sheet.Fate"),
        int("fortune", `${K}.fortune`),
        int("resilience", "OMNIBUS.WFRP.Sheet.Resilience"),
        int("resolve", `${K}.resolve`),
        int("movement", "OMNIBUS.WFRP.Sheet.Movement", 0, 10),
      ],
      codes: ["fateResilience", "movement", "fortuneNotFull", "resolveNotFull"],
    },
  ],
  silhouette: [
    {
      id: "attributes",
      label: "OMNIBUS.Creation.Step.attributes",
      fields: SILHOUETTE_BUILD_ATTRIBUTES.map((a) =>
        int(`attributes.${a}`, `OMNIBUS.Silhouette.Attribute.${a}`, SILHOUETTE_CREATION.attributeMin, SILHOUETTE_CREATION.attributeMax),
      ),
      codes: ["attributeRange", "attributePoints"],
    },
    {
      id: "skills",
      label: "OMNIBUS.Creation.Step.skills",
      fields: [],
      items: { type: "silhouette_skill", path: "level", min: 0, max: 5 },
      codes: ["skillLevel", "skillPoints"],
    },
    {
      id: "derived",
      label: "OMNIBUS.Creation.Step.derived",
      fields: [int("attributes.str", "OMNIBUS.Silhouette.Attribute.str", -3, 3), int("stamina", `${K}.stamina`, 0, 100)],
      codes: ["derivedStrength", "derivedStamina"],
    },
  ],
};

const rec = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const B = (label: string, spent: string | number, allowed: string | number): Budget => ({
  label: `OMNIBUS.Creation.Budget.${label}`,
  spent: String(spent),
  allowed: String(allowed),
  done: String(spent) === String(allowed),
});

/** The budgets of each step, from the validator's totals and the published tables. */
export function stepBudgets(ruleset: RulesetId, r: CreationReport): Record<string, Budget[]> {
  const t = r.totals;
  if (ruleset === "d6") {
    const species = Object.values(D6_CREATION.species).find((s) => s.names.includes(String(t.species ?? "").toLowerCase()));
    return {
      attributes: [B("attributeDice", String(t.attributeDice ?? "0D"), species ? `${species.attributeDice}D` : "?")],
      skills: [B("skillDice", String(t.skillDiceSpent ?? "0D"), `${D6_CREATION.skillDice}D`)],
    };
  }
  if (ruleset === "storytelling") {
    const a = rec(t.attributeDots);
    const s = rec(t.skillDots);
    // Mental/Physical/Social in that order; the priorities may fall in any order (done when they match as a set).
    const byCategory = (o: Record<string, unknown>) => ["mental", "physical", "social"].map((k) => finiteOr(o[k]));
    const priorities = (o: Record<string, unknown>, allowed: number[]): Budget => {
      const got = byCategory(o);
      const same = [...got].sort((x, y) => y - x).join("/") === [...allowed].sort((x, y) => y - x).join("/");
      return { ...B(o === a ? "attributeDots" : "skillDots", got.join("/"), allowed.join("/")), done: same };
    };
    return {
      attributes: [priorities(a, STORYTELLING_CREATION.attributeDots)],
      skills: [
        priorities(s, STORYTELLING_CREATION.skillDots),
        B("specialties", finiteOr(t.specialties), STORYTELLING_CREATION.specialties),
      ],
      merits: [B("meritDots", finiteOr(t.meritDots), STORYTELLING_CREATION.meritDots)],
    };
  }
  if (ruleset === "wfrp") {
    return {
      characteristics: [B("characteristicAdvances", finiteOr(t.characteristicAdvances), WFRP_CREATION.characteristicAdvances)],
    };
  }
  return {
    attributes: [B("attributePoints", finiteOr(t.attributePoints), SILHOUETTE_CREATION.attributePoints)],
    skills: [B("skillPoints", finiteOr(t.skillPoints), finiteOr(t.skillBudget))],
  };
}

export interface StepView extends CreationStep {
  breaches: Breach[];
  budgets: Budget[];
  ok: boolean;
}

export interface CreationView {
  ruleset: RulesetId;
  steps: StepView[];
  /** Breaches no step claims (none with the shipped tables; kept so nothing is hidden). */
  other: Breach[];
  unchecked: string[];
  /** Finish is allowed only when no rule is broken. */
  canFinish: boolean;
  /** The validator could not read the character at all (then `error` says why). */
  error: string | null;
}

/** Runs the validator and sorts its findings into the steps. */
export function creationView(ruleset: RulesetId, actor: ActorLike): CreationView {
  let r: CreationReport;
  try {
    r = validateCharacter(actor, ruleset);
  } catch (e) {
    return {
      ruleset,
      steps: CREATION_STEPS[ruleset].map((s) => ({ ...s, breaches: [], budgets: [], ok: false })),
      other: [],
      unchecked: [],
      canFinish: false,
      error: e instanceof Error ? e.message : String(e),
    };
  }
  const budgets = stepBudgets(ruleset, r);
  const claimed = new Set(CREATION_STEPS[ruleset].flatMap((s) => s.codes));
  const steps = CREATION_STEPS[ruleset].map((s) => {
    const breaches = r.breaches.filter((b) => s.codes.includes(b.code));
    return { ...s, breaches, budgets: budgets[s.id] ?? [], ok: breaches.length === 0 };
  });
  return { ruleset, steps, other: r.breaches.filter((b) => !claimed.has(b.code)), unchecked: r.unchecked, canFinish: r.ok, error: null };
}

/** Every breach code is claimed by exactly one step (checked by the tests). */
export const claimedCodes = (ruleset: RulesetId): string[] => CREATION_STEPS[ruleset].flatMap((s) => s.codes);
export { BREACH_CODES };
