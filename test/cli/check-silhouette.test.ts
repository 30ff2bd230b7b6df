// `omnibus silhouette check <initiative|…>` (issue 12): the request built from the sheet's plain
// data (the compendium's actors), resolved through the CLI's main entry with fixed faces, compared
// with the table's own pure functions and with the digest's worked examples (cited per test).
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../src/core/dice";
import { rollInitiative } from "../../src/rules/silhouette/initiative";
import { initiativeFactsOf } from "../../src/rules/silhouette/table/checks";
import { deriveCharacter } from "../../src/rules/silhouette/table/derive";
import { DEFAULT_OPTIONS } from "../../src/rules/silhouette/table/settings";
import { readCheckFaces } from "../../src/rules/silhouette/pool";
import {
  actorFactsOf,
  attackRequest,
  defenseRequest,
  derivedOfPlain,
  planDefense,
  planPool,
  targetFactsOf,
  weaponFactsOf,
  defendedThisRound,
} from "../../src/rules/silhouette/table/checks";
import { attackCardState, defenseDataFor, summarize, withDefense, woundOfHit } from "../../src/rules/silhouette/table/cards";
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

describe("silhouette check attack", () => {
  const plain = (name: string, uuid: string) => {
    const a = actor(name);
    return { ...a, uuid, img: "", items: a.items, statuses: new Set<string>() };
  };
  const rifleAtThug = {
    actor: actor("Veteran mercenary"),
    weapon: "Assault rifle",
    targets: [{ name: "Thug", distance: 38.5, actor: actor("Thug") }],
  };

  it("the CLI's answer is the table's: attackRequest → planPool → attackCardState → defenseDataFor → planDefense → withDefense → woundOfHit", () => {
    const o = DEFAULT_OPTIONS;
    const merc = plain("Veteran mercenary", "Actor.attacker");
    const thug = plain("Thug", "Actor.targets0");
    const facts = actorFactsOf(merc, derivedOfPlain(merc, o), null);
    const item = merc.items.find((i) => i.name === "Assault rifle")!;
    const weapon = weaponFactsOf(item);
    const thugFacts = actorFactsOf(thug, derivedOfPlain(thug, o), null);
    const target = { tokenUuid: "targets0", actorUuid: thug.uuid, name: "Thug", img: "", distance: 38.5, units: "m" };
    const request = attackRequest(facts, weapon, [target], [targetFactsOf(thugFacts)], "", { sweep: null, bystanders: [], zone: null });
    const plan = planPool(request, request.values, o);
    const roll = readCheckFaces({ dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier }, [6, 6, 3, 2], o.check);
    const card = attackCardState(request, request.values, plan, roll, "", o);
    const { data } = defenseDataFor(thugFacts, card, "t0s0", defendedThisRound(null, null, 0), false);
    const defence = defenseRequest(thugFacts, data, "", "");
    const dplan = planDefense(defence, defence.values);
    const droll = readCheckFaces({ dice: dplan.dice, untrained: dplan.untrained, modifier: dplan.modifier }, [3, 1], o.check);
    const decided = withDefense(card, "t0s0", { ...summarize(droll), skill: dplan.skill, lines: dplan.lines, defenderName: "Thug" }, o);
    const outcome = decided.attack!.targets[0].strikes[0].outcome!;
    const wound = woundOfHit(thug, derivedOfPlain(thug, o).armour, outcome.damage, "none", o);
    const cli = json("attack", rifleAtThug, "6,6,3,2,3,1");
    expect(cli.roll.total).toBe(roll.total);
    expect(cli.targets[0].strikes[0]).toMatchObject({ attackTotal: card.attack!.targets[0].strikes[0].attackTotal, outcome });
    expect(cli.targets[0].strikes[0].wound).toMatchObject({ wound: wound.wound, taken: wound.damage });
  });

  it("Firearms 4 [6,6,3,2] → 7, AGI +1 → 8, Medium −1 → 7 (004:L91); Defense 2 [3,1] → 3, stationary −1 → 2; margin 5 × DM 15 = 75 (004:L99) ≥ 2 × Stamina 30: death", () => {
    const cli = json("attack", rifleAtThug, "6,6,3,2,3,1");
    expect(cli.targets[0]).toMatchObject({ rangeBand: "medium", rangeModifier: -1 });
    expect(cli.targets[0].strikes[0]).toMatchObject({
      attackTotal: 7,
      defense: { skill: "defense", faces: [3, 1], total: 2 },
      outcome: { margin: 5, hit: true, damage: 75 },
      wound: { wound: "death", taken: 75 },
    });
    // One round spent from the 30 loaded; the Thug's wounds as "Apply damage" writes them.
    expect(cli.changes).toEqual([
      { target: "Veteran mercenary", item: "Assault rifle", update: { "system.ammo.value": 29 } },
      {
        target: "Thug",
        update: { "system.wounds.light": 0, "system.wounds.heavy": 0, "system.wounds.dead": true },
        statuses: { lightWound: false, heavyWound: false, dead: true },
      },
    ]);
    const text = run("silhouette", "check", "attack", "--request", JSON.stringify(rifleAtThug), "--faces", "6,6,3,2,3,1");
    expect(text.out).toBe("Assault rifle: 8 · Thug: 7 hit by 5, 75 damage → death");
  });

  it("a defence that holds is a miss: no damage, no wound, only the ammunition", () => {
    // [3,2,1,1] → 3 + 1 − 1 = 3 against Defense [6,5] → 6 − 1 = 5.
    const cli = json("attack", rifleAtThug, "3,2,1,1,6,5");
    expect(cli.targets[0].strikes[0]).toMatchObject({ attackTotal: 3, defense: { total: 5 }, outcome: { hit: false }, wound: null });
    expect(cli.changes).toHaveLength(1);
  });

  it("E40 (004:L80): a lightning attack, Melee 4, AGI +1, high die 5 → one total 4; the defender rolls three defences against 4", () => {
    const fighter = actor("Knife fighter");
    fighter.system = { ...fighter.system, attributes: { ...(fighter.system.attributes as object), agi: 1 } };
    const cli = json(
      "attack",
      { actor: fighter, weapon: "Knife", targets: [{ name: "Thug", distance: 1, actor: actor("Thug") }], values: { flurry: "lightning" } },
      "5,3,2,1,6,1,2,2,4,3",
    );
    const strikes = cli.targets[0].strikes;
    expect(strikes.map((s: { attackTotal: number }) => s.attackTotal)).toEqual([4, 4, 4]);
    // Defense 2, stationary −1 (004:L29-38): 6 − 1 = 5 holds; 2 − 1 = 1 and 4 − 1 = 3 are hit by 3 and 1, × DM 5.
    expect(strikes.map((s: { outcome: { hit: boolean; damage: number } }) => [s.outcome.hit, s.outcome.damage])).toEqual([
      [false, 0],
      [true, 15],
      [true, 5],
    ]);
    // Two hits on Stamina 30: 15 is a light wound (½ Stamina), 5 none; one update with the light wound.
    expect(cli.changes).toEqual([
      {
        target: "Thug",
        update: { "system.wounds.light": 1, "system.wounds.heavy": 0, "system.wounds.dead": false },
        statuses: { lightWound: true, heavyWound: false, dead: false },
      },
    ]);
  });

  it("E43 (004:L89): Melee 3 against an unaware target rolls the lower Stealth 1 die vs 1 + its defence modifier; no defence roll", () => {
    const cli = json(
      "attack",
      {
        actor: actor("Veteran mercenary"),
        weapon: "Long blade",
        targets: [{ name: "Thug", distance: 1, actor: actor("Thug") }],
        values: { unaware: true },
      },
      "4",
    );
    // 4 + AGI 1 = 5 against 1 − 1 (stationary) = 0: hit by 5, × DM 8 = 40 ≥ Stamina 30: heavy.
    expect(cli.roll.poolSize).toBe(1);
    expect(cli.targets[0].strikes[0]).toMatchObject({
      defense: null,
      outcome: { threshold: 0, margin: 5, damage: 40 },
      wound: { wound: "heavy" },
    });
    expect(cli.defences).toEqual([]);
  });

  it("E49-E50 (004:L104, L107): suppressive fire, total 5 + ROF 2 = 7; in the zone a defence of 4 falls 3 short: 3 × 10 = 30; 40 rounds", () => {
    const gunner = actor("Infiltrator");
    const smg = gunner.items.find((i) => i.name === "Submachine gun")!;
    smg.system = { ...smg.system, ammo: { value: 60, max: 60 } };
    const cli = json(
      "attack",
      {
        actor: gunner,
        weapon: "Submachine gun",
        targets: [{ name: "Punk", distance: 5 }],
        area: [{ name: "Punk", distance: 5, actor: actor("Street punk") }],
        values: { burst: 2, fireMode: "suppressive" },
      },
      "3,1,5",
    );
    // Firearms 2 [3,1] → 3, AGI +2 → 5; the Street punk's Defense 1 [5] − 1 (stationary) = 4.
    expect(cli.attack.suppression).toMatchObject({ effectiveness: 7 });
    expect(cli.targets[0]).toMatchObject({ role: "zone" });
    expect(cli.targets[0].strikes[0]).toMatchObject({ attackTotal: 7, defense: { total: 4 }, outcome: { margin: 3, damage: 30 } });
    expect(cli.targets[0].strikes[0].wound).toMatchObject({ wound: "heavy", taken: 30 });
    expect(cli.changes[0]).toEqual({ target: "Infiltrator", item: "Submachine gun", update: { "system.ammo.value": 20 } });
  });

  it("E47 (004:L101-102): walking fire at ROF 2; a bystander in the zone defends against ROF + 1 = 3, after the targets", () => {
    const cli = json(
      "attack",
      {
        actor: actor("Infiltrator"),
        weapon: "Submachine gun",
        targets: [
          { name: "A", distance: 8 },
          { name: "B", distance: 8 },
        ],
        area: [{ name: "Punk", distance: 8, actor: actor("Street punk") }],
        values: { burst: 2, fireMode: "walking" },
      },
      "4,3,2",
    );
    // The declared targets have no actor here: their strikes wait for a defence; the bystander's
    // Defense 1 [2] − 1 (stationary) = 1 falls 2 short of 3: 2 × DM 10 = 20, a light wound (Stamina 25).
    const bystander = cli.targets.find((t: { role: string }) => t.role === "bystander");
    expect(cli.attack.bystanderDifficulty).toBe(3);
    expect(bystander.strikes[0]).toMatchObject({ attackTotal: 3, defense: { total: 1 }, outcome: { margin: 2, damage: 20 } });
    expect(bystander.strikes[0].wound).toMatchObject({ wound: "light" });
    expect(cli.targets.filter((t: { role: string }) => t.role === "target").map((t: any) => t.strikes[0].outcome)).toEqual([null, null]);
    // Walking fire spends 5 rounds per ROF (004:L98).
    expect(cli.changes[0]).toEqual({ target: "Infiltrator", item: "Submachine gun", update: { "system.ammo.value": 20 } });
  });

  it("E51, E53 (004:L109-113): a grenade thrown 15 m (STR 0: Long), total 0 against 1 misses by 1: 1 m off, d6 4 → 180°; then the fuse", () => {
    const cli = json(
      "attack",
      { actor: actor("Rifleman"), weapon: "Grenade", targets: [{ name: "Spot", distance: 15 }], values: { modifier: -1 } },
      "2,3,4",
    );
    // Throwing 1 [2] + AGI 1 − 1 (other), Long −2 → 0; the fuse test [3] + 1 − 1 = 3; the scatter die last.
    expect(cli.attack.grenade).toMatchObject({
      fuse: { faces: [3], total: 3 },
      landed: { onTarget: false, distance: 1, directionDie: 4, bearing: 180 },
      blastRadius: 5,
    });
    expect(cli.targets).toEqual([]);
    expect(cli.changes).toEqual([{ target: "Rifleman", item: "Grenade", update: { "system.ammo.value": 0 } }]);
  });

  it("in a combat the defender's tally counts: a second attacker this round gives −1 (004:L71, E36), and the tally is planned", () => {
    const thug = {
      ...actor("Thug"),
      flags: { omnibus: { silhouetteDefended: { combatId: "c", round: 2, attackers: ["Actor.other"], declared: 0 } } },
    };
    const cli = json(
      "attack",
      { ...rifleAtThug, targets: [{ name: "Thug", distance: 38.5, actor: thug }], combat: { combatId: "c", round: 2 } },
      "6,6,3,2,3,1",
    );
    // 3 − 1 (stationary) − 1 (second attacker) = 1: hit by 6.
    expect(cli.targets[0].strikes[0]).toMatchObject({ defense: { total: 1 }, outcome: { margin: 6, damage: 90 } });
    expect(cli.changes.at(-1)).toEqual({
      target: "Thug",
      update: {
        "flags.omnibus.silhouetteDefended": { combatId: "c", round: 2, attackers: ["Actor.other", rifleAtThug.actor.uuid], declared: 0 },
      },
    });
  });

  it("a bad request exits 2 with one line naming the field; nothing is rolled", () => {
    const sniper = actor("Sniper");
    const rifle = sniper.items.find((i) => i.name === "Sniper rifle")!;
    rifle.system = { ...rifle.system, ammo: { value: 0, max: 5 } };
    for (const [req, message] of [
      [{ ...rifleAtThug, weapon: "Bow" }, /"weapon" names no weapon of Veteran mercenary/],
      [{ ...rifleAtThug, values: { bogus: 1 } }, /"values\.bogus" is not one of the dialog's/],
      [
        { ...rifleAtThug, targets: [{ name: "Thug", actor: actor("Thug"), defence: { skill: 3 } }] },
        /"targets\[0\]\.defence\.skill" must be/,
      ],
      [{ ...rifleAtThug, targets: [{ name: "Thug", distance: "far" }] }, /"targets\[0\]\.distance" must be a number/],
      [{ ...rifleAtThug, combat: {} }, /"combat\.round" is missing/],
      [{ ...rifleAtThug, values: { fireMode: "spray" } }, /"values\.fireMode" must be one of burst, walking, suppressive/],
      [{ ...rifleAtThug, values: { burst: 4 } }, /"values\.burst" must be from 0 to 3/],
      [{ actor: sniper, weapon: "Sniper rifle" }, /needs 1 rounds, 0 loaded/],
      [
        { ...rifleAtThug, targets: [{ name: "Thug", actor: { ...actor("Thug"), statuses: "prone" } }] },
        /"targets\[0\]\.actor\.statuses" must be a list/,
      ],
    ] as Array<[unknown, RegExp]>) {
      const r = run("silhouette", "check", "attack", "--request", JSON.stringify(req), "--faces", "6,6,3,2,3,1");
      expect(r.err, String(message)).toHaveLength(1);
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(/^omnibus:/);
      expect(r.err[0]).toMatch(message);
    }
  });
});
