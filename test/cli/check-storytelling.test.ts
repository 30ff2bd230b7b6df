// `omnibus storytelling check <initiative|…>` (issue 12): the request built from the sheet's plain
// data (the compendium's characters), resolved through the CLI's main entry with fixed faces,
// compared with the table's own pure functions and with the rules digest.
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../src/core/dice";
import { rollInitiative, rollPool } from "../../src/rules/storytelling";
import {
  UNARMED,
  attackPools,
  attackRequest,
  attackTarget,
  checkPool,
  contestRequest,
  damageOnTarget,
  extendedRecord,
  extendedRequest,
  initiativeModifierOf,
  poolRequest,
} from "../../src/rules/storytelling/table/checks";
import { addContestRoll, contestRoll, startContest } from "../../src/rules/storytelling/table/contest/cards";
import { DEFAULT_OPTIONS } from "../../src/rules/storytelling/table/settings";
import { runCli as run } from "../support/cli";
import { asActor, packDoc } from "../glue/d6/fixtures";

const character = (name: string) => asActor(packDoc("storytelling-characters", name));

describe("storytelling check initiative", () => {
  // The digest (storytelling.md, Initiative): 1d10 + Dexterity + Composure, rolled once per fight.
  it("Dana Reyes (Dexterity 2, Composure 2) rolls 7 → 11; the CLI's answer is initiativeModifierOf → rollInitiative", () => {
    const dana = character("Dana Reyes");
    const table = rollInitiative(initiativeModifierOf(dana.system)!, forcedDice([7]));
    const r = run(
      "storytelling",
      "check",
      "initiative",
      "--request",
      JSON.stringify({ combatants: [{ name: "Dana", actor: dana }] }),
      "--faces",
      "7",
      "--json",
    );
    expect(r.err).toEqual([]);
    const cli = JSON.parse(r.out);
    expect(cli.combatants[0]).toMatchObject({ modifier: 4, roll: 7, total: 11 });
    expect(cli.combatants[0].total).toBe(table.total);
  });

  it("the higher total acts first; a bad combatant exits 2 naming it", () => {
    const combatants = [
      { name: "Dana", actor: character("Dana Reyes") },
      { name: "Viktor", actor: character("Viktor Marsh") },
    ];
    const r = run("storytelling", "check", "initiative", "--request", JSON.stringify({ combatants }), "--faces", "2,9", "--json");
    expect(JSON.parse(r.out).order).toEqual(["Viktor", "Dana"]);
    const bad = run("storytelling", "check", "initiative", "--request", JSON.stringify({ combatants: [7] }), "--faces", "2");
    expect(bad.status).toBe(2);
    expect(bad.err[0]).toMatch(/"combatants\[0\]" must be an object/);
  });
});

describe("storytelling check attack", () => {
  const snapshot = (name: string, uuid: string) => ({ ...character(name), uuid, img: "", statuses: [] as string[] });
  const request = { actor: character("Dana Reyes"), targets: [{ name: "Viktor", distance: 1, actor: character("Viktor Marsh") }] };

  it("the CLI's answer is the table's: attackTarget → attackRequest → attackPools → rollPool → damageOnTarget", () => {
    const target = attackTarget(
      { tokenUuid: "token0", actorUuid: "Actor.target0", name: "Viktor", img: "", distance: 1, units: "yd" },
      snapshot("Viktor Marsh", "Actor.target0"),
    );
    const built = attackRequest(snapshot("Dana Reyes", "Actor.actor"), { ...UNARMED, name: "Unarmed" }, [target], DEFAULT_OPTIONS);
    const [pool] = attackPools(built.data, built.values);
    const faces = Array.from({ length: Math.max(1, pool.pool!.pool) }, () => 8).join(",");
    const table = rollPool(pool.pool!.pool, forcedDice(faces.split(",").map(Number)), { again: 10 });
    const r = run("storytelling", "check", "attack", "--request", JSON.stringify(request), "--faces", faces, "--json");
    expect(r.err).toEqual([]);
    const cli = JSON.parse(r.out).targets[0];
    expect(cli).toMatchObject({ pool: pool.pool!.pool, successes: table.successes, damage: damageOnTarget(table.successes, target) });
  });

  it("the target's Defense (and armour) come off the pool (002:L428) and a character takes the successes as damage", () => {
    const alone = run(
      "storytelling",
      "check",
      "attack",
      "--request",
      JSON.stringify({ actor: character("Dana Reyes") }),
      "--seed",
      "1",
      "--json",
    );
    const free = JSON.parse(alone.out).targets[0];
    const r = run("storytelling", "check", "attack", "--request", JSON.stringify(request), "--seed", "1", "--json");
    const hit = JSON.parse(r.out).targets[0];
    expect(hit.defenseApplied).toBe(true);
    const part = (label: string) => hit.parts.find((p: { label: string }) => p.label === label)?.value ?? 0;
    expect(part("defense")).toBe(-hit.defense.value);
    expect(hit.pool).toBe(free.pool + part("defense") + part("armor"));
    expect(hit.damage).toBe(hit.successes);
  });

  it("a bad weapon or value exits 2 naming it", () => {
    for (const [req, message] of [
      [{ ...request, weapon: "Sword" }, /"weapon" names no weapon/],
      [{ ...request, values: { modifer: 2 } }, /"values\.modifer" is not one of the dialog's/],
      [{ ...request, turn: 3 }, /"turn" must be a string/],
    ] as Array<[unknown, RegExp]>) {
      const bad = run("storytelling", "check", "attack", "--request", JSON.stringify(req), "--faces", "8");
      expect(bad.status).toBe(2);
      expect(bad.err).toHaveLength(1);
      expect(bad.err[0]).toMatch(message);
    }
  });
});

describe("storytelling check contest", () => {
  const dana = character("Dana Reyes");
  const viktor = character("Viktor Marsh");
  const snap = (name: string, uuid: string) => ({ ...character(name), uuid, img: "", statuses: [] as string[] });
  const localize = (k: string) => k;
  // The pool a side's dialog makes, from the table's own request (to pick a modifier that gives `dice`).
  const modifierFor = (name: string, values: Record<string, unknown>, dice: number) => {
    const req = poolRequest(snap(name, "Actor.x"), {}, DEFAULT_OPTIONS, localize);
    return dice - checkPool(req.data, { ...req.values, ...values, modifier: 0 }).pool;
  };
  const run5 = (request: unknown, faces: number[]) =>
    run("storytelling", "check", "contest", "--request", JSON.stringify(request), "--faces", faces.join(","), "--json");

  it("an instant contest is the table's: poolRequest → checkPool → rollPool → startContest → contestRequest → addContestRoll", () => {
    const opener = poolRequest(snap("Dana Reyes", "Actor.actor"), {}, DEFAULT_OPTIONS, localize, null);
    const values = { ...opener.values, contest: "instant", attribute: "dexterity", second: "skill:athletics" };
    const a = checkPool(opener.data, values).pool;
    const answer = contestRequest(
      snap("Viktor Marsh", "Actor.opponent"),
      { attribute: "dexterity", second: "skill:athletics" },
      { messageId: "m", side: 1, stage: 1 },
      DEFAULT_OPTIONS,
      localize,
    );
    const b = checkPool(answer.data, answer.values).pool;
    const faces = [...Array(a).fill(8), ...Array(b).fill(3)];
    const dice = forcedDice(faces);
    let state = startContest({
      first: { name: "Dana Reyes", img: "", actorUuid: null, traits: "" },
      firstRoll: contestRoll(rollPool(a, dice, { again: 10 })),
      second: { name: "Viktor Marsh", img: "", actorUuid: null, traits: "" },
      target: null,
      dramaticFailure: DEFAULT_OPTIONS.contestDramaticFailure,
      defaults: { attribute: "dexterity", second: "skill:athletics" },
    });
    state = addContestRoll(state, 1, 1, contestRoll(rollPool(b, dice, { again: 10 })));
    const r = run5({ actor: dana, opponent: viktor, values: { attribute: "dexterity", second: "skill:athletics" } }, faces);
    expect(r.err).toEqual([]);
    const cli = JSON.parse(r.out);
    expect(cli.sides.map((s: { successes: number }) => s.successes)).toEqual([
      state.sides[0].rolls[0].successes,
      state.sides[1].rolls[0].successes,
    ]);
    expect(cli.result).toBe(state.winner);
    expect(cli.winner).toBe("Dana Reyes");
    expect(cli.sides[1].rolls[0].pool).toBe(b);
  });

  // The digest (storytelling.md §X E19b, 002:L341, L347): 5 successes against 2 wins, and exceptionally.
  // A tie, 0–0 too, has no winner (§9.7, 002:L349).
  it("5 against 2 wins exceptionally; a tie has no winner", () => {
    const m = { attribute: "dexterity", second: "skill:athletics" };
    const values = { ...m, modifier: modifierFor("Dana Reyes", m, 5) };
    const opponentValues = { ...m, modifier: modifierFor("Viktor Marsh", m, 5) };
    const win = JSON.parse(run5({ actor: dana, opponent: viktor, values, opponentValues }, [8, 8, 8, 8, 8, 8, 8, 1, 1, 1]).out);
    expect(win).toMatchObject({ result: "first", winner: "Dana Reyes", exceptional: true, done: true });
    const tie = JSON.parse(run5({ actor: dana, opponent: viktor, values, opponentValues }, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]).out);
    expect(tie).toMatchObject({ result: "none", winner: null, exceptional: false });
  });

  // The digest (storytelling.md §X E21, 002:L355): Karen's 7 dice against the robber's 5, target 6;
  // Karen 1, 3, 0 and the robber 3, 0, 3 → totals 4 against 6 on turn 3: the robber wins.
  it("an extended contest accumulates to its target (E21: the robber reaches 6 on turn 3)", () => {
    const m = { attribute: "stamina", second: "skill:athletics" };
    const values = { ...m, contest: "extended", contestTarget: 6, modifier: modifierFor("Dana Reyes", m, 7) };
    const opponentValues = { ...m, modifier: modifierFor("Viktor Marsh", m, 5) };
    const k = (s: number) => [...Array(s).fill(8), ...Array(7 - s).fill(2)];
    const rb = (s: number) => [...Array(s).fill(8), ...Array(5 - s).fill(2)];
    const faces = [...k(1), ...rb(3), ...k(3), ...rb(0), ...k(0), ...rb(3)];
    const r = run5({ actor: dana, opponent: viktor, values, opponentValues }, faces);
    expect(r.err).toEqual([]);
    const cli = JSON.parse(r.out);
    expect(cli.sides.map((s: { rolls: Array<{ successes: number }> }) => s.rolls.map((x) => x.successes))).toEqual([
      [1, 3, 0],
      [3, 0, 3],
    ]);
    expect(cli.sides.map((s: { total: number }) => s.total)).toEqual([4, 6]);
    expect(cli).toMatchObject({ kind: "extended", target: 6, result: "second", winner: "Viktor Marsh", done: true });
    expect(cli.changes.at(-1).update["flags.omnibus.stContest"].winner).toBe("second");
  });

  it("a bad request exits 2 with one line naming the field", () => {
    for (const [req, message] of [
      [{ actor: dana }, /"opponent" is missing/],
      [{ actor: dana, opponent: viktor, values: { contest: "none" } }, /"values\.contest" must be instant or extended/],
      [{ actor: dana, opponent: viktor, opponentValues: { contest: "instant" } }, /"opponentValues\.contest" is not one of the dialog's/],
      [{ actor: dana, opponent: viktor, values: { contest: "extended", contestTarget: 0 } }, /"values\.contestTarget"/],
    ] as Array<[unknown, RegExp]>) {
      const bad = run("storytelling", "check", "contest", "--request", JSON.stringify(req), "--seed", "1");
      expect(bad.status).toBe(2);
      expect(bad.err).toHaveLength(1);
      expect(bad.err[0]).toMatch(message);
    }
  });
});

describe("storytelling check extended", () => {
  const dana = character("Dana Reyes");
  const snap = { ...dana, uuid: "Actor.actor", img: "", statuses: [] as string[] };
  const tracker = (system: Record<string, unknown>) => ({ name: "Chainsaw", system: { attribute: "wits", skill: "crafts", ...system } });
  const run6 = (request: unknown, faces: number[]) =>
    run("storytelling", "check", "extended", "--request", JSON.stringify(request), "--faces", faces.join(","), "--json");

  it("one roll is the table's: extendedRequest → checkPool → rollPool → extendedRecord", () => {
    const t = tracker({ target: 10, accumulated: 2, rollsMade: 1 });
    const req = extendedRequest(snap, { uuid: "Item.t", ...t }, DEFAULT_OPTIONS, (k) => k);
    const pool = checkPool(req.data, req.values).pool;
    const faces = Array.from({ length: Math.max(1, pool) }, (_, i) => (i % 2 ? 9 : 4));
    const result = rollPool(pool, forcedDice(faces), { again: 10 });
    const record = extendedRecord(t.system, { successes: result.successes, dramaticFailure: result.dramaticFailure, rollsMade: 1 });
    const r = run6({ actor: dana, tracker: t }, faces);
    expect(r.err).toEqual([]);
    const cli = JSON.parse(r.out);
    expect(cli.rolls[0]).toMatchObject({ pool, successes: result.successes });
    expect(cli.accumulated).toBe(record.after.accumulated);
    expect(cli.changes).toEqual([{ document: "Chainsaw", update: record.update }]);
  });

  // The digest (storytelling.md §X E12, 002:L268–L270): Marcus' chainsaw, 10 dice, target 10; rolls
  // of 3, 2, 0 and 6 successes make 3, 5, 5, 11 — done on the fourth roll.
  it("E12: 3, 2, 0, 6 successes toward 10 are done on the fourth roll with 11", () => {
    const req = extendedRequest(snap, { uuid: "Item.t", ...tracker({ target: 10 }) }, DEFAULT_OPTIONS, (k) => k);
    const modifier = 10 - checkPool(req.data, req.values).pool;
    const roll = (s: number) => [...Array(s).fill(8), ...Array(10 - s).fill(2)];
    const faces = [...roll(3), ...roll(2), ...roll(0), ...roll(6)];
    const r = run6({ actor: dana, tracker: tracker({ target: 10 }), values: { modifier }, rolls: 6 }, faces);
    expect(r.err).toEqual([]);
    const cli = JSON.parse(r.out);
    expect(cli.rolls.map((x: { accumulated: number }) => x.accumulated)).toEqual([3, 5, 5, 11]);
    expect(cli).toMatchObject({ target: 10, accumulated: 11, status: "complete", done: true });
    expect(cli.changes.at(-1).update).toMatchObject({ "system.accumulated": 11, "system.rollsMade": 4, "system.status": "complete" });
  });

  it("a bad request exits 2 with one line naming the field", () => {
    for (const [req, message] of [
      [{ actor: dana }, /"tracker" is missing/],
      [{ actor: dana, tracker: { system: 3 } }, /"tracker\.system" must be an object/],
      [{ actor: dana, tracker: tracker({}), values: { contest: "instant" } }, /"values\.contest" is not one of the dialog's/],
      [{ actor: dana, tracker: tracker({}), rolls: 0 }, /"rolls" must be 1 to 100/],
      [{ actor: dana, tracker: tracker({ status: "complete" }) }, /already complete/],
    ] as Array<[unknown, RegExp]>) {
      const bad = run("storytelling", "check", "extended", "--request", JSON.stringify(req), "--seed", "1");
      expect(bad.status).toBe(2);
      expect(bad.err).toHaveLength(1);
      expect(bad.err[0]).toMatch(message);
    }
  });
});

describe("storytelling check teamwork", () => {
  const dana = character("Dana Reyes");
  const viktor = character("Viktor Marsh");
  const m = { attribute: "dexterity", second: "attribute:wits" };
  const modifierFor = (name: string, dice: number) => {
    const req = poolRequest({ ...character(name), uuid: "Actor.x", img: "", statuses: [] }, {}, DEFAULT_OPTIONS, (k) => k);
    return dice - checkPool(req.data, { ...req.values, ...m, modifier: 0 }).pool;
  };
  const run7 = (request: unknown, faces: number[]) =>
    run("storytelling", "check", "teamwork", "--request", JSON.stringify(request), "--faces", faces.join(","), "--json");

  // The digest (storytelling.md §X E30, 002:L448–L452): Charles' 6 dice and Devon's 3, both −3 in the
  // dark. Devon's 0 dice make a chance roll of 1, a dramatic failure; Charles' 6 − 3 − 4 = −1 is a
  // chance roll too, 6: a failure. Had Devon rolled 2 successes, Charles would roll 6 + 2 − 3 = 5 dice.
  // (The pools are set with the modifier: the example is about the helpers' dice, not the traits.)
  it("E30: a helper's dramatic failure costs −4; a helper's successes are bonus dice", () => {
    const actor = dana;
    const values = { ...m, modifier: modifierFor("Dana Reyes", 3) };
    const helper = { actor: viktor, values: { modifier: modifierFor("Viktor Marsh", 0) } };
    const dark = run7({ actor, values, helpers: [helper] }, [1, 6]);
    expect(dark.err).toEqual([]);
    const cli = JSON.parse(dark.out);
    expect(cli.helpers[0]).toMatchObject({ successes: 0, dramaticFailure: true });
    expect(cli.primary.parts).toContainEqual({ label: "teamworkDramaticFailure", value: -4 });
    expect(cli.primary.result).toMatchObject({ chance: true, successes: 0, dramaticFailure: false });
    const lit = run7(
      { actor, values, helpers: [{ actor: viktor, values: { modifier: modifierFor("Viktor Marsh", 2) } }] },
      [8, 8, 2, 2, 2, 2, 2],
    );
    expect(lit.err).toEqual([]);
    expect(JSON.parse(lit.out)).toMatchObject({ helpers: [{ successes: 2 }], primary: { pool: 5 }, successes: 0 });
  });

  it("the primary's pool is the table's with the helpers' tally (teamworkHelpers); bad requests exit 2", () => {
    const req = poolRequest({ ...dana, uuid: "Actor.actor", img: "", statuses: [] }, {}, DEFAULT_OPTIONS, (k) => k);
    const pool = checkPool(req.data, { ...req.values, helperSuccesses: 2 }).pool;
    const helperPool = checkPool(
      poolRequest({ ...viktor, uuid: "Actor.h", img: "", statuses: [] }, {}, DEFAULT_OPTIONS, (k) => k).data,
      req.values,
    ).pool;
    const faces = [...Array(helperPool).fill(2), 8, 8, ...Array(Math.max(0, pool - 2)).fill(2)];
    faces.splice(0, 2, 9, 9);
    const r = run7({ actor: dana, helpers: [{ actor: viktor }] }, faces);
    expect(r.err).toEqual([]);
    expect(JSON.parse(r.out).primary.pool).toBe(pool);
    for (const [bad, message] of [
      [{ actor: dana }, /"helpers" is missing/],
      [{ actor: dana, helpers: [3] }, /"helpers\[0\]" must be an object/],
      [{ actor: dana, helpers: [], values: { helperSuccesses: 3 } }, /"values" takes the helpers' successes/],
    ] as Array<[unknown, RegExp]>) {
      const out = run("storytelling", "check", "teamwork", "--request", JSON.stringify(bad), "--seed", "1");
      expect(out.status).toBe(2);
      expect(out.err).toHaveLength(1);
      expect(out.err[0]).toMatch(message);
    }
  });
});
