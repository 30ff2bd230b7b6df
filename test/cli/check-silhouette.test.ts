// `omnibus silhouette check <initiative|…>` (issue 12): the request built from the sheet's plain
// data (the compendium's actors), resolved through the CLI's main entry with fixed faces, compared
// with the table's own pure functions and with the digest's worked examples (cited per test).
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../src/core/dice";
import { rollInitiative } from "../../src/rules/silhouette/initiative";
import { initiativeFactsOf } from "../../src/rules/silhouette/table/checks";
import { deriveCharacter } from "../../src/rules/silhouette/table/derive";
import { DEFAULT_OPTIONS } from "../../src/rules/silhouette/table/settings";
import { runCli as run } from "../support/cli";
import { asActor, packDoc } from "../glue/d6/fixtures";

const actor = (name: string) => asActor(packDoc("silhouette-actors", name));

function json(kind: string, request: unknown, faces?: string) {
  const r = run("silhouette", "check", kind, "--request", JSON.stringify(request), ...(faces ? ["--faces", faces] : []), "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out);
}

describe("silhouette check initiative", () => {
  it("the CLI's answer is the table's: initiativeFactsOf → rollInitiative (the bodyguard's Combat Sense 2 rolls 3, 4 → 4)", () => {
    const bodyguard = actor("Bodyguard");
    const skills = deriveCharacter(bodyguard.system as never, bodyguard.items as never, {}).skills;
    const facts = initiativeFactsOf(skills, new Set(), DEFAULT_OPTIONS);
    const table = rollInitiative(facts, forcedDice([3, 4]), DEFAULT_OPTIONS.check);
    const cli = json("initiative", { combatants: [{ name: "Bodyguard", actor: bodyguard }] }, "3,4");
    expect(cli.combatants[0]).toMatchObject({ total: table.total, combatSense: facts.combatSense });
    expect(cli.combatants[0].total).toBe(4);
  });

  it("pulled together with Combat Sense 2: 4 + 2 = 6, no dice (E5, 004:L18)", () => {
    const cli = json("initiative", { combatants: [{ name: "Bodyguard", actor: actor("Bodyguard"), statuses: ["pullTogether"] }] });
    expect(cli.combatants[0]).toMatchObject({ total: 6, roll: null });
  });

  it("7 against 7: Combat Sense 3 acts before 2; equal levels act together (E6, 004:L4)", () => {
    const agent = { name: "Agent", actor: actor("Corporate agent"), statuses: ["pullTogether"] };
    const guard = { name: "Guard", actor: actor("Bodyguard") };
    expect(json("initiative", { combatants: [guard, agent] }, "6,6")).toMatchObject({ order: [["Agent"], ["Guard"]] });
    expect(json("initiative", { combatants: [guard, { ...guard, name: "Other" }] }, "3,4,4,3").order).toEqual([["Guard", "Other"]]);
  });

  it("a bad status list or option exits 2 naming it", () => {
    for (const [req, message] of [
      [{ combatants: [{ name: "x", actor: actor("Bodyguard"), statuses: "prone" }] }, /"combatants\[0\]\.statuses" must be a list/],
      [{ combatants: [], options: { initiativeAttribute: "yes" } }, /"options\.initiativeAttribute" must be a boolean/],
    ] as Array<[unknown, RegExp]>) {
      const r = run("silhouette", "check", "initiative", "--request", JSON.stringify(req));
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});
