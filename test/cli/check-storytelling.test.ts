// `omnibus storytelling check <initiative|…>` (issue 12): the request built from the sheet's plain
// data (the compendium's characters), resolved through the CLI's main entry with fixed faces,
// compared with the table's own pure functions and with the rules digest.
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../src/core/dice";
import { rollInitiative } from "../../src/rules/storytelling";
import { initiativeModifierOf } from "../../src/rules/storytelling/table/checks";
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
