// `omnibus silhouette check <jump|climb|fall|chase>` (issue 12): the request built from the sheet's
// plain data (the compendium's actors) as the table builds it, resolved through the CLI's main
// entry with fixed faces, compared with the table's pure functions on the same faces and with the
// digest's worked examples (/work/shared/rules/silhouette.md §6, §7, §9 and E18–E35, cited per test).
import { describe, expect, it } from "vitest";
import {
  athleticsData,
  climbFromRolls,
  climbRequest,
  fallFromRolls,
  fallRequest,
  jumpFromRolls,
  jumpRequest,
  planClimb,
  planFall,
  planJump,
} from "../../src/rules/silhouette/table/athletics/checks";
import { chaseFromRolls, chaseRequest, planChase } from "../../src/rules/silhouette/table/chase/checks";
import { actorFactsOf, derivedOfPlain } from "../../src/rules/silhouette/table/checks";
import { DEFAULT_OPTIONS } from "../../src/rules/silhouette/table/settings";
import { runCli as run } from "../support/cli";
import { asActor, packDoc } from "../glue/d6/fixtures";

const actor = (name: string) => asActor(packDoc("silhouette-actors", name));
const o = DEFAULT_OPTIONS;

function json(kind: string, request: unknown, faces?: string) {
  const r = run("silhouette", "check", kind, "--request", JSON.stringify(request), ...(faces ? ["--faces", faces] : []), "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out);
}

function refused(kind: string, request: unknown, message: RegExp, faces = "1,1,1,1,1,1") {
  const r = run("silhouette", "check", kind, "--request", JSON.stringify(request), "--faces", faces);
  expect(r.status).toBe(2);
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).toMatch(/^omnibus: /);
  expect(r.err[0]).toMatch(message);
}

/** The actor as the table's facts read it (actorFacts: its derived values, no token movement). */
function factsOf(name: string) {
  const a = actor(name);
  const plain = { ...a, uuid: `Actor.${name}`, img: "", items: a.items, statuses: new Set<string>() };
  return actorFactsOf(plain, derivedOfPlain(plain, o), null);
}

describe("silhouette check jump", () => {
  it("the CLI's answer is the table's: athleticsData → jumpRequest → planJump → jumpFromRolls", () => {
    const facts = factsOf("Field medic");
    const request = jumpRequest(facts, athleticsData(facts, null), "");
    const values = { ...request.values, movement: "running", surface: "loose" };
    const table = jumpFromRolls(planJump(request, values), [[6, 3]], o.check);
    const cli = json("jump", { actor: actor("Field medic"), values: { movement: "running", surface: "loose" } }, "6,3");
    expect(cli.jump).toEqual(table.card);
    expect(cli.roll).toEqual(table.roll);
    expect(cli.lines).toEqual(table.lines);
    expect(cli.changes).toEqual([]);
  });

  it("E34/E35 (004:L66): Athletics 2 [4,2] → 4, FIT +1, sprinting +3 → 8 vs 3: 3.75 m long, 1.25 m high; slippery (9) fails by 1", () => {
    const medic = actor("Field medic"); // Athletics 2, FIT +1
    const cli = json("jump", { actor: medic, values: { movement: "sprinting" } }, "4,2");
    expect(cli.jump).toMatchObject({ total: 8, difficulty: 3, margin: 5, success: true, longMetres: 3.75, highMetres: 1.25 });
    const slippery = json("jump", { actor: medic, values: { movement: "sprinting", surface: "slippery" } }, "4,2");
    expect(slippery.jump).toMatchObject({ total: 8, difficulty: 9, success: false });
    const text = run(
      "silhouette",
      "check",
      "jump",
      "--request",
      JSON.stringify({ actor: medic, values: { movement: "sprinting" } }),
      "--faces",
      "4,2",
    );
    expect(text.out).toBe("jump 8 vs 3: 3.75 m long, 1.25 m high");
  });

  it("a bad dialog value exits 2 naming the field", () => {
    refused("jump", { actor: actor("Field medic"), values: { surface: "ice" } }, /"values\.surface" must be one of firm/);
    refused("jump", { actor: actor("Field medic"), values: { height: 2 } }, /"values\.height" is not one of the dialog's/);
    refused("jump", { values: {} }, /"actor" is missing/);
  });
});

describe("silhouette check climb", () => {
  it("the CLI's answer is the table's: athleticsData → climbRequest → planClimb → climbFromRolls (accelerated, two tests)", () => {
    const facts = factsOf("Fixer");
    const data = athleticsData(facts, null);
    const request = climbRequest(facts, data, "");
    const values = { ...request.values, surface: "someHolds", effort: "accelerated" };
    const table = climbFromRolls(
      planClimb(request, values),
      data,
      [
        [6, 2],
        [3, 1],
      ],
      o.check,
    );
    const cli = json("climb", { actor: actor("Fixer"), values: { surface: "someHolds", effort: "accelerated" } }, "6,2,3,1");
    expect(cli.climb).toEqual(table.card);
    expect(cli.gripAfter).toEqual(table.gripAfter);
  });

  it("E20 (004:L45): walk 10 m/round, a success with a Standard action climbs 2.5 m, with the whole round 5 m", () => {
    // The bodyguard walks 10 m/round; two Athletics dice from the dialog, [5,2] → 5 vs many holds (4).
    const guard = actor("Bodyguard");
    expect(json("climb", { actor: guard, values: { dice: 2, surface: "manyHolds" } }, "5,2").climb).toMatchObject({
      difficulty: 4,
      metres: 2.5,
      grip: { losingGrip: false, penalty: 0 },
    });
    expect(json("climb", { actor: guard, values: { dice: 2, surface: "manyHolds", effort: "round" } }, "5,2").climb.metres).toBe(5);
    const req = JSON.stringify({ actor: guard, values: { dice: 2, surface: "manyHolds" } });
    expect(run("silhouette", "check", "climb", "--request", req, "--faces", "5,2").out).toBe("climb vs 4: 5 → 2.5 m, firm grip");
  });

  it("E22 (004:L45): missing by 4 stays in place and starts losing grip; the grip flag and status are the planned change", () => {
    // [3,1] → 3 vs natural rock (7): margin −4.
    const guard = actor("Bodyguard");
    const cli = json("climb", { actor: guard, values: { dice: 2 } }, "3,1");
    expect(cli.climb).toMatchObject({ difficulty: 7, metres: 0, falls: false, grip: { losingGrip: true, penalty: 0 } });
    expect(cli.changes).toEqual([
      {
        target: "Bodyguard",
        update: { "flags.omnibus.silhouetteGrip": { losingGrip: true, penalty: 0 } },
        statuses: { losingGrip: true },
      },
    ]);
    // E23 (004:L45-46): losing grip at −1, a failed recovery test makes it −2.
    const losing = { ...guard, flags: { omnibus: { silhouetteGrip: { losingGrip: true, penalty: -1 } } } };
    const next = json("climb", { actor: losing, values: { dice: 2, surface: "manyHolds" } }, "3,1");
    expect(next.climb).toMatchObject({ recovery: true, metres: 0, grip: { losingGrip: true, penalty: -2 } });
  });

  it("a bad grip flag or effort exits 2 naming the field", () => {
    const guard = actor("Bodyguard");
    refused("climb", { actor: { ...guard, flags: { omnibus: { silhouetteGrip: 3 } } } }, /"actor\.flags\.omnibus\.silhouetteGrip"/);
    refused("climb", { actor: guard, values: { effort: "fast" } }, /"values\.effort" must be one of standard/);
  });
});

describe("silhouette check fall", () => {
  it("the CLI's answer is the table's: athleticsData → fallRequest → planFall → fallFromRolls (a softened fall)", () => {
    const facts = factsOf("Fixer");
    const request = fallRequest(facts, athleticsData(facts, null), "");
    const values = { ...request.values, height: 5, surface: "hard", soften: true };
    // Softening [4,2] → 4 (Athletics 2, attribute +0): 5 − 4 = 1 m × 2 (hard) = 2 m → two damage dice.
    const table = fallFromRolls(
      planFall(request, values),
      [
        [4, 2],
        [3, 5],
      ],
      o.check,
    );
    const cli = json("fall", { actor: actor("Fixer"), values: { height: 5, surface: "hard", soften: true } }, "4,2,3,5");
    expect(cli.fall).toEqual(table.card);
    expect(cli.roll).toEqual(table.roll);
  });

  it("E27 (004:L62): 3 m onto earth, faces [2,5,3] → 5 × 3 = 15 (a light wound for Stamina 25: 13–24); [6,6,2] → 7 × 3 = 21", () => {
    const fixer = actor("Fixer"); // Stamina 25
    const cli = json("fall", { actor: fixer, values: { height: 3 } }, "2,5,3");
    expect(cli.fall).toMatchObject({ effectiveHeight: 3, damage: 15 });
    expect(cli.wound).toEqual({ wound: "light", damage: 15 });
    expect(cli.changes).toEqual([
      {
        target: "Fixer",
        update: { "system.wounds.light": 1, "system.wounds.heavy": 0, "system.wounds.dead": false },
        statuses: { lightWound: true, heavyWound: false, dead: false },
      },
    ]);
    expect(json("fall", { actor: fixer, values: { height: 3 } }, "6,6,2").fall.damage).toBe(21);
    const text = run(
      "silhouette",
      "check",
      "fall",
      "--request",
      JSON.stringify({ actor: fixer, values: { height: 3 } }),
      "--faces",
      "2,5,3",
    );
    expect(text.out).toBe("fall 3 m (3 m): 15 damage → light");
  });

  it("E28, E30, E31, E33 (004:L62-65): the Moon, head first, softened, onto concrete", () => {
    const fixer = actor("Fixer");
    expect(json("fall", { actor: fixer, values: { height: 3, gravity: 0.167 } }, "2,5,3").fall.damage).toBe(2.505);
    expect(json("fall", { actor: fixer, values: { height: 2, headFirst: true } }, "4,1").fall.damage).toBe(18);
    // 5 m, softening total 3 ([3,1], Athletics 2 + 0) → 2 m → (two dice [4,2]) × 2 = 8.
    expect(json("fall", { actor: fixer, values: { height: 5, soften: true } }, "3,1,4,2").fall).toMatchObject({
      effectiveHeight: 2,
      damage: 8,
    });
    // A softening total of 5 or more: no damage, no dice, no wound.
    const soft = json("fall", { actor: fixer, values: { height: 5, soften: true } }, "5,1");
    expect(soft).toMatchObject({ fall: { damage: 0 }, wound: null, changes: [] });
    expect(json("fall", { actor: fixer, values: { height: 3, surface: "hard" } }, "1,2,3,4,5,6").fall).toMatchObject({
      effectiveHeight: 6,
    });
  });

  it("a bad height or surface exits 2 naming the field", () => {
    refused("fall", { actor: actor("Fixer"), values: { height: -1 } }, /"values\.height" must be from 0/);
    refused("fall", { actor: actor("Fixer"), values: { surface: "lava" } }, /"values\.surface" must be one of soft/);
  });
});

describe("silhouette check chase", () => {
  it("the CLI's answer is the table's: chaseRequest (the opponent's pool and sprint) → planChase → chaseFromRolls", () => {
    const medic = factsOf("Field medic");
    const dog = { ...factsOf("Guard dog"), name: "Dog" };
    const target = { tokenUuid: "opponent", actorUuid: dog.uuid, name: "Dog", img: "", distance: 12, units: "m" };
    const request = chaseRequest(medic, dog, "", 12, target);
    const values = { ...request.values, role: "fleeing" };
    // Both pools, then the pursuer's mishap d6: [1,1,1] is Guard dog's mishap (Athletics 3).
    const table = chaseFromRolls(planChase(request, values), request.data, [[6, 2], [1, 1, 1], [4]], o.check);
    const cli = json(
      "chase",
      { actor: actor("Field medic"), opponent: { name: "Dog", actor: actor("Guard dog"), distance: 12 } },
      "6,2,1,1,1,4",
    );
    expect(cli.chase).toEqual(table.card);
    expect(cli.chase.exchange.mishapDice).toEqual([{ side: "pursuer", die: 4 }]);
  });

  it("E18 (004:L44): distance 10 m, fleeing 30 + 5 = 35, pursuer 25 + 4 = 29 → fleeing wins by 6 → 16 m", () => {
    // The bodyguard sprints 30 m/round, the thug 25; one die each from the dialog.
    const request = {
      actor: actor("Bodyguard"),
      opponent: { actor: actor("Thug"), distance: 10 },
      values: { dice: 1, opponentDice: 1 },
    };
    const cli = json("chase", request, "5,4");
    expect(cli.chase.exchange).toMatchObject({ fleeingTotal: 35, pursuerTotal: 29, winner: "fleeing", degreeOfSuccess: 6, distance: 16 });
    const text = run("silhouette", "check", "chase", "--request", JSON.stringify(request), "--faces", "5,4");
    expect(text.out).toBe("fleeing 35 vs pursuer 29: fleeing wins by 6 · distance 10 → 16 m");
  });

  it("--seed gives the same exchange each time, its dice from the project's dice source", () => {
    const req = JSON.stringify({ actor: actor("Bodyguard"), opponent: { actor: actor("Thug") }, values: { dice: 2, opponentDice: 2 } });
    const a = run("silhouette", "check", "chase", "--request", req, "--seed", "7", "--json");
    expect(a.status).toBe(0);
    expect(run("silhouette", "check", "chase", "--request", req, "--seed", "7", "--json").out).toBe(a.out);
  });

  it("a speed above the runner's sprint or a bad opponent exits 2 naming the field", () => {
    refused("chase", { actor: actor("Bodyguard"), values: { speed: 31 } }, /"values\.speed" must be from 0 to 30/);
    refused("chase", { actor: actor("Bodyguard"), opponent: { name: "x" } }, /"opponent\.actor" is missing/);
    refused("chase", { actor: actor("Bodyguard"), opponent: { actor: actor("Thug"), distance: -3 } }, /"opponent\.distance" must be ≥ 0/);
  });
});
