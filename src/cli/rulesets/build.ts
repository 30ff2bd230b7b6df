/**
 * `omnibus <ruleset> xp cost <trait-kind> <from> <to>` and `omnibus <ruleset> build check @file`
 * (issue 16), the same two commands for every ruleset, over src/rules/characters.ts.
 */
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { OmnibusError } from "../../core/errors";
import { ADVANCE_KINDS, CHARACTER_VALIDATORS, advanceCost, type CreationReport } from "../../rules/characters";
import { isRulesetId, type RulesetId } from "../../rules/index";
import { boolFlag, choiceFlag } from "../args";
import { LANGUAGES, breachText, readerLanguage, treeLocalizer, type Language } from "../../rules/breach-text";
import en from "../../../lang/en.json";
import ru from "../../../lang/ru.json";
import type { CliCommand, CliRuleset, FlagKind } from "../types";

const UNIT: Record<RulesetId, string> = { d6: "Character Points", storytelling: "XP", wfrp: "XP", silhouette: "XP" };
const EXTRA_FLAGS: Record<RulesetId, Record<string, FlagKind>> = {
  d6: { "without-teacher": "boolean" },
  storytelling: {},
  wfrp: { "out-of-career": "boolean" },
  silhouette: {},
};
const EXTRA_USAGE: Record<RulesetId, string> = { d6: " [--without-teacher]", storytelling: "", wfrp: " [--out-of-career]", silhouette: "" };

/** `advanced-skill` → `advancedSkill`. */
const camel = (kind: string) => kind.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function xp(id: RulesetId): CliCommand {
  const kinds = ADVANCE_KINDS[id];
  return {
    summary: `experience cost of raising a trait (${kinds.join(", ")}); prints {cost, steps}`,
    usage: `cost <${kinds.join("|")}> <from> <to>${EXTRA_USAGE[id]}`,
    flags: EXTRA_FLAGS[id],
    positional: [4, 4],
    rolls: false,
    run(args) {
      const [sub, kind, from, to] = args.positional;
      if (sub !== "cost") throw new OmnibusError("badArgument", `usage: omnibus ${id} xp cost <trait-kind> <from> <to>`);
      const r = advanceCost(id, camel(kind), from, to, {
        outOfCareer: id === "wfrp" && boolFlag(args, "out-of-career"),
        forceWithoutTeacher: id === "d6" && boolFlag(args, "without-teacher"),
      });
      const steps = r.steps.map((s) => `${s.from}→${s.to} ${s.cost}`).join(", ");
      return { json: r, text: `${kind} ${from} → ${to}: ${r.cost} ${UNIT[id]}${steps ? ` (${steps})` : ""}` };
    },
  };
}

/** Reads `@path` as YAML or JSON (a pack's YAML actor, or an exported actor's JSON). */
export function readCharacterFile(arg: string): unknown {
  if (!arg.startsWith("@") || arg.length < 2)
    throw new OmnibusError("badArgument", `give the character as @file (YAML or JSON), got "${arg}"`);
  const path = arg.slice(1);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new OmnibusError("badArgument", `cannot read ${path}`, { name: "file", value: path });
  }
  try {
    return parseYaml(text);
  } catch (e) {
    throw new OmnibusError("badArgument", `${path} is not YAML or JSON: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`, {
      name: "file",
      value: path,
    });
  }
}

const LANG_TREES: Record<Language, unknown> = { en, ru };

/** Each breach in the reader's language (`--lang`, else LC_ALL/LC_MESSAGES/LANG). */
function reportText(r: CreationReport, lang: Language): string {
  const localize = treeLocalizer(LANG_TREES[lang]);
  const lines = [r.ok ? "legal starting character" : `${r.breaches.length} rule(s) broken:`];
  for (const b of r.breaches) lines.push(`  ✗ ${b.code}: ${breachText(r.ruleset, b, localize)}`);
  for (const u of r.unchecked) lines.push(`  ? ${u}`);
  return lines.join("\n");
}

function build(id: RulesetId): CliCommand {
  return {
    summary: "check a character (an actor with its items, as in the packs) against the creation rules; prints each broken rule",
    usage: "check @file [--lang en|ru]",
    flags: { lang: "string" },
    positional: [2, 2],
    rolls: false,
    run(args) {
      const [sub, file] = args.positional;
      if (sub !== "check") throw new OmnibusError("badArgument", `usage: omnibus ${id} build check @file`);
      const lang = readerLanguage(choiceFlag(args, "lang", LANGUAGES), process.env);
      const r = CHARACTER_VALIDATORS[id](readCharacterFile(file) as never);
      const localize = treeLocalizer(LANG_TREES[lang]);
      return { json: { ...r, breaches: r.breaches.map((b) => ({ ...b, text: breachText(id, b, localize) })) }, text: reportText(r, lang) };
    },
  };
}

/** The ruleset with its `xp` and `build` commands added. */
export function withCharacterCommands(r: CliRuleset): CliRuleset {
  if (!isRulesetId(r.id)) return r;
  return { ...r, commands: { ...r.commands, xp: xp(r.id), build: build(r.id) } };
}
