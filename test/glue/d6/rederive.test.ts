// @vitest-environment happy-dom
// The GM re-derives a D6 check card a player creates (issue 10, point 3): its "Spend CP after the
// roll" entry (the total and difficulty the added dice count against) must be what the Roll's faces
// and the rebuilt check give. The example roll is 000:L801–805: Thannik's Perception 3D rolls 1, 2
// and Wild 2 = 5 against Moderate 13. The points a player's roll spends (CP, a new Force Point)
// are spent by the GM once the card holds, so a card cannot claim points its actor does not have.
import { beforeEach, describe, expect, it } from "vitest";
import { packDoc } from "./fixtures";
import { actorDoc, forceFaces, setUpTable, type Table } from "./table";
import { recordOf } from "../../../src/foundry/chat/record";
import { describeTargets } from "../../../src/foundry/targets";
import { placeTarget, sceneToken } from "../../support/scene-tokens";

/* eslint-disable @typescript-eslint/no-explicit-any */
let t: Table;
beforeEach(async () => {
  t = await setUpTable();
});

const lastNotice = () => String(t.stand.recorded.notifications.at(-1)?.message);

/** Thannik (the player's; his updates land, as Foundry's do before the card is created) rolls Perception as the player. */
async function perception(values: Record<string, unknown>, faces: number[], system: Record<string, unknown> = {}) {
  const actor = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
  actor.live = true;
  Object.assign((actor as any).system, system);
  const request = (await t.stand.asUser("player", () =>
    t.checks.d6Checks.build({ actor: actor as never, kind: "attribute", dataset: { attribute: "perception" }, targets: [] }),
  ))!;
  forceFaces(faces);
  await t.stand.asUser("player", () =>
    t.checks.d6Checks.roll(request, { ...request.values, difficultyLevel: "moderate", ...values }, { rollMode: "publicroll" }),
  );
  await t.stand.settle();
  return { actor, created: t.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>, message: t.stand.messages.at(-1)! as any };
}

async function repost(created: Record<string, any>, change: (f: Record<string, any>) => void) {
  const flags = structuredClone(created.flags) as Record<string, any>;
  change(flags.omnibus);
  return (await t.stand.asUser("player", () => (globalThis as any).ChatMessage.create({ ...created, flags }))) as any;
}

describe("a check card's CP-after entry", () => {
  it("000:L801: 1, 2, Wild 2 = 5 against 13 is recorded untouched, posted or posted again", async () => {
    const { created, message } = await perception({}, [1, 2, 2]);
    expect(created.flags.omnibus.d6.cpAfter).toMatchObject({ total: 5, spent: 0, difficulty: 13 });
    expect(recordOf(message.id)?.tampered).toBeNull();
    const again = await repost(created, () => undefined);
    expect(recordOf(again.id)?.tampered).toBeNull();
  });

  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "the total 5 claimed as 12",
      (f) => {
        f.d6.cpAfter.total = 12;
      },
      "Result",
    ],
    [
      "Moderate 13 claimed as Very Easy 5",
      (f) => {
        f.d6.cpAfter.difficulty = 5;
      },
      "Result",
    ],
    [
      "two CP claimed already spent (no cap left to fill)",
      (f) => {
        f.d6.cpAfter.spent = 2;
      },
      "Result",
    ],
    [
      "called an attack",
      (f) => {
        f.d6.attack = { actorUuid: "Actor.thannik", targets: [] };
      },
      "Result",
    ],
    [
      "a +1D bonus named: 4 dice, but the Roll holds 3 faces",
      (f) => {
        f.origin.choices.bonusDice = "1";
      },
      "Dice",
    ],
    [
      "no origin",
      (f) => {
        delete f.origin;
      },
      "NoOrigin",
    ],
  ];
  for (const [what, change, reason] of forgeries) {
    it(`a card forged at creation (${what}) is refused (${reason}); CP after the roll is refused`, async () => {
      const { actor, created } = await perception({}, [1, 2, 2]);
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
      (globalThis as any).__dialogAnswer = "1";
      forceFaces([6, 4]);
      expect(await t.stand.asUser("player", () => t.actions.requestChatAction(forged as never, "d6SpendCPAfter", null))).toBe(false);
      expect(lastNotice()).toContain(`OMNIBUS.Chat.Forged.${reason}`);
      await t.stand.settle();
      expect(actor.updates).toEqual([]);
    });
  }
});

describe("the points a player's roll spends are the GM's to spend", () => {
  it("his last Character Point (1 → 0): 1, 2, Wild 2 + CP 3 = 8 is recorded untouched, the GM spends it", async () => {
    const { actor, created, message } = await perception({ characterPoints: 1 }, [1, 2, 2, 3], { characterPoints: 1 });
    // One update, by the GM once the card held, not by the player's client.
    expect(actor.updates).toEqual([{ "system.characterPoints": 0 }]);
    expect(actor.updaters).toEqual(["gm"]);
    expect((actor as any).system.characterPoints).toBe(0);
    expect(message.rolls[0].outcome.total).toBe(8);
    expect(created.flags.omnibus.d6.cpAfter).toMatchObject({ total: 8, spent: 1 });
    expect(recordOf(message.id)?.tampered).toBeNull();
    // The same card posted again: a point he no longer has (0 left), refused; nothing more spent.
    const again = await repost(created, () => undefined);
    expect(recordOf(again.id)?.tampered).toMatchObject({ forged: "CharacterPoints" });
    expect(actor.updates).toHaveLength(1);
  });

  it("two cards from one dialog spending the same last point: the first holds, the second is refused", async () => {
    const actor = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    actor.live = true;
    (actor as any).system.characterPoints = 1;
    const request = (await t.stand.asUser("player", () =>
      t.checks.d6Checks.build({ actor: actor as never, kind: "attribute", dataset: { attribute: "perception" }, targets: [] }),
    ))!;
    // The dialog offered the point; rolled twice from it (a stale window, a second click).
    const values = { ...request.values, difficultyLevel: "moderate", characterPoints: 1 };
    for (let i = 0; i < 2; i++) {
      forceFaces([1, 2, 2, 3]);
      await t.stand.asUser("player", () => t.checks.d6Checks.roll(request, values, { rollMode: "publicroll" }));
      await t.stand.settle();
    }
    const [first, second] = t.stand.messages.slice(-2) as any[];
    expect(recordOf(first.id)?.tampered).toBeNull();
    expect(recordOf(second.id)?.tampered).toMatchObject({ forged: "CharacterPoints" });
    expect(actor.updates).toEqual([{ "system.characterPoints": 0 }]);
  });

  it("2 CP (5 → 3): 1, 2, Wild 2 + CP 3, 4 = 12; the GM spends exactly 2, once, even when it sees the creation twice", async () => {
    const { actor, created, message } = await perception({ characterPoints: 2 }, [1, 2, 2, 3, 4], { characterPoints: 5 });
    expect(message.rolls[0].outcome.total).toBe(12);
    expect(created.flags.omnibus.d6.spent).toEqual({ characterPoints: 2, forcePoint: false });
    expect(recordOf(message.id)?.tampered).toBeNull();
    expect(actor.updates).toEqual([{ "system.characterPoints": 3 }]);
    expect(actor.updaters).toEqual(["gm"]);
    // The creation hook delivered again (a replay): no second re-derivation, no second spend.
    await t.stand.asUser("gm", () => t.actions.onCreateMessage(message, {}, "player"));
    await t.stand.settle();
    expect((actor as any).system.characterPoints).toBe(3);
    expect(actor.updates).toHaveLength(1);
  });

  const refusals: Array<[string, Record<string, unknown>, (f: Record<string, any>) => void, string, number[]?]> = [
    [
      "3 CP claimed with 2 left",
      { characterPoints: 2 },
      (f) => {
        f.origin.choices.characterPoints = "3";
      },
      "CharacterPoints",
    ],
    [
      "a Force Point claimed with none",
      { forcePoints: 0 },
      (f) => {
        f.origin.choices.forcePoint = "true";
      },
      "ForcePoint",
    ],
    [
      "a CP claimed in a round with a Force Point in force (000:L831, L835)",
      { characterPoints: 4, round: { actions: 1, forcePoint: true } },
      (f) => {
        f.origin.choices.characterPoints = "1";
      },
      "PointsInForceRound",
      // Perception 3D doubled by the Force Point in force: 6D.
      [1, 2, 2, 1, 2, 2],
    ],
  ];
  for (const [what, system, change, reason, faces] of refusals) {
    it(`a card claiming what the character cannot pay (${what}) is refused (${reason}), its actions too; nothing changes`, async () => {
      const { actor, created } = await perception({}, faces ?? [1, 2, 2], system);
      const before = structuredClone((actor as any).system);
      actor.updates.length = 0;
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
      (globalThis as any).__dialogAnswer = "1";
      forceFaces([6, 4]);
      expect(await t.stand.asUser("player", () => t.actions.requestChatAction(forged as never, "d6SpendCPAfter", null))).toBe(false);
      expect(lastNotice()).toContain(`OMNIBUS.Chat.Forged.${reason}`);
      await t.stand.settle();
      expect(actor.updates).toEqual([]);
      expect((actor as any).system).toEqual(before);
    });
  }

  it("with no GM there, a player's roll spending a CP is refused and nothing is rolled or spent", async () => {
    t.stand.setActiveGM(null);
    const actor = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    actor.live = true;
    (actor as any).system.characterPoints = 2;
    const request = (await t.stand.asUser("player", () =>
      t.checks.d6Checks.build({ actor: actor as never, kind: "attribute", dataset: { attribute: "perception" }, targets: [] }),
    ))!;
    const count = t.stand.messages.length;
    await expect(
      t.stand.asUser("player", () =>
        t.checks.d6Checks.roll(request, { ...request.values, difficultyLevel: "moderate", characterPoints: 1 }, { rollMode: "publicroll" }),
      ),
    ).rejects.toMatchObject({ code: "refused", data: { key: "SpendNeedsGM" } });
    expect(t.stand.messages).toHaveLength(count);
    expect(actor.updates).toEqual([]);
  });

  it("a card claiming a CP that no GM saw created, recorded later, is refused (PointsUnseen) and spends nothing", async () => {
    const { actor, created } = await perception({}, [1, 2, 2], { characterPoints: 2 });
    actor.updates.length = 0;
    t.stand.setActiveGM(null);
    const late = await repost(created, (f) => {
      f.origin.choices.characterPoints = "1";
    });
    expect(recordOf(late.id)).toBeNull();
    t.stand.setActiveGM("gm");
    (globalThis as any).__dialogAnswer = "1";
    forceFaces([4]);
    // The player's client rolls the CP-after dice; the GM, recording the card now, refuses it.
    await t.stand.asUser("player", () => t.actions.requestChatAction(late as never, "d6SpendCPAfter", null));
    await t.stand.settle();
    expect(recordOf(late.id)?.tampered).toMatchObject({ forged: "PointsUnseen" });
    expect(recordOf(late.id)?.marks).toEqual({});
    expect(actor.updates).toEqual([]);
  });

  it("an attack with a new Force Point (1 → 0, then in force this round): the code doubled, recorded untouched", async () => {
    const shooter = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    shooter.live = true;
    Object.assign((shooter as any).system, { forcePoints: 1 });
    actorDoc(t.stand, packDoc("d6-characters", "Thug"), "Actor.leader", false);
    const grid = {
      units: "m",
      measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
    };
    const token = (name: string, actorUuid: string, x: number) => sceneToken(t.stand, name, actorUuid, x);
    const targets = describeTargets(grid, token("thannik", "Actor.thannik", 0) as never, [token("leader", "Actor.leader", 1500)] as never);
    const weaponId = (shooter as any).items.contents.find((i: any) => i.name === "Heavy blaster pistol").id;
    const request = (await t.stand.asUser("player", () =>
      t.checks.d6Checks.build({ actor: shooter as never, kind: "attack", dataset: { itemId: weaponId }, targets }),
    ))!;
    forceFaces(Array.from({ length: 30 }, () => 3));
    await t.stand.asUser("player", () =>
      t.checks.d6Checks.roll(request, { ...request.values, forcePoint: true }, { rollMode: "publicroll" }),
    );
    await t.stand.settle();
    const message = t.stand.messages.at(-1)! as any;
    expect(shooter.updates[0]).toMatchObject({ "system.forcePoints": 0, "system.round.forcePoint": true });
    expect(message.flags.omnibus.d6.attack).toMatchObject({ forcePoint: true });
    expect(recordOf(message.id)?.tampered).toBeNull();
  });
});

describe("a movement card", () => {
  /** T-5: Rhea's airspeeder (the player's), cautious through very difficult terrain (19): 6D+2 rolls 23. */
  async function move() {
    const doc = actorDoc(t.stand, packDoc("d6-vehicles", "Airspeeder"), "Actor.speeder", true);
    (doc as any).flags = {};
    const request = (await t.stand.asUser("player", () =>
      t.checks.d6Checks.build({ actor: doc as never, kind: "movement", dataset: {}, targets: [] }),
    ))!;
    forceFaces([4, 4, 3, 3, 2, 5]);
    await t.stand.asUser("player", () =>
      t.checks.d6Checks.roll(
        request,
        { ...request.values, speed: "cautious", terrain: "very_difficult", difficulty: 19 },
        { rollMode: "publicroll" },
      ),
    );
    await t.stand.settle();
    return { doc, created: t.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>, message: t.stand.messages.at(-1)! as any };
  }

  it("T-5 posted honestly (23 ≥ 19, cautious) is recorded untouched, posted or posted again", async () => {
    const { created, message } = await move();
    expect(created.flags.omnibus.origin).toMatchObject({ kind: "movement", choices: { speed: "cautious" } });
    expect(recordOf(message.id)?.tampered).toBeNull();
    const again = await repost(created, () => undefined);
    expect(recordOf(again.id)?.tampered).toBeNull();
  });

  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "cautious claimed as all-out",
      (f) => {
        f.d6.movement.speed = "all_out";
      },
      "Result",
    ],
    [
      "the speed recorded on another vehicle",
      (f) => {
        f.d6.movement.actorUuid = "Actor.other";
      },
      "Result",
    ],
    [
      "a speed the current one does not allow",
      (f) => {
        f.origin.choices.speed = "all_out";
      },
      "Choices",
    ],
  ];
  for (const [what, change, reason] of forgeries) {
    it(`a movement card forged at creation (${what}) is refused (${reason}); no speed applies`, async () => {
      const { doc, created } = await move();
      doc.updates.length = 0;
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
      expect(await t.stand.asUser("player", () => t.actions.requestChatAction(forged as never, "d6ApplySpeed", null))).toBe(false);
      expect(lastNotice()).toContain(`OMNIBUS.Chat.Forged.${reason}`);
      await t.stand.settle();
      expect(doc.updates).toEqual([]);
    });
  }
});

// Healing cards (§25): T-40 — Thannik's Technical 2D (first aid unimproved) rolls 5 + Wild 4 = 9
// against Easy 8 on a stormtrooper wounded twice → wounded; natural healing, 000:L451 / D-4: 3, 2
// and a Wild 1 → 4 on a wounded character → wounded twice.
describe("a healing card", () => {
  const DAY = 86_400;
  async function medpacCard(quantity: number, characterPoints = 0) {
    const medpac = packDoc("d6-equipment", "Medpac");
    const healer = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true, [
      { ...medpac, system: { ...medpac.system, quantity } },
    ]);
    healer.live = true;
    const trooper = actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.trooper", false);
    (trooper as any).system.woundLevel = "wounded_twice";
    const bystander = actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.bystander", false);
    (bystander as any).system.woundLevel = "wounded_twice";
    (globalThis as any).game.time.worldTime = 3 * DAY + 10;
    const item = (healer as any).items.contents.find((i: any) => i.name === "Medpac");
    item.live = true;
    placeTarget(t.stand, "Scene.s.Token.tk", trooper, healer, 1);
    const request = (await t.stand.asUser("player", () =>
      t.checks.d6Checks.build({
        actor: healer as never,
        kind: "medical",
        dataset: { itemId: item.id },
        targets: [{ tokenUuid: "Scene.s.Token.tk", actorUuid: "Actor.trooper", name: "Stormtrooper", img: "", distance: 1, units: "m" }],
      }),
    ))!;
    (healer as any).system.characterPoints = characterPoints;
    forceFaces([5, 4, ...Array.from({ length: characterPoints }, () => 3)]);
    await t.stand.asUser("player", () =>
      t.checks.d6Checks.roll(request, { ...request.values, characterPoints }, { rollMode: "publicroll" }),
    );
    await t.stand.settle();
    const created = t.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>;
    return { created, message: t.stand.messages.at(-1)! as any, trooper, bystander, item, healer };
  }

  it("T-40: the medpac card (9 ≥ Easy 8, wounded twice → wounded) holds; the GM uses the last medpac up, once; posted again, refused", async () => {
    const { created, message, item } = await medpacCard(1);
    expect(created.flags.omnibus.d6.healing).toMatchObject({ kind: "medpac", patientUuid: "Actor.trooper", result: { state: "wounded" } });
    expect(recordOf(message.id)?.tampered).toBeNull();
    expect(item.updates).toEqual([{ "system.quantity": 0 }]);
    expect(item.updaters).toEqual(["gm"]);
    await t.stand.asUser("gm", () => t.actions.onCreateMessage(message, {}, "player"));
    await t.stand.settle();
    expect(item.updates).toHaveLength(1);
    // None left: the same card posted again is refused and heals no one.
    const again = await repost(created, () => undefined);
    expect(recordOf(again.id)?.tampered).toMatchObject({ by: "player", forged: "NoneLeft" });
    expect(await t.stand.asUser("player", () => t.actions.requestChatAction(again as never, "d6ApplyHealing", null))).toBe(false);
    expect(lastNotice()).toContain("OMNIBUS.Chat.Forged.NoneLeft");
    expect(item.updates).toHaveLength(1);
  });

  it("a patient named without a token: refused (Unowned) unless the player owns the patient", async () => {
    const { created, trooper } = await medpacCard(3);
    const before = trooper.updates.length;
    const tokenless = (f: Record<string, any>) => {
      f.origin.targets = [{ tokenUuid: "", actorUuid: "Actor.trooper", name: "Stormtrooper", img: "", distance: null, units: "" }];
    };
    const forged = await repost(created, tokenless);
    expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: "Unowned" });
    expect(await t.stand.asUser("player", () => t.actions.requestChatAction(forged as never, "d6ApplyHealing", null))).toBe(false);
    expect(lastNotice()).toContain("OMNIBUS.Chat.Forged.Unowned");
    await t.stand.settle();
    expect(trooper.updates).toHaveLength(before);
    // The same card when the player owns the stormtrooper: taken as named.
    trooper.isOwner = true;
    const owned = await repost(created, tokenless);
    expect(recordOf(owned.id)?.tampered).toBeNull();
  });

  it("T-40 with the healer's last Character Point (+3): the GM spends it once the card holds; posted again, refused", async () => {
    const { created, message, healer } = await medpacCard(2, 1);
    expect(recordOf(message.id)?.tampered).toBeNull();
    expect(healer.updaters).toEqual(["gm"]);
    expect(healer.updates).toEqual([{ "system.characterPoints": 0 }]);
    const again = await repost(created, () => undefined);
    expect(recordOf(again.id)?.tampered).toMatchObject({ forged: "CharacterPoints" });
    expect(healer.updates).toHaveLength(1);
  });

  it("natural healing (3, 2, Wild 1 = 4: wounded → wounded twice) is recorded untouched; claimed as healthy it is refused", async () => {
    const me = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    me.live = true;
    (me as any).system.woundLevel = "wounded";
    const request = (await t.stand.asUser("player", () =>
      t.checks.d6Checks.build({ actor: me as never, kind: "naturalHealing", dataset: {}, targets: [] }),
    ))!;
    forceFaces([3, 2, 1]);
    await t.stand.asUser("player", () => t.checks.d6Checks.roll(request, request.values, { rollMode: "publicroll" }));
    await t.stand.settle();
    const created = t.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>;
    expect(created.flags.omnibus.d6.healing.result).toMatchObject({ state: "wounded_twice", change: "worse" });
    expect(recordOf((t.stand.messages.at(-1) as any).id)?.tampered).toBeNull();
    const forged = await repost(created, (f) => {
      f.d6.healing.result = { ...f.d6.healing.result, state: "healthy", change: "better" };
    });
    expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: "Result" });
  });

  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "the result claimed as healthy",
      (f) => {
        f.d6.healing.result = { ...f.d6.healing.result, state: "healthy" };
      },
      "Result",
    ],
    [
      "the patient turned into a bystander",
      (f) => {
        f.d6.healing.patientUuid = "Actor.bystander";
      },
      "Result",
    ],
    [
      "an earlier use the same day hidden",
      (f) => {
        f.d6.healing.usesToday = -1;
      },
      "Result",
    ],
    [
      "a world time in the future (it sets the next rest)",
      (f) => {
        f.d6.healing.now += DAY;
      },
      "Result",
    ],
    [
      "an attack beside the healing",
      (f) => {
        f.d6.attack = { actorUuid: "Actor.thannik", targets: [] };
      },
      "Result",
    ],
    [
      "a +1D bonus named: 3 dice, but the Roll holds 2 faces",
      (f) => {
        f.origin.choices.bonusDice = "1";
      },
      "Dice",
    ],
    [
      "no origin",
      (f) => {
        delete f.origin;
      },
      "NoOrigin",
    ],
  ];
  it("T-40 with the difficulty lowered from Easy 8 to 4 in the dialog is refused (Choices); raised to 9 (9 ≥ 9), it is recorded", async () => {
    const { created } = await medpacCard(3);
    const lowered = await repost(created, (f) => {
      f.origin.choices.difficulty = "4";
    });
    expect(recordOf(lowered.id)?.tampered).toMatchObject({ by: "player", forged: "Choices" });
    const raised = await repost(created, (f) => {
      f.origin.choices.difficulty = "9";
    });
    expect(recordOf(raised.id)?.tampered).toBeNull();
  });

  for (const [what, change, reason] of forgeries) {
    it(`a medpac card forged at creation (${what}) is refused (${reason}) and heals no one`, async () => {
      const { created, trooper, bystander } = await medpacCard(2);
      const before = trooper.updates.length;
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
      expect(await t.stand.asUser("player", () => t.actions.requestChatAction(forged as never, "d6ApplyHealing", null))).toBe(false);
      expect(lastNotice()).toContain(`OMNIBUS.Chat.Forged.${reason}`);
      await t.stand.settle();
      expect(trooper.updates).toHaveLength(before);
      expect(bystander.updates).toEqual([]);
    });
  }
});

describe("a player's grenade card: the GM reads the blast on its own scene", () => {
  // T-46: a fragmentation grenade at a trooper 20 m away is medium range (Moderate 13); T-44: its
  // zones are 5D/4D/3D/2D at 0-2/4/6/10 m. Troopers stand 3 m and 12 m beyond the target.
  const grid = {
    units: "m",
    size: 100,
    distance: 1,
    measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
  };
  async function grenade(faces: number[]) {
    const thrower = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    thrower.live = true;
    for (const n of ["t0", "t1", "t2"]) actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), `Actor.${n}`, false);
    const me = sceneToken(t.stand, "thannik", "Actor.thannik", 0);
    (thrower as any).getActiveTokens = () => [me];
    const placed = [me, sceneToken(t.stand, "t0", "Actor.t0", 2000), sceneToken(t.stand, "t1", "Actor.t1", 2300)];
    placed.push(sceneToken(t.stand, "t2", "Actor.t2", 3200));
    (globalThis as any).canvas = { ready: true, grid, tokens: { controlled: [], placeables: placed } };
    const targets = describeTargets(grid, me as never, [placed[1]] as never);
    const itemId = (thrower as any).items.contents.find((i: any) => i.name === "Fragmentation grenade").id;
    const request = (await t.stand.asUser("player", () =>
      t.checks.d6Checks.build({ actor: thrower as never, kind: "attack", dataset: { itemId }, targets }),
    ))!;
    forceFaces(faces);
    await t.stand.asUser("player", () => t.checks.d6Checks.roll(request, request.values, { rollMode: "publicroll" }));
    await t.stand.settle();
    return { created: t.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>, message: t.stand.messages.at(-1)! as any };
  }
  const zones = (f: Record<string, any>) => f.d6.attack.targets.map((x: any) => [x.actorUuid, x.damage]);

  it("a hit (20 ≥ 13): the target in the 5D zone, the trooper 3 m away in 4D, the one 12 m away out; recorded untouched", async () => {
    const { created, message } = await grenade([5, 5, 5, 5]);
    expect(zones(created.flags.omnibus)).toEqual([
      ["Actor.t0", "5D"],
      ["Actor.t1", "4D"],
    ]);
    expect(recordOf(message.id)?.tampered).toBeNull();
  });

  it("a miss (8 < 13) lands 7 m beyond the target (direction 1, 2D = 3 + 4): zones around the landing point; recorded untouched", async () => {
    const { created, message } = await grenade([2, 2, 2, 2, 1, 3, 4]);
    // The landing point is 27 m from the thrower: t1 (23 m) 4 m away, t2 (32 m) 5 m, t0 (20 m) 7 m.
    expect(zones(created.flags.omnibus)).toEqual([
      ["Actor.t1", "4D"],
      ["Actor.t2", "3D"],
      ["Actor.t0", "2D"],
    ]);
    expect(recordOf(message.id)?.tampered).toBeNull();
  });

  const forgeries: Array<[string, number[], (f: Record<string, any>) => void, string]> = [
    [
      "the trooper 12 m away added in the 2D zone",
      [5, 5, 5, 5],
      (f) => {
        f.d6.attack.targets.push({
          ...f.d6.attack.targets[1],
          tokenUuid: "Scene.s.Token.t2",
          actorUuid: "Actor.t2",
          damage: "2D",
          zone: 4,
        });
      },
      "Result",
    ],
    [
      "the 4D zone claimed as 5D",
      [5, 5, 5, 5],
      (f) => {
        f.d6.attack.targets[1].damage = "5D";
      },
      "Result",
    ],
    [
      "a miss claimed with the hit's area",
      [2, 2, 2, 2, 1, 3, 4],
      (f) => {
        f.d6.attack.targets = [
          { tokenUuid: "Scene.s.Token.t0", actorUuid: "Actor.t0", name: "t0", img: "", zone: 1, damage: "5D", distance: 0 },
        ];
      },
      "Result",
    ],
  ];
  for (const [what, faces, change, reason] of forgeries) {
    it(`a grenade card forged at creation (${what}) is refused (${reason})`, async () => {
      const { created } = await grenade(faces);
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
    });
  }
});

describe("a player's grenade thrown at a point picked on the map", () => {
  // T-46: the point 20 m away is medium range (Moderate 13); T-44 zones around the point.
  const grid = {
    units: "m",
    size: 100,
    distance: 1,
    measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
  };
  async function throwAtPoint(faces: number[]) {
    const thrower = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    thrower.live = true;
    for (const n of ["t1", "t2"]) actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), `Actor.${n}`, false);
    const me = sceneToken(t.stand, "thannik", "Actor.thannik", 0);
    (thrower as any).getActiveTokens = () => [me];
    const placed = [me, sceneToken(t.stand, "t1", "Actor.t1", 2100), sceneToken(t.stand, "t2", "Actor.t2", 3200)];
    let click: ((e: unknown) => void) | null = null;
    const stage = { on: (_e: string, fn: (e: unknown) => void) => (click = fn), off: () => (click = null) };
    (globalThis as any).canvas = { ready: true, scene: { uuid: "Scene.s" }, stage, grid, tokens: { controlled: [], placeables: placed } };
    const itemId = (thrower as any).items.contents.find((i: any) => i.name === "Fragmentation grenade").id;
    const building = t.stand.asUser("player", () =>
      t.checks.d6Checks.build({ actor: thrower as never, kind: "attack", dataset: { itemId }, targets: [] }),
    );
    await Promise.resolve();
    (click as unknown as (e: unknown) => void)({ button: 0, getLocalPosition: () => ({ x: me.center.x + 2000, y: me.center.y }) });
    const request = (await building)!;
    forceFaces(faces);
    await t.stand.asUser("player", () => t.checks.d6Checks.roll(request, request.values, { rollMode: "publicroll" }));
    await t.stand.settle();
    return { created: t.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>, message: t.stand.messages.at(-1)! as any };
  }

  it("a hit (20 ≥ 13): the trooper 1 m from the point in 5D, the one 12 m away out; recorded untouched", async () => {
    const { created, message } = await throwAtPoint([5, 5, 5, 5]);
    expect(created.flags.omnibus.d6.attack.targets.map((x: any) => [x.actorUuid, x.damage])).toEqual([["Actor.t1", "5D"]]);
    expect(JSON.parse(created.flags.omnibus.origin.dataset.impact)).toMatchObject({ scene: "Scene.s", distance: 20 });
    expect(recordOf(message.id)?.tampered).toBeNull();
  });

  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "the trooper 12 m away added in the 2D zone",
      (f) => {
        f.d6.attack.targets.push({
          ...f.d6.attack.targets[0],
          tokenUuid: "Scene.s.Token.t2",
          actorUuid: "Actor.t2",
          damage: "2D",
          zone: 4,
        });
      },
      "Result",
    ],
    [
      "the point moved 15 m nearer, its distance still claimed as 20 m",
      (f) => {
        f.origin.dataset.impact = JSON.stringify({ ...JSON.parse(f.origin.dataset.impact), x: 500 });
      },
      "Choices",
    ],
    [
      "a point on a scene the world lacks",
      (f) => {
        f.origin.dataset.impact = JSON.stringify({ ...JSON.parse(f.origin.dataset.impact), scene: "Scene.elsewhere" });
      },
      "Choices",
    ],
  ];
  for (const [what, change, reason] of forgeries) {
    it(`a card forged at creation (${what}) is refused (${reason})`, async () => {
      const { created } = await throwAtPoint([5, 5, 5, 5]);
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
    });
  }
});
