// Issue 12 at the Silhouette table, against the Foundry stand-ins: called shots at an arm or the
// lower abdomen, chosen in the roll dialog, change the wound the hit applies (004:L95–96).
// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { lastMessage, makeActor, setUp, type Harness } from "./harness";

let h: Harness;
beforeEach(async () => {
  h = await setUp();
});

describe("called shots at the table (004:L95–96)", () => {
  it("the dialog offers the arm and the lower abdomen, each −2 dice", async () => {
    const { planPool, attackRequest } = await import("../../../src/rules/silhouette/table/checks");
    const { DEFAULT_OPTIONS } = await import("../../../src/rules/silhouette/table/settings");
    const f = {
      name: "Shooter",
      skills: [{ key: "firearms", name: "Firearms", level: 4, attribute: "agi", attributeModifier: 0 }],
      attributes: { agi: 0 },
    } as never;
    const weapon = {
      uuid: "w",
      name: "Pistol",
      img: "",
      category: "ranged",
      skill: "firearms",
      damageMultiplier: 10,
      accuracy: 0,
      rof: 0,
      ranges: { base: 10, medium: 20, long: 40, extreme: 80 },
    } as never;
    const request = attackRequest(f, weapon, [], [], "Pistol");
    const field = request.fields.find((x) => x.name === "calledShot")!;
    expect(Object.keys(field.choices!)).toEqual(expect.arrayContaining(["arm", "lowerAbdomen"]));
    expect(planPool(request, { ...request.values, calledShot: "arm" }, DEFAULT_OPTIONS).dice).toBe(2);
    expect(planPool(request, { ...request.values, calledShot: "lowerAbdomen" }, DEFAULT_OPTIONS).dice).toBe(2);
  });
  it("Stamina 25 (light 13, heavy 25, death 50): 50 damage to an arm is Heavy unless it exceeds System Shock 40; 13 damage to the lower abdomen is Heavy (half of 25)", async () => {
    const { woundOf } = await import("../../../src/foundry/silhouette/actions");
    const target = makeActor(h, { id: "t1", name: "Target", owner: false });
    expect(woundOf(target as never, 50, "none").wound).toBe("death");
    expect(woundOf(target as never, 50, "arm").wound).toBe("heavy");
    target.system.systemShock = 40;
    expect(woundOf(target as never, 50, "arm").wound).toBe("death");
    expect(woundOf(target as never, 40, "arm").wound).toBe("heavy");
    expect(woundOf(target as never, 13, "none").wound).toBe("light");
    expect(woundOf(target as never, 13, "lowerAbdomen").wound).toBe("heavy");
    expect(woundOf(target as never, 13, "head").wound).toBe("heavy");
  });
});

describe("point-blank: Melee may defend against a shooter within reach (004:L91)", () => {
  const data = (pointBlankWithinReach: boolean) => ({
    messageId: "m",
    targetKey: "t0",
    strikeKey: "t0s0",
    attackKind: "ranged" as const,
    attackTotal: 6,
    freeStrike: false,
    attackerIndex: 1,
    pointBlankWithinReach,
    skills: { defense: { level: 1, attribute: 0 }, melee: { level: 4, attribute: 0 } },
  });
  it("a shot from within reach offers Melee besides Defense and picks the better; from further off only Defense", async () => {
    const { defenseRequest, planDefense } = await import("../../../src/rules/silhouette/table/checks");
    const f = { uuid: "Actor.d", name: "D", skills: [], attributes: {} } as never;
    const near = defenseRequest(f, data(true), "D", "");
    expect(Object.keys(near.fields.find((x) => x.name === "skill")!.choices!)).toEqual(["defense", "melee"]);
    expect(near.values.skill).toBe("melee");
    expect(planDefense(near, near.values)).toMatchObject({ dice: 4, skill: "melee" });
    const far = defenseRequest(f, data(false), "D", "");
    expect(Object.keys(far.fields.find((x) => x.name === "skill")!.choices!)).toEqual(["defense"]);
    expect(() => planDefense(far, { ...far.values, skill: "melee" })).toThrow(/cannot defend/);
  });
});

describe("point-blank at the table (004:L73, L91)", () => {
  const PISTOL = {
    name: "Pistol",
    category: "ranged",
    skill: "firearms",
    damageMultiplier: 10,
    accuracy: 0,
    rof: 0,
    ranges: { base: 10, medium: 20, long: 40, extreme: 80 },
    ammo: { value: 10, max: 10 },
  };
  async function defenseAt(distance: number) {
    h.stand.setUser("gm");
    h.stand.setActiveGM("gm");
    const shooter = makeActor(h, {
      id: `s${distance}`,
      name: "Shooter",
      owner: true,
      skills: [["Firearms", "firearms", 2, "none"]],
      weapons: [PISTOL],
    });
    const hero = makeActor(h, {
      id: `h${distance}`,
      name: "Hero",
      owner: true,
      skills: [
        ["Defense", "defense", 1, "none"],
        ["Melee", "melee", 4, "none"],
      ],
    });
    const targets = [{ tokenUuid: "Scene.s.Token.h", actorUuid: hero.uuid, name: "Hero", img: "", distance, units: "m" }];
    const request = (await h.checks.silhouetteChecks.build({
      actor: shooter as never,
      kind: "item",
      dataset: { itemId: `${shooter.id}w0` },
      targets,
    }))!;
    h.faces = [4, 3];
    await h.checks.silhouetteChecks.roll(request, request.values, { rollMode: "publicroll" });
    const message = lastMessage(h);
    return (await h.checks.silhouetteChecks.build({
      actor: hero as never,
      kind: "defense",
      dataset: { messageId: message.id, strikeKey: "t0s0" },
      targets: [],
    }))!;
  }
  it("a shooter 1 m away (within rough reach) may be met with Melee; one 3 m away only with Defense", async () => {
    const near = await defenseAt(1);
    expect(Object.keys(near.fields.find((x) => x.name === "skill")!.choices!)).toEqual(["defense", "melee"]);
    const far = await defenseAt(3);
    expect(Object.keys(far.fields.find((x) => x.name === "skill")!.choices!)).toEqual(["defense"]);
  });
});

describe("knee-deep water halves speed at the table (004:L78)", () => {
  it("FIT 0, Athletics 0: sprint 25 m, walk 8⅓ m (004:L23–26); wading knee-deep, 8 m in a round is a run (16⅔ / 2), not a walk", async () => {
    const { actorFacts } = await import("../../../src/foundry/silhouette/checks");
    const { autoMovementMode } = await import("../../../src/rules/silhouette/table/checks");
    const dry = actorFacts(makeActor(h, { id: "w1", name: "Dry", owner: true }) as never);
    const wet = actorFacts(makeActor(h, { id: "w2", name: "Wading", owner: true, statuses: ["kneeDeepWater"] }) as never);
    expect(dry.movement.sprint).toBe(25);
    expect(wet.movement.sprint).toBe(12.5);
    expect(wet.movement.walk).toBeCloseTo(25 / 3 / 2, 12);
    expect(autoMovementMode({ ...dry, movedThisRound: 8 })).toBe("walking");
    expect(autoMovementMode({ ...wet, movedThisRound: 8 })).toBe("running");
  });
});

describe("a negative-ROF weapon reloads at the table (004:L100)", () => {
  it("a tank gun (ROF −1) fired in round 3 is refused in round 4 (nothing rolled or posted) and fires in round 5", async () => {
    const g = globalThis as any;
    const GUN = {
      name: "Tank gun",
      category: "ranged",
      skill: "gunnery",
      damageMultiplier: 30,
      accuracy: 0,
      rof: -1,
      ranges: { base: 100, medium: 200, long: 400, extreme: 800 },
      ammo: { value: 0, max: 0 },
    };
    const crew = makeActor(h, { id: "tk", name: "Gunner", owner: true, skills: [["Gunnery", "gunnery", 2, "none"]], weapons: [GUN] });
    const gun = crew.items.get("tkw0") as any;
    const fire = async (round: number) => {
      g.game.combat = { id: "c1", started: true, round };
      const request = (await h.checks.silhouetteChecks.build({
        actor: crew as never,
        kind: "item",
        dataset: { itemId: "tkw0" },
        targets: [],
      }))!;
      h.faces = [4, 3];
      const posted = h.stand.recorded.messagesCreated.length;
      await h.checks.silhouetteChecks.roll(request, request.values, { rollMode: "publicroll" });
      return h.stand.recorded.messagesCreated.length - posted;
    };
    expect(await fire(3)).toBe(1);
    const update = gun.update.mock.calls.at(-1)[0];
    expect(update).toEqual({ "flags.omnibus.silhouetteFired": { combatId: "c1", round: 3 } });
    gun.flags = { omnibus: { silhouetteFired: { combatId: "c1", round: 3 } } };
    expect(await fire(4)).toBe(0);
    expect(h.faces).toEqual([4, 3]);
    expect(await fire(5)).toBe(1);
  });
});
