/**
 * What the `wfrp` sheets add to the shared sheet context, as plain functions (no Foundry global): the
 * sheets call them with a document's data and the gallery with pack data. Every number shown comes
 * from src/rules/wfrp/table/derive.ts (the pure rules). Labels are i18n keys; templates localize them.
 */
import { finiteOr, readerLength } from "../../../core/units";
import {
  CHARACTERISTICS,
  CONDITIONS,
  DIFFICULTIES,
  HIT_LOCATIONS,
  NON_STACKING_CONDITIONS,
  RANGE_BANDS,
  SIZES,
  SKILLS,
  WEAPON_FLAWS,
  WEAPON_GROUPS,
  WEAPON_QUALITIES,
  rangeBandLimits,
} from "../index";
import type { ActorSheetContext, ItemSheetContext } from "../../table/sheet-context";
import { deriveActor, effectiveConditions, skillRows, weaponOf, type PlainItem, type SkillRow } from "./derive";
import { weaponDamage } from "./checks";
import { EXTENDED_STATUSES } from "./schema";

/** An extended test's progress for the item sheet and the chat card: total/required, rolls, percent, status label. */
export function extendedProgress(s: Record<string, unknown>) {
  const required = Math.max(1, finiteOr(s.requiredSL, 1));
  const accumulated = Math.max(0, finiteOr(s.accumulated));
  const maxRolls = finiteOr(s.maxRolls);
  const status = (EXTENDED_STATUSES as readonly unknown[]).includes(s.status) ? String(s.status) : "inProgress";
  return {
    accumulated,
    required,
    rollsMade: finiteOr(s.rollsMade),
    maxRolls: maxRolls > 0 ? maxRolls : null,
    percent: Math.min(100, Math.round((accumulated / required) * 100)),
    status,
    statusKey: `${K}Extended.Status.${status}`,
  };
}
import { CHARACTERISTIC_TALENTS } from "../index";

const K = "OMNIBUS.WFRP.";

export const ACTOR_TABS = [
  { id: "main", label: `${K}Tab.Main`, icon: "fa-solid fa-user" },
  { id: "skills", label: `${K}Tab.Skills`, icon: "fa-solid fa-list-check" },
  { id: "combat", label: `${K}Tab.Combat`, icon: "fa-solid fa-khanda" },
  { id: "items", label: "OMNIBUS.Sheet.Tab.Items", icon: "fa-solid fa-suitcase" },
  { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
];

/** Item types on the shared items tab (skills, weapons, armour have their own tabs). */
export const ITEMS_TAB_TYPES = ["wfrp_talent", "wfrp_trapping", "wfrp_extended"];

const KNOWN_GROUPS: readonly string[] = [...WEAPON_GROUPS.melee, ...WEAPON_GROUPS.ranged];

/**
 * A weapon group for display: a published group's i18n key (matched case-insensitively, so "Polearm" and
 * "two-handed" name theirs too), or the text as typed for a group of the GM's own. Null when empty.
 */
export function weaponGroup(group: unknown): { key: string | null; text: string } | null {
  if (typeof group !== "string" || group.trim() === "") return null;
  const id = group
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  return KNOWN_GROUPS.includes(id) ? { key: `${K}WeaponGroup.${id}`, text: group } : { key: null, text: group };
}

const choices = (ids: readonly string[], prefix: string) => ids.map((id) => ({ value: id, label: `${prefix}${id}` }));

/** (003:L319) Whether the sheet offers "spend Resolve" (Surprised, with a Resolve point left). */
export function mayEndSurpriseWithResolve(system: Record<string, unknown>, statuses: Iterable<string> = []): boolean {
  return effectiveConditions(system.conditions, statuses).surprised > 0 && Math.trunc(Number(system.resolve ?? 0)) > 0;
}

/** `sceneUnits`: the viewed scene's distance unit; walk and run are shown in it (the rules keep yards). */
export function wfrpActorContext(
  context: ActorSheetContext,
  statuses: string[] = [],
  sceneUnits: string | null = null,
): Record<string, unknown> {
  const system = context.system;
  const items: PlainItem[] = context.items.map((i) => ({ id: i.id, name: i.name, type: i.type, img: i.img, system: i.system }));
  const d = deriveActor(system, items, statuses);
  const stored = (system.characteristics ?? {}) as Record<string, Record<string, unknown>>;
  const characteristics = CHARACTERISTICS.map((id) => ({
    id,
    labelKey: `${K}Char.${id}`,
    abbrKey: `${K}CharAbbr.${id}`,
    initial: d.characteristics[id].initial,
    advances: d.characteristics[id].advances,
    storedModifier: finiteOr(stored[id]?.modifier),
    modifier: d.characteristics[id].modifier,
    current: d.characteristics[id].current,
    bonus: d.characteristics[id].bonus,
  }));
  const health = (system.health ?? {}) as { value?: number };
  const skills = skillRows(d, items);
  const half = Math.ceil(skills.length / 2);
  const weapons = items
    .filter((i) => i.type === "wfrp_weapon")
    .map((i) => {
      const w = weaponOf(i.system);
      const limits = w.kind === "ranged" ? rangeBandLimits(w.range!) : null;
      return {
        id: i.id,
        name: i.name,
        img: i.img,
        kind: w.kind,
        kindKey: `${K}WeaponKind.${w.kind}`,
        group: weaponGroup(i.system.group),
        damage: weaponDamage(w, d.characteristics.s.bonus),
        range: w.kind === "ranged" ? w.range : null,
        bands: limits ? RANGE_BANDS.map((b) => ({ key: `${K}Range.${b}`, yards: limits[b] })) : [],
        traits: [...(w.qualities ?? []).map((q) => `${K}Quality.${q}`), ...(w.flaws ?? []).map((f) => `${K}Flaw.${f}`)],
        equipped: i.system.equipped !== false,
      };
    });
  const armourItems = items
    .filter((i) => i.type === "wfrp_armour")
    .map((i) => ({
      id: i.id,
      name: i.name,
      img: i.img,
      armourPoints: finiteOr(i.system.armourPoints),
      worn: i.system.worn !== false,
      metal: i.system.metal === true,
      locations: (Array.isArray(i.system.locations) ? i.system.locations : []).map((l) => `${K}Location.${String(l)}`),
    }));
  return {
    wfrp: {
      isCharacter: context.document.type === "wfrp_character",
      characteristics,
      wounds: { value: finiteOr(health.value), max: d.maxWounds, hardy: d.hardy },
      walk: readerLength(d.walk, sceneUnits).value,
      run: readerLength(d.run, sceneUnits).value,
      lengthUnitKey: `OMNIBUS.Units.${readerLength(d.walk, sceneUnits).unit}`,
      movement: finiteOr(system.movement, 4),
      sizeChoices: choices(SIZES, `${K}Size.`),
      sizeKey: `${K}Size.${typeof system.size === "string" ? system.size : "average"}`,
      conditions: CONDITIONS.map((id) => ({
        id,
        labelKey: `${K}Condition.${id}`,
        count: d.conditions[id],
        stored: finiteOr(((system.conditions ?? {}) as Record<string, unknown>)[id]),
        active: d.conditions[id] > 0,
        stacks: !NON_STACKING_CONDITIONS.includes(id),
      })),
      resolveEndsSurprise: mayEndSurpriseWithResolve(system, statuses),
      activeConditions: CONDITIONS.filter((id) => d.conditions[id] > 0).map((id) => ({
        id,
        labelKey: `${K}Condition.${id}`,
        count: d.conditions[id],
      })),
      skillColumns: [skills.slice(0, half), skills.slice(half)].map((rows) => rows.map(skillView)),
      skillCount: skills.length,
      weapons,
      armourItems,
      armour: HIT_LOCATIONS.map((l) => ({ id: l, labelKey: `${K}Location.${l}`, armourPoints: d.armour[l] })),
      defensiveChoices: [
        { value: "", label: `${K}Defence.off` },
        { value: "melee", label: `${K}Defence.melee` },
        { value: "dodge", label: `${K}Defence.dodge` },
      ],
      onTheDefensive: typeof system.onTheDefensive === "string" ? system.onTheDefensive : "",
      onTheDefensiveKey: system.onTheDefensive ? `${K}Defence.${String(system.onTheDefensive)}` : `${K}Defence.off`,
    },
  };
}

function skillView(row: SkillRow) {
  return { ...row, untrained: row.itemId === "" };
}

/** The item sheet's group options: the kind's published groups, plus a group of the GM's own as typed. */
function groupChoices(kind: "melee" | "ranged", current: unknown) {
  const own = weaponGroup(current);
  const list: { value: string; key: string | null; selected: boolean }[] = WEAPON_GROUPS[kind].map((id) => ({
    value: id,
    key: `${K}WeaponGroup.${id}`,
    selected: own?.key === `${K}WeaponGroup.${id}`,
  }));
  if (own && !list.some((c) => c.selected)) list.push({ value: own.text, key: own.key, selected: true });
  return list;
}

export function wfrpItemContext(context: ItemSheetContext): Record<string, unknown> {
  const s = context.system;
  const set = (v: unknown) => new Set(Array.isArray(v) ? (v as string[]) : []);
  const qualities = set(s.qualities);
  const flaws = set(s.flaws);
  const locations = set(s.locations);
  const skills = set(s.skills);
  const chars = set(s.characteristics);
  return {
    wfrp: {
      type: context.document.type.replace(/^wfrp_/, ""),
      characteristicChoices: choices(CHARACTERISTICS, `${K}Char.`),
      groupChoices: groupChoices(s.kind === "ranged" ? "ranged" : "melee", s.group),
      kindChoices: [
        { value: "melee", label: `${K}WeaponKind.melee` },
        { value: "ranged", label: `${K}WeaponKind.ranged` },
      ],
      conditionChoices: choices(CONDITIONS, `${K}Condition.`),
      skillKeyChoices: [{ value: "", label: `${K}Item.CustomSkill` }, ...SKILLS.map((k) => ({ value: k.id, label: `${K}Skill.${k.id}` }))],
      talentKeyChoices: [
        { value: "", label: `${K}Item.NoRulesTalent` },
        ...[...Object.keys(CHARACTERISTIC_TALENTS), "hardy", "combatAware"].map((k) => ({ value: k, label: `${K}Talent.${k}` })),
      ],
      qualities: WEAPON_QUALITIES.map((q) => ({ id: q, labelKey: `${K}Quality.${q}`, checked: qualities.has(q) })),
      flaws: WEAPON_FLAWS.map((f) => ({ id: f, labelKey: `${K}Flaw.${f}`, checked: flaws.has(f) })),
      locations: HIT_LOCATIONS.map((l) => ({ id: l, labelKey: `${K}Location.${l}`, checked: locations.has(l) })),
      talentSkills: SKILLS.map((k) => ({ id: k.id, labelKey: `${K}Skill.${k.id}`, checked: skills.has(k.id) })),
      talentCharacteristics: CHARACTERISTICS.map((c) => ({ id: c, labelKey: `${K}CharAbbr.${c}`, checked: chars.has(c) })),
      difficultyChoices: choices(DIFFICULTIES, `${K}Difficulty.`),
      extendedSkillChoices: [{ value: "", label: `${K}Item.NoSkill` }, ...SKILLS.map((k) => ({ value: k.id, label: `${K}Skill.${k.id}` }))],
      statusChoices: choices(EXTENDED_STATUSES, `${K}Extended.Status.`),
      progress: extendedProgress(s),
      rangeBands:
        s.kind === "ranged" && typeof s.range === "number" && s.range >= 1
          ? RANGE_BANDS.map((b) => ({ key: `${K}Range.${b}`, yards: rangeBandLimits(s.range as number)[b] }))
          : [],
    },
  };
}
