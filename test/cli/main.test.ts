import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";

describe("omnibus CLI frame", () => {
  it("--help lists the four rulesets", () => {
    const r = run("--help");
    expect(r.status).toBe(0);
    for (const id of ["d6", "storytelling", "wfrp", "silhouette"]) expect(r.out).toMatch(new RegExp(`^  ${id} `, "m"));
  });
  it("an unknown ruleset exits 2 with one omnibus: line", () => {
    const r = run("dnd5e", "roll");
    expect(r.status).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^omnibus: unknown ruleset "dnd5e"/);
  });
  it("an unknown command exits 2", () => {
    const r = run("d6", "frobnicate");
    expect(r.status).toBe(2);
    expect(r.err[0]).toMatch(/^omnibus: unknown command "frobnicate"/);
  });
});
