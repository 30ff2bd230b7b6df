/**
 * The party (issue 16): which actors may join a ruleset's party, each member's key numbers for the
 * party sheet (health, defence, the best skills), and how a shared experience award is split.
 * Plain data in, plain data out; the party sheet (src/foundry/party.ts) reads the prepared actors.
 */
import type { RulesetId } from "./index";

/** The actor types that may be party members, per ruleset (the characters and NPCs, not vehicles). */
export const MEMBER_TYPES: Record<RulesetId, readonly string[]> = {
  d6: ["d6_character", "d6_npc"],
  storytelling: ["storytelling_character", "storytelling_npc"],
  wfrp: ["wfrp_character", "wfrp_npc", "wfrp_creature"],
  silhouette: ["silhouette_character", "silhouette_npc"],
};

export const partyType = (ruleset: RulesetId): string => `${ruleset}_party`;
export const PARTY_TYPES: readonly string[] = (Object.keys(MEMBER_TYPES) as RulesetId[]).map(partyType);

export type JoinRefusal = "notAMemberType" | "alreadyMember";

/** Adds an actor to a party's member list (ids, in order), or says why not. */
export function joinParty(
  ruleset: RulesetId,
  members: readonly string[],
  actor: { id: string; type: string },
): { ok: true; members: string[] } | { ok: false; reason: JoinRefusal } {
  if (!MEMBER_TYPES[ruleset].includes(actor.type)) return { ok: false, reason: "notAMemberType" };
  if (members.includes(actor.id)) return { ok: false, reason: "alreadyMember" };
  return { ok: true, members: [...members, actor.id] };
}

/** The member list without `id` (and without ids of actors that no longer exist, when `exists` is given). */
export function leaveParty(members: readonly string[], id: string | null, exists?: (id: string) => boolean): string[] {
  return members.filter((m) => m !== id && (!exists || exists(m)));
}

/**
 * A shared award: `total` divided equally among `count` members, in whole points; what cannot be
 * divided (`remainder`) is not awarded, so nobody gets more than the others.
 */
export function splitAward(total: number, count: number): { each: number; remainder: number } {
  if (!Number.isInteger(total) || total <= 0 || !Number.isInteger(count) || count <= 0)
    return { each: 0, remainder: Math.max(0, Math.trunc(total) || 0) };
  const each = Math.floor(total / count);
  return { each, remainder: total - each * count };
}

export interface MemberItem {
  name: string;
  type: string;
  system: Record<string, unknown>;
}

export interface MemberInput {
  id: string;
  name: string;
  img: string;
  type: string;
  /** The prepared system data (derived values filled in). */
  system: Record<string, unknown>;
  items: MemberItem[];
}

/** One key number: an i18n key for the label (or a name already in the reader's words) and its value. */
export interface KeyNumber {
  label: string;
  /** True when `label` is an i18n key; false when it is a name to show as is (an item's name). */
  localize: boolean;
  value: string;
}

export interface PartyRow {
  id: string;
  name: string;
  img: string;
  health: { value: number; max: number } | null;
  numbers: KeyNumber[];
  skills: KeyNumber[];
}

const rec = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const dieCode = (v: unknown): { pips: number; text: string } => {
  const c = rec(v);
  const dice = n(c.dice);
  const pips = n(c.pips);
  return { pips: dice * 3 + pips, text: `${dice}D${pips ? `+${pips}` : ""}` };
};

/** The `count` best entries by score, ties kept in their given order. */
function best<T>(entries: Array<{ score: number; entry: T }>, count: number): T[] {
  return entries
    .map((e, i) => ({ ...e, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, count)
    .map((e) => e.entry);
}

export const KEY_SKILL_COUNT = 3;

/** A member's key numbers for the party sheet. */
export function partyRow(ruleset: RulesetId, m: MemberInput): PartyRow {
  const s = m.system;
  const health = rec(s.health);
  const row: PartyRow = {
    id: m.id,
    name: m.name,
    img: m.img,
    health: typeof health.max === "number" ? { value: n(health.value), max: n(health.max) } : null,
    numbers: [],
    skills: [],
  };
  const items = (type: string) => m.items.filter((i) => i.type === type);
  if (ruleset === "d6") {
    // The D6 defence is the dodge reaction skill; without one, Dexterity.
    const skills = items("d6_skill");
    const dodge = skills.find((i) => rec(i.system).reaction === "dodge" || /^(dodge|уклонение)$/i.test(i.name));
    row.numbers.push(
      dodge
        ? { label: dodge.name, localize: false, value: dieCode(rec(dodge.system).code).text }
        : { label: "OMNIBUS.D6.Attribute.dexterity", localize: true, value: dieCode(rec(rec(s.attributes).dexterity)).text },
    );
    row.numbers.push({ label: "OMNIBUS.Party.CharacterPoints", localize: true, value: String(n(s.characterPoints)) });
    row.skills = best(
      skills.map((i) => ({
        score: dieCode(rec(i.system).code).pips,
        entry: { label: i.name, localize: false, value: dieCode(rec(i.system).code).text },
      })),
      KEY_SKILL_COUNT,
    );
  } else if (ruleset === "storytelling") {
    const derived = rec(s.derived);
    const wp = rec(s.willpower);
    row.numbers.push({ label: "OMNIBUS.Party.Defense", localize: true, value: String(n(derived.defense)) });
    row.numbers.push({ label: "OMNIBUS.Party.Willpower", localize: true, value: `${n(wp.value)}/${n(wp.max)}` });
    row.skills = best(
      Object.entries(rec(s.skills))
        .map(([key, v]) => ({
          score: n(rec(v).dots),
          entry: { label: `OMNIBUS.Storytelling.Skill.${key}`, localize: true, value: String(n(rec(v).dots)) },
        }))
        .filter((e) => e.score > 0),
      KEY_SKILL_COUNT,
    );
  } else if (ruleset === "wfrp") {
    row.numbers.push({ label: "OMNIBUS.Party.FateFortune", localize: true, value: `${n(s.fate)}/${n(s.fortune)}` });
    row.numbers.push({ label: "OMNIBUS.Party.ResilienceResolve", localize: true, value: `${n(s.resilience)}/${n(s.resolve)}` });
    const chars = rec(s.characteristics);
    const current = (c: unknown) => {
      const ch = rec(chars[String(c)]);
      return typeof ch.current === "number" ? ch.current : n(ch.initial) + n(ch.advances) + n(ch.modifier);
    };
    row.skills = best(
      items("wfrp_skill").map((i) => {
        const total = current(rec(i.system).characteristic) + n(rec(i.system).advances);
        return { score: total, entry: { label: i.name, localize: false, value: String(total) } };
      }),
      KEY_SKILL_COUNT,
    );
  } else {
    const skills = items("silhouette_skill");
    const defense = skills.find((i) => rec(i.system).key === "defense");
    row.numbers.push({ label: "OMNIBUS.Party.Defense", localize: true, value: String(defense ? n(rec(defense.system).level) : 0) });
    row.skills = best(
      skills.map((i) => ({
        score: n(rec(i.system).level),
        entry: { label: i.name, localize: false, value: String(n(rec(i.system).level)) },
      })),
      KEY_SKILL_COUNT,
    );
  }
  return row;
}
