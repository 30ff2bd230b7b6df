import { OmnibusError } from "../../core/errors";
import {
  D6_ROLL_KINDS,
  DIFFICULTY_LEVELS,
  difficultyBand,
  multipleActionPenalty,
  type DifficultyLevel,
  WILD_ONE_RULES,
  WOUND_LEVELS,
  checkPointSpend,
  effectiveCode,
  formatDieCode,
  parseDieCode,
  parseRanges,
  rangeDifficulty,
  requireWoundLevel,
  resolveDamage,
  rollCheck,
  rollOdds,
  type D6RollKind,
  type DieCode,
  type WildOneRule,
} from "../../rules/d6";
import { boolFlag, choiceFlag, intFlag, numberFlag, required, stringFlag } from "../args";
import type { CliArgs, CliRuleset, FlagKind } from "../types";
import { explainD6Check } from "../../rules/d6/explain";
import { asFlag, matchId, titleWords, words } from "../words";

/** The flags `roll` and `odds` share (issue 4), plus two optional extras: `--kind` and `--wild-one`. */
const ROLL_FLAGS: Record<string, FlagKind> = {
  difficulty: "string",
  "no-wild": "boolean",
  cp: "int",
  fp: "boolean",
  actions: "int",
  kind: "string",
  "wild-one": "string",
};
const ROLL_USAGE =
  "<code> [--difficulty N|very-easy|easy|moderate|difficult|very-difficult|heroic] [--no-wild] [--cp K] [--fp] [--actions N] [--kind skill|specialization|reaction|…] [--wild-one removeHighest|complication|normal]";

interface RollRequest {
  code: DieCode;
  /** How the code was reached, in words: "4D+2 − 1D (2 actions) = 3D+2; × 2 (Force Point) = 6D+4". */
  changes: string;
  difficulty: number | null;
  /** The level named by --difficulty (then `difficulty` is its typical number). */
  level: DifficultyLevel | null;
  wildDie: boolean;
  characterPoints: number;
  kind: D6RollKind;
  wildOne: WildOneRule;
}

/** A code as text, 0D included (formatDieCode writes a code with no dice as its pips alone). */
const codeText = (c: DieCode): string => (c.dice === 0 ? `0D${c.pips > 0 ? `+${c.pips}` : c.pips < 0 ? c.pips : ""}` : formatDieCode(c));

/** `--difficulty`: a number, or a level's name (then the middle of its band, 000:L759, L769). */
function difficultyArg(args: CliArgs): { difficulty: number | null; level: DifficultyLevel | null } {
  const text = stringFlag(args, "difficulty");
  if (text === undefined) return { difficulty: null, level: null };
  const level = matchId(text, DIFFICULTY_LEVELS);
  if (level) return { difficulty: difficultyBand(level).typical, level };
  const difficulty = intFlag(args, "difficulty", `a number or one of ${DIFFICULTY_LEVELS.join(", ")}`)!;
  if (difficulty < 0)
    throw new OmnibusError("badArgument", `--difficulty must be 0 or more, got ${difficulty}`, { name: "difficulty", value: difficulty });
  return { difficulty, level: null };
}

/** Reads `roll`'s arguments: the code after multiple actions and a Force Point (digest §33). */
function rollRequest(args: CliArgs): RollRequest {
  const base = parseDieCode(args.positional[0]);
  const actions = intFlag(args, "actions") ?? 1;
  if (actions < 1)
    throw new OmnibusError("badArgument", `--actions must be 1 or more, got ${actions}`, { name: "actions", value: actions });
  const characterPoints = intFlag(args, "cp") ?? 0;
  if (characterPoints < 0)
    throw new OmnibusError("badArgument", `--cp must be 0 or more, got ${characterPoints}`, { name: "cp", value: characterPoints });
  const forcePoint = boolFlag(args, "fp");
  checkPointSpend({ characterPoints, forcePoint });
  const { difficulty, level } = difficultyArg(args);
  const code = effectiveCode(base, { actions, forcePoint });
  // What changed the code, in the pipeline's order (penalties, then the Force Point doubling).
  const penalty = multipleActionPenalty(actions);
  let changes = "";
  if (penalty > 0) {
    const after = effectiveCode(base, { actions });
    changes = `${formatDieCode(base)} − ${penalty}D (${actions} actions) = ${codeText(after)}`;
    if (forcePoint) changes += after.dice > 0 ? `; × 2 (Force Point) = ${formatDieCode(code)}` : "; nothing left to double (Force Point)";
  } else if (forcePoint) changes = `${formatDieCode(base)} × 2 (Force Point) = ${formatDieCode(code)}`;
  // A code with no dice cannot be rolled, pips or not (4D+2 and 2D after −4D alike, 000:L517).
  if (code.dice <= 0) {
    throw new OmnibusError("rollImpossible", `${changes || formatDieCode(base)}: penalties leave no dice, so it cannot be rolled`, {
      code: formatDieCode(code),
    });
  }
  return {
    code,
    changes,
    difficulty,
    level,
    wildDie: !boolFlag(args, "no-wild"),
    characterPoints,
    kind: choiceFlag(args, "kind", D6_ROLL_KINDS) ?? "skill",
    wildOne: choiceFlag(args, "wild-one", WILD_ONE_RULES) ?? "removeHighest",
  };
}

/** "vs Moderate (13)" or "vs 13". */
function againstText(req: RollRequest): string {
  return req.level ? `${titleWords(req.level)} (${req.difficulty})` : String(req.difficulty);
}

const pct = (p: number): string => `${(p * 100).toFixed(2)}%`;

/** `npx omnibus d6 …` (issue 4, "CLI"). */
export const cli: CliRuleset = {
  id: "d6",
  title: "West End Games D6 (Star Wars, 2nd ed. R&E)",
  commands: {
    roll: {
      summary: "roll a die code with the Wild Die and Character Point dice; faces: regular dice, Wild Die rolls, each CP die's rolls",
      usage: ROLL_USAGE,
      flags: ROLL_FLAGS,
      positional: [1, 1],
      rolls: true,
      run(args, dice) {
        const req = rollRequest(args);
        const r = rollCheck(req.code, dice, req);
        const json = {
          code: formatDieCode(r.code),
          ...(req.level ? { level: req.level } : {}),
          dice: r.dice,
          wild: r.wild,
          cp: r.cp,
          pips: r.pips,
          total: r.total,
          wildOne: r.wildOne,
          removed: r.removed,
          difficulty: r.difficulty,
          success: r.success,
          margin: r.margin,
        };
        const parts = [`${req.changes || json.code}: ${r.total}`, `dice [${r.dice.join(",")}]`];
        if (r.wild.length) parts.push(`wild [${r.wild.join(",")}]`);
        if (r.cp.length) parts.push(`CP ${r.cp.map((f) => `[${f.join(",")}]`).join(" ")}`);
        if (r.pips) parts.push(`pips ${r.pips > 0 ? "+" : ""}${r.pips}`);
        if (r.wildOne)
          parts.push(
            r.removed.length
              ? `Wild Die 1: removed ${r.removed.join(",")}, complication`
              : r.complication
                ? "Wild Die 1: complication"
                : "Wild Die 1",
          );
        if (r.difficulty !== null) parts.push(`vs ${againstText(req)}: ${r.success ? "success" : "failure"} (margin ${r.margin})`);
        return { json, text: parts.join("; "), steps: explainD6Check(r) };
      },
    },
    odds: {
      summary: "exact odds of a roll (same arguments as roll): P(success), P(complication), expected total and margin",
      usage: ROLL_USAGE,
      flags: ROLL_FLAGS,
      positional: [1, 1],
      rolls: false,
      run(args) {
        const req = rollRequest(args);
        const o = rollOdds(req.code, req);
        const json = {
          code: formatDieCode(req.code),
          difficulty: req.difficulty,
          ...(req.level ? { level: req.level } : {}),
          success: o.success,
          complication: o.complication,
          expectedTotal: o.expectedTotal,
          expectedMargin: o.expectedMargin,
          truncatedMass: o.truncatedMass,
        };
        const text =
          `${req.changes || json.code}: expected total ${o.expectedTotal.toFixed(2)}` +
          (o.success === null ? "" : `; P(≥ ${againstText(req)}) = ${pct(o.success)}`) +
          `; P(complication) = ${pct(o.complication)}`;
        return { json, text };
      },
    },
    damage: {
      summary: "a damage total against a Strength (resistance) total: the damage table result and the wound level after stacking",
      usage: `--damage-total N --resist-total M [--state ${WOUND_LEVELS.join("|")}] [--stun]`,
      flags: { "damage-total": "int", "resist-total": "int", state: "string", stun: "boolean" },
      positional: [0, 0],
      rolls: false,
      run(args) {
        const damageTotal = required("damage-total", intFlag(args, "damage-total"));
        const resistTotal = required("resist-total", intFlag(args, "resist-total"));
        const stateText = stringFlag(args, "state");
        const state = requireWoundLevel(stateText === undefined ? "healthy" : (matchId(stateText, WOUND_LEVELS) ?? stateText), "--state");
        const o = resolveDamage(damageTotal, resistTotal, state, { stun: boolFlag(args, "stun") });
        const json = { margin: o.margin, result: o.result, state: o.state };
        return { json, text: `margin ${o.margin}: ${words(o.result)}; now ${words(o.state)}` };
      },
    },
    range: {
      summary: "the range band and difficulty of a distance for a weapon's ranges (e.g. 3-10/30/120)",
      usage: "--distance D --ranges S-M/L/X",
      flags: { distance: "number", ranges: "string" },
      positional: [0, 0],
      rolls: false,
      run(args) {
        const distance = required("distance", numberFlag(args, "distance"));
        const rangesText = required("ranges", stringFlag(args, "ranges"));
        const ranges = asFlag("ranges", () => parseRanges(rangesText));
        const r = rangeDifficulty(distance, ranges);
        return {
          json: { band: r.band, difficulty: r.difficulty },
          text: `${distance} m: ${words(r.band)}${r.difficulty ? ` (${titleWords(r.difficulty)})` : " (cannot hit)"}`,
        };
      },
    },
  },
};
