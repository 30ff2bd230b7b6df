// Issue 12 at the Silhouette table, against the Foundry stand-ins: called shots at an arm or the
// lower abdomen, chosen in the roll dialog, change the wound the hit applies (004:L95–96).
// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { makeActor, setUp, type Harness } from "./harness";

let h: Harness;
beforeEach(async () => {
  h = await setUp();
});

describe("called shots at the table (004:L95–96)", () => {
  it("the dialog offers the arm and the lower abdomen, each −2 dice", async () => {
    const { planPool, attackRequest } = await import("../../../src/foundry/silhouette/requests");
    const { DEFAULT_OPTIONS } = await import("../../../src/foundry/silhouette/settings");
    const f = { name: "Shooter", skills: [{ key: "firearms", name: "Firearms", level: 4, attribute: "agi", attributeModifier: 0 }], attributes: { agi: 0 } } as never;
    const weapon = { uuid: "w", name: "Pistol", img: "", category: "ranged", skill: "firearms", damageMultiplier: 10, accuracy: 0, rof: 0, ranges: { base: 10, medium: 20, long: 40, extreme: 80 } } as never;
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
