/**
 * Every worked example of the digest (rules/silhouette.md §14, "Worked examples as test vectors"),
 * one test each, named by its number and seed line. Expected numbers are the digest's.
 */
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import {
  addWound,
  aimedPool,
  burst,
  carriedWeight,
  catchFallDifficulty,
  chaseExchange,
  CHASE_OBSTACLES,
  climbDifficulty,
  climbProgress,
  CLIMB_DIFFICULTY,
  defendAgainstSeveral,
  effectiveFallHeight,
  fallDice,
  feint,
  FIRM_GRIP,
  flurryAttack,
  gripAfterTest,
  groundTargetDifficulty,
  HEALTHY,
  initiativeOrder,
  jump,
  martialReachMetres,
  maxSpeedForLoad,
  maxSpeedForWounds,
  MOON_GRAVITY,
  movementActionModifier,
  movementDefenseModifier,
  movementRates,
  multiActionPenalty,
  multipleAttackerPenalty,
  planTurn,
  pullTogetherInitiative,
  reachCentimetres,
  readPool,
  rollCheck,
  rollFall,
  rollInitiative,
  rollScatter,
  shotPool,
  suppressionDamage,
  suppressiveFire,
  surpriseAttack,
  throwingHands,
  throwingRanges,
  walkingFire,
  worstWound,
  type GripState,
} from "../../../src/rules/silhouette";

/** Runs `fn` on forced faces and checks every face was used. */
function withFaces<T>(faces: number[], fn: (d: ReturnType<typeof forcedDice>) => T): T {
  const dice = forcedDice(faces);
  const out = fn(dice);
  dice.assertExhausted();
  return out;
}

/** The digest prints movement rates to two decimals. */
function twoDecimals(n: number): number {
  return Math.round(n * 100) / 100;
}

describe("silhouette worked examples (digest §14)", () => {
  it("E1 (004:L5): shooting a pistol twice — each shot at −1", () => {
    expect(multiActionPenalty(2)).toBe(-1);
    const plan = planTurn([{ type: "standard" }, { type: "standard" }]);
    expect(plan.actions.map((a) => a.modifier)).toEqual([-1, -1]);
    expect(plan.actions.every((a) => a.resolution === "roll")).toBe(true);
  });

  it("E2 (004:L5): three roll-requiring actions — each at −2", () => {
    expect(multiActionPenalty(3)).toBe(-2);
    expect(planTurn([{ type: "standard" }, { type: "standard" }, { type: "standard" }]).actions.map((a) => a.modifier)).toEqual([
      -2, -2, -2,
    ]);
  });

  it("E3 (004:L10): take a shotgun shell + load it — two Simple actions, no roll, no penalty", () => {
    const plan = planTurn([{ type: "simple" }, { type: "simple" }]);
    expect(plan.actions.map((a) => a.resolution)).toEqual(["free", "free"]);
    expect(plan.actions.map((a) => a.modifier)).toEqual([0, 0]);
    expect(plan.rolledActions).toBe(0);
  });

  it("E4 (004:L10): shell + load + shoot — the loading (AGI) is rolled at −1 and the shot at −1", () => {
    const plan = planTurn([{ type: "simple" }, { type: "simple" }, { type: "standard" }]);
    expect(plan.actions.map((a) => a.resolution)).toEqual(["roll", "roll", "roll"]);
    // the two Simple actions are one rolled action (one pair, one roll)
    expect(plan.actions[0].pair).toBe(0);
    expect(plan.actions[1].pair).toBe(0);
    expect(plan.rolledActions).toBe(2);
    expect(plan.actions.map((a) => a.modifier)).toEqual([-1, -1, -1]);
  });

  it("E5 (004:L18): pulled together with Combat Sense 2 → next initiative 6, no roll", () => {
    expect(pullTogetherInitiative(2)).toBe(6);
    const init = withFaces([], (d) => rollInitiative({ combatSense: 2, pulledTogether: true }, d));
    expect(init.total).toBe(6);
    expect(init.roll).toBeNull();
  });

  it("E6 (004:L4): initiative 7 vs 7 — Combat Sense 3 acts before 2; equal levels act simultaneously", () => {
    expect(
      initiativeOrder([
        { id: "b", total: 7, combatSense: 2 },
        { id: "a", total: 7, combatSense: 3 },
      ]).map((s) => s.ids),
    ).toEqual([["a"], ["b"]]);
    expect(
      initiativeOrder([
        { id: "a", total: 7, combatSense: 2 },
        { id: "b", total: 7, combatSense: 2 },
      ]).map((s) => s.ids),
    ).toEqual([["a", "b"]]);
  });

  it("E7 (004:L3): a critical failure on initiative — may only dive for cover", () => {
    const init = withFaces([1, 1], (d) => rollInitiative({ combatSense: 2 }, d));
    expect(init.fumble).toBe(true);
    expect(init.actions).toBe("diveForCoverOnly");
  });

  it.each([
    ["E8", 0, 0, [25, 16.67, 12.5, 8.33, 5]],
    ["E9", 0, 1, [30, 20, 15, 10, 6]],
    ["E10", 1, 2, [40, 26.67, 20, 13.33, 8]],
    ["E11", -1, 0, [20, 13.33, 10, 6.67, 4]],
    ["E12", 2, 3, [50, 33.33, 25, 16.67, 10]],
  ] as const)("%s (004:L23-27): FIT %i, Athletics %i → sprint/run/jog/walk/crawl %j", (_e, fit, athletics, expected) => {
    const r = movementRates(fit, athletics);
    expect([r.sprint, r.run, r.jog, r.walk, r.crawl].map(twoDecimals)).toEqual(expected);
  });

  it("E13 (004:L29-37): defender running vs melee +2; attacker walking −1", () => {
    expect(movementDefenseModifier("running", "melee")).toBe(2);
    expect(movementActionModifier("walking")).toBe(-1);
  });

  it("E14 (004:L30, L38): defender prone — −3 vs melee, +1 vs ranged", () => {
    expect(movementDefenseModifier("prone", "melee")).toBe(-3);
    expect(movementDefenseModifier("prone", "ranged")).toBe(1);
  });

  it("E15 (004:L39): max load 40 kg, carrying 20 / 25 / 35 kg → sprint / jog / walk", () => {
    expect([20, 25, 35].map((l) => maxSpeedForLoad(l, 40))).toEqual(["sprint", "jog", "walk"]);
  });

  it("E16 (004:L40): a 10 kg smooth box without handles counts as 20 kg", () => {
    expect(carriedWeight(10, true)).toBe(20);
  });

  it("E17 (004:L42-43): light wound → jog at most; heavy wound → crawl only", () => {
    expect(maxSpeedForWounds("light")).toBe("jog");
    expect(maxSpeedForWounds("heavy")).toBe("crawl");
    expect(maxSpeedForWounds(worstWound(addWound(HEALTHY, "light")))).toBe("jog");
  });

  it("E18 (004:L44): distance 10, fleeing 30 + 5, pursuer 25 + 4 → fleeing wins by 6, distance 16", () => {
    const r = withFaces([], (d) => chaseExchange(10, { speed: 30, athleticsTotal: 5 }, { speed: 25, athleticsTotal: 4 }, d));
    expect(r.fleeingTotal).toBe(35);
    expect(r.pursuerTotal).toBe(29);
    expect(r.winner).toBe("fleeing");
    expect(r.degreeOfSuccess).toBe(6);
    expect(r.distance).toBe(16);
    // "if instead the pursuer had a mishap: +1d6 m more"
    const m = withFaces([3], (d) => chaseExchange(10, { speed: 30, athleticsTotal: 5 }, { speed: 25, athleticsTotal: 4, fumble: true }, d));
    expect(m.distance).toBe(19);
  });

  it("E19 (004:L44): obstacles — low fence 2, bench or bins 4, high fence 6; both must pass", () => {
    expect(CHASE_OBSTACLES).toEqual({ lowFence: 2, benchOrBins: 4, highFence: 6 });
    const r = withFaces([], (d) => chaseExchange(10, { speed: 30, athleticsTotal: 5 }, { speed: 25, athleticsTotal: 3 }, d, "benchOrBins"));
    expect(r.obstacle).toEqual({ difficulty: 4, fleeingPassed: true, pursuerPassed: false });
  });

  it("E20 (004:L45): walk 10 m — a Standard action climbs 2.5 m, the whole round 5 m", () => {
    expect(climbProgress(10, "standard")).toBe(2.5);
    expect(climbProgress(10, "round")).toBe(5);
  });

  it("E21 (004:L48): walk 10, accelerated climb with one success → 5 m", () => {
    expect(climbProgress(10, "accelerated", 1)).toBe(5);
  });

  it("E22 (004:L45): a climbing test missed by 4 → stays put and starts losing grip", () => {
    const r = gripAfterTest(FIRM_GRIP, -4, false);
    expect(r.canClimb).toBe(false);
    expect(r.grip.losingGrip).toBe(true);
    expect(gripAfterTest(FIRM_GRIP, -3, false).grip.losingGrip).toBe(false);
  });

  it("E23 (004:L45-46): losing grip, recovery fails, fails, succeeds → −1, −2, then −1 left", () => {
    let grip: GripState = { losingGrip: true, penalty: 0 };
    const penalties: number[] = [];
    for (const margin of [-1, -1, 2]) {
      grip = gripAfterTest(grip, margin, false).grip;
      penalties.push(grip.penalty);
    }
    expect(penalties).toEqual([-1, -2, -1]);
    expect(grip.losingGrip).toBe(true);
    grip = gripAfterTest(grip, 0, false).grip; // one more success is needed to continue
    expect(grip).toEqual({ losingGrip: false, penalty: 0 });
  });

  it("E24 (004:L49, L57): brick wall (7) with anchors → 5", () => {
    expect(CLIMB_DIFFICULTY.naturalRock).toBe(7);
    expect(climbDifficulty("naturalRock", { anchors: true })).toBe(5);
  });

  it("E25 (004:L50, L57): catching oneself — sheer brick wall 7+5 = 12; steep slope 2+2 = 4", () => {
    expect(catchFallDifficulty(7, "sheer")).toBe(12);
    expect(catchFallDifficulty(CLIMB_DIFFICULTY.steepSlope, "steep")).toBe(4);
  });

  it("E26 (004:L57, L60-61): wet natural rock 9; chimneying between brick walls 5", () => {
    expect(climbDifficulty("naturalRock", { wet: true })).toBe(9);
    expect(climbDifficulty("naturalRock", { chimney: true })).toBe(5);
  });

  it("E27 (004:L62): 3 m fall onto earth — [2,5,3] → 15; [6,6,2] → 21", () => {
    expect(withFaces([2, 5, 3], (d) => rollFall({ heightMetres: 3 }, d)).damage).toBe(15);
    expect(withFaces([6, 6, 2], (d) => rollFall({ heightMetres: 3 }, d)).damage).toBe(21);
  });

  it("E28 (004:L62): the same 15 damage on the Moon → 2.505", () => {
    const r = withFaces([2, 5, 3], (d) => rollFall({ heightMetres: 3, gravity: MOON_GRAVITY }, d));
    expect(r.damage).toBeCloseTo(2.505, 10);
  });

  it("E29 (004:L63): a 4 m fall averages 5.3935 × 4 = 21.57 ≈ 22 (the seed's 5.3 × 4 = 21.2 is the typo)", () => {
    let sum = 0;
    let count = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++)
          for (let e = 1; e <= 6; e++) {
            sum += withFaces([a, b, c, e], (d) => rollFall({ heightMetres: 4 }, d)).damage;
            count++;
          }
    const mean = sum / count;
    expect(mean / 4).toBeCloseTo(5.3935, 4);
    expect(mean).toBeCloseTo(21.57, 2);
    expect(Math.round(mean)).toBe(22);
  });

  it("E30 (004:L63-64): 2 m head-first, roll [4,1] → 4 × 2 + 10 = 18", () => {
    expect(withFaces([4, 1], (d) => rollFall({ heightMetres: 2, headFirst: true }, d)).damage).toBe(18);
  });

  it("E31 (004:L64): 5 m fall, Athletics result 3 → effective 2 m (a 2-die roll × 2); result ≥ 5 → 0", () => {
    expect(effectiveFallHeight(5, "soft", 3)).toBe(2);
    const r = withFaces([3, 4, 2], (d) => rollFall({ heightMetres: 5, softening: { dice: 1 } }, d));
    expect(r.softening?.total).toBe(3);
    expect(r.dice).toBe(2);
    expect(r.damage).toBe(4 * 2);
    const safe = withFaces([5], (d) => rollFall({ heightMetres: 5, softening: { dice: 1 } }, d));
    expect(safe.damage).toBe(0);
    expect(safe.roll).toBeNull();
  });

  it("E32 (004:L64): a mishap on the softening roll lands on the head — +10", () => {
    const r = withFaces([1, 1, 3, 2], (d) => rollFall({ heightMetres: 3, softening: { dice: 2 } }, d));
    expect(r.softening?.fumble).toBe(true);
    expect(r.headFirst).toBe(true);
    // effective 3 − 1 = 2 m: roll [3,2] → 3 × 2 + 10
    expect(r.damage).toBe(3 * 2 + 10);
  });

  it("E33 (004:L65): 3 m concrete → 6 m (6 dice); 8 m deep water → 2; 4 m sand → 2; 10 m rescue gear → 1", () => {
    expect(effectiveFallHeight(3, "hard")).toBe(6);
    expect(fallDice(effectiveFallHeight(3, "hard"))).toBe(6);
    expect(effectiveFallHeight(8, "deepWater")).toBe(2);
    expect(effectiveFallHeight(4, "sandOrShallowWater")).toBe(2);
    expect(effectiveFallHeight(10, "rescueGear")).toBeCloseTo(1, 10);
    expect(withFaces([1, 2, 3, 4, 5, 2], (d) => rollFall({ heightMetres: 3, surface: "hard" }, d)).damage).toBe(5 * 6);
  });

  it("E34 (004:L66): Athletics [4,2] → 4, FIT +1, sprinting +3, firm → total 8 vs 3, long 3.75 m, high 1.25 m", () => {
    const result = readPool(2, [4, 2]).result;
    const j = jump(result, 1, "sprinting", "firm");
    expect(j).toEqual({ total: 8, difficulty: 3, margin: 5, success: true, longMetres: 3.75, highMetres: 1.25 });
  });

  it("E35 (004:L66): the same total with a slippery run-up fails by 1; loose ground → MoS 2 → 1.5 m / 0.5 m", () => {
    const slippery = jump(4, 1, "sprinting", "slippery");
    expect(slippery.difficulty).toBe(9);
    expect(slippery.success).toBe(false);
    expect(slippery.margin).toBe(-1);
    const loose = jump(4, 1, "sprinting", "loose");
    expect([loose.difficulty, loose.margin, loose.longMetres, loose.highMetres]).toEqual([6, 2, 1.5, 0.5]);
  });

  it("E36 (004:L71): four attackers → 0, −1, −2, −3; a fifth −3", () => {
    expect([1, 2, 3, 4, 5].map((k) => multipleAttackerPenalty(k))).toEqual([0, -1, -2, -3, -3]);
  });

  it("E37 (004:L73): reach 50 / 80 / 20 cm", () => {
    expect([reachCentimetres(0, 0), reachCentimetres(2, 1), reachCentimetres(-1, -2)]).toEqual([50, 80, 20]);
  });

  it("E38 (004:L73): a martial artist with knowledge level 3 reaches 1 + 2 = 3 m", () => {
    expect(martialReachMetres(3)).toBe(3);
  });

  it("E39 (004:L80-81): a quick attack totalling 5 — two defenses, each vs 5", () => {
    const q = flurryAttack("quick", 6);
    expect(q.attacks).toBe(2);
    expect(q.modifier).toBe(-1);
    expect(q.defensesAgainst).toEqual([5, 5]);
  });

  it("E40 (004:L80): Lightning attack, Melee 4 dice, AGI +1, high die 5 → one total 4; three defenses vs 4", () => {
    const roll = withFaces([5, 3, 2, 1], (d) => rollCheck({ dice: 4, modifier: 1 }, d));
    const l = flurryAttack("lightning", roll.total);
    expect(l.total).toBe(4);
    expect(l.defensesAgainst).toEqual([4, 4, 4]);
  });

  it("E41 (004:L83): attacker 5, defender 3; feint 2 → 3 and 1; feint 3 → defender 0, untrained", () => {
    expect(feint(5, 3, 2)).toMatchObject({ attackerDice: 3, defenderDice: 1, defenderUntrained: false });
    expect(feint(5, 3, 3)).toMatchObject({ attackerDice: 2, defenderDice: 0, defenderUntrained: true });
  });

  it("E42 (004:L85): Defense 5 against three thugs → Defense 3, no penalties (per additional attacker)", () => {
    expect(defendAgainstSeveral(5, 3)).toEqual({ dice: 3, untrained: false, penalty: 0 });
    expect(defendAgainstSeveral(5, 3, "perAttacker").dice).toBe(2);
  });

  it("E43 (004:L89): Melee 3, Stealth 1, target walking → 1 die vs 1; target jogging → vs 2", () => {
    expect(surpriseAttack(3, 1, movementDefenseModifier("walking", "melee"))).toEqual({ dice: 1, difficulty: 1 });
    expect(surpriseAttack(3, 1, movementDefenseModifier("jogging", "melee"))).toEqual({ dice: 1, difficulty: 2 });
  });

  it("E44 (004:L94): skill 3 aiming 2 rounds → 5 dice; 4 rounds → 6 (cap 2 × 3)", () => {
    expect(aimedPool(3, 2)).toBe(5);
    expect(aimedPool(3, 4)).toBe(6);
  });

  it("E45 (004:L95): skill 4 head shot → 1 die; after 3 rounds of aiming → 4 dice", () => {
    expect(shotPool(4, { calledShot: "head" }).dice).toBe(1);
    expect(shotPool(4, { calledShot: "head", roundsAimed: 3 }).dice).toBe(4);
  });

  it("E46 (004:L98-99): bursts at ROF 3 / 4 / 1", () => {
    expect([3, 4, 1].map((r) => burst(r))).toEqual([
      { rof: 3, ammo: 15, skillModifier: -1, marginBonus: 3 },
      { rof: 4, ammo: 20, skillModifier: -2, marginBonus: 4 },
      { rof: 1, ammo: 5, skillModifier: 0, marginBonus: 1 },
    ]);
  });

  it("E47 (004:L101-102): walking fire at ROF 2 → up to 3 targets; bystanders defend vs 3", () => {
    const w = walkingFire(2, [1, 1]);
    expect(w.maxTargets).toBe(3);
    expect(w.allowed).toBe(true);
    expect(w.bystanderDifficulty).toBe(3);
    expect(walkingFire(2, [1, 1, 1]).allowed).toBe(false);
  });

  it("E48 (004:L101): two targets 3 m apart count as 4 targets — needs ROF ≥ 3", () => {
    expect(walkingFire(3, [3]).countedTargets).toBe(4);
    expect(walkingFire(3, [3]).allowed).toBe(true);
    expect(walkingFire(2, [3]).allowed).toBe(false);
  });

  it("E49 (004:L104-107): suppressive fire, total 5, ROF 2 → effectiveness 7, 5 m, 40 rounds, WILL vs 4; doubled → 4", () => {
    expect(suppressiveFire(5, 2)).toEqual({ effectiveness: 7, zoneWidthMetres: 5, ammo: 40, willDifficulty: 4 });
    expect(suppressiveFire(5, 2, true)).toMatchObject({ effectiveness: 4, zoneWidthMetres: 10 });
  });

  it("E50 (004:L104): defends with 4 vs effectiveness 7, weapon damage 10 → 30", () => {
    expect(suppressionDamage(4, 7, 10)).toBe(30);
  });

  it("E51 (004:L109): 1 kg stone, STR 0 / +2 / −1 → 5/10/20/40, 7/14/28/56, 4/8/16/32 m", () => {
    expect(throwingRanges(0)).toEqual({ base: 5, medium: 10, long: 20, extreme: 40 });
    expect(throwingRanges(2)).toEqual({ base: 7, medium: 14, long: 28, extreme: 56 });
    expect(throwingRanges(-1)).toEqual({ base: 4, medium: 8, long: 16, extreme: 32 });
  });

  it("E52 (004:L109): an 80 kg thrower needs two hands for 25 kg (> 20 kg)", () => {
    expect(throwingHands(25, 80)).toBe(2);
    expect(throwingHands(20, 80)).toBe(1);
  });

  it("E53 (004:L110-111): at a spot (difficulty 1), Throwing total 0 → 1 m off; d6 = 4 → 180°, back toward the thrower", () => {
    expect(groundTargetDifficulty(0)).toBe(1);
    const s = withFaces([4], (d) => rollScatter(1, false, d));
    expect(s).toEqual({ distanceMetres: 1, directionDie: 4, bearingDegrees: 180, towardThrower: true });
  });

  it("E54 (004:L112): a critical failure flies toward the thrower (no direction die)", () => {
    const s = withFaces([], (d) => rollScatter(2, true, d));
    expect(s.towardThrower).toBe(true);
    expect(s.directionDie).toBeNull();
  });

  it("E55 (004:L62): [6,6,1] → 7; [6,6,6] → 8; [5,3,2] → 5; attribute +2, modifier −1: [6,6,1] → 8", () => {
    expect(readPool(3, [6, 6, 1]).result).toBe(7);
    expect(readPool(3, [6, 6, 6]).result).toBe(8);
    expect(readPool(3, [5, 3, 2]).result).toBe(5);
    expect(readPool(1, [4]).result).toBe(4);
    expect(withFaces([6, 6, 1], (d) => rollCheck({ dice: 3, modifier: 2 - 1 }, d)).total).toBe(8);
  });
});
