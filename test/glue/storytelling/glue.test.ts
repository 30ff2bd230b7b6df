// @vitest-environment happy-dom
// Storytelling glue with the Foundry stand-ins: registrations, a check rolled with forced faces
// (digest E7), an attack on a target at a measured distance (range band, Defense, armour), the
// apply-damage action (one update, statuses, GM routing, once only), an extended action.
import { beforeEach, describe, expect, it } from "vitest";
import { StandInDocument, type StandIns, statusEffectIds } from "../../support/foundry-stand-ins";
import { setUpStorytelling } from "./setup";
import { recordOf } from "../../../src/foundry/chat/record";
import type { CardContext } from "../../../src/rules/storytelling/table/cards";
import { sceneToken } from "../../support/scene-tokens";

let stand: StandIns;
let checks: typeof import("../../../src/foundry/storytelling/checks");
let actions: typeof import("../../../src/foundry/chat/actions");
let targets: typeof import("../../../src/foundry/targets");
let adapter: (typeof import("../../../src/foundry/storytelling/adapter"))["storytellingAdapter"];
/** Faces the next evaluated rolls produce, one list per roll (what Foundry's dice would have shown). */
let faceQueue: number[][];

const attrs = (a: Record<string, number>) => ({
  intelligence: 2,
  wits: 2,
  resolve: 2,
  strength: 2,
  dexterity: 2,
  stamina: 2,
  presence: 2,
  manipulation: 2,
  composure: 2,
  ...a,
});

function actorDoc(id: string, isOwner: boolean, system: Record<string, unknown>, items: unknown[] = [], type = "storytelling_character") {
  const doc = new StandInDocument(id, `Actor.${id}`, isOwner, {
    name: id,
    img: "icons/svg/mystery-man.svg",
    type,
    system,
    items,
    statuses: new Set<string>(),
  });
  stand.documents.set(`Actor.${id}`, doc);
  return doc as StandInDocument & { system: Record<string, unknown>; statuses: Set<string> };
}

beforeEach(async () => {
  ({ stand, adapter, checks, actions, targets, faceQueue } = await setUpStorytelling());
});

const lastCard = () => stand.recorded.rendered.at(-1)!.context as unknown as CardContext;

describe("registrations", () => {
  it("registers the Storytelling data models, sheets, rolls, status effects, settings and combat", () => {
    const CONFIG = (globalThis as unknown as { CONFIG: Record<string, any> }).CONFIG;
    expect(Object.keys(CONFIG.Actor.dataModels).sort()).toEqual([
      "storytelling_character",
      "storytelling_npc",
      "storytelling_party",
      "storytelling_vehicle",
    ]);
    expect(Object.keys(CONFIG.Item.dataModels).sort()).toEqual([
      "storytelling_armor",
      "storytelling_equipment",
      "storytelling_extended",
      "storytelling_merit",
      "storytelling_object",
      "storytelling_weapon",
    ]);
    expect(stand.recorded.sheets).toHaveLength(10);
    expect(CONFIG.Dice.rolls.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(["StorytellingRoll", "StorytellingInitiativeRoll"]),
    );
    expect(statusEffectIds()).toEqual(expect.arrayContaining(["dead", "wounded3", "unconsciousRisk", "dying", "dodging"]));
    expect(stand.recorded.settingsRegistered.get("omnibus.storytelling_chanceDieUsesAgain")).toMatchObject({
      default: false,
      config: false,
    });
    expect(stand.recorded.settingsRegistered.get("omnibus.storytelling_strengthShortfall")).toMatchObject({ default: "flat" });
    expect(stand.recorded.templatesLoaded).toContain("systems/omnibus/templates/storytelling/chat/roll-card.hbs");
  });

  it("initiative is 1d10 + Dexterity + Composure; ties go to the higher modifier, then the roll-off", async () => {
    const roll = adapter.combat!.initiativeRoll!({
      actor: { system: { attributes: attrs({ dexterity: 3, composure: 2 }) } },
    } as never) as unknown as { formula: string; evaluate(): Promise<unknown>; outcome: unknown };
    expect(roll.formula).toBe("1d10 + 5");
    faceQueue.push([7]);
    await roll.evaluate();
    expect(roll.outcome).toEqual({ roll: 7, modifier: 5, total: 12 });
    const c = (name: string, initiative: number, dex: number, rollOff = 0) => ({
      name,
      initiative,
      actor: { system: { attributes: attrs({ dexterity: dex, composure: 2 }) } },
      flags: { omnibus: { rollOff } },
    });
    const order = [c("slow", 12, 2), c("fast", 12, 4), c("top", 14, 1)].sort(adapter.combat!.compare as never).map((x) => x.name);
    expect(order).toEqual(["top", "fast", "slow"]);
    expect([c("a", 9, 3, 2), c("b", 9, 3, 8)].sort(adapter.combat!.compare as never).map((x) => x.name)).toEqual(["b", "a"]);
  });
});

describe("checks", () => {
  it("digest E7: Intelligence + Crafts 6, Specialty +1, worn part −1 → 6 dice; [2,3,5,7,8,9] → 2 successes", async () => {
    const actor = actorDoc("marcus", true, {
      attributes: attrs({ intelligence: 2 }),
      skills: { crafts: { dots: 4, specialties: "Engines" } },
    });
    const request = (await checks.storytellingChecks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { skill: "crafts", attribute: "intelligence" },
      targets: [],
    }))!;
    expect(request.values).toMatchObject({ attribute: "intelligence", second: "skill:crafts" });
    const values = { ...request.values, specialty: true, modifier: -1 };
    const odds = checks.storytellingChecks.odds!(request, values);
    // P(at least one 8+ among 6d10 with 10-again) = 1 − 0.7^6.
    expect(odds[0].probability).toBeCloseTo(1 - 0.7 ** 6, 12);
    faceQueue.push([2, 3, 5, 7, 8, 9]);
    await checks.storytellingChecks.roll(request, values, { rollMode: "publicroll" });
    const [{ data }] = stand.recorded.messagesCreated;
    expect((data.rolls as Array<{ formula: string }>)[0].formula).toBe("6ds");
    const card = lastCard();
    expect(card.rolls[0]).toMatchObject({ pool: 6, successes: 2, outcomeLabel: "OMNIBUS.Storytelling.Outcome.success", chance: false });
    expect(card.rolls[0].dice.map((d) => d.face)).toEqual([2, 3, 5, 7, 8, 9]);
    expect(card.rolls[0].dice.filter((d) => d.classes.includes("success"))).toHaveLength(2);
  });

  it("digest E9/E10: a pool at 0 or below is a chance roll, stated plainly; [1] is a dramatic failure", async () => {
    const actor = actorDoc("shooter", true, { attributes: attrs({}), skills: {} });
    const request = (await checks.storytellingChecks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { attribute: "dexterity" },
      targets: [],
    }))!;
    const values = { ...request.values, modifier: -5 };
    const odds = checks.storytellingChecks.odds!(request, values);
    expect(odds.map((o) => o.label)).toEqual([
      "OMNIBUS.Storytelling.Odds.ChanceSuccess",
      "OMNIBUS.Storytelling.Odds.Exceptional",
      "OMNIBUS.Storytelling.Odds.DramaticFailure",
      "OMNIBUS.Storytelling.Odds.Pool",
    ]);
    // The pool line says it is a chance die, not "0 dice".
    expect(odds[3]).toMatchObject({ probability: 0, fact: true, value: "OMNIBUS.Storytelling.Odds.ChanceDie" });
    expect(odds[2].probability).toBeCloseTo(0.1, 12);
    faceQueue.push([1]);
    await checks.storytellingChecks.roll(request, values, { rollMode: "publicroll" });
    expect(lastCard().rolls[0]).toMatchObject({
      chance: true,
      outcomeLabel: "OMNIBUS.Storytelling.Outcome.dramaticFailure",
      tone: "fumble",
    });
    faceQueue.push([10, 10, 8]);
    await checks.storytellingChecks.roll(request, values, { rollMode: "publicroll" });
    expect(lastCard().rolls[0]).toMatchObject({ chance: true, successes: 2 });
  });

  it("Willpower adds 3 dice (E25) and spends one point in one update; a second spend in the turn is refused", async () => {
    const actor = actorDoc("defuser", true, {
      attributes: attrs({ intelligence: 2 }),
      skills: { science: { dots: 1, specialties: "" } },
      willpower: { points: 3, spentThisTurn: false },
    });
    const request = (await checks.storytellingChecks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { skill: "science", attribute: "intelligence" },
      targets: [],
    }))!;
    faceQueue.push([1, 2, 3]);
    await checks.storytellingChecks.roll(request, { ...request.values, willpower: true, situational: "-3" }, { rollMode: "publicroll" });
    expect(lastCard().rolls[0].pool).toBe(3);
    expect(actor.updates).toEqual([{ "system.willpower.points": 2, "system.willpower.spentThisTurn": true }]);
    actor.system.willpower = { points: 2, spentThisTurn: true };
    const again = (await checks.storytellingChecks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { skill: "science" },
      targets: [],
    }))!;
    expect(() => checks.storytellingChecks.odds!(again, { ...again.values, willpower: true })).toThrow(/one Willpower point/);
  });
});

describe("an attack on a measured target", () => {
  const pistol = {
    id: "w1",
    name: "Pistol, light",
    type: "storytelling_weapon",
    system: {
      attackKind: "firearms",
      damage: 2,
      damageType: "lethal",
      ranges: { short: 20, medium: 40, long: 80 },
      strength: 2,
      again: "10",
    },
  };
  const club = {
    id: "w2",
    name: "Club",
    type: "storytelling_weapon",
    system: { attackKind: "melee", damage: 2, damageType: "bashing", strength: 2, again: "10" },
  };
  const grid = {
    units: "m",
    measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
  };
  const token = (name: string, uuid: string, x: number) => sceneToken(stand, name, uuid, x) as never;

  async function attack(weaponId: string, targetX: number, faces: number[], attacker = { dexterity: 3, strength: 3 }) {
    const shooter = actorDoc(
      "shooter",
      true,
      { attributes: attrs(attacker), skills: { firearms: { dots: 3, specialties: "" }, weaponry: { dots: 2, specialties: "" } } },
      [pistol, club],
    );
    actorDoc(
      "vaughn",
      false,
      { attributes: attrs({ wits: 3, dexterity: 3, stamina: 2 }), healthTrack: { aggravated: 2, lethal: 3, bashing: 2 } },
      [{ type: "storytelling_armor", system: { general: 1, ballistic: 2, defense: 0, equipped: true } }],
    );
    const measured = targets.describeTargets(grid, token("shooter", "Actor.shooter", 0), [token("vaughn", "Actor.vaughn", targetX)]);
    const request = (await checks.storytellingChecks.build({
      actor: shooter as never,
      kind: "attack",
      dataset: { itemId: weaponId },
      targets: measured,
    }))!;
    faceQueue.push(faces);
    await checks.storytellingChecks.roll(request, request.values, { rollMode: "publicroll" });
    return { request, card: lastCard(), message: stand.recorded.messagesCreated.at(-1)! };
  }

  it("a pistol at 30 m (32.8 yd, light pistol 20/40/80): medium range −2, no Defense against Firearms, ballistic armour 2", async () => {
    const { card } = await attack("w1", 3000, [8, 9, 3, 4]);
    const roll = card.rolls[0];
    expect(roll.target).toMatchObject({ name: "vaughn", distance: 30, units: "m", bandLabel: "OMNIBUS.Storytelling.Range.medium" });
    // Dexterity 3 + Firearms 3 + Damage 2 − 2 (medium) − 2 (ballistic) = 4 dice.
    expect(roll.pool).toBe(4);
    expect(roll.parts).toEqual(
      expect.arrayContaining([
        { label: "OMNIBUS.Storytelling.Part.range", value: "−2" },
        { label: "OMNIBUS.Storytelling.Part.armor", value: "−2" },
      ]),
    );
    expect(roll.parts.some((p) => p.label === "OMNIBUS.Storytelling.Part.defense")).toBe(false);
    expect(roll.damage).toEqual({ points: 2, typeLabel: "OMNIBUS.Storytelling.Damage.lethal" });
    // The button names only the target's key; the damage is in the card's state, which the GM records at creation.
    expect(roll.buttons[0]).toEqual({
      action: "applyDamage",
      label: "OMNIBUS.Storytelling.Chat.ApplyDamage",
      icon: "fa-solid fa-droplet",
      data: { target: "0" },
    });
    expect((stand.messages.at(-1)!.flags as any).omnibus.damage).toEqual({ "0": { actorUuid: "Actor.vaughn", points: 2, type: "lethal" } });
  });

  it("at 80 m (87.5 yd) the light pistol is out of range: the card says so and nothing is rolled", async () => {
    const shooter = actorDoc("s2", true, { attributes: attrs({}), skills: {} }, [pistol]);
    actorDoc("far", false, { attributes: attrs({}) });
    const measured = targets.describeTargets(grid, token("s2", "Actor.s2", 0), [token("far", "Actor.far", 8000)]);
    const request = (await checks.storytellingChecks.build({
      actor: shooter as never,
      kind: "attack",
      dataset: { itemId: "w1" },
      targets: measured,
    }))!;
    expect(() => checks.storytellingChecks.odds!(request, request.values)).toThrow(/out of range/);
    await checks.storytellingChecks.roll(request, request.values, { rollMode: "publicroll" });
    expect(lastCard().rolls[0]).toMatchObject({ outOfRange: true, dice: [] });
  });

  it("a club in melee subtracts the target's Defense (lower of Wits 3, Dexterity 3) and general armour 1", async () => {
    const { card } = await attack("w2", 100, [8, 2, 3]);
    // Strength 3 + Weaponry 2 + Damage 2 − Defense 3 − armour 1 = 3 dice.
    expect(card.rolls[0].pool).toBe(3);
    expect(card.rolls[0].damage).toEqual({ points: 1, typeLabel: "OMNIBUS.Storytelling.Damage.bashing" });
  });

  it("apply damage: the card's 1 bashing on the digest's full Health 7 track `**XXX//` upgrades a bashing box → `**XXXX/`, one update with the statuses; GM routing; once only", async () => {
    await attack("w2", 100, [8, 2, 3]);
    const msg = stand.messages.at(-1)!;
    const health = (doc: StandInDocument) => doc.updates.filter((u) => Object.keys(u).some((k) => k.startsWith("system.healthTrack")));
    const target = stand.documents.get("Actor.vaughn") as StandInDocument;
    // The player owns the message but not the target: the request names only the card, the action and the target's key.
    expect(await actions.requestChatAction(msg as never, "applyDamage", "0")).toBe(true);
    expect(stand.recorded.socketEmits.find((e) => (e.data as any).action === "applyDamage")).toMatchObject({
      from: "player",
      data: { target: "0" },
    });
    expect(health(target)).toHaveLength(1);
    expect(health(target)[0]).toEqual({
      "system.healthTrack.aggravated": 2,
      "system.healthTrack.lethal": 4,
      "system.healthTrack.bashing": 1,
    });
    expect(target.statusToggles).toEqual(
      expect.arrayContaining([
        { id: "wounded3", active: true },
        { id: "unconsciousRisk", active: true },
        { id: "dying", active: false },
      ]),
    );
    // A second click does nothing, nor a GM's.
    expect(await actions.requestChatAction(msg as never, "applyDamage", "0")).toBe(false);
    stand.setUser("gm");
    expect(await actions.requestChatAction(msg as never, "applyDamage", "0")).toBe(false);
    expect(health(target)).toHaveLength(1);
    // Undo after a later change (2 more bashing elsewhere would not fit; 1 lethal healed: 4 → 3): back by the delta.
    target.live = true;
    Object.assign((target as any).system.healthTrack, { aggravated: 2, lethal: 3, bashing: 1 });
    await stand.asUser("gm", () => actions.undoMark(msg as never, "applyDamage:0", stand.users.get("gm") as never));
    expect((target as any).system.healthTrack).toEqual({ aggravated: 2, lethal: 2, bashing: 2 });
  });

  it("a player who may not use the button (not the author) is refused, nothing changes", async () => {
    await attack("w2", 100, [8, 2, 3]);
    const msg = stand.messages.at(-1)!;
    stand.makeUser("someone-else", false);
    stand.setUser("someone-else");
    expect(await actions.requestChatAction(msg as never, "applyDamage", "0")).toBe(false);
    expect((stand.documents.get("Actor.vaughn") as StandInDocument).updates.filter((u) => "system.healthTrack.lethal" in u)).toHaveLength(
      0,
    );
    expect(stand.recorded.notifications.at(-1)?.message).toContain("OMNIBUS.Chat.NotPermitted");
  });

  it("the damage comes from the GM's record, not the card: an edit to 9 aggravated on another target marks it tampered and applies nothing", async () => {
    await attack("w2", 100, [8, 2, 3]);
    const msg = stand.messages.at(-1)!;
    await msg.update({ "flags.omnibus.damage": { "0": { actorUuid: "Actor.someone", points: 9, type: "aggravated" } } });
    expect(await actions.requestChatAction(msg as never, "applyDamage", "0")).toBe(false);
    expect(stand.recorded.notifications.at(-1)?.message).toBe("OMNIBUS.Chat.Tampered");
    expect((stand.documents.get("Actor.vaughn") as StandInDocument).updates.filter((u) => "system.healthTrack.lethal" in u)).toHaveLength(
      0,
    );
  });

  // The player creates the card with the honest card's Rolls but a changed claim: the GM re-derives it at creation.
  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "1 bashing claimed as 9 aggravated",
      (f) => {
        f.damage["0"] = { actorUuid: "Actor.vaughn", points: 9, type: "aggravated" };
      },
      "Result",
    ],
    [
      "the damage moved to a bystander",
      (f) => {
        f.damage["0"].actorUuid = "Actor.someone";
      },
      "Result",
    ],
    [
      "a +1 modifier claimed: 4 dice, but the Roll holds 3 faces",
      (f) => {
        f.origin.choices.modifier = "1";
      },
      "Dice",
    ],
    [
      "a +99 modifier the dialog does not offer",
      (f) => {
        f.origin.choices.modifier = "99";
      },
      "Choices",
    ],
    [
      "the roll said to be the target's",
      (f) => {
        f.origin.actorUuid = "Actor.vaughn";
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
    it(`a card forged at creation (${what}) is refused (${reason}) and applies nothing`, async () => {
      const { message } = await attack("w2", 100, [8, 2, 3]);
      const flags = structuredClone(message.data.flags) as Record<string, any>;
      change(flags.omnibus);
      const Message = (globalThis as Record<string, any>).ChatMessage;
      const forged = await stand.asUser("player", () => Message.create({ ...message.data, flags }));
      expect(recordOf((forged as { id: string }).id)?.tampered).toMatchObject({ by: "player", forged: reason });
      expect(await actions.requestChatAction(forged as never, "applyDamage", "0")).toBe(false);
      expect(String(stand.recorded.notifications.at(-1)?.message)).toContain(`OMNIBUS.Chat.Forged.${reason}`);
      expect((stand.documents.get("Actor.vaughn") as StandInDocument).updates.filter((u) => "system.healthTrack.lethal" in u)).toHaveLength(
        0,
      );
    });
  }

  it("the same card created honestly (same Rolls, same claim) is recorded untouched", async () => {
    const { message } = await attack("w2", 100, [8, 2, 3]);
    const Message = (globalThis as Record<string, any>).ChatMessage;
    const again = await stand.asUser("player", () => Message.create({ ...message.data, flags: structuredClone(message.data.flags) }));
    expect(recordOf((again as { id: string }).id)?.tampered).toBeNull();
  });
});

describe("extended actions", () => {
  it("digest E12: Marcus' chainsaw, target 10: rolls of 3, 2, 0 then 6 successes complete it on roll 4, each recorded on the tracker once", async () => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const marcus = actorDoc("marcus", true, { attributes: attrs({ wits: 3 }), skills: { crafts: { dots: 4, specialties: "" } } });
    const tracker = new StandInDocument("t1", "Item.t1", true, {
      name: "Repair the chainsaw",
      type: "storytelling_extended",
      system: {
        target: 10,
        accumulated: 0,
        rollsMade: 0,
        maxRolls: 4,
        attempt: 1,
        attribute: "wits",
        skill: "crafts",
        equipment: 3,
        modifier: 0,
        status: "inProgress",
        exceptionalRolls: [],
        dramaticFailures: [],
      },
    }) as StandInDocument & { system: Record<string, unknown> };
    stand.documents.set("Item.t1", tracker);
    const rolls = [
      [8, 9, 10, 1, 2, 3, 4, 5, 6, 7, 5],
      [8, 8, 1, 2, 3, 4, 5, 6, 7, 1],
      [1, 2, 3, 4, 5, 6, 7, 1, 2, 3],
      [8, 8, 8, 8, 8, 8, 1, 2, 3, 4],
    ];
    const expected = [3, 5, 5, 11];
    for (const [i, faces] of rolls.entries()) {
      const request = (await checks.storytellingChecks.build({
        actor: marcus as never,
        item: tracker as never,
        kind: "item",
        dataset: {},
        targets: [],
      }))!;
      expect(request.kind).toBe("extended");
      faceQueue.push(faces);
      // Wits 3 + Crafts 4 + 3 workshop parts = 10 dice.
      const message = (await checks.storytellingChecks.roll(request, request.values, { rollMode: "publicroll" })) as StandInDocument;
      expect(actions.isMarked(message as never, "recordExtended", null)).toBe(true);
      const card = lastCard();
      expect(card.rolls[0].pool).toBe(10);
      expect(card.extended!.accumulated).toBe(expected[i]);
      const update = tracker.updates.at(-1)!;
      expect(update["system.accumulated"]).toBe(expected[i]);
      Object.assign(tracker.system, {
        accumulated: update["system.accumulated"],
        rollsMade: update["system.rollsMade"],
        status: update["system.status"],
        exceptionalRolls: update["system.exceptionalRolls"],
      });
    }
    expect(tracker.updates).toHaveLength(4);
    expect(tracker.system).toMatchObject({ accumulated: 11, rollsMade: 4, status: "complete", exceptionalRolls: [4] });
    expect(lastCard().extended).toMatchObject({ statusLabel: "OMNIBUS.Storytelling.Extended.Status.complete", overshoot: false });
  });
});
