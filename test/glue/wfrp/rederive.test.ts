// @vitest-environment happy-dom
// The GM re-derives the first roll of a WFRP card a player creates (issue 10, point 3): the test
// card, the attack card and the opposed-test card. The player posts the honest card's Roll with a
// changed claim (the SL, the target number, the face, the Fortune re-roll's test, the dialog's
// choices, the actor); the active GM rebuilds the test from the author's actor and refuses it with
// its reason, and nothing on it applies. The same card posted honestly is recorded untouched.
// Numbers: V6 (Intimidate 47 rolls 04 → +4 SL), Perdita's Bow at Short range (36 vs 68 → +3 SL).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { forceFaces, installFoundryStandIns, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf, packDocs } from "../../gallery/samples/wfrp";
import { recordOf } from "../../../src/foundry/chat/record";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let faces: number[];
let wfrp: typeof import("../../../src/foundry/wfrp/adapter");
let actions: typeof import("../../../src/foundry/chat/actions");
const g = globalThis as any;

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "wfrp", "omnibus.rulesetChosen": true } });
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
  faces = forceFaces();
  g.foundry.utils.getProperty = (o: any, path: string) => path.split(".").reduce((n, k) => n?.[k], o);
  const system = await import("../../../src/foundry/system");
  wfrp = await import("../../../src/foundry/wfrp/adapter");
  system.installOmnibus([wfrp.wfrpAdapter]);
  await stand.fire("init");
  await stand.fire("ready");
  actions = await import("../../../src/foundry/chat/actions");
});

function actorDoc(id: string, view: ReturnType<typeof actorViewOf>, owners: string[] = []): StandInDocument & Record<string, any> {
  const doc = new StandInDocument(id, `Actor.${id}`, false, {
    name: view.name,
    img: view.img,
    type: view.type,
    system: view.system,
    items: { contents: view.items },
    statuses: new Set(view.statuses ?? []),
    testUserPermission: (user: { id: string; isGM: boolean }) => user.isGM || owners.includes(user.id),
  }) as StandInDocument & Record<string, any>;
  Object.defineProperty(doc, "isOwner", { get: () => g.game.user.isGM || owners.includes(g.game.user.id) });
  stand.documents.set(doc.uuid, doc);
  return doc;
}

const character = (name: string) => packDocs("wfrp-examples").find((d) => d.name === name)!;
const lastNotice = () => String(stand.recorded.notifications.at(-1)?.message);

/** The player posts the card again with `change` applied to its flags (and other Rolls, if given). */
async function repost(created: { data: Record<string, any> }, change: (f: Record<string, any>) => void, rolls?: unknown[]) {
  const flags = structuredClone(created.data.flags) as Record<string, any>;
  change(flags.omnibus);
  const Message = g.ChatMessage;
  const message = await stand.asUser("player", () => Message.create({ ...created.data, flags, ...(rolls ? { rolls } : {}) }));
  return message as StandInDocument & { id: string };
}

/** An evaluated Roll of `formula` showing `shown` (what a forged card could carry instead). */
async function rollOf(formula: string, shown: number[]) {
  const roll = new g.Roll(formula);
  faces.push(...shown);
  await roll.evaluate();
  return roll;
}

describe("the test card", () => {
  /** V6: Salundra (the player's) Intimidate 47 rolls 04 → +4 SL; she has a Fortune point. */
  async function intimidate() {
    const salundra = actorDoc("sal", actorViewOf(character("Salundra von Drakenburg")), ["player"]);
    salundra.system.fortune = 1;
    actorDoc("tom", actorViewOf(character("Fat Tom Brandysnap")));
    const item = salundra.items.contents.find((i: any) => i.system.key === "intimidate");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await stand.asUser("player", () =>
      checks.build({ actor: salundra as any, kind: "skill", dataset: { itemId: item.id }, targets: [] }),
    ))!;
    faces.push(4);
    await stand.asUser("player", () => checks.roll(request, request.values, { rollMode: "publicroll" }));
    await stand.settle();
    return { salundra, created: stand.recorded.messagesCreated.at(-1)!, message: stand.messages.at(-1)! };
  }

  it("an honest card is recorded untouched: its origin names the actor and the dialog's choices, and its Fortune re-roll works", async () => {
    const { salundra, created, message } = await intimidate();
    const flags = (created.data.flags as any).omnibus;
    expect(flags.test.result).toMatchObject({ roll: 4, target: 47, sl: 4, success: true });
    expect(flags.origin).toMatchObject({ kind: "skill", actorUuid: "Actor.sal", choices: { difficulty: "challenging", modifier: "0" } });
    expect(recordOf(message.id)?.tampered).toBeNull();
    const again = await repost(created, () => undefined);
    expect(recordOf(again.id)?.tampered).toBeNull();
    faces.push(30);
    expect(await stand.asUser("player", () => actions.requestChatAction(again as never, "wfrpFortune", null))).toBe(true);
    await stand.settle();
    expect(salundra.updates).toEqual([{ "system.fortune": 0 }]);
  });

  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "+4 SL claimed as +9",
      (f) => {
        f.test.result.sl = 9;
        f.test.result.slLabel = "+9";
      },
      "Result",
    ],
    [
      "the target number 47 claimed as 87",
      (f) => {
        f.test.result.target = 87;
      },
      "Result",
    ],
    [
      "the Fortune re-roll's test raised to 97",
      (f) => {
        f.test.reroll.spec.value = 97;
      },
      "Result",
    ],
    [
      "a +20 modifier named, but 47 claimed",
      (f) => {
        f.origin.choices.modifier = "20";
      },
      "Result",
    ],
    [
      "a +5000 modifier the dialog does not offer",
      (f) => {
        f.origin.choices.modifier = "5000";
      },
      "Choices",
    ],
    [
      "a difficulty the dialog does not offer",
      (f) => {
        f.origin.choices.difficulty = "trivial";
      },
      "Choices",
    ],
    [
      "called an extended test's step with a re-roll",
      (f) => {
        f.test.kind = "extended";
      },
      "Result",
    ],
    [
      "the roll said to be Fat Tom's",
      (f) => {
        f.origin.actorUuid = "Actor.tom";
        f.origin.itemUuid = null;
      },
      "NotOwner",
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
    it(`a card forged at creation (${what}) is refused (${reason}); its Fortune re-roll applies nothing`, async () => {
      const { salundra, created } = await intimidate();
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
      faces.push(30);
      expect(await stand.asUser("player", () => actions.requestChatAction(forged as never, "wfrpFortune", null))).toBe(false);
      expect(lastNotice()).toContain(`OMNIBUS.Chat.Forged.${reason}`);
      await stand.settle();
      expect(salundra.updates).toEqual([]);
    });
  }

  it("dice that are not one d100 are refused (Dice): a d10 showing 4, two d100s", async () => {
    const { created } = await intimidate();
    const d10 = await repost(created, () => undefined, [await rollOf("1d10", [4])]);
    expect(recordOf(d10.id)?.tampered).toMatchObject({ forged: "Dice" });
    const two = await repost(created, () => undefined, [await rollOf("1d100", [4]), await rollOf("1d100", [4])]);
    expect(recordOf(two.id)?.tampered).toMatchObject({ forged: "Dice" });
    // A d100 showing 91 under the claim of 04 (+4 SL): the result is not what the die gives.
    const other = await repost(created, () => undefined, [await rollOf("1d100", [91])]);
    expect(recordOf(other.id)?.tampered).toMatchObject({ forged: "Result" });
  });
});

describe("the attack card", () => {
  /** Perdita (the player's) Bow at the Cultist's tokens "near" (20 yd, Short: 36 vs 68 → +3 SL, hit) and "far" (120 yd). */
  async function bowShot() {
    const perdita = actorDoc("per", actorViewOf(character("Perdita")), ["player"]);
    const cultist = actorDoc("cul", actorViewOf(character("Cultist of the Blood God")));
    stand.placeToken("Scene.s.Token.p", perdita, { x: 0, y: 0 }, { units: "yd" });
    stand.placeToken("Scene.s.Token.a", cultist, { x: 20, y: 0 }, { name: "near" });
    stand.placeToken("Scene.s.Token.b", cultist, { x: 0, y: 120 }, { name: "far" });
    const bow = perdita.items.contents.find((i: any) => i.type === "wfrp_weapon");
    const targets = [
      { tokenUuid: "Scene.s.Token.a", actorUuid: cultist.uuid, name: "near", img: "", distance: 20, units: "yd" },
      { tokenUuid: "Scene.s.Token.b", actorUuid: cultist.uuid, name: "far", img: "", distance: 120, units: "yd" },
    ];
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await stand.asUser("player", () =>
      checks.build({ actor: perdita as any, kind: "attack", dataset: { itemId: bow.id }, targets }),
    ))!;
    faces.push(36);
    await stand.asUser("player", () => checks.roll(request, request.values, { rollMode: "publicroll" }));
    await stand.settle();
    return { cultist, created: stand.recorded.messagesCreated.at(-1)!, message: stand.messages.at(-1)! };
  }
  const wounds = (doc: StandInDocument) => doc.updates.filter((u) => Object.keys(u).some((k) => k.startsWith("system.health")));

  it("an honest card is recorded untouched, and its damage applies", async () => {
    const { cultist, created, message } = await bowShot();
    expect((created.data.flags as any).omnibus.attack.targets[0]).toMatchObject({ band: "short", spec: { difficulty: "average" } });
    expect(recordOf(message.id)?.tampered).toBeNull();
    const again = await repost(created, () => undefined);
    expect(recordOf(again.id)?.tampered).toBeNull();
    expect(await stand.asUser("player", () => actions.requestChatAction(again as never, "applyDamage", "0"))).toBe(true);
    await stand.settle();
    expect(wounds(cultist)).toHaveLength(1);
  });

  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "the face 36 claimed as 05",
      (f) => {
        f.attack.roll = 5;
      },
      "Result",
    ],
    [
      "the far target's Extreme range claimed as Short",
      (f) => {
        f.attack.targets[1].band = "short";
        f.attack.targets[1].spec.difficulty = "average";
      },
      "Result",
    ],
    [
      "+40 on the near target's test",
      (f) => {
        f.attack.targets[0].spec.modifier = 40;
      },
      "Result",
    ],
    [
      "a heavier bow",
      (f) => {
        f.attack.weapon.damage = 9;
      },
      "Result",
    ],
    [
      "Strength Bonus 9",
      (f) => {
        f.attack.attacker.strengthBonus = 9;
      },
      "Result",
    ],
    [
      "the cultist made a defenceless target",
      (f) => {
        f.attack.targets[0].outOfRange = true;
      },
      "Result",
    ],
    [
      "Advantage 3 named, none claimed",
      (f) => {
        f.origin.choices.advantage = "3";
      },
      "Result",
    ],
    [
      "the far target claimed at 20 yd (its token is 120 yd away)",
      (f) => {
        f.origin.targets[1].distance = 20;
      },
      "Targets",
    ],
    [
      "another actor named for the near token",
      (f) => {
        f.origin.targets[0].actorUuid = "Actor.per";
      },
      "Targets",
    ],
    [
      "a token the scene does not have",
      (f) => {
        f.origin.targets[0].tokenUuid = "Scene.s.Token.ghost";
      },
      "Targets",
    ],
    [
      "the near token named twice",
      (f) => {
        f.origin.targets.push({ ...f.origin.targets[0] });
      },
      "Targets",
    ],
    [
      "the shot posted as a plain test card",
      (f) => {
        f.test = { kind: "skill", skill: null, characteristic: "bs", result: {}, extended: null };
        delete f.attack;
      },
      "Result",
    ],
  ];
  for (const [what, change, reason] of forgeries) {
    it(`a card forged at creation (${what}) is refused (${reason}) and its damage applies nothing`, async () => {
      const { cultist, created } = await bowShot();
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
      expect(await stand.asUser("player", () => actions.requestChatAction(forged as never, "applyDamage", "0"))).toBe(false);
      expect(lastNotice()).toContain(`OMNIBUS.Chat.Forged.${reason}`);
      await stand.settle();
      expect(wounds(cultist)).toHaveLength(0);
    });
  }
});

describe("the opposed-test card", () => {
  /** V6 opposed: Salundra (the player's) Intimidate 47 rolls 04 at the Guard Officer. */
  async function opposed() {
    const salundra = actorDoc("sal", actorViewOf(character("Salundra von Drakenburg")), ["player"]);
    const officer = actorDoc("off", actorViewOf(character("Guard Officer")));
    stand.placeToken("Scene.s.Token.s", salundra, { x: 0, y: 0 });
    stand.placeToken("Scene.s.Token.d", officer, { x: 3, y: 0 }, { name: officer.name });
    const item = salundra.items.contents.find((i: any) => i.system.key === "intimidate");
    const targets = [{ tokenUuid: "Scene.s.Token.d", actorUuid: officer.uuid, name: officer.name, img: "", distance: 3, units: "m" }];
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await stand.asUser("player", () =>
      checks.build({ actor: salundra as any, kind: "skill", dataset: { itemId: item.id }, targets }),
    ))!;
    expect(request.values.opposed).toBe(true);
    faces.push(4);
    await stand.asUser("player", () => checks.roll(request, request.values, { rollMode: "publicroll" }));
    await stand.settle();
    return { created: stand.recorded.messagesCreated.at(-1)!, message: stand.messages.at(-1)! };
  }

  it("an honest card is recorded untouched, also with the skill's name in another language", async () => {
    const { created, message } = await opposed();
    expect((created.data.flags as any).omnibus.opposed).toMatchObject({ roll: 4, tester: { spec: { value: 47 } } });
    expect(recordOf(message.id)?.tampered).toBeNull();
    const russian = await repost(created, (f) => {
      f.opposed.tester.label = "Запугивание";
    });
    expect(recordOf(russian.id)?.tampered).toBeNull();
  });

  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "the tester's Intimidate 47 claimed as 97",
      (f) => {
        f.opposed.tester.spec.value = 97;
      },
      "Result",
    ],
    [
      "the face 04 claimed as 01",
      (f) => {
        f.opposed.roll = 1;
      },
      "Result",
    ],
    [
      "the test said to be Fat Tom's",
      (f) => {
        f.opposed.tester.uuid = "Actor.tom";
      },
      "Result",
    ],
    [
      "a second target added",
      (f) => {
        f.opposed.targets.push({ ...f.opposed.targets[0], tokenUuid: "Scene.s.Token.x" });
      },
      "Result",
    ],
    [
      "posted as a plain test card",
      (f) => {
        f.origin.choices.opposed = "false";
      },
      "Result",
    ],
  ];
  for (const [what, change, reason] of forgeries) {
    it(`a card forged at creation (${what}) is refused (${reason}); the defender cannot respond to it`, async () => {
      const { created } = await opposed();
      const forged = await repost(created, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
      expect(await stand.asUser("gm", () => actions.requestChatAction(forged as never, "respond", "0"))).toBe(false);
      expect(lastNotice()).toContain(`OMNIBUS.Chat.Forged.${reason}`);
    });
  }
});

describe("a test with helpers, while the GM views another scene", () => {
  /** The seed's search (003:L221-239): Ademar (Perception 59) at Difficult (−10), helped by Perdita and Valentin (+20) → 69. */
  async function search(face: number) {
    const ademar = actorDoc("ade", actorViewOf(character("Ademar")), ["player"]);
    const perdita = actorDoc("per", actorViewOf(character("Perdita")));
    const valentin = actorDoc("val", actorViewOf(character("Valentin, Jade Magister")));
    const item = ademar.items.contents.find((i: any) => i.system.key === "perception");
    const placeable = (actor: unknown) => ({ actor, document: { disposition: 1 } });
    // The player's canvas shows the party's scene; the GM's (when the card arrives) another one.
    g.canvas = { tokens: { placeables: [placeable(ademar), placeable(perdita), placeable(valentin)] } };
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await stand.asUser("player", () =>
      checks.build({ actor: ademar as any, kind: "skill", dataset: { itemId: item.id }, targets: [] }),
    ))!;
    expect(request.fields.filter((f) => f.name.startsWith("helper")).map((f) => f.detail?.split(" · ")[0])).toEqual([
      "Perdita",
      "Valentin, Jade Magister",
    ]);
    g.canvas = { tokens: { placeables: [] } };
    faces.push(face);
    await stand.asUser("player", () =>
      checks.roll(request, { ...request.values, difficulty: "difficult", helper0: true, helper1: true }, { rollMode: "publicroll" }),
    );
    await stand.settle();
    return { created: stand.recorded.messagesCreated.at(-1)!, message: stand.messages.at(-1)! };
  }

  it("the card names the helpers its dialog offered: the GM rebuilds the same test (69; 74 → −1 SL) and records it untouched", async () => {
    const { created, message } = await search(74);
    const flags = (created.data.flags as any).omnibus;
    expect(flags.test.result).toMatchObject({ target: 69, sl: -1, success: false });
    expect(flags.origin.dataset).toMatchObject({ allies: "2", ally0: "Actor.per", ally1: "Actor.val" });
    expect(recordOf(message.id)?.tampered).toBeNull();
  });

  it("a third helper box ticked, or a helper who is not a WFRP character, is refused (Choices)", async () => {
    const { created } = await search(74);
    const third = await repost(created, (f) => {
      f.origin.choices.helper2 = "true";
    });
    expect(recordOf(third.id)?.tampered).toMatchObject({ forged: "Choices" });
    const stranger = await repost(created, (f) => {
      f.origin.dataset.ally1 = "Actor.nobody";
    });
    expect(recordOf(stranger.id)?.tampered).toMatchObject({ forged: "Choices" });
  });
});
