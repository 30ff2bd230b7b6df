// @vitest-environment happy-dom
// Character Points on the Strength roll against damage (000:L427, L817; cap 5): the target's owner
// spends them from the damage card, the CP dice explode on 6, and "apply" uses the raised total.
import { beforeEach, describe, expect, it } from "vitest";
import { StandInDocument } from "../../support/foundry-stand-ins";
import { packDoc } from "./fixtures";
import { actorDoc, forceFaces, lastCard, setUpTable, type Table } from "./table";

describe("the limit", () => {
  it("at most 5 (000:L817), at most the points left, none in a Force Point round (000:L835)", async () => {
    await setUpTable();
    const { resistCPLimit } = await import("../../../src/foundry/d6/resist-cp");
    expect(resistCPLimit({ characterPoints: 9 })).toBe(5);
    expect(resistCPLimit({ characterPoints: 3 })).toBe(3);
    expect(resistCPLimit({ characterPoints: 9, round: { forcePoint: true } })).toBe(0);
  });
});

describe("at the table", () => {
  let t: Table;
  beforeEach(async () => {
    t = await setUpTable();
  });

  function damageCard(owned: boolean) {
    const thug = actorDoc(t.stand, packDoc("d6-characters", "Thug"), "Actor.thug", owned);
    Object.assign((thug as any).system, { characterPoints: 4 });
    (thug as any).testUserPermission = (user: { id: string }) => user.id === "gm" || owned;
    const message = new StandInDocument("dmg", "ChatMessage.dmg", false, { author: { id: "gm" } });
    message.flags = { omnibus: { d6: { damage: { targets: [{ actorUuid: "Actor.thug", name: "Thug", img: "", damageTotal: 16, resistTotal: 12, stun: false, vehicle: false }] } } } };
    t.stand.documents.set("ChatMessage.dmg", message);
    return { thug, message };
  }

  it("T-34 with 2 CP: the thug's owner spends 2 CP (6, 3 then 4 → +13) in one update; applying then uses 12 + 13 = 25 > 16 → no effect; a second spend is refused", async () => {
    const { thug, message } = damageCard(true);
    (globalThis as any).__dialogAnswer = "2";
    forceFaces([6, 3, 4]);
    expect(await t.actions.requestChatAction(message as never, "d6SpendResistCP", { index: "0" })).toBe(true);
    expect(t.stand.recorded.dialogs).toHaveLength(1);
    expect((t.stand.recorded.dialogs[0].buttons as unknown[]).length).toBe(4); // 4 CP left, cap 5
    expect(thug.updates).toEqual([{ "system.characterPoints": 2, "flags.omnibus.d6.resistCP.dmg-0": { total: 13, count: 2, userId: "player" } }]);
    expect(lastCard(t.stand).total).toBe(13);
    expect(lastCard(t.stand).lines[2].value).toBe("OMNIBUS.D6.DamageResult.none");
    (thug as any).flags = { omnibus: { d6: { resistCP: { "dmg-0": { total: 13 } } } } };
    t.stand.setUser("gm");
    expect(await t.actions.requestChatAction(message as never, "d6ApplyDamage", { index: "0", key: "0" })).toBe(true);
    expect(thug.updates[1]).toEqual({ "system.woundLevel": "healthy" });
    t.stand.setUser("player");
    expect(await t.actions.requestChatAction(message as never, "d6SpendResistCP", { index: "0" })).toBe(true);
    expect(thug.updates).toHaveLength(2);
    expect(t.stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.D6.ResistCP.TooLate");
  });

  it("a player who does not own the target may not spend its points, and its button is removed for him", async () => {
    const { thug, message } = damageCard(false);
    expect(await t.actions.requestChatAction(message as never, "d6SpendResistCP", { index: "0" })).toBe(false);
    expect(thug.updates).toEqual([]);
    const { hideForeignResistButtons } = await import("../../../src/foundry/d6/resist-cp");
    const html = document.createElement("div");
    html.innerHTML = '<div class="omnibus-card"><button data-action="d6SpendResistCP" data-index="0">CP</button></div>';
    hideForeignResistButtons(message as never, html, (globalThis as any).game.user);
    expect(html.querySelector("button")).toBeNull();
  });
});
