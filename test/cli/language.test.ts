/**
 * Issue 14, "The CLI, one language for four rulesets": positional values, named difficulties, words
 * instead of ids, what changed a code, why an opposed test was decided, errors naming the flag as
 * typed, --version, no-dice penalties, command names from Object.prototype, unused faces, a closed
 * pipe. Numbers come from the seeds' tables (cited per test), not from the CLI's own output.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";

/** Exit 2 with exactly one `omnibus:` line; returns that line. */
function bad(...argv: string[]): string {
  const r = run(...argv);
  expect(r.status, `${argv.join(" ")} → ${r.out}`).toBe(2);
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).toMatch(/^omnibus: /);
  return r.err[0];
}

function ok(...argv: string[]): string {
  const r = run(...argv);
  expect(r.status, `${argv.join(" ")} → ${r.err.join("\n")}`).toBe(0);
  expect(r.err).toEqual([]);
  return r.out;
}

describe("positional values work the same way in every ruleset", () => {
  it("wfrp test 45 is wfrp test --target 45 (003:L130: 30 under 45 → +1 SL)", () => {
    const positional = JSON.parse(ok("wfrp", "test", "45", "--faces", "30", "--json"));
    expect(positional).toMatchObject({ roll: 30, target: 45, sl: 1, success: true });
    expect(JSON.parse(ok("wfrp", "test", "--target", "45", "--faces", "30", "--json"))).toEqual(positional);
    expect(ok("wfrp", "odds", "45")).toMatch(/^target 45: success 45%/);
  });
  it("wfrp opposed takes the attacker's then the defender's value", () => {
    const r = JSON.parse(ok("wfrp", "opposed", "40", "50", "--faces", "10,45", "--json"));
    expect(r.attacker.target).toBe(40);
    expect(r.defender.target).toBe(50);
  });
  it("a value given twice or not at all is refused", () => {
    expect(bad("wfrp", "test", "45", "--target", "40")).toMatch(/once/);
    expect(bad("wfrp", "test")).toMatch(/tested value/);
    expect(bad("wfrp", "test", "4x5")).toMatch(/whole number, got "4x5"/);
    expect(bad("wfrp", "opposed", "40", "--faces", "1")).toMatch(/both/);
  });
});

describe("named difficulties", () => {
  it("d6 --difficulty moderate is Moderate's typical 13 (000:L769); the words are printed", () => {
    // 3D with faces 3,4 and Wild Die 6 then 1 (explodes): 3+4+6+1 = 14 ≥ 13.
    const out = ok("d6", "roll", "3D", "--difficulty", "moderate", "--faces", "3,4,6,1");
    expect(out).toMatch(/vs Moderate \(13\): success \(margin 1\)/);
    expect(JSON.parse(ok("d6", "roll", "3D", "--difficulty", "moderate", "--faces", "3,4,6,1", "--json")).difficulty).toBe(13);
  });
  it("d6 accepts the id, its dashed form and its display words; odds too", () => {
    for (const name of ["very_difficult", "very-difficult", "Very Difficult"]) {
      expect(JSON.parse(ok("d6", "odds", "3D", "--difficulty", name, "--json")).difficulty).toBe(25); // 21–30, 000:L169
    }
    expect(ok("d6", "odds", "3D", "--difficulty", "easy")).toMatch(/P\(≥ Easy \(8\)\)/);
    expect(bad("d6", "roll", "3D", "--difficulty", "hard")).toMatch(/^omnibus: --difficulty must be a number or one of very_easy/);
  });
  it("wfrp --difficulty takes the display words: Very Hard is −30 (003:L183)", () => {
    const out = ok("wfrp", "test", "45", "--difficulty", "Very Hard", "--faces", "10");
    expect(out).toMatch(/^rolled 10 vs 15 \(45, Very Hard −30\): success/);
    expect(JSON.parse(ok("wfrp", "test", "45", "--difficulty", "very-hard", "--faces", "10", "--json")).target).toBe(15);
    expect(bad("wfrp", "test", "45", "--difficulty", "tough")).toMatch(/^omnibus: --difficulty must be one of/);
  });
});

describe("human output uses words, not ids", () => {
  it("d6 range: point blank (Very Easy) (000:L697)", () => {
    const out = ok("d6", "range", "--distance", "2", "--ranges", "3-10/30/120");
    expect(out).toBe("2 m: point blank (Very Easy)");
    expect(ok("d6", "range", "--distance", "200", "--ranges", "3-10/30/120")).toBe("200 m: out of range (cannot hit)");
  });
  it("d6 damage: wounded twice; --state takes the words too", () => {
    const out = ok("d6", "damage", "--damage-total", "10", "--resist-total", "6", "--state", "wounded");
    expect(out).not.toMatch(/_/);
    expect(out).toMatch(/now wounded twice$/);
    expect(ok("d6", "damage", "--damage-total", "10", "--resist-total", "6", "--state", "wounded twice")).toMatch(/now incapacitated$/);
  });
  it("storytelling health and wfrp odds print no ids with underscores", () => {
    expect(ok("storytelling", "health", "--track", "//////.", "--damage", "1", "--type", "bashing")).toMatch(/unconscious risk$/);
    const odds = ok("wfrp", "odds", "45");
    expect(odds).toMatch(/astounding success/);
    expect(odds).not.toMatch(/_/);
  });
});

describe("d6 says what changed the code", () => {
  it("multi-action penalty then Force Point doubling (000:L831; digest §33: 4D+2, 2 actions → 3D+2 → 6D+4 = 7D+1)", () => {
    const out = ok("d6", "roll", "4D+2", "--actions", "2", "--fp", "--faces", "1,2,3,4,5,6,3");
    expect(out).toMatch(/^4D\+2 − 1D \(2 actions\) = 3D\+2; × 2 \(Force Point\) = 7D\+1: 25;/);
    expect(ok("d6", "odds", "3D", "--fp")).toMatch(/^3D × 2 \(Force Point\) = 6D: expected total/);
  });
  it("a code unchanged says nothing about changes", () => {
    expect(ok("d6", "roll", "2D", "--faces", "3,4")).toMatch(/^2D: 7;/);
  });
  it("a penalty that leaves no dice is refused alike for 4D+2 and 2D (000:L517)", () => {
    const a = bad("d6", "roll", "4D+2", "--actions", "5", "--faces", "1");
    const b = bad("d6", "roll", "2D", "--actions", "3", "--faces", "1");
    for (const line of [a, b]) expect(line).toMatch(/penalties leave no dice/);
    expect(a).toMatch(/4D\+2 − 4D \(5 actions\) = 0D\+2/);
    expect(bad("d6", "odds", "4D+2", "--actions", "5")).toMatch(/penalties leave no dice/);
  });
});

describe("why an opposed test was decided (003:L185–199)", () => {
  it("on higher SL", () => {
    expect(ok("wfrp", "opposed", "40", "50", "--faces", "60,40").split("\n")[2]).toBe("defender wins by 3 SL (-2 vs +1)");
  });
  it("on equal SL, the higher tested value (003:L191)", () => {
    // 30 vs 40 → +1 SL; 40 vs 50 → +1 SL.
    expect(ok("wfrp", "opposed", "40", "50", "--faces", "30,40").split("\n")[2]).toBe(
      "defender wins the tie on +1 SL by the higher tested value (50 vs 40)",
    );
  });
  it("a full tie is a stalemate, said so", () => {
    expect(ok("wfrp", "opposed", "40", "40", "--faces", "30,30").split("\n")[2]).toMatch(
      /^nobody wins: equal SL \(\+1\) and equal tested values \(40\)/,
    );
  });
});

describe("errors name the flag as typed", () => {
  it("--again, --type, --track, --ranges, --auto-success-max", () => {
    expect(bad("storytelling", "roll", "3", "--again", "7")).toMatch(/^omnibus: --again must be one of 10, 9, 8, none, got "7"/);
    expect(bad("storytelling", "health", "--track", "XX/....", "--damage", "1", "--type", "fire")).toMatch(/^omnibus: --type: /);
    expect(bad("storytelling", "health", "--track", "XXq", "--damage", "1", "--type", "lethal")).toMatch(/^omnibus: --track: /);
    expect(bad("d6", "range", "--distance", "2", "--ranges", "3-x")).toMatch(/^omnibus: --ranges: /);
    expect(bad("wfrp", "test", "45", "--auto-success-max", "200")).toMatch(/^omnibus: --auto-success-max must be/);
  });
});

describe("the frame", () => {
  it("omnibus --version prints package.json's version", () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(ok("--version")).toBe(version);
    expect(ok("--help")).toMatch(/omnibus --version/);
  });
  it("Object.prototype's names are unknown commands and options (exit 2), not internal errors", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
      for (const ruleset of ["d6", "storytelling", "wfrp", "silhouette", "dice"]) {
        expect(bad(ruleset, name)).toMatch(new RegExp(`^omnibus: unknown command "${name}"`));
      }
      expect(bad("d6", "roll", "3D", `--${name}`, "1")).toBe(`omnibus: unknown option --${name}`);
      expect(bad(name)).toMatch(/^omnibus: unknown ruleset/);
    }
  });
  it("the xp and build commands still answer in every ruleset", () => {
    expect(ok("d6", "xp", "cost", "skill", "3D", "4D")).toMatch(/Character Points/);
    expect(bad("wfrp", "xp", "cost", "toString", "1", "2")).toMatch(/unknown trait kind "toString"/);
  });
  it("unused faces: the count and at most five of them, not all 29,000", () => {
    const faces = Array.from({ length: 29_000 }, (_, i) => (i % 6) + 1).join(",");
    const line = bad("dice", "roll", "1d6", "--faces", faces);
    expect(line).toBe("omnibus: 28999 face(s) left unused: 2,3,4,5,6,… (the first 5 of 28999)");
    expect(bad("silhouette", "roll", "2", "--faces", "1,2,3,4,5,6,1,2")).toBe(
      "omnibus: 6 face(s) left unused: 3,4,5,6,1,… (the first 5 of 6)",
    );
    expect(bad("d6", "roll", "1D", "--faces", "3,4")).toBe("omnibus: 1 face(s) left unused: 4");
  });
  it("output into a closed pipe ends quietly: no stack trace, exit 0", () => {
    // The real process, as bin/omnibus.mjs runs it (runNode), its stdout into a reader that has
    // already gone (`| true`): the write meets EPIPE. Before: "Error: write EPIPE" and a stack, exit 1.
    const script = `import("./src/cli/main.ts").then((m) => m.runNode(["dice", "odds", "10d100", "--json"]))`;
    const r = spawnSync("bash", ["-c", `node --import tsx -e '${script}' | true; exit \${PIPESTATUS[0]}`], {
      cwd: new URL("../..", import.meta.url),
      encoding: "utf8",
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
