// `omnibus <ruleset> xp cost …` and `omnibus <ruleset> build check @file` (issue 16), in-process.
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { runCli as run } from "../support/cli";

function json(...argv: string[]) {
  const r = run(...argv, "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out);
}

function bad(...argv: string[]) {
  const r = run(...argv);
  expect(r.status).toBe(2);
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).toMatch(/^omnibus: /);
  return r.err[0];
}

const dir = mkdtempSync(join(tmpdir(), "omnibus-build-"));
function file(name: string, data: unknown, asJson = false): string {
  const path = join(dir, name);
  writeFileSync(path, asJson ? JSON.stringify(data) : stringify(data));
  return `@${path}`;
}

describe("xp cost", () => {
  it("WFRP 4e core, Advance costs table: wfrp xp cost characteristic 0 5 → 125 (5 × 25)", () => {
    expect(json("wfrp", "xp", "cost", "characteristic", "0", "5")).toEqual({
      cost: 125,
      steps: [0, 1, 2, 3, 4].map((n) => ({ from: n, to: n + 1, cost: 25 })),
    });
  });
  it("WFRP 4e core, Advance costs: --out-of-career doubles (skill 5 → 6 costs 30)", () => {
    expect(json("wfrp", "xp", "cost", "skill", "5", "6", "--out-of-career").cost).toBe(30);
  });
  it("WoD 2004, Experience Costs: storytelling xp cost attribute 2 3 → 15", () => {
    expect(json("storytelling", "xp", "cost", "attribute", "2", "3")).toEqual({ cost: 15, steps: [{ from: 2, to: 3, cost: 15 }] });
  });
  it("Star Wars RPG R&E, Improving Skills: d6 xp cost skill 4D 4D+1 → 4; advanced-skill doubles", () => {
    expect(json("d6", "xp", "cost", "skill", "4D", "4D+1")).toEqual({ cost: 4, steps: [{ from: "4D", to: "4D+1", cost: 4 }] });
    expect(json("d6", "xp", "cost", "advanced-skill", "4D", "4D+1").cost).toBe(8);
    expect(json("d6", "xp", "cost", "skill", "3D", "3D+1", "--without-teacher").cost).toBe(6);
    expect(json("d6", "xp", "cost", "attribute", "3D", "3D+1").cost).toBe(30);
  });
  it("silhouette xp cost skill 2 3 → 9 (our convention: the new level squared); text output names the unit", () => {
    expect(json("silhouette", "xp", "cost", "skill", "2", "3").cost).toBe(9);
    const r = run("d6", "xp", "cost", "skill", "3D+2", "4D+1");
    expect(r.status).toBe(0);
    expect(r.out).toBe("skill 3D+2 → 4D+1: 7 Character Points (3D+2→4D 3, 4D→4D+1 4)");
  });
  it("bad input exits 2 with one omnibus: line", () => {
    expect(bad("wfrp", "xp", "cost", "spell", "0", "1")).toMatch(/unknown trait kind "spell"/);
    expect(bad("wfrp", "xp", "price", "skill", "0", "1")).toMatch(/usage/);
    expect(bad("wfrp", "xp", "cost", "skill", "5", "4")).toMatch(/goes up/);
    expect(bad("storytelling", "xp", "cost", "skill", "two", "3")).toMatch(/whole number/);
    expect(bad("d6", "xp", "cost", "skill", "4X", "5D")).toMatch(/die code/);
    expect(bad("wfrp", "xp", "cost", "skill", "0")).toMatch(/usage/);
    expect(bad("d6", "xp", "cost", "attribute", "3D", "3D+1", "--without-teacher")).toMatch(/Force skill/);
    expect(bad("storytelling", "xp", "cost", "skill", "0", "1", "--out-of-career")).toMatch(/unknown option/);
  });
});

describe("build check", () => {
  const soldier = {
    type: "wfrp_character",
    system: {
      species: "Human",
      career: "Soldier",
      characteristics: Object.fromEntries(
        ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"].map((c) => [
          c,
          { initial: c === "bs" ? 45 : 30, advances: 0, modifier: 0 },
        ]),
      ),
      fate: 2,
      fortune: 2,
      resilience: 1,
      resolve: 1,
      movement: 4,
    },
    items: [],
  };
  it("WFRP 4e core, Species table: a human's BS 45 is above 2d10 + 20 — each broken rule with its numbers (JSON)", () => {
    const r = json("wfrp", "build", "check", file("soldier.json", soldier, true));
    expect(r.ok).toBe(false);
    const range = r.breaches.find((b: { code: string }) => b.code === "characteristicRange");
    expect(range.values).toEqual({ characteristic: "bs", value: 45, min: 22, max: 40 });
    expect(r.breaches.map((b: { code: string }) => b.code)).toEqual(
      expect.arrayContaining(["fateResilience", "skillAdvances", "careerTalentMissing", "talentCount", "trappingMissing"]),
    );
  });
  it("Star Wars RPG R&E, Character Creation: a legal human from a YAML file prints one line", () => {
    const attrs = Object.fromEntries(
      ["dexterity", "knowledge", "mechanical", "perception", "strength", "technical"].map((a) => [a, { dice: 3, pips: 0 }]),
    );
    const skills = [
      ["blaster", 5],
      ["dodge", 5],
      ["sneak", 5],
      ["search", 4],
    ].map(([name, dice]) => ({
      name,
      type: "d6_skill",
      system: {
        attribute: name === "blaster" || name === "dodge" ? "dexterity" : "perception",
        code: { dice, pips: 0 },
        specializations: [],
      },
    }));
    const r = run(
      "d6",
      "build",
      "check",
      file("human.yml", { name: "Kara", type: "d6_character", system: { species: "Human", attributes: attrs }, items: skills }),
    );
    expect(r.err).toEqual([]);
    expect(r.out).toBe("legal starting character");
  });
  it("every pack character of the four rulesets reads without error (the shape the packs hold)", () => {
    const root = join(import.meta.dirname, "../../packs/_source");
    const packs = readdirSync(root).filter((p) => /^(d6-characters|wfrp-characters|silhouette-actors|storytelling-characters)$/.test(p));
    let checked = 0;
    for (const p of packs) {
      const id = p.split("-")[0];
      for (const f of readdirSync(join(root, p)).filter((f) => f.endsWith(".yml"))) {
        const r = run(id, "build", "check", `@${join(root, p, f)}`, "--json");
        if (r.status === 2 && /not a character type/.test(r.err[0] ?? "")) continue;
        expect(r.err, `${p}/${f}`).toEqual([]);
        expect(JSON.parse(r.out).ruleset).toBe(id);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
  it("bad input exits 2 with one omnibus: line", () => {
    expect(bad("wfrp", "build", "check", "soldier.json")).toMatch(/@file/);
    expect(bad("wfrp", "build", "check", `@${join(dir, "missing.json")}`)).toMatch(/cannot read/);
    expect(bad("wfrp", "build", "check", file("junk.yml", "just text"))).toMatch(/must be an object/);
    writeFileSync(join(dir, "broken.yml"), "a: [1, 2");
    expect(bad("wfrp", "build", "check", `@${join(dir, "broken.yml")}`)).toMatch(/not YAML or JSON/);
    expect(bad("d6", "build", "check", file("vehicle.json", { type: "d6_vehicle", system: {} }, true))).toMatch(/not a character type/);
    expect(
      bad(
        "wfrp",
        "build",
        "check",
        file("nochars.json", { type: "wfrp_character", system: { characteristics: { ws: { initial: "30" } } } }, true),
      ),
    ).toMatch(/characteristics.ws.initial must be a whole number/);
    expect(bad("wfrp", "build", "verify", "@x")).toMatch(/usage/);
  });
});

describe("the registry (src/rules/characters.ts)", () => {
  it("validateCharacter dispatches by the actor's type; advanceCost takes a GM-edited table", async () => {
    const { advanceCost, validateCharacter, DEFAULT_ADVANCE_TABLES } = await import("../../src/rules/characters");
    expect(
      validateCharacter({ type: "silhouette_character", system: { attributes: { agi: 4 } }, items: [] }).breaches.map((b) => b.code),
    ).toEqual(["attributeRange", "attributePoints"]);
    expect(() => validateCharacter({ type: "pf2e_character", system: {} })).toThrow(/ruleset/);
    expect(advanceCost("storytelling", "merit", 0, 2).cost).toBe(6);
    expect(advanceCost("storytelling", "merit", 0, 2, { table: { ...DEFAULT_ADVANCE_TABLES.storytelling, merit: 1 } }).cost).toBe(3);
    expect(() => advanceCost("wfrp", "skill", 0, 1, { table: { skill: "cheap" } })).toThrow(/wfrp advance table/);
  });
});

describe("build check in the reader's language (issue 16)", () => {
  const soldier = {
    type: "wfrp_character",
    system: {
      species: "Human",
      career: "Soldier",
      characteristics: Object.fromEntries(
        ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"].map((c) => [
          c,
          { initial: c === "bs" ? 45 : 30, advances: 0, modifier: 0 },
        ]),
      ),
      fate: 2,
      fortune: 2,
      resilience: 1,
      resolve: 1,
      movement: 4,
    },
    items: [],
  };
  it("WFRP 4e core, Species table (2d10 + 20): --lang ru prints the Russian words with the numbers", () => {
    const r = run("wfrp", "build", "check", file("soldier-ru.json", soldier, true), "--lang", "ru");
    expect(r.err).toEqual([]);
    expect(r.out).toContain("  ✗ characteristicRange: bs 45: бросок расы даёт 22–40.");
    const e = run("wfrp", "build", "check", file("soldier-en.json", soldier, true), "--lang", "en");
    expect(e.out).toContain("  ✗ characteristicRange: bs 45: the species roll gives 22–40.");
  });
  it("LANG=ru_RU.UTF-8 chooses Russian without the flag; --json carries each breach's text", () => {
    const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL, LC_MESSAGES: process.env.LC_MESSAGES };
    try {
      delete process.env.LC_ALL;
      delete process.env.LC_MESSAGES;
      process.env.LANG = "ru_RU.UTF-8";
      const r = json("wfrp", "build", "check", file("soldier-env.json", soldier, true));
      expect(r.breaches.find((b: { code: string }) => b.code === "characteristicRange").text).toBe("bs 45: бросок расы даёт 22–40.");
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });
  it("an unknown --lang is refused with the choices", () => {
    expect(bad("wfrp", "build", "check", file("soldier-x.json", soldier, true), "--lang", "de")).toMatch(/lang/);
  });
});
