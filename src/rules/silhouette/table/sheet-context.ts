/**
 * Sheet contexts of the Silhouette sheets as plain functions (no Foundry global): the sheets call
 * them with a document's data, the gallery with sample data from the packs.
 */
import { SPEEDS, SPEED_FRACTIONS, type Speed } from "../index";
import type { ActorSheetContext, ItemSheetContext } from "../../table/sheet-context";
import { formatDecimal, type NumberLanguage } from "../../table/format";
import {
  ATTRIBUTES,
  SKILL_ATTRIBUTE_CHOICES,
  SKILL_KEY_CHOICES,
  WEAPON_CATEGORY_CHOICES,
  WEAPON_SKILL_CHOICES,
  deriveCharacter,
  type CharacterDerived,
  type DeriveOptions,
  type ItemLike,
} from "./derive";

const L = "OMNIBUS.Silhouette.";

export const ACTOR_TABS = [
  { id: "main", label: `${L}Tab.Main`, icon: "fa-solid fa-person-running" },
  { id: "skills", label: `${L}Tab.Skills`, icon: "fa-solid fa-dice-six" },
  { id: "combat", label: `${L}Tab.Combat`, icon: "fa-solid fa-crosshairs" },
  { id: "items", label: "OMNIBUS.Sheet.Tab.Items", icon: "fa-solid fa-suitcase" },
  { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
];

export const ITEM_TYPES = ["silhouette_skill", "silhouette_weapon", "silhouette_armour", "silhouette_equipment"];

/** Metres with at most two decimals, as text ("16.67", "25", "12.5"; "12,5" for a Russian reader). */
export function formatMetres(value: number, lang?: NumberLanguage): string {
  return formatDecimal(value, lang, 2);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

export interface SilhouetteActorContext {
  /** The ten primary attributes, then STR (a stored secondary trait): sheet inputs. */
  attributes: Array<{ key: string; label: string; abbr: string; value: number; name: string }>;
  /** HEA (derived from FIT, PSY and WIL, never stored), and what BLD and FIT give for STR. */
  health: string;
  strengthFromBuild: string;
  movementRows: Array<{ speed: Speed; label: string; metres: string; fraction: string; allowed: boolean }>;
  maxSpeedLabel: string;
  skills: Array<{
    id: string;
    name: string;
    level: number;
    attributeLabel: string;
    attributeModifier: string;
    keyLabel: string;
    dice: number;
  }>;
  untrainedSkills: Array<{ key: string; label: string }>;
  weapons: Array<{
    id: string;
    name: string;
    img: string;
    categoryLabel: string;
    skillLabel: string;
    dm: number;
    rof: number;
    ranges: string;
    ammo: string | null;
    pool: number;
  }>;
  armour: Array<{ id: string; name: string; img: string; rating: number; heavy: boolean; worn: boolean }>;
  wounds: { light: number; heavy: number; dead: boolean; worstLabel: string; thresholds: CharacterDerived["woundThresholds"] };
  derived: CharacterDerived;
  load: string;
  reach: string;
  throwing: string;
  balancing: string;
  armourTotal: number;
}

const SPEED_FRACTION_TEXT: Record<Speed, string> = { sprint: "1", run: "2/3", jog: "1/2", walk: "1/3", crawl: "1/5" };

/** Everything the Silhouette actor sheet shows beyond the base context. */
export function silhouetteActorContext(
  base: Pick<ActorSheetContext, "system" | "items">,
  items: readonly ItemLike[],
  options: DeriveOptions = {},
  lang?: NumberLanguage,
): SilhouetteActorContext {
  const system = base.system as Record<string, unknown> & {
    attributes?: Record<string, number>;
    wounds?: { light: number; heavy: number; dead: boolean };
    maxLoad?: number;
  };
  const derived = (system.derived as CharacterDerived | undefined) ?? deriveCharacter(system as never, items, options);
  const attributes = system.attributes ?? {};
  const imgOf = new Map(base.items.map((i) => [i.id, i.img]));
  const levelOf = (skill: string) => derived.skillLevels[skill as keyof typeof derived.skillLevels] ?? 0;
  return {
    attributes: ATTRIBUTES.map((key) => ({
      key,
      label: `${L}Attribute.${key}`,
      abbr: `${L}AttributeAbbr.${key}`,
      value: Number(attributes[key] ?? 0),
      name: `system.attributes.${key}`,
    })),
    health: signed(derived.health ?? 0),
    strengthFromBuild: signed(derived.strengthFromBuild ?? 0),
    movementRows: [...SPEEDS].reverse().map((speed) => ({
      speed,
      label: `${L}Speed.${speed}`,
      metres: formatMetres(derived.movement[speed], lang),
      fraction: SPEED_FRACTION_TEXT[speed],
      allowed: derived.maxSpeed !== null && SPEEDS.indexOf(speed) <= SPEEDS.indexOf(derived.maxSpeed) && SPEED_FRACTIONS[speed] > 0,
    })),
    maxSpeedLabel: derived.maxSpeed === null ? `${L}Wound.dead` : `${L}Speed.${derived.maxSpeed}`,
    skills: derived.skills.map((s) => ({
      id: s.id,
      name: s.name,
      level: s.level,
      attributeLabel: SKILL_ATTRIBUTE_CHOICES[s.attribute],
      attributeModifier: signed(s.attributeModifier),
      keyLabel: SKILL_KEY_CHOICES[s.key],
      dice: s.level,
    })),
    untrainedSkills: (["combatSense", "athletics", "defense", "handToHand", "melee", "firearms", "throwing", "stealth", "notice"] as const)
      .filter((k) => !derived.skills.some((s) => s.key === k))
      .map((k) => ({ key: k, label: `${L}Skill.${k}` })),
    weapons: items
      .filter((i) => i.type === "silhouette_weapon")
      .map((i) => {
        const s = i.system as Record<string, unknown> & { ranges?: Record<string, number>; ammo?: { value: number; max: number } };
        const r = s.ranges ?? {};
        return {
          id: i.id ?? "",
          name: i.name,
          img: imgOf.get(i.id ?? "") ?? "icons/svg/sword.svg",
          categoryLabel: WEAPON_CATEGORY_CHOICES[String(s.category)] ?? WEAPON_CATEGORY_CHOICES.ranged,
          skillLabel: WEAPON_SKILL_CHOICES[String(s.skill)] ?? WEAPON_SKILL_CHOICES.firearms,
          dm: Number(s.damageMultiplier ?? 0),
          rof: Number(s.rof ?? 0),
          ranges:
            Number(r.base ?? 0) > 0
              ? [r.base, r.medium, r.long, r.extreme].map((v) => formatMetres(Number(v ?? 0), lang)).join(" / ")
              : "—",
          ammo: s.ammo && s.ammo.max > 0 ? `${s.ammo.value}/${s.ammo.max}` : null,
          pool: levelOf(String(s.skill)),
        };
      }),
    armour: items
      .filter((i) => i.type === "silhouette_armour")
      .map((i) => ({
        id: i.id ?? "",
        name: i.name,
        img: imgOf.get(i.id ?? "") ?? "icons/svg/shield.svg",
        rating: Number(i.system.rating ?? 0),
        heavy: i.system.heavy === true,
        worn: i.system.worn !== false,
      })),
    wounds: {
      light: Number(system.wounds?.light ?? 0),
      heavy: Number(system.wounds?.heavy ?? 0),
      dead: system.wounds?.dead === true,
      worstLabel: `${L}Wound.${derived.worstWound === "none" ? "none" : derived.worstWound}`,
      thresholds: derived.woundThresholds,
    },
    derived,
    load:
      Number(system.maxLoad ?? 0) > 0
        ? `${formatMetres(derived.load, lang)} / ${formatMetres(Number(system.maxLoad), lang)}`
        : formatMetres(derived.load, lang),
    reach: formatMetres(derived.reachCm / 100, lang),
    throwing: [derived.throwingRanges.base, derived.throwingRanges.medium, derived.throwingRanges.long, derived.throwingRanges.extreme]
      .map((v) => formatMetres(v, lang))
      .join(" / "),
    balancing: signed(derived.balancingPenalty),
    armourTotal: derived.armour,
  };
}

export interface SilhouetteItemContext {
  choices: {
    skillKey: Record<string, string>;
    attribute: Record<string, string>;
    category: Record<string, string>;
    weaponSkill: Record<string, string>;
    hands: Record<string, string>;
  };
  isSkill: boolean;
  isWeapon: boolean;
  isArmour: boolean;
  isEquipment: boolean;
}

export function silhouetteItemContext(base: Pick<ItemSheetContext, "document">): SilhouetteItemContext {
  const type = base.document.type;
  return {
    choices: {
      skillKey: SKILL_KEY_CHOICES,
      attribute: SKILL_ATTRIBUTE_CHOICES,
      category: WEAPON_CATEGORY_CHOICES,
      weaponSkill: WEAPON_SKILL_CHOICES,
      hands: { 0: `${L}Equipment.Hands0`, 1: `${L}Equipment.Hands1`, 2: `${L}Equipment.Hands2` },
    },
    isSkill: type === "silhouette_skill",
    isWeapon: type === "silhouette_weapon",
    isArmour: type === "silhouette_armour",
    isEquipment: type === "silhouette_equipment",
  };
}
