/**
 * D6 sheet contexts as plain functions (no Foundry globals): the sheets call them with a document's
 * data, the gallery with pack data. Every value shown is computed by the pure rules.
 */
import { SCALES, codeToPips, formatDieCode, normalizeCode, parseDamageCode, damageCodeFor, woundPenaltyDice, type DieCode } from "..";
import type { ActorSheetContext, ItemSheetContext } from "../../table/sheet-context";
import { ATTACK_TYPES, ATTRIBUTES, DAMAGE_TYPES, FORCE_SKILLS, OBJECT_STATES, safeFormat } from "./schema";
import { deriveActor } from "./derive";
import { woundLevelOf } from "./checks";
import { woundOptions } from "./cards";
import { DIFFICULTY_LEVELS, NATURAL_HEALING, REACTION_SKILLS } from "..";
import { healingStateOf, medicalKind } from "./healing/checks";

type Sys = Record<string, unknown>;
const codeOf = (v: unknown): DieCode => {
  const c = v as DieCode | null;
  return c && Number.isInteger(c.dice) && Number.isInteger(c.pips) ? { dice: c.dice, pips: c.pips } : { dice: 0, pips: 0 };
};

const choices = (list: readonly string[], prefix: string, current: string) =>
  list.map((v) => ({ value: v, label: `${prefix}${v}`, selected: v === current }));

export interface SkillRow {
  id: string;
  name: string;
  code: string;
  dice: number;
  pips: number;
  reaction: string;
  specializations: Array<{ index: number; name: string; code: string }>;
}

/** The character/NPC sheet: attributes with their skills nested, wound selector, points, weapons, armor. */
export function d6ActorContext(base: ActorSheetContext): Record<string, unknown> {
  const system = base.system as Sys;
  const items = base.items;
  if (base.document.type === "d6_vehicle") return d6VehicleContext(base);
  const derived = deriveActor(system);
  const attrs = (system.attributes ?? {}) as Record<string, unknown>;
  const skills = items.filter((i) => i.type === "d6_skill");
  const attributes = ATTRIBUTES.map((id) => {
    const c = codeOf(attrs[id]);
    const rows: SkillRow[] = skills
      .filter((s) => s.system.attribute === id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        code: safeFormat(s.system.code),
        dice: codeOf(s.system.code).dice,
        pips: codeOf(s.system.code).pips,
        reaction: String(s.system.reaction ?? ""),
        specializations: ((s.system.specializations ?? []) as Array<{ name: string; code: unknown }>).map((sp, index) => ({
          index,
          name: sp.name,
          code: safeFormat(sp.code),
        })),
      }));
    return { id, label: `OMNIBUS.D6.Attribute.${id}`, code: formatDieCode(normalizeCode(c)), dice: c.dice, pips: c.pips, skills: rows };
  });
  const level = woundLevelOf(system);
  const penalty = woundPenaltyDice(level);
  const strength = codeOf(attrs.strength);
  const weapons = items
    .filter((i) => i.type === "d6_weapon")
    .map((w) => {
      const s = w.system;
      let damage = String(s.damage ?? "");
      try {
        const parsed = parseDamageCode(damage);
        if (parsed.strength) damage = `${damage} (${formatDieCode(normalizeCode(damageCodeFor(parsed, strength)))})`;
      } catch {
        /* shown as written */
      }
      const ammo = (s.ammo ?? {}) as { value?: number; max?: number };
      const ranges = s.ranges as { shortMin: number; shortMax: number; medium: number; long: number } | undefined;
      return {
        id: w.id,
        name: w.name,
        img: w.img,
        skill: String(s.skill ?? ""),
        damage,
        damageType: `OMNIBUS.D6.DamageType.${s.damageType === "physical" ? "physical" : "energy"}`,
        attackType: `OMNIBUS.D6.AttackType.${String(s.attackType ?? "ranged")}`,
        ranges: s.attackType === "ranged" && ranges ? `${ranges.shortMin}-${ranges.shortMax}/${ranges.medium}/${ranges.long}` : "",
        meleeDifficulty: s.attackType === "melee" ? `OMNIBUS.D6.Difficulty.${String(s.meleeDifficulty)}` : "",
        hasAmmo: Number(ammo.max ?? 0) > 0,
        ammo: Number(ammo.value ?? 0),
        ammoMax: Number(ammo.max ?? 0),
        empty: Number(ammo.max ?? 0) > 0 && Number(ammo.value ?? 0) <= 0,
        fireRate: String(s.fireRate ?? ""),
        stunCapable: s.stunCapable === true,
        setToStun: s.setToStun === true,
        blast: String((s.blast as Sys | undefined)?.radii ?? ""),
      };
    });
  const armor = items
    .filter((i) => i.type === "d6_armor")
    .map((a) => {
      const dex = codeOf(a.system.dexterityPenalty);
      return {
        id: a.id,
        name: a.name,
        physical: `+${safeFormat(a.system.physical)}`,
        energy: `+${safeFormat(a.system.energy)}`,
        dexterity: codeToPips(dex) > 0 ? `−${formatDieCode(dex)}` : "—",
        equipped: a.system.equipped !== false,
      };
    });
  const round = (system.round ?? {}) as Sys;
  const healingState = healingStateOf(system);
  const natural = NATURAL_HEALING[level];
  const medical = items
    .filter((i) => medicalKind(i) !== null)
    .map((i) => {
      const consumable = medicalKind(i) === "medpac";
      const quantity = Number(i.system.quantity ?? 0);
      return { id: i.id, name: i.name, consumable, quantity, empty: consumable && quantity <= 0 };
    });
  const healing = {
    natural: natural ? { restDays: natural.restDays } : null,
    medical,
    stuns: Number(system.stuns ?? 0),
    /** Stuns at which the character is knocked out: its Strength dice. */
    stunLimit: Math.max(1, normalizeCode(strength).dice),
    mortal: level === "mortally_wounded",
    roundsMortallyWounded: Number(system.roundsMortallyWounded ?? 0),
    stabilized: healingState.stabilized,
  };
  return {
    healing,
    attributes,
    wound: {
      level,
      options: woundOptions(level),
      penalty: penalty > 0 ? `−${penalty}D` : "",
      canAct: derived.canAct,
      health: derived.health,
    },
    points: {
      characterPoints: Number(system.characterPoints ?? 0),
      forcePoints: Number(system.forcePoints ?? 0),
      darkSidePoints: Number(system.darkSidePoints ?? 0),
      forceSensitive: system.forceSensitive === true,
    },
    move: Number(system.move ?? 0),
    scaleOptions: choices(SCALES, "OMNIBUS.D6.Scale.", String(system.scale ?? "character")),
    weapons,
    armor,
    round: {
      actions: Number(round.actions ?? 1),
      penalty: Number(round.actions ?? 1) > 1 ? `−${Number(round.actions) - 1}D` : "",
      dodge: typeof round.dodge === "number" ? round.dodge : null,
      parry: typeof round.parry === "number" ? round.parry : null,
      fullReaction: round.fullReaction === true,
      forcePoint: round.forcePoint === true,
    },
    isNpc: base.document.type === "d6_npc",
  };
}

export function d6VehicleContext(base: ActorSheetContext): Record<string, unknown> {
  const s = base.system as Sys;
  const crew = (s.crew ?? {}) as Sys;
  const weapons = base.items
    .filter((i) => i.type === "d6_weapon")
    .map((w) => {
      const ranges = w.system.ranges as { shortMin: number; shortMax: number; medium: number; long: number } | undefined;
      return {
        id: w.id,
        name: w.name,
        img: w.img,
        damage: String(w.system.damage ?? ""),
        fireControl: safeFormat(w.system.fireControl),
        ranges: w.system.attackType === "ranged" && ranges ? `${ranges.shortMin}-${ranges.shortMax}/${ranges.medium}/${ranges.long}` : "",
        fireRate: String(w.system.fireRate ?? ""),
        scale: `OMNIBUS.D6.Scale.${String(w.system.scale ?? "character")}`,
      };
    });
  const move = Number(s.move ?? 0);
  return {
    vehicle: {
      scale: String(s.scale ?? "speeder"),
      scaleLabel: `OMNIBUS.D6.Scale.${String(s.scale ?? "speeder")}`,
      scaleOptions: choices(SCALES, "OMNIBUS.D6.Scale.", String(s.scale ?? "speeder")),
      move,
      speeds: [
        { label: "OMNIBUS.D6.Speed.cautious", metres: Math.floor(move / 2) },
        { label: "OMNIBUS.D6.Speed.cruising", metres: move },
        { label: "OMNIBUS.D6.Speed.high", metres: move * 2 },
        { label: "OMNIBUS.D6.Speed.all_out", metres: move * 4 },
      ],
      maneuverability: safeFormat(s.maneuverability),
      bodyStrength: safeFormat(s.bodyStrength),
      crewCount: Number(crew.count ?? 0),
      crewSkill: String(crew.skill ?? ""),
      pilotCode: safeFormat(crew.pilotCode),
      gunneryCode: safeFormat(crew.gunneryCode),
      passengers: Number(s.passengers ?? 0),
      damage: String(s.damage ?? "undamaged"),
      damageOptions: choices(OBJECT_STATES, "OMNIBUS.D6.ObjectDamage.", String(s.damage ?? "undamaged")),
      codes: {
        maneuverability: codeOf(s.maneuverability),
        bodyStrength: codeOf(s.bodyStrength),
        pilotCode: codeOf(crew.pilotCode),
        gunneryCode: codeOf(crew.gunneryCode),
      },
    },
    weapons,
  };
}

/** The item sheet's details part. */
export function d6ItemContext(base: ItemSheetContext): Record<string, unknown> {
  const s = base.system as Sys;
  const type = base.document.type;
  const code = (v: unknown) => ({ ...codeOf(v), text: safeFormat(v) });
  const ctx: Record<string, unknown> = { itemType: type.slice(3) };
  if (type === "d6_skill") {
    ctx.skill = {
      code: code(s.code),
      attributeOptions: choices(ATTRIBUTES, "OMNIBUS.D6.Attribute.", String(s.attribute)),
      reactionOptions: [
        { value: "", label: "OMNIBUS.D6.Reaction.none", selected: !s.reaction },
        ...choices(REACTION_SKILLS, "OMNIBUS.D6.Reaction.", String(s.reaction ?? "")),
      ],
      specializations: ((s.specializations ?? []) as Array<{ name: string; code: unknown }>).map((sp, index) => ({
        index,
        name: sp.name,
        code: code(sp.code),
      })),
    };
  } else if (type === "d6_weapon") {
    ctx.weapon = {
      attackTypeOptions: choices(ATTACK_TYPES, "OMNIBUS.D6.AttackType.", String(s.attackType)),
      damageTypeOptions: choices(DAMAGE_TYPES, "OMNIBUS.D6.DamageType.", String(s.damageType)),
      meleeOptions: choices(DIFFICULTY_LEVELS, "OMNIBUS.D6.Difficulty.", String(s.meleeDifficulty)),
      scaleOptions: choices(SCALES, "OMNIBUS.D6.Scale.", String(s.scale)),
      conditionOptions: choices(OBJECT_STATES, "OMNIBUS.D6.ObjectDamage.", String(s.condition)),
      fireControl: code(s.fireControl),
      bodyStrength: code(s.bodyStrength),
      ranged: s.attackType === "ranged",
      melee: s.attackType === "melee",
    };
  } else if (type === "d6_armor") {
    ctx.armor = { physical: code(s.physical), energy: code(s.energy), dexterityPenalty: code(s.dexterityPenalty) };
  } else if (type === "d6_equipment") {
    ctx.equipment = {
      medicalOptions: choices(["", "medpac", "bacta_tank"], "OMNIBUS.D6.Equipment.MedicalKind.", String(s.medical ?? "")).map((o) => ({
        ...o,
        label: o.value ? o.label : "OMNIBUS.D6.Equipment.MedicalKind.none",
      })),
    };
  } else if (type === "d6_forcepower") {
    ctx.forcepower = { skills: FORCE_SKILLS.map((k) => ({ key: k, label: `OMNIBUS.D6.ForceSkill.${k}`, checked: s[k] === true })) };
  } else if (type === "d6_ability") {
    ctx.ability = { code: code(s.code) };
  }
  return ctx;
}
