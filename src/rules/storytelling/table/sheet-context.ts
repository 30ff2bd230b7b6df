/**
 * The Storytelling sheets' contexts as plain functions (no Foundry global): the sheet classes call
 * them with a document's data, the gallery with pack and digest data. Every value shown is computed by
 * the pure rules (src/rules/storytelling/table/derive.ts); labels are i18n keys.
 */
import { ATTRIBUTES, EXTENDED_PACE, effectiveDefense, type Attribute } from "..";
import { formatSigned } from "../../table/format";
import { KEY } from "./settings";
import { characterTraits, deriveCharacter, deriveObject, deriveVehicle, intOr, type PlainItem } from "./derive";
import { SKILLS_BY_CATEGORY } from "./schema";

export interface Dot {
  value: number;
  filled: boolean;
}

/** Dots 1…max (5 for mortals, more when the rating is higher), the first `value` filled. */
export function dots(value: number, max = 5): Dot[] {
  const n = Math.min(10, Math.max(max, value));
  return Array.from({ length: n }, (_, i) => ({ value: i + 1, filled: i < value }));
}

const ATTRIBUTE_GROUPS: Array<{ group: "mental" | "physical" | "social"; attributes: Attribute[] }> = [
  { group: "mental", attributes: ["intelligence", "wits", "resolve"] },
  { group: "physical", attributes: ["strength", "dexterity", "stamina"] },
  { group: "social", attributes: ["presence", "manipulation", "composure"] },
];

const BOX_SYMBOL = { empty: "", bashing: "/", lethal: "X", aggravated: "✱" } as const;

type Rec = Record<string, unknown>;

export interface CharacterSheetInput {
  system: Rec;
  items: Array<PlainItem & { id: string; img?: string | null }>;
  statuses?: string[];
  /** This turn's defense state (src/rules/storytelling/table/defense/combat.ts), already read for the current turn. */
  defenseTurn?: { attacks: number; willpower: boolean };
  /** The world setting of digest A14 (Willpower's +2 before Dodge doubles). */
  willpowerBeforeDodge?: boolean;
}

export function characterSheetContext(input: CharacterSheetInput) {
  const { system, items } = input;
  const t = characterTraits(system);
  const d = deriveCharacter(system, items);
  const attributeGroups = ATTRIBUTE_GROUPS.map(({ group, attributes }) => ({
    group,
    label: `${KEY}.Category.${group}`,
    attributes: attributes.map((a) => ({
      key: a,
      label: `${KEY}.Attribute.${a}`,
      value: t.attributes[a],
      dots: dots(t.attributes[a]),
      path: `system.attributes.${a}`,
    })),
  }));
  const skillGroups = SKILLS_BY_CATEGORY.map(({ category, skills }) => ({
    category,
    label: `${KEY}.Category.${category}`,
    unskilled: formatSigned(category === "mental" ? -3 : -1),
    skills: skills.map((s) => ({
      key: s,
      label: `${KEY}.Skill.${s}`,
      value: t.skills[s].dots,
      dots: dots(t.skills[s].dots),
      path: `system.skills.${s}.dots`,
      specialties: t.skills[s].specialties,
      specialtiesPath: `system.skills.${s}.specialties`,
    })),
  }));
  const boxes = d.boxes.map((state, index) => ({ index, state, symbol: BOX_SYMBOL[state], label: `${KEY}.Damage.${state}` }));
  const wp = (system.willpower ?? {}) as Rec;
  const weapons = items
    .filter((i) => i.type === "storytelling_weapon")
    .map((i) => {
      const s = i.system ?? {};
      const r = (s.ranges ?? {}) as Rec;
      const long = intOr(r.long, 0, 0);
      const type = String(s.damageType ?? "lethal");
      return {
        id: i.id,
        name: i.name ?? "",
        img: i.img || "icons/svg/sword.svg",
        damage: `${intOr(s.damage, 0, 0)} (${type[0]?.toUpperCase() ?? "L"})`,
        damageTypeLabel: `${KEY}.Damage.${type}`,
        kindLabel: `${KEY}.AttackKind.${String(s.attackKind ?? "melee")}`,
        ranges: long > 0 ? `${intOr(r.short, 0, 0)}/${intOr(r.medium, 0, 0)}/${long}` : "—",
        again: String(s.again ?? "10"),
        againLabel: `${KEY}.Again.${String(s.again ?? "10")}`,
      };
    });
  const armor = items
    .filter((i) => i.type === "storytelling_armor")
    .map((i) => ({
      id: i.id,
      name: i.name ?? "",
      img: i.img || "icons/svg/shield.svg",
      rating: `${intOr(i.system?.general, 0, 0)}/${intOr(i.system?.ballistic, 0, 0)}`,
      equipped: i.system?.equipped !== false,
    }));
  const merits = items
    .filter((i) => i.type === "storytelling_merit")
    .map((i) => ({ id: i.id, name: i.name ?? "", dots: dots(intOr(i.system?.dots, 0, 0, 5)) }));
  const trackers = items
    .filter((i) => i.type === "storytelling_extended")
    .map((i) => {
      const target = intOr(i.system?.target, 10, 1);
      const accumulated = intOr(i.system?.accumulated, 0, 0);
      return {
        id: i.id,
        name: i.name ?? "",
        accumulated,
        target,
        percent: Math.min(100, Math.round((accumulated / target) * 100)),
        statusLabel: `${KEY}.Extended.Status.${String(i.system?.status ?? "inProgress")}`,
      };
    });
  return {
    st: {
      attributeGroups,
      skillGroups,
      health: {
        boxes,
        max: d.health,
        penalty: formatSigned(d.woundPenalty),
        status: d.healthStatus,
        statusLabel: `${KEY}.HealthStatus.${d.healthStatus}`,
        staminaCheck: d.healthStatus === "unconscious_risk",
      },
      willpower: {
        max: d.willpowerMax,
        points: d.willpowerPoints,
        dots: dots(d.willpowerPoints, d.willpowerMax),
        spentThisTurn: wp.spentThisTurn === true,
      },
      derived: [
        { key: "defense", label: `${KEY}.Derived.Defense`, value: String(d.defense) },
        { key: "initiative", label: `${KEY}.Derived.Initiative`, value: formatSigned(d.initiative) },
        { key: "speed", label: `${KEY}.Derived.Speed`, value: String(d.speed) },
        { key: "size", label: `${KEY}.Derived.Size`, value: String(d.size) },
        { key: "armor", label: `${KEY}.Derived.Armor`, value: `${d.armor.general}/${d.armor.ballistic}` },
        { key: "woundPenalty", label: `${KEY}.Derived.WoundPenalty`, value: formatSigned(d.woundPenalty) },
      ],
      morality: { value: intOr(system.morality, 7, 0, 10), dots: dots(intOr(system.morality, 7, 0, 10), 10) },
      concept: String(system.concept ?? ""),
      virtue: String(system.virtue ?? ""),
      vice: String(system.vice ?? ""),
      weapons,
      armor,
      merits,
      trackers,
      statuses: (input.statuses ?? []).map((s) => ({ id: s, label: `${KEY}.Status.${s}` })),
      defenseTurn: defenseNow(
        d.defense,
        input.statuses ?? [],
        input.defenseTurn ?? { attacks: 0, willpower: false },
        wp.spentThisTurn === true || d.willpowerPoints < 1,
        input.willpowerBeforeDodge === true,
      ),
    },
  };
}

/** Defense against the next close attack this turn (WoD pp.156–158): Dodge ×2, Willpower +2, −1 per earlier attack. */
export function defenseNow(
  rating: number,
  statuses: string[],
  turn: { attacks: number; willpower: boolean },
  willpowerBlocked: boolean,
  willpowerBeforeDodge = false,
) {
  const none = ["surprised", "unconscious", "dying", "dead", "allOutAttack"].some((s) => statuses.includes(s));
  const dodging = statuses.includes("dodging");
  return {
    value: effectiveDefense({
      defense: rating,
      attackKind: "melee",
      dodge: dodging,
      willpower: turn.willpower,
      priorAttacksThisTurn: turn.attacks,
      noDefense: none,
      willpowerBeforeDodge,
    }),
    dodging,
    willpower: turn.willpower,
    attacks: turn.attacks,
    none,
    willpowerBlocked: willpowerBlocked || turn.willpower,
  };
}

export function vehicleSheetContext(system: Rec) {
  const v = deriveVehicle(system);
  const stat = (key: string, label: string, value: string, path?: string) => ({ key, label: `${KEY}.Vehicle.${label}`, value, path });
  return {
    st: {
      vehicle: {
        stats: [
          stat("durability", "Durability", String(intOr(system.durability, 3, 0)), "system.durability"),
          stat("size", "Size", String(intOr(system.size, 9, 1)), "system.size"),
          stat("acceleration", "Acceleration", String(intOr(system.acceleration, 0, 0)), "system.acceleration"),
          stat("safeSpeed", "SafeSpeed", String(intOr(system.safeSpeed, 0, 0)), "system.safeSpeed"),
          stat("maxSpeed", "MaxSpeed", String(intOr(system.maxSpeed, 0, 0)), "system.maxSpeed"),
          stat("handling", "Handling", formatSigned(intOr(system.handling, 0, -5, 10)), "system.handling"),
        ],
        structure: v.structure,
        damage: v.damage,
        boxes: v.boxes.map((filled, index) => ({ index, value: index + 1, filled })),
        stateLabel: `${KEY}.ObjectState.${v.state}`,
        state: v.state,
        drivePenalty: formatSigned(v.drivePenalty),
        flatTyres: intOr(system.flatTyres, 0, 0, 8),
        speed: intOr(system.speed, 0, 0),
        speedKmh: Math.round(intOr(system.speed, 0, 0) * 1.09728),
        effectiveSafeSpeed: v.safeSpeed,
      },
    },
  };
}

export function itemSheetDetails(type: string, system: Rec) {
  const is = (t: string) => type === `storytelling_${t}`;
  const obj = is("equipment") || is("object") ? deriveObject(system) : null;
  return {
    st: {
      isMerit: is("merit"),
      isWeapon: is("weapon"),
      isArmor: is("armor"),
      isEquipment: is("equipment"),
      isObject: is("object"),
      isExtended: is("extended"),
      object: obj ? { ...obj, stateLabel: `${KEY}.ObjectState.${obj.state}`, penalty: formatSigned(obj.penalty) } : null,
      meritDots: is("merit") ? dots(intOr(system.dots, 0, 0, 5)) : [],
      choices: {
        attackKind: Object.fromEntries(["unarmed", "melee", "thrown", "firearms", "bow"].map((k) => [k, `${KEY}.AttackKind.${k}`])),
        damageType: Object.fromEntries(["bashing", "lethal", "aggravated"].map((k) => [k, `${KEY}.Damage.${k}`])),
        again: Object.fromEntries(["10", "9", "8", "none"].map((k) => [k, `${KEY}.Again.${k}`])),
        category: Object.fromEntries(["mental", "physical", "social"].map((k) => [k, `${KEY}.Category.${k}`])),
        pace: Object.fromEntries(EXTENDED_PACE.map((p) => [p.key, `${KEY}.Extended.Pace.${p.key}`])),
        attribute: Object.fromEntries(ATTRIBUTES.map((a) => [a, `${KEY}.Attribute.${a}`])),
        skill: {
          "": `${KEY}.Roll.NoSecond`,
          ...Object.fromEntries(SKILLS_BY_CATEGORY.flatMap((g) => g.skills).map((s) => [s, `${KEY}.Skill.${s}`])),
        },
      },
      extended: is("extended")
        ? (() => {
            const target = intOr(system.target, 10, 1);
            const accumulated = intOr(system.accumulated, 0, 0);
            return {
              percent: Math.min(100, Math.round((accumulated / target) * 100)),
              statusLabel: `${KEY}.Extended.Status.${String(system.status ?? "inProgress")}`,
              penalty: formatSigned(1 - intOr(system.attempt, 1, 1)),
              inProgress: (system.status ?? "inProgress") === "inProgress",
            };
          })()
        : null,
    },
  };
}
