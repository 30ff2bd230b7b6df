/**
 * `omnibus <ruleset> check <kind> --request <json | @file> [--faces … | --seed N] [--json]`
 * (issue 12): the plain request the table builds — the spec a table Roll class resolves, or the
 * record a card action re-derives — resolved by the very pure function the table calls (named per
 * kind in `docs/cli.md`). `omnibus <ruleset> check --help` lists the kinds and their fields.
 * A request field that is unknown, missing or of the wrong type exits 2 naming the field.
 */
import { readFileSync } from "node:fs";
import { OmnibusError } from "../../core/errors";
import {
  addCharacterPointDice,
  parseDieCode,
  resolveSurprise as resolveD6Surprise,
  rollCheck as rollD6Check,
  type D6RollKind,
} from "../../rules/d6";
import { resolveSurprise as resolveSilhouetteSurprise } from "../../rules/silhouette/combat";
import { rollCheck as rollSilhouetteCheck } from "../../rules/silhouette/pool";
import { resolveSurprise as resolveStorytellingSurprise } from "../../rules/storytelling/combat";
import { rollPool } from "../../rules/storytelling/roll";
import {
  rerollTest,
  resolveSurprise as resolveWfrpSurprise,
  resolveTest,
  rollD100,
  rollOpposed,
  type TestSpec,
} from "../../rules/wfrp/index";
import type { CliCommand, CliRuleset } from "../types";
import { D6_ATTACK_KINDS } from "./check-d6";
import { WFRP_TABLE_KINDS } from "./check-wfrp";
import { STORYTELLING_TABLE_KINDS } from "./check-storytelling";
import { SILHOUETTE_TABLE_KINDS } from "./check-silhouette";
import { SILHOUETTE_ATHLETICS_KINDS } from "./check-silhouette-athletics";

import { checkRequestFields, entries, type CheckKind, type Field } from "./check-fields";

export { checkRequestFields, type CheckKind } from "./check-fields";

const SURPRISE_SIDE = (about: string): Field => ({ type: "list", required: true, about });

const D6_KINDS: Record<string, CheckKind> = {
  surprise: {
    summary: "surprise at a fight's start: each ambusher's sneak, then each target's search (Wild Die on)",
    table: "the tracker's surprise dialog (src/foundry/d6/combat.ts determineSurprise) → rollD6, resolveSurprise",
    fields: {
      ambushers: SURPRISE_SIDE('[{id, code: "3D+1"}] — the sneak codes'),
      observers: SURPRISE_SIDE("[{id, code}] — the targets' search codes"),
      wildOne: { type: "string", about: "removeHighest | complication | none (world setting)" },
    },
    run(r, dice) {
      const roll = (e: Record<string, unknown>, i: number, name: string) => {
        if (typeof e.code !== "string")
          throw new OmnibusError("badArgument", `request field "${name}[${i}].code" must be a die code`, { name });
        return rollD6Check(parseDieCode(e.code), dice, { wildDie: true, wildOne: r.wildOne as never, kind: "skill", allowPipsOnly: true })
          .total;
      };
      const ambushers = entries(r, "ambushers").map((e, i) => ({ id: e.id, sneak: roll(e, i, "ambushers") }));
      const observers = entries(r, "observers").map((e, i) => ({ id: e.id, search: roll(e, i, "observers") }));
      const res = resolveD6Surprise({ ambushers, observers });
      return {
        json: { ambushers, totals: observers, ...res, statuses: res.observers.map((o) => ({ id: o.id, surprised: o.surprised })) },
        text: res.surprised ? "the targets are surprised" : "the targets are not surprised",
      };
    },
  },
  roll: {
    summary: "a roll of a die code (skill, attribute, reaction, damage…) against an optional difficulty",
    table: "D6Roll (src/foundry/d6/rolls.ts) → rollD6; the card compares the total with the difficulty",
    fields: {
      code: { type: "string", required: true, about: 'the die code, e.g. "3D+1"' },
      difficulty: { type: "int", about: "the difficulty number (omit: none)" },
      wildDie: { type: "boolean", about: "roll one die as the Wild Die (default true)" },
      wildOne: { type: "string", about: "removeHighest | complication | none (world setting)" },
      characterPoints: { type: "int", about: "CP spent before the roll" },
      kind: { type: "string", about: "skill | attribute | specialization | reaction | damage | resistDamage | initiative" },
    },
    run(r, dice) {
      const res = rollD6Check(parseDieCode(String(r.code)), dice, {
        difficulty: (r.difficulty as number | undefined) ?? null,
        wildDie: r.wildDie as boolean | undefined,
        wildOne: r.wildOne as never,
        characterPoints: r.characterPoints as number | undefined,
        kind: r.kind as D6RollKind | undefined,
      });
      const verdict = res.success === null ? "" : res.success ? ` — success by ${res.margin}` : ` — failure by ${-(res.margin ?? 0)}`;
      return { json: { ...res }, text: `${r.code}: ${res.total}${verdict}` };
    },
  },
  "cp-after": {
    summary: "Character Points spent after the roll, re-resolved against every target (the card's button)",
    table: "the card's d6CPAfter action (src/foundry/d6/cp-after/actions.ts) → addCharacterPointDice",
    fields: {
      total: { type: "int", required: true, about: "the card's total" },
      spent: { type: "int", required: true, about: "CP already spent on the roll" },
      kind: { type: "string", required: true, about: "the roll's kind (its CP cap)" },
      count: { type: "int", required: true, about: "CP to spend now" },
      characterPoints: { type: "int", required: true, about: "the actor's Character Points now" },
      difficulties: { type: "list", about: "each target's difficulty (null: cannot be hit)" },
      forcePointInForce: { type: "boolean", about: "a Force Point is in force this round" },
    },
    run(r, dice) {
      const count = r.count as number;
      if (count > (r.characterPoints as number))
        throw new OmnibusError("outOfRange", `count ${count} is more than the actor's ${String(r.characterPoints)} Character Points`, {
          name: "count",
        });
      const res = addCharacterPointDice(
        {
          total: r.total as number,
          characterPointsSpent: r.spent as number,
          kind: r.kind as D6RollKind,
          forcePointInForce: r.forcePointInForce === true,
        },
        count,
        dice,
        (r.difficulties as Array<number | null> | undefined) ?? [],
      );
      const changes = [{ path: "system.characterPoints", value: (r.characterPoints as number) - count }];
      return {
        json: { ...res, changes },
        text:
          `${r.total} + ${res.added} = ${res.total}` +
          res.outcomes
            .map((o) => (o.difficulty === null ? " · out of reach" : ` · ${o.difficulty}: ${o.success ? "success" : "failure"}`))
            .join(""),
      };
    },
  },
};

const testSpecField: Field = { type: "object", required: true, about: "{value, difficulty?, modifier?, slBonus?}" };

const WFRP_KINDS: Record<string, CheckKind> = {
  surprise: {
    summary: "who is Surprised at a fight's start (ambush, surroundings, …; Combat Aware)",
    table: "the tracker's surprise dialog (src/foundry/wfrp/combat.ts determineSurprise) → resolveSurprise",
    fields: {
      method: { type: "string", required: true, about: "ambush | surroundings | distraction | unprepared | other" },
      ambusherStealth: { type: "list", about: "the ambushers' Stealth values (ambush)" },
      detectable: { type: "boolean", about: "the targets may spot it" },
      observers: SURPRISE_SIDE("[{id, perception, combatAware?}]"),
      options: { type: "object", about: "test options" },
      opposed: { type: "object", about: "{tieBreak, finalTie}" },
    },
    run(r, dice) {
      const res = resolveWfrpSurprise(
        dice,
        {
          method: r.method as never,
          ambusherStealth: r.ambusherStealth as number[] | undefined,
          detectable: r.detectable as boolean | undefined,
          observers: r.observers as never,
        },
        (r.options as object | undefined) ?? {},
        (r.opposed as object | undefined) ?? {},
      );
      const names = res.observers.filter((o) => o.surprised).map((o) => o.id);
      return { json: { ...res }, text: names.length ? `Surprised: ${names.join(", ")}` : "nobody is Surprised" };
    },
  },
  test: {
    summary: "a d100 test (characteristic, skill, attack's own roll)",
    table: "WfrpTestRoll (src/foundry/wfrp/rolls.ts) → rollD100, resolveTest",
    fields: { spec: testSpecField, options: { type: "object", about: "the world's test options (fast SL, automatic results…)" } },
    run(r, dice) {
      const roll = rollD100(dice);
      const res = resolveTest(r.spec as TestSpec, roll, (r.options as object | undefined) ?? {});
      return { json: { ...res }, text: `${roll} vs ${res.target}: ${res.success ? "passed" : "failed"}, ${res.slLabel} SL` };
    },
  },
  opposed: {
    summary: "an opposed test, the tester's face then the defender's",
    table: "the opposed card (src/rules/wfrp/table/opposed/checks.ts resolveOpposedTarget) → rollOpposed",
    fields: {
      tester: testSpecField,
      defender: testSpecField,
      options: { type: "object", about: "test options" },
      opposed: { type: "object", about: "{tieBreak, finalTie}" },
    },
    run(r, dice) {
      const res = rollOpposed(
        dice,
        r.tester as TestSpec,
        r.defender as TestSpec,
        (r.options as object | undefined) ?? {},
        (r.opposed as object | undefined) ?? {},
      );
      return { json: { ...res }, text: `${res.winner} wins by ${res.margin}` };
    },
  },
  reroll: {
    summary: "a Fortune re-roll of a test from its card (final once made)",
    table: "the card's wfrpFortuneReroll action (src/foundry/wfrp/fortune/actions.ts) → rerollTest",
    fields: {
      spec: testSpecField,
      roll: { type: "int", required: true, about: "the card's d100 face" },
      fortune: { type: "int", required: true, about: "the actor's Fortune points now" },
      rerolls: { type: "int", about: "re-rolls already made (default 0)" },
      options: { type: "object", about: "test options" },
    },
    run(r, dice) {
      if ((r.fortune as number) < 1) throw new OmnibusError("outOfRange", "no Fortune point left", { name: "fortune" });
      const res = rerollTest(
        { spec: r.spec as TestSpec, roll: r.roll as number, rerolls: (r.rerolls as number | undefined) ?? 0 },
        rollD100(dice),
        (r.options as object | undefined) ?? {},
      );
      return {
        json: { ...res, changes: [{ path: "system.fortune", value: (r.fortune as number) - 1 }] },
        text: `${r.roll} → ${res.result.roll}: ${res.result.success ? "passed" : "failed"}, ${res.result.slLabel} SL`,
      };
    },
  },
};

const STORYTELLING_KINDS: Record<string, CheckKind> = {
  surprise: {
    summary: "an ambush: each target rolls Wits + Composure; no success is surprised",
    table: "the tracker's surprise dialog (src/foundry/storytelling/combat.ts determineSurprise) → rollPool, resolveSurprise",
    fields: {
      observers: SURPRISE_SIDE("[{id, pool}] — Wits + Composure with the wound penalty"),
      chanceDieUsesAgain: { type: "boolean", about: "world setting" },
    },
    run(r, dice) {
      const rolled = entries(r, "observers").map((e, i) => {
        if (!Number.isInteger(e.pool))
          throw new OmnibusError("badArgument", `request field "observers[${i}].pool" must be a whole number`, { name: "observers" });
        return {
          id: e.id,
          successes: rollPool(Math.max(0, e.pool as number), dice, {
            again: 10,
            rote: false,
            chanceDieUsesAgainLevel: r.chanceDieUsesAgain as boolean | undefined,
          }).successes,
        };
      });
      const res = resolveStorytellingSurprise(rolled);
      const names = res.observers.filter((o) => o.surprised).map((o) => o.id);
      return { json: { ...res }, text: names.length ? `surprised: ${names.join(", ")}` : "nobody is surprised" };
    },
  },
  roll: {
    summary: "a dice pool (a chance die at 0 or below)",
    table: "StorytellingRoll (src/foundry/storytelling/rolls.ts) → rollPool",
    fields: {
      pool: { type: "int", required: true, about: "dice in the pool after modifiers" },
      again: { type: "int", about: "8 | 9 | 10 | 11 (no again); default 10" },
      rote: { type: "boolean", about: "a rote action" },
      roteScope: { type: "string", about: "allFailedDice (default) | initialDice (world setting)" },
      chanceDieUsesAgain: { type: "boolean", about: "world setting" },
    },
    run(r, dice) {
      const res = rollPool(r.pool as number, dice, {
        again: r.again as never,
        rote: r.rote as boolean | undefined,
        roteRerolls: (r.roteScope as never) ?? "allFailedDice",
        chanceDieUsesAgainLevel: r.chanceDieUsesAgain as boolean | undefined,
      });
      return { json: { ...res }, text: `${(res as { successes?: number }).successes ?? 0} successes` };
    },
  },
};

const SILHOUETTE_KINDS: Record<string, CheckKind> = {
  surprise: {
    summary: "an ambush: each ambusher's Stealth, then each target's Notice; a target that spots nobody is unaware",
    table: "the tracker's surprise dialog (src/foundry/silhouette/combat.ts determineSurprise) → rollCheck, resolveSurprise",
    fields: {
      ambushers: SURPRISE_SIDE("[{id, dice, modifier?}] — Stealth"),
      observers: SURPRISE_SIDE("[{id, dice, modifier?}] — Notice"),
      rules: { type: "object", about: "world settings (mishap, …)" },
    },
    run(r, dice) {
      const roll = (e: Record<string, unknown>) => {
        const level = Number.isInteger(e.dice) ? (e.dice as number) : 0;
        return rollSilhouetteCheck(
          { dice: level, untrained: level === 0, modifier: Number.isInteger(e.modifier) ? (e.modifier as number) : 0 },
          dice,
          (r.rules as object | undefined) ?? {},
        );
      };
      const ambushers = entries(r, "ambushers").map((e) => {
        const c = roll(e);
        return { id: e.id, stealth: c.total, fumble: c.fumble };
      });
      const observers = entries(r, "observers").map((e) => {
        const c = roll(e);
        return { id: e.id, notice: c.total, fumble: c.fumble };
      });
      const res = resolveSilhouetteSurprise({ ambushers, observers });
      const names = res.observers.filter((o) => o.unaware).map((o) => o.id);
      return {
        json: { ambushers, totals: observers, ...res },
        text: names.length ? `unaware: ${names.join(", ")}` : "every target is aware",
      };
    },
  },
  check: {
    summary: "a skill check: the highest die, +1 per extra 6, plus modifiers, against a threshold",
    table: "SilhouetteRoll (src/foundry/silhouette/rolls.ts) → rollCheck",
    fields: {
      dice: { type: "int", required: true, about: "the skill level (0: untrained)" },
      modifier: { type: "int", about: "attribute and other modifiers" },
      threshold: { type: "int", about: "the difficulty, or the opposing total" },
      opposed: { type: "boolean", about: "the threshold is an opposing total" },
      untrained: { type: "boolean", about: "force the untrained procedure" },
      rules: { type: "object", about: "world settings (mishap, …)" },
    },
    run(r, dice) {
      const { rules, ...check } = r;
      const res = rollSilhouetteCheck(check as never, dice, (rules as object | undefined) ?? {});
      return { json: { ...res }, text: `total ${(res as { total?: number }).total ?? "?"}` };
    },
  },
};

export const CHECK_KINDS: Record<string, Record<string, CheckKind>> = {
  d6: { ...D6_KINDS, ...D6_ATTACK_KINDS },
  wfrp: { ...WFRP_KINDS, ...WFRP_TABLE_KINDS },
  storytelling: { ...STORYTELLING_KINDS, ...STORYTELLING_TABLE_KINDS },
  silhouette: { ...SILHOUETTE_KINDS, ...SILHOUETTE_TABLE_KINDS, ...SILHOUETTE_ATHLETICS_KINDS },
};

/** Reads `--request`: inline JSON or `@file`. */
export function readRequest(arg: string | true | undefined): unknown {
  if (typeof arg !== "string" || arg === "") throw new OmnibusError("badArgument", "give --request <json | @file>", { name: "request" });
  let text = arg;
  if (arg.startsWith("@")) {
    try {
      text = readFileSync(arg.slice(1), "utf8");
    } catch {
      throw new OmnibusError("badArgument", `cannot read ${arg.slice(1)}`, { name: "request" });
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new OmnibusError("badArgument", `--request is not JSON: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`, {
      name: "request",
    });
  }
}

/** The kinds and their request fields (`omnibus <ruleset> check --help`, or `check` alone). */
export function checkHelp(id: string): string {
  const lines = [`omnibus ${id} check <kind> --request <json | @file> [--faces … | --seed N] [--json]`, ""];
  for (const [name, k] of Object.entries(CHECK_KINDS[id] ?? {})) {
    lines.push(`  ${name} — ${k.summary}`);
    for (const [f, spec] of Object.entries(k.fields)) lines.push(`      ${f}${spec.required ? "" : "?"}: ${spec.type} — ${spec.about}`);
  }
  return lines.join("\n");
}

function checkCommand(id: string): CliCommand {
  const kinds = CHECK_KINDS[id];
  return {
    summary: `resolve a table request by the table's own rules (${Object.keys(kinds).join(", ")}); "check help" lists the fields`,
    usage: `<${Object.keys(kinds).join("|")}|help> --request <json | @file>`,
    flags: { request: "string" },
    positional: [1, 1],
    rolls: true,
    help: () => checkHelp(id),
    run(args, dice) {
      const name = args.positional[0];
      if (name === "help")
        return {
          json: {
            kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, { summary: v.summary, table: v.table, fields: v.fields }])),
          },
          text: checkHelp(id),
        };
      const kind = Object.hasOwn(kinds, name) ? kinds[name] : undefined;
      if (!kind)
        throw new OmnibusError("badArgument", `unknown check kind "${name}" for ${id} (one of ${Object.keys(kinds).join(", ")})`, {
          name: "kind",
        });
      const request = checkRequestFields(name, kind.fields, readRequest(args.flags.request));
      return kind.run(request, dice);
    },
  };
}

/** Adds `check` to a ruleset's commands. */
export function withCheckCommand(r: CliRuleset): CliRuleset {
  return Object.hasOwn(CHECK_KINDS, r.id) ? { ...r, commands: { ...r.commands, check: checkCommand(r.id) } } : r;
}
