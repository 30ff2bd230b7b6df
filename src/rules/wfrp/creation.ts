/**
 * What a legal starting WFRP 4e character is (core rulebook, Chapter 2 "Character"):
 *   - characteristics: 2d10 + the species' base (the species table), so each initial value lies in
 *     base + 2 … base + 20;
 *   - 5 characteristic advances, only in the three characteristics of the career's first level;
 *   - Fate and Resilience: the species' values plus its extra points, split as the player likes;
 *     Fortune and Resolve start full (equal to Fate and Resilience); Movement is the species';
 *   - species skills: 3 of the species list at 5 advances and 3 at 3; career skills: 40 advances
 *     over the career's 8 first-level skills, at most 10 in one (the two may fall on one skill);
 *   - talents: the species' (where it offers "A or B", one of them), its random talents, and one
 *     of the career's 4 first-level talents;
 *   - the career's first-level trappings.
 * The input is the sheet's plain data: a `wfrp_character` actor's `system` (characteristics as
 * `{initial, advances, modifier}`, `species`, `career`, `fate`…) and its `wfrp_skill`,
 * `wfrp_talent`, `wfrp_weapon`, `wfrp_armour` and `wfrp_trapping` items (src/rules/wfrp/table/schema.ts).
 * The species and career tables are data a GM may edit or extend (settings); a career the table
 * does not list is reported as unchecked, not as a breach.
 */
import { CHARACTERISTICS, type CharacteristicId } from "./characteristics";
import {
  actorParts,
  breach,
  intAt,
  isRecord,
  report,
  textAt,
  type ActorLike,
  type Breach,
  type CreationReport,
  type ItemLike,
} from "../build-types";

/** A skill in a table: the core skill id and, for a grouped skill, its specialisation ("" = any). */
export interface SkillRef {
  key: string;
  spec?: string;
}
/** Talents a table names; several names = the character picks one of them. */
export type TalentChoice = string[];

export interface WfrpSpecies {
  names: string[];
  base: Record<CharacteristicId, number>;
  fate: number;
  resilience: number;
  extraPoints: number;
  movement: number;
  skills: SkillRef[];
  talents: TalentChoice[];
  randomTalents: number;
}

export interface WfrpCareer {
  names: string[];
  /** The first level's three characteristics; null when the table does not give them (not checked). */
  characteristics: CharacteristicId[] | null;
  skills: SkillRef[];
  talents: string[];
  /** The first level's trappings (each a choice of names); null = not checked. */
  trappings: TalentChoice[] | null;
}

export interface WfrpCreationTable {
  characteristicDice: { count: number; sides: number };
  characteristicAdvances: number;
  speciesSkillPicks: { advances: number; count: number }[];
  careerSkillAdvances: number;
  careerSkillMax: number;
  careerTalents: number;
  species: Record<string, WfrpSpecies>;
  careers: Record<string, WfrpCareer>;
}

const all = (n: number) => Object.fromEntries(CHARACTERISTICS.map((c) => [c, n])) as Record<CharacteristicId, number>;
const s = (key: string, spec?: string): SkillRef => (spec === undefined ? { key } : { key, spec });
const one = (...names: string[]): TalentChoice => names;

const ELF_BASE = { ws: 30, bs: 30, s: 20, t: 20, i: 40, ag: 30, dex: 30, int: 30, wp: 30, fel: 20 };

/** The published species table (core rulebook: characteristics, Fate, Resilience, extra points, Movement, skills, talents). */
export const WFRP_SPECIES: Record<string, WfrpSpecies> = {
  human: {
    names: ["human", "humans", "reiklander", "человек", "люди"],
    base: all(20),
    fate: 2,
    resilience: 1,
    extraPoints: 3,
    movement: 4,
    skills: [
      s("animalCare"),
      s("charm"),
      s("cool"),
      s("evaluate"),
      s("gossip"),
      s("haggle"),
      s("language", "Bretonnian"),
      s("language", "Wastelander"),
      s("leadership"),
      s("lore", "Reikland"),
      s("melee", "Basic"),
      s("ranged", "Bow"),
    ],
    talents: [one("Doomed"), one("Savvy", "Suave")],
    randomTalents: 3,
  },
  dwarf: {
    names: ["dwarf", "dwarfs", "гном", "гномы", "дварф"],
    base: { ws: 30, bs: 20, s: 20, t: 30, i: 20, ag: 10, dex: 30, int: 20, wp: 40, fel: 10 },
    fate: 0,
    resilience: 2,
    extraPoints: 2,
    movement: 3,
    skills: [
      s("consumeAlcohol"),
      s("cool"),
      s("endurance"),
      s("entertain", "Storytelling"),
      s("evaluate"),
      s("intimidate"),
      s("language", "Khazalid"),
      s("lore", "Dwarfs"),
      s("lore", "Geology"),
      s("lore", "Metallurgy"),
      s("melee", "Basic"),
      s("trade", ""),
    ],
    talents: [
      one("Magic Resistance"),
      one("Night Vision"),
      one("Read/Write", "Relentless"),
      one("Resolute", "Strong-minded"),
      one("Sturdy"),
    ],
    randomTalents: 0,
  },
  halfling: {
    names: ["halfling", "halflings", "полурослик", "полурослики", "хафлинг"],
    base: { ws: 10, bs: 30, s: 10, t: 20, i: 20, ag: 20, dex: 30, int: 20, wp: 30, fel: 30 },
    fate: 0,
    resilience: 2,
    extraPoints: 3,
    movement: 3,
    skills: [
      s("charm"),
      s("consumeAlcohol"),
      s("dodge"),
      s("gamble"),
      s("haggle"),
      s("intuition"),
      s("language", "Mootish"),
      s("lore", "Reikland"),
      s("perception"),
      s("sleightOfHand"),
      s("stealth", ""),
      s("trade", "Cook"),
    ],
    talents: [one("Acute Sense"), one("Night Vision"), one("Resistance"), one("Small")],
    randomTalents: 2,
  },
  highElf: {
    names: ["high elf", "high elves", "highelf", "высший эльф", "высшие эльфы"],
    base: { ...ELF_BASE },
    fate: 0,
    resilience: 0,
    extraPoints: 2,
    movement: 5,
    skills: [
      s("cool"),
      s("entertain", "Sing"),
      s("evaluate"),
      s("language", "Eltharin"),
      s("leadership"),
      s("melee", "Basic"),
      s("navigation"),
      s("perception"),
      s("play", ""),
      s("ranged", "Bow"),
      s("sail", ""),
      s("swim"),
    ],
    talents: [one("Acute Sense"), one("Coolheaded", "Savvy"), one("Night Vision"), one("Second Sight", "Sixth Sense"), one("Read/Write")],
    randomTalents: 0,
  },
  woodElf: {
    names: ["wood elf", "wood elves", "woodelf", "лесной эльф", "лесные эльфы"],
    base: { ...ELF_BASE },
    fate: 0,
    resilience: 0,
    extraPoints: 2,
    movement: 5,
    skills: [
      s("athletics"),
      s("climb"),
      s("endurance"),
      s("entertain", "Sing"),
      s("intimidate"),
      s("language", "Eltharin"),
      s("melee", "Basic"),
      s("outdoorSurvival"),
      s("perception"),
      s("ranged", "Bow"),
      s("stealth", "Rural"),
      s("track"),
    ],
    talents: [one("Acute Sense"), one("Hardy", "Second Sight"), one("Night Vision"), one("Read/Write", "Very Resilient"), one("Rover")],
    randomTalents: 0,
  },
};

/**
 * First levels of some careers (core rulebook, Chapter 3): every career our premades use, and a
 * few more. Each career's three first-level characteristics, skills and talents are the book's
 * (cross-checked, docs/sources.md); `trappings` null where we leave them unchecked (the Noble's,
 * Witch Hunter's, Knight's and Scholar's trappings include servants, horses and "Opinions" that are
 * no pack items). Partial: a GM adds careers in the settings. A sheet's career may name the career, its level, or both as
 * "Career (Level)" ("Soldier (Recruit)").
 */
export const WFRP_CAREERS: Record<string, WfrpCareer> = {
  soldier: {
    names: ["soldier", "recruit", "солдат"],
    characteristics: ["ws", "t", "wp"],
    skills: [
      s("athletics"),
      s("climb"),
      s("cool"),
      s("dodge"),
      s("endurance"),
      s("language", "Battle"),
      s("melee", "Basic"),
      s("play", ""),
    ],
    talents: ["Diceman", "Marksman", "Strong Back", "Warrior Born"],
    trappings: [one("Dagger"), one("Leather Breastplate"), one("Uniform")],
  },
  thief: {
    names: ["thief", "prowler", "вор"],
    characteristics: ["i", "ag", "wp"],
    skills: [s("athletics"), s("climb"), s("cool"), s("dodge"), s("endurance"), s("intuition"), s("perception"), s("stealth", "Urban")],
    talents: ["Alley Cat", "Criminal", "Flee!", "Strike to Stun"],
    trappings: [one("Crowbar"), one("Leather Jerkin"), one("Sack")],
  },
  noble: {
    names: ["noble", "scion", "дворянин"],
    characteristics: ["ws", "i", "dex"],
    skills: [
      s("bribery"),
      s("consumeAlcohol"),
      s("gamble"),
      s("intimidate"),
      s("leadership"),
      s("lore", "Heraldry"),
      s("melee", "Fencing"),
      s("play", ""),
    ],
    talents: ["Etiquette", "Luck", "Noble Blood", "Read/Write"],
    trappings: null,
  },
  witchHunter: {
    names: ["witch hunter", "interrogator", "охотник на ведьм"],
    characteristics: ["ws", "t", "wp"],
    skills: [
      s("charm"),
      s("consumeAlcohol"),
      s("heal"),
      s("intimidate"),
      s("intuition"),
      s("lore", "Torture"),
      s("melee", "Brawling"),
      s("perception"),
    ],
    talents: ["Coolheaded", "Menacing", "Read/Write", "Resolute"],
    trappings: null,
  },
  knight: {
    names: ["knight", "squire", "рыцарь"],
    characteristics: ["s", "i", "ag"],
    skills: [
      s("athletics"),
      s("animalCare"),
      s("charmAnimal"),
      s("heal"),
      s("lore", "Heraldry"),
      s("melee", "Cavalry"),
      s("ride", "Horse"),
      s("trade", "Farrier"),
    ],
    talents: ["Etiquette", "Roughrider", "Sturdy", "Warrior Born"],
    trappings: null,
  },
  scholar: {
    names: ["scholar", "student", "учёный", "ученый"],
    characteristics: ["t", "int", "wp"],
    skills: [
      s("consumeAlcohol"),
      s("entertain", "Storytelling"),
      s("gamble"),
      s("gossip"),
      s("haggle"),
      s("language", "Classical"),
      s("lore", ""),
      s("research"),
    ],
    talents: ["Carouser", "Read/Write", "Savvy", "Super Numerate"],
    trappings: null,
  },
  ratCatcher: {
    names: ["rat catcher", "ratcatcher", "rat hunter", "крысолов"],
    characteristics: ["ws", "bs", "wp"],
    skills: [
      s("athletics"),
      s("animalTraining", "Dog"),
      s("charmAnimal"),
      s("consumeAlcohol"),
      s("endurance"),
      s("melee", "Basic"),
      s("ranged", "Sling"),
      s("stealth", "Underground"),
      s("stealth", "Urban"),
    ],
    talents: ["Night Vision", "Resistance (Disease)", "Strike Mighty Blow", "Strike to Stun"],
    trappings: [one("Sling"), one("Sack"), one("Small but Vicious Dog")],
  },
  wizard: {
    names: ["wizard", "wizard's apprentice", "apprentice wizard", "волшебник", "маг"],
    characteristics: ["ws", "int", "wp"],
    skills: [
      s("channelling", ""),
      s("dodge"),
      s("intuition"),
      s("language", "Magick"),
      s("lore", "Magic"),
      s("melee", "Basic"),
      s("melee", "Polearm"),
      s("perception"),
    ],
    talents: ["Aethyric Attunement", "Petty Magic", "Read/Write", "Second Sight"],
    trappings: [one("Grimoire"), one("Quarterstaff")],
  },
};

export const WFRP_CREATION: Readonly<WfrpCreationTable> = Object.freeze({
  characteristicDice: { count: 2, sides: 10 },
  characteristicAdvances: 5,
  speciesSkillPicks: [
    { advances: 5, count: 3 },
    { advances: 3, count: 3 },
  ],
  careerSkillAdvances: 40,
  careerSkillMax: 10,
  careerTalents: 1,
  species: WFRP_SPECIES,
  careers: WFRP_CAREERS,
});

/** Lowercase letters and digits only, without a parenthesised specialisation: "Acute Sense (Taste)" → "acutesense". */
export const talentNorm = (name: string) =>
  name
    .replace(/\(.*?\)/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
const lc = (v: string) => v.trim().toLowerCase();

function lookupOne<T extends { names: string[] }>(n: string, rows: Record<string, T>): [string, T] | null {
  if (!n) return null;
  for (const [id, row] of Object.entries(rows)) if (lc(id) === n || row.names.some((x) => lc(x) === n)) return [id, row];
  return null;
}

/** A row by its id or one of its names; "Career (Level)" is looked up by the career, then by the level. */
export function lookup<T extends { names: string[] }>(name: string, rows: Record<string, T>): [string, T] | null {
  const n = lc(name);
  const found = lookupOne(n, rows);
  if (found) return found;
  const m = /^(.*?)\s*\((.*)\)\s*$/.exec(n);
  return m ? (lookupOne(m[1].trim(), rows) ?? lookupOne(m[2].trim(), rows)) : null;
}

interface SkillHeld {
  label: string;
  key: string;
  spec: string;
  advances: number;
}

const matches = (ref: SkillRef, sk: SkillHeld) =>
  ref.key === sk.key && (ref.spec === undefined || ref.spec === "" || lc(ref.spec) === lc(sk.spec));

/** All ways to pick `count` distinct indices from `pool`. */
function* combinations(pool: number[], count: number, start = 0, acc: number[] = []): Generator<number[]> {
  if (acc.length === count) {
    yield acc;
    return;
  }
  for (let i = start; i < pool.length; i++) yield* combinations(pool, count, i + 1, [...acc, pool[i]]);
}

/**
 * Whether the skills' advances split into the species picks (3 × 5, 3 × 3 on species skills) and
 * career advances (at most `max` each on career skills, `total` in all; any total when the career
 * is unknown).
 */
function skillsSplit(held: SkillHeld[], species: SkillRef[], career: SkillRef[] | null, table: WfrpCreationTable): boolean {
  const isSpecies = held.map((h) => species.some((r) => matches(r, h)));
  const isCareer = held.map((h) => (career ? career.some((r) => matches(r, h)) : true));
  const picks = table.speciesSkillPicks;
  const assign = (level: number, used: Set<number>, speciesPart: number[]): boolean => {
    if (level === picks.length) {
      let sum = 0;
      for (let i = 0; i < held.length; i++) {
        const rest = held[i].advances - speciesPart[i];
        if (rest < 0 || rest > table.careerSkillMax || (rest > 0 && !isCareer[i])) return false;
        sum += rest;
      }
      return career === null || sum === table.careerSkillAdvances;
    }
    const { advances, count } = picks[level];
    const pool = held.map((_, i) => i).filter((i) => isSpecies[i] && !used.has(i) && held[i].advances >= advances);
    for (const combo of combinations(pool, count)) {
      const part = [...speciesPart];
      for (const i of combo) part[i] = advances;
      if (assign(level + 1, new Set([...used, ...combo]), part)) return true;
    }
    return false;
  };
  return assign(
    0,
    new Set(),
    held.map(() => 0),
  );
}

/**
 * An item's names in either language: its own, and the other one its flags keep (an item created on
 * a Russian client carries its English name in `flags.omnibus.nameEn`; a pack item its Russian one
 * in `nameRu`), so a career's talents and trappings are found whichever language made them.
 */
export function itemNames(item: ItemLike): string[] {
  const out = [textAt(item.name)];
  const flags = isRecord(item.flags) && isRecord(item.flags.omnibus) ? item.flags.omnibus : {};
  for (const other of [textAt(flags.nameRu), textAt(flags.nameEn)]) if (other) out.push(other);
  return out.filter((n) => n !== "");
}

export function validateWfrpCharacter(actor: ActorLike, table: WfrpCreationTable = WFRP_CREATION): CreationReport {
  const { system, items } = actorParts(actor, ["wfrp_character", "wfrp_npc"]);
  const breaches: Breach[] = [];
  const unchecked: string[] = [];
  const speciesName = textAt(system.species);
  const careerName = textAt(system.career);
  const species = lookup(speciesName, table.species);
  const career = lookup(careerName, table.careers);
  if (!species)
    unchecked.push(
      `species "${speciesName}" is not in the species table: characteristics, Fate, Resilience, Movement, species skills and talents not checked`,
    );
  if (!career)
    unchecked.push(`career "${careerName}" is not in the career table: career characteristics, skills, talents and trappings not checked`);
  else {
    if (!career[1].characteristics)
      unchecked.push(`career "${careerName}": which characteristics take the starting advances is not checked`);
    if (!career[1].trappings) unchecked.push(`career "${careerName}": trappings not checked`);
  }

  // Characteristics: 2d10 + species base; 5 advances in the career's characteristics.
  const chars = isRecord(system.characteristics) ? system.characteristics : {};
  const { count, sides } = table.characteristicDice;
  let advances = 0;
  for (const c of CHARACTERISTICS) {
    const ch = isRecord(chars[c]) ? chars[c] : {};
    const initial = intAt(ch.initial, `characteristics.${c}.initial`);
    const adv = intAt(ch.advances, `characteristics.${c}.advances`, 0);
    advances += adv;
    if (species) {
      const base = species[1].base[c];
      const [min, max] = [base + count, base + count * sides];
      if (initial < min || initial > max)
        breaches.push(
          breach("characteristicRange", `${c} ${initial}: ${count}d${sides} + ${base} gives ${min}–${max}`, {
            characteristic: c,
            value: initial,
            min,
            max,
          }),
        );
    }
    const careerChars = career?.[1].characteristics;
    if (adv > 0 && careerChars && !careerChars.includes(c)) {
      breaches.push(
        breach(
          "characteristicAdvanceOutOfCareer",
          `${c} has ${adv} advances; the career's first level advances ${careerChars.join(", ")}`,
          { characteristic: c, advances: adv, career: careerChars.join(", ") },
        ),
      );
    }
  }
  if (advances > table.characteristicAdvances) {
    breaches.push(
      breach("characteristicAdvances", `${advances} characteristic advances; a starting character has ${table.characteristicAdvances}`, {
        advances,
        allowed: table.characteristicAdvances,
      }),
    );
  }

  // Fate, Resilience and the pools; Movement.
  const fate = intAt(system.fate, "fate", 0);
  const resilience = intAt(system.resilience, "resilience", 0);
  if (species) {
    const sp = species[1];
    const extra = fate - sp.fate + (resilience - sp.resilience);
    if (fate < sp.fate || resilience < sp.resilience || extra !== sp.extraPoints) {
      breaches.push(
        breach(
          "fateResilience",
          `Fate ${fate}, Resilience ${resilience}: the species gives Fate ${sp.fate}, Resilience ${sp.resilience} and ${sp.extraPoints} extra points`,
          { fate, resilience, speciesFate: sp.fate, speciesResilience: sp.resilience, extraPoints: sp.extraPoints },
        ),
      );
    }
    const movement = intAt(system.movement, "movement", sp.movement);
    if (movement !== sp.movement)
      breaches.push(breach("movement", `Movement ${movement}; the species has ${sp.movement}`, { value: movement, expected: sp.movement }));
  }
  if (system.fortune !== undefined && intAt(system.fortune, "fortune") !== fate)
    breaches.push(
      breach("fortuneNotFull", `Fortune ${String(system.fortune)}; it starts equal to Fate ${fate}`, {
        value: intAt(system.fortune, "fortune"),
        expected: fate,
      }),
    );
  if (system.resolve !== undefined && intAt(system.resolve, "resolve") !== resilience)
    breaches.push(
      breach("resolveNotFull", `Resolve ${String(system.resolve)}; it starts equal to Resilience ${resilience}`, {
        value: intAt(system.resolve, "resolve"),
        expected: resilience,
      }),
    );

  // Skills.
  const held: SkillHeld[] = items
    .filter((i) => i.type === "wfrp_skill" && isRecord(i.system))
    .map((i) => {
      const sys = i.system as Record<string, unknown>;
      return {
        label: textAt(i.name, "?"),
        key: textAt(sys.key),
        spec: textAt(sys.specialisation),
        advances: intAt(sys.advances, `${textAt(i.name, "skill")}.advances`, 0),
      };
    })
    .filter((h) => h.advances > 0);
  const skillTotal = held.reduce((a, h) => a + h.advances, 0);
  if (species) {
    const speciesSkills = species[1].skills;
    const careerSkills = career ? career[1].skills : null;
    for (const h of held) {
      const allowed = speciesSkills.some((r) => matches(r, h)) || (careerSkills ? careerSkills.some((r) => matches(r, h)) : true);
      if (!allowed)
        breaches.push(
          breach("skillNotAvailable", `${h.label} has ${h.advances} advances but is neither a species nor a career skill`, {
            skill: h.label,
            advances: h.advances,
          }),
        );
    }
    if (!breaches.some((b) => b.code === "skillNotAvailable") && !skillsSplit(held, speciesSkills, careerSkills, table)) {
      const speciesTotal = table.speciesSkillPicks.reduce((a, p) => a + p.advances * p.count, 0);
      breaches.push(
        breach(
          "skillAdvances",
          `skill advances (${skillTotal}) do not split into the species picks (${table.speciesSkillPicks.map((p) => `${p.count} × ${p.advances}`).join(", ")}) and ${table.careerSkillAdvances} career advances of at most ${table.careerSkillMax} each`,
          { total: skillTotal, expected: speciesTotal + (career ? table.careerSkillAdvances : 0) },
        ),
      );
    }
  }

  // Talents.
  const talents = items.filter((i) => i.type === "wfrp_talent");
  const talentKeys = (i: ItemLike) => {
    const keys = itemNames(i).map(talentNorm);
    if (isRecord(i.system) && typeof i.system.key === "string" && i.system.key) keys.push(talentNorm(i.system.key));
    return keys;
  };
  const has = (name: string) => talents.some((t) => talentKeys(t).includes(talentNorm(name)));
  const timesTaken = talents.reduce(
    (a, t) => a + (isRecord(t.system) ? intAt(t.system.timesTaken, `${textAt(t.name, "talent")}.timesTaken`, 1) : 1),
    0,
  );
  if (species) {
    for (const choice of species[1].talents) {
      if (!choice.some(has))
        breaches.push(breach("speciesTalentMissing", `missing the species talent ${choice.join(" or ")}`, { talent: choice.join(" / ") }));
    }
  }
  if (career && !career[1].talents.some(has)) {
    breaches.push(
      breach("careerTalentMissing", `none of the career's talents (${career[1].talents.join(", ")})`, {
        talents: career[1].talents.join(", "),
      }),
    );
  }
  if (species && career) {
    const allowed = species[1].talents.length + species[1].randomTalents + table.careerTalents;
    if (timesTaken !== allowed)
      breaches.push(
        breach("talentCount", `${timesTaken} talents; a starting ${species[0]} ${careerName} has ${allowed}`, {
          count: timesTaken,
          allowed,
        }),
      );
  }

  // Trappings.
  const trappingItems = items.filter((i) => typeof i.type === "string" && ["wfrp_trapping", "wfrp_weapon", "wfrp_armour"].includes(i.type));
  const carried = trappingItems.flatMap(itemNames).map(talentNorm);
  for (const choice of career?.[1].trappings ?? []) {
    if (!choice.some((n) => carried.some((c) => c.includes(talentNorm(n)))))
      breaches.push(breach("trappingMissing", `missing the career trapping ${choice.join(" or ")}`, { trapping: choice.join(" / ") }));
  }

  return report(
    "wfrp",
    breaches,
    {
      species: species ? species[0] : speciesName,
      career: career ? career[0] : careerName,
      characteristicAdvances: advances,
      skillAdvances: skillTotal,
      talents: timesTaken,
      fate,
      resilience,
    },
    unchecked,
  );
}

/** This ruleset's creation check with the published tables (the registry in ../characters.ts dispatches here). */
export const validateCharacter = (actor: ActorLike): CreationReport => validateWfrpCharacter(actor);
