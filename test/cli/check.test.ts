// `omnibus <ruleset> check <kind> --request …` (issue 12): the table's plain requests resolved by
// the table's own pure functions, against the seeds' numbers; bad requests exit 2 naming the field.
import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";

function json(ruleset: string, ...argv: string[]) {
  const r = run(ruleset, "check", ...argv, "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out);
}
const req = (o: unknown) => JSON.stringify(o);

describe("d6 check", () => {
  it("roll: Thannik's Perception 3D rolls 1, 2 and Wild 2 = 5 (000:L801), against Moderate 13 a failure by 8", () => {
    expect(json("d6", "roll", "--request", req({ code: "3D", difficulty: 13, kind: "attribute" }), "--faces", "1,2,2")).toMatchObject({
      total: 5,
      success: false,
      margin: -8,
    });
  });
  it("cp-after: one CP after the roll rolls 6 then 4 → 15 (000:L803), now a success; the actor keeps 4 of 5 points", () => {
    const r = json(
      "d6",
      "cp-after",
      "--request",
      req({ total: 5, spent: 0, kind: "attribute", count: 1, characterPoints: 5, difficulties: [13] }),
      "--faces",
      "6,4",
    );
    expect(r).toMatchObject({
      total: 15,
      added: 10,
      outcomes: [{ difficulty: 13, success: true, margin: 2 }],
      changes: [{ path: "system.characterPoints", value: 4 }],
    });
  });
  it("cp-after refuses past the attribute roll's cap of two (000:L809) and in a Force Point round (000:L835): exit 2, one line", () => {
    for (const r of [
      run(
        "d6",
        "check",
        "cp-after",
        "--request",
        req({ total: 5, spent: 1, kind: "attribute", count: 2, characterPoints: 5 }),
        "--faces",
        "3,3",
      ),
      run(
        "d6",
        "check",
        "cp-after",
        "--request",
        req({ total: 5, spent: 0, kind: "attribute", count: 1, characterPoints: 5, forcePointInForce: true }),
        "--faces",
        "3",
      ),
    ]) {
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(/^omnibus: /);
    }
  });
});

describe("wfrp check", () => {
  it("test: Salundra's Endurance 46 rolls 21 → +2 SL (003:L203)", () => {
    expect(json("wfrp", "test", "--request", req({ spec: { value: 46 } }), "--faces", "21")).toMatchObject({
      roll: 21,
      target: 46,
      success: true,
      sl: 2,
    });
  });
  it("opposed: Salundra 46 rolls 21 (+2), Fat Tom 63 rolls 91 (−3): Salundra wins by 5 (003:L203)", () => {
    expect(json("wfrp", "opposed", "--request", req({ tester: { value: 46 }, defender: { value: 63 } }), "--faces", "21,91")).toMatchObject(
      { winner: "attacker", margin: 5 },
    );
  });
  it("reroll: a failed 91 re-rolled as 21 passes (003:L72); a Fortune point is spent", () => {
    expect(json("wfrp", "reroll", "--request", req({ spec: { value: 46 }, roll: 91, fortune: 2 }), "--faces", "21")).toMatchObject({
      previous: { success: false },
      result: { roll: 21, success: true, sl: 2 },
      changes: [{ path: "system.fortune", value: 1 }],
    });
  });
});

describe("storytelling and silhouette check", () => {
  it("storytelling roll: 3 dice 8, 10, 3 and the 10 again rolls 2 → 2 successes (10-again, 002:L192)", () => {
    expect(json("storytelling", "roll", "--request", req({ pool: 3 }), "--faces", "8,10,3,2")).toMatchObject({ successes: 2 });
  });
  it("silhouette check: two dice 6, 6 → highest 6 + 1 for the second six (004:L62), + modifier 1 = 8", () => {
    expect(json("silhouette", "check", "--request", req({ dice: 2, modifier: 1 }), "--faces", "6,6")).toMatchObject({ total: 8 });
  });
});

describe("bad requests and help", () => {
  it("an unknown field, a missing one, a wrong type, bad JSON, an unknown kind: exit 2 naming it", () => {
    const cases: Array<[string[], RegExp]> = [
      [["roll", "--request", req({ code: "3D", difficuly: 13 })], /difficuly/],
      [["roll", "--request", req({ difficulty: 13 })], /"code" is missing/],
      [["roll", "--request", req({ code: "3D", difficulty: "13" })], /"difficulty" must be a whole number/],
      [["roll", "--request", "{nope"], /not JSON/],
      [["fly", "--request", "{}"], /unknown check kind "fly"/],
      [["roll"], /--request/],
    ];
    for (const [argv, message] of cases) {
      const r = run("d6", "check", ...argv);
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
  it("check --help lists every kind and its fields", () => {
    const r = run("wfrp", "check", "--help");
    expect(r.status).toBe(0);
    for (const word of ["test", "opposed", "reroll", "spec", "fortune"]) expect(r.out).toContain(word);
  });
});

describe("surprise through the CLI: the same pure functions as the tracker's dialog", () => {
  it("wfrp surprise: the seed's unprepared defenders; Tollich (Combat Aware, Perception 41) rolls 23 and is not Surprised (003:L325)", () => {
    const r = json(
      "wfrp",
      "surprise",
      "--request",
      req({
        method: "unprepared",
        observers: [
          { id: "tollich", perception: 41, combatAware: true },
          { id: "perdita", perception: 35 },
        ],
      }),
      "--faces",
      "23",
    );
    expect(r.observers.map((o: { id: string; surprised: boolean }) => [o.id, o.surprised])).toEqual([
      ["tollich", false],
      ["perdita", true],
    ]);
  });
  it("d6 surprise: sneak 2D rolls 3 + Wild 4 = 7; a search of 7 notices (000:L367), so the side is not surprised", () => {
    const r = json(
      "d6",
      "surprise",
      "--request",
      req({ ambushers: [{ id: "a", code: "2D" }], observers: [{ id: "luke", code: "2D" }] }),
      "--faces",
      "3,4,3,4",
    );
    expect(r).toMatchObject({ surprised: false, observers: [{ id: "luke", noticed: ["a"], surprised: false }] });
    expect(
      json(
        "d6",
        "surprise",
        "--request",
        req({ ambushers: [{ id: "a", code: "2D" }], observers: [{ id: "han", code: "2D" }] }),
        "--faces",
        "3,4,2,4",
      ),
    ).toMatchObject({ surprised: true });
  });
  it("storytelling surprise: Wits + Composure 3 dice 7,3,2 → no success, surprised (WoD p.153)", () => {
    expect(json("storytelling", "surprise", "--request", req({ observers: [{ id: "anna", pool: 3 }] }), "--faces", "7,3,2")).toMatchObject({
      observers: [{ id: "anna", successes: 0, surprised: true }],
    });
  });
  it("silhouette surprise: Stealth 4 against Notice 4 is a tie and the target stays unaware (004:L91–92)", () => {
    expect(
      json(
        "silhouette",
        "surprise",
        "--request",
        req({ ambushers: [{ id: "a", dice: 2 }], observers: [{ id: "v", dice: 2 }] }),
        "--faces",
        "4,3,4,1",
      ),
    ).toMatchObject({ observers: [{ id: "v", unaware: true }] });
  });
  it("a surprise request without its observers exits 2 with one line naming the field", () => {
    const r = run("storytelling", "check", "surprise", "--request", req({}));
    expect(r.status).toBe(2);
    expect(r.err).toEqual([expect.stringMatching(/^omnibus: .*observers/)]);
  });
});
