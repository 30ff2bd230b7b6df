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
    const { resistCPLimit } = await import("../../../src/foundry/d6/resist-cp/actions");
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
    return { thug };
  }

  /** The GM posts the damage card (the GM records it as it is created). */
  async function post(): Promise<StandInDocument> {
    const flags = {
      omnibus: {
        ruleset: "d6",
        d6: {
          damage: {
            targets: [{ actorUuid: "Actor.thug", name: "Thug", img: "", damageTotal: 16, resistTotal: 12, stun: false, vehicle: false }],
          },
        },
      },
    };
    return t.stand.asUser("gm", () => (globalThis as any).ChatMessage.create({ content: "", flags }));
  }

  it("T-34 with 2 CP: the thug's owner spends 2 CP (6, 3 then 4 → +13) in one update; applying then uses 12 + 13 = 25 > 16 → no effect; a second spend is refused", async () => {
    const { thug } = damageCard(true);
    const message = await post();
    (globalThis as any).__dialogAnswer = "2";
    forceFaces([6, 3, 4]);
    expect(await t.actions.requestChatAction(message as never, "d6SpendResistCP", "0")).toBe(true);
    expect(t.stand.recorded.dialogs).toHaveLength(1);
    expect((t.stand.recorded.dialogs[0].buttons as unknown[]).length).toBe(4); // 4 CP left, cap 5
    // The owner's roll is a response; the GM re-reads it (2 exploding d6: [6, 3], [4] → 13), spends the points, records the bonus.
    expect(thug.updates).toEqual([{ "system.characterPoints": 2 }]);
    const record = () => (globalThis as any).game.settings.get("omnibus", "cardRecords")[message.id];
    expect(record().state.d6.damage.targets[0]).toMatchObject({ cpBonus: 13, cpCount: 2 });
    expect(lastCard(t.stand).total).toBe(13);
    expect(lastCard(t.stand).lines[2].value).toBe("OMNIBUS.D6.DamageResult.none");
    t.stand.setUser("gm");
    expect(await t.actions.requestChatAction(message as never, "d6ApplyDamage", "0")).toBe(true);
    expect(thug.updates[1]).toEqual({ "system.woundLevel": "healthy" });
    t.stand.setUser("player");
    expect(await t.actions.requestChatAction(message as never, "d6SpendResistCP", "0")).toBe(true);
    expect(thug.updates).toHaveLength(2);
    expect(t.stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.D6.ResistCP.TooLate");
  });

  it.each([
    ["selfroll", "a public card", false],
    ["blindroll", "a public card", false],
    ["publicroll", "a GM-whispered card", true],
  ])(
    "the CP roll in the spender's %s on %s is whispered to the GM (not public, not self) and still recorded",
    async (mode, _card, whispered) => {
      const { thug } = damageCard(true);
      const message = await post();
      if (whispered) (message as any).whisper = ["gm"];
      t.stand.setMessageMode(mode);
      (globalThis as any).__dialogAnswer = "1";
      forceFaces([4]);
      const evaluated = t.stand.recorded.evaluations.length;
      expect(await t.actions.requestChatAction(message as never, "d6SpendResistCP", "0")).toBe(true);
      const response = t.stand.messages.find((m) => (m.flags as any).omnibus?.response?.action === "d6ResistCP")!;
      expect(response.whisper).toEqual(["gm"]);
      expect((response as any).blind).toBe(false);
      // A blind choice rolls without asking for typed dice.
      expect(t.stand.recorded.evaluations.slice(evaluated)).toEqual([{ allowInteractive: mode !== "blindroll" }]);
      expect(thug.updates).toEqual([{ "system.characterPoints": 3 }]);
    },
  );

  it("a forged CP response is refused: more dice than the count, a count over the limit, a d8, a stranger", async () => {
    const { thug } = damageCard(true);
    const message = await post();
    const roll = (faces: number[], sides = 6) => ({
      dice: faces.map((f) => ({ faces: sides, results: [{ result: f }] })),
      toJSON: () => ({}),
    });
    const forge = (user: string, rolls: unknown[], count: string) =>
      t.stand.asUser(user, () =>
        (globalThis as any).ChatMessage.create({
          content: "",
          rolls,
          flags: { omnibus: { ruleset: "d6", response: { to: message.id, action: "d6ResistCP", target: "0", choices: { count } } } },
        }),
      );
    t.stand.makeUser("stranger", false);
    await forge("player", [roll([6, 6, 6, 5])], "1");
    await forge("player", [roll([5, 5])], "1");
    await forge("player", [roll([5])], "9");
    await forge("player", [roll([5], 8)], "1");
    await forge("stranger", [roll([5])], "1");
    await t.stand.settle();
    // The exploding chain 6, 6, 6, 5 is a possible roll of 1 CP die: it is the one accepted (+23); every other forgery is refused.
    expect(thug.updates).toEqual([{ "system.characterPoints": 3 }]);
    const log = (globalThis as any).game.settings.get("omnibus", "cardLog").map((e: any) => e.kind);
    expect(log).toEqual(["applied", "refused", "refused", "refused", "refused"]);
  });

  it("a player who does not own the target may not spend its points, and its button is removed for him", async () => {
    const { thug } = damageCard(false);
    const message = await post();
    expect(await t.actions.requestChatAction(message as never, "d6SpendResistCP", "0")).toBe(false);
    expect(thug.updates).toEqual([]);
    const { hideForeignResistButtons } = await import("../../../src/foundry/d6/resist-cp/actions");
    const html = document.createElement("div");
    html.innerHTML = '<div class="omnibus-card"><button data-action="d6SpendResistCP" data-target="0">CP</button></div>';
    hideForeignResistButtons(message as never, html, (globalThis as any).game.user);
    expect(html.querySelector("button")).toBeNull();
  });
});
