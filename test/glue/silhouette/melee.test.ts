// @vitest-environment happy-dom
// Melee options at the table (digest §10; seed 004:L67-90): cramped quarters (004:L76), water
// (004:L77-78), feints on the same card (E41), and defending against several attackers — the
// defender's tally of attackers this round applied automatically (E36) and the dice-for-penalty
// declaration kept for the round (E42).
import type { KindRequest } from "../../../src/foundry/ruleset";
import { beforeEach, describe, expect, it } from "vitest";
import {
  attackRequest,
  defenseRequest,
  planDefense,
  planPool,
  skillRequest,
  type ActorFacts,
  type DefenseCheckData,
  type WeaponFacts,
} from "../../../src/rules/silhouette/table/checks";
import { DEFAULT_OPTIONS } from "../../../src/rules/silhouette/table/settings";
import { lastMessage, makeActor, setUp, type ActorDoc, type Harness } from "./harness";

const BLADE: WeaponFacts = {
  uuid: "w",
  name: "Long blade",
  img: "",
  category: "melee",
  skill: "melee",
  damageMultiplier: 8,
  accuracy: 0,
  rof: 0,
  ranges: { base: 0, medium: 0, long: 0, extreme: 0 },
  long: true,
};
const KNIFE: WeaponFacts = { ...BLADE, name: "Knife", long: false };
function fighter(skills: Array<[string, number, "none" | "agi"]>, heavyArmour = false): ActorFacts {
  return {
    uuid: "Actor.f",
    name: "F",
    img: "",
    skills: skills.map(([key, level, attribute], i) => ({
      id: `s${i}`,
      name: key,
      key: key as never,
      level,
      attribute,
      attributeModifier: attribute === "agi" ? 1 : 0,
    })),
    movement: { sprint: 25, run: 50 / 3, jog: 12.5, walk: 25 / 3, crawl: 5 },
    maxSpeed: "sprint",
    movedThisRound: null,
    prone: false,
    balancing: 0,
    heavyArmour,
  };
}
const mod = (lines: Array<{ label: string; value: number }>, key: string) =>
  lines.find((l) => l.label === `OMNIBUS.Silhouette.Card.${key}`)?.value ?? 0;

describe("cramped quarters and water (004:L76-78)", () => {
  it("cramped: a weapon longer than an arm −1, a knife nothing", () => {
    const f = fighter([["melee", 3, "none"]]);
    const blade = attackRequest(f, BLADE, [], [], "Blade");
    expect(mod(planPool(blade, { ...blade.values, cramped: true }, DEFAULT_OPTIONS).lines, "Cramped")).toBe(-1);
    expect(mod(planPool(blade, blade.values, DEFAULT_OPTIONS).lines, "Cramped")).toBe(0);
    const knife = attackRequest(f, KNIFE, [], [], "Knife");
    expect(mod(planPool(knife, { ...knife.values, cramped: true }, DEFAULT_OPTIONS).lines, "Cramped")).toBe(0);
  });

  it("underwater: the lower of Melee 4 and Athletics 2, −1; heavy armour −1 more; a swimming device removes the first −1", () => {
    const f = fighter([
      ["melee", 4, "none"],
      ["athletics", 2, "none"],
    ]);
    const r = attackRequest(f, KNIFE, [], [], "Knife");
    const under = planPool(r, { ...r.values, water: "under" }, DEFAULT_OPTIONS);
    expect([under.dice, mod(under.lines, "Water")]).toEqual([2, -1]);
    const armoured = attackRequest(
      fighter(
        [
          ["melee", 4, "none"],
          ["athletics", 2, "none"],
        ],
        true,
      ),
      KNIFE,
      [],
      [],
      "Knife",
    );
    expect(mod(planPool(armoured, { ...armoured.values, water: "under" }, DEFAULT_OPTIONS).lines, "Water")).toBe(-2);
    expect(mod(planPool(armoured, { ...armoured.values, water: "under", swimmingDevice: true }, DEFAULT_OPTIONS).lines, "Water")).toBe(-1);
    expect(planPool(r, { ...r.values, water: "knee" }, DEFAULT_OPTIONS).dice).toBe(4);
  });

  it("up to the shoulders: −1 to AGI skills only; deeper water −2 to every action", () => {
    const agi = fighter([["melee", 3, "agi"]]);
    const r = attackRequest(agi, KNIFE, [], [], "Knife");
    expect(mod(planPool(r, { ...r.values, water: "shoulder" }, DEFAULT_OPTIONS).lines, "Water")).toBe(-1);
    const notice = fighter([["notice", 2, "none"]]);
    const s = skillRequest(notice, notice.skills[0], [], "Notice");
    expect(mod(planPool(s, { ...s.values, water: "shoulder" }, DEFAULT_OPTIONS).lines, "Water")).toBe(0);
    expect(mod(planPool(s, { ...s.values, water: "deep" }, DEFAULT_OPTIONS).lines, "Water")).toBe(-2);
  });
});

describe("feints (004:L83)", () => {
  const defense = (feint: number): DefenseCheckData => ({
    messageId: "m",
    targetKey: "t0",
    strikeKey: "t0s0",
    attackKind: "armedMelee",
    attackTotal: 5,
    freeStrike: false,
    attackerIndex: 1,
    feint,
    skills: { defense: { level: 3, attribute: 0 } },
  });
  it("E41: attacker 5 dice drops 2 → 3 dice; the defender's Defense 3 → 1 die; dropping 3 → 0 dice, untrained", () => {
    const f = fighter([["melee", 5, "none"]]);
    const r = attackRequest(f, KNIFE, [], [], "Knife");
    expect(planPool(r, { ...r.values, feint: 2 }, DEFAULT_OPTIONS)).toMatchObject({ dice: 3, feint: 2 });
    const d2 = defenseRequest(f, defense(2), "D", "");
    expect(planDefense(d2, d2.values)).toMatchObject({ dice: 1, untrained: false, feint: 2 });
    const d3 = defenseRequest(f, defense(3), "D", "");
    expect(planDefense(d3, d3.values)).toMatchObject({ dice: 0, untrained: true });
    // The attacker keeps at least one die (§16.25 default).
    expect(() => planPool(r, { ...r.values, feint: 5 }, DEFAULT_OPTIONS)).toThrow(/diceDropped/);
  });
});

describe("several attackers in a round", () => {
  let h: Harness;
  let defender: ActorDoc;
  const thug = (id: string) =>
    makeActor(h, {
      id,
      name: id,
      owner: true,
      skills: [["Melee", "melee", 3, "none"]],
      weapons: [
        {
          name: "Knife",
          category: "melee",
          skill: "melee",
          damageMultiplier: 5,
          accuracy: 0,
          rof: 0,
          ranges: { base: 0, medium: 0, long: 0, extreme: 0 },
        },
      ],
    });
  const target = () => [{ tokenUuid: "Scene.s.Token.d", actorUuid: defender.uuid, name: "Hero", img: "", distance: 1, units: "m" }];

  async function attack(attacker: ActorDoc, values: Record<string, number | string | boolean> = {}) {
    const request = (await h.checks.silhouetteChecks.build({
      actor: attacker as never,
      kind: "item",
      dataset: { itemId: `${attacker.id}w0` },
      targets: target(),
    }))!;
    h.faces = [4, 4, 4].slice(0, Number(request.values.dice) - Number(values.feint ?? 0));
    await h.checks.silhouetteChecks.roll(request, { ...request.values, ...values }, { rollMode: "publicroll" });
    return lastMessage(h);
  }
  async function defenseFor(message: { id: string }, key = "t0s0") {
    return (await h.checks.silhouetteChecks.build({
      actor: defender as never,
      kind: "defense",
      dataset: { messageId: message.id, strikeKey: key },
      targets: [],
    })) as KindRequest<DefenseCheckData>;
  }

  beforeEach(async () => {
    h = await setUp();
    (globalThis as any).game.combat = { id: "c1", started: true, round: 1 };
    h.stand.setUser("gm");
    h.stand.setActiveGM("gm");
    defender = makeActor(h, { id: "hero", name: "Hero", owner: true, skills: [["Defense", "defense", 5, "none"]] });
  });

  it("E36: the k-th different attacker this round gives −min(k−1, 3); the same attacker again counts once; a new round starts over", async () => {
    const [a, b, c, d] = ["a", "b", "c", "d"].map(thug);
    const penalties: number[] = [];
    for (const attacker of [a, b, a, c, d]) {
      const message = await attack(attacker);
      const request = await defenseFor(message);
      penalties.push(mod(planDefense(request, request.values).lines, "SeveralAttackers"));
      h.faces = [3, 3, 3, 3, 3];
      await h.checks.silhouetteChecks.roll(request, request.values, { rollMode: "publicroll" });
    }
    expect(penalties).toEqual([0, -1, 0, -2, -3]);
    expect(defender.getFlag("omnibus", "silhouetteDefended")).toMatchObject({
      round: 1,
      attackers: [a.uuid, b.uuid, c.uuid, d.uuid],
      declared: 0,
    });
    (globalThis as any).game.combat.round = 2;
    const request = await defenseFor(await attack(c));
    expect(mod(planDefense(request, request.values).lines, "SeveralAttackers")).toBe(0);
  });

  it("E42: Defense 5 against three thugs, giving up dice → Defense 3 against all three, no penalty; the declaration holds for the round", async () => {
    const [a, b, c] = ["a", "b", "c"].map(thug);
    const first = await defenseFor(await attack(a));
    const declared = { ...first.values, severalAttackers: true, attackersDeclared: 3 };
    expect(planDefense(first, declared)).toMatchObject({ dice: 3, declaredAttackers: 3 });
    expect(mod(planDefense(first, declared).lines, "SeveralAttackers")).toBe(0);
    h.faces = [2, 2, 2];
    await h.checks.silhouetteChecks.roll(first, declared, { rollMode: "publicroll" });
    expect(h.faces).toEqual([]);
    for (const attacker of [b, c]) {
      const next = await defenseFor(await attack(attacker));
      expect(next.values).toMatchObject({ severalAttackers: true, attackersDeclared: 3 });
      expect(planDefense(next, next.values)).toMatchObject({ dice: 3 });
      h.faces = [2, 2, 2];
      await h.checks.silhouetteChecks.roll(next, next.values, { rollMode: "publicroll" });
      expect(h.faces).toEqual([]);
    }
  });

  it("a feint on the card: the attacker drops 2 of Melee 3; the defender's Defense 5 rolls 3 dice in the same card", async () => {
    const a = thug("a");
    const message = await attack(a, { feint: 2 });
    expect(message.flags.omnibus.silhouette.attack.feint).toBe(2);
    expect(String(message.content)).toContain("Feint: defender −2 dice");
    expect(message.flags.omnibus.silhouette.roll.faces).toEqual([4]);
    h.faces = [6, 1, 1];
    await h.actions.requestChatAction(message as never, "defend", "t0s0");
    expect(h.faces).toEqual([]);
    expect(message.flags.omnibus.silhouette.attack.targets[0].strikes[0].defense).toMatchObject({ faces: [6, 1, 1], poolSize: 3 });
  });
});
