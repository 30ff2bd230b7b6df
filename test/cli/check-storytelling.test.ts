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
  damageOnTarget,
  initiativeModifierOf,
} from "../../src/rules/storytelling/table/checks";
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
