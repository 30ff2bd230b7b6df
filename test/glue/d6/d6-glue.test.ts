// @vitest-environment happy-dom
// The D6 glue with the Foundry stand-ins: registrations; a character from the digest rolls a check
// with forced faces; an attack at measured distances picks each target's band; rolling damage and
// applying it makes the one right update; a player is routed to the GM; a second click does nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, modeName, StandInDocument, type StandIns, statusEffectIds } from "../../support/foundry-stand-ins";
import { asActor, packDoc, thannik, type PackDoc } from "./fixtures";
import { forceFaces } from "./table";
import { describeTargets } from "../../../src/foundry/targets";
import { recordOf } from "../../../src/foundry/chat/record";
import { createHarness, type Language } from "../../support/handlebars";
import { sceneToken } from "../../support/scene-tokens";

let stand: StandIns;

/** A stand-in actor document from a pack actor: items with ids, uuids and updates. */
function actorDoc(doc: PackDoc, uuid: string, isOwner: boolean): StandInDocument {
  const data = asActor(doc);
  const items = data.items.map(
    (i) => new StandInDocument(i.id, `${uuid}.Item.${i.id}`, isOwner, { name: i.name, type: i.type, img: i.img, system: i.system }),
  );
  const actor = new StandInDocument(uuid.split(".").pop()!, uuid, isOwner, {
    name: doc.name,
    type: doc.type,
    img: doc.img,
    system: data.system,
    items: { contents: items, get: (id: string) => items.find((i) => i.id === id) },
  });
  stand.documents.set(uuid, actor);
  for (const i of items) stand.documents.set(i.uuid, i);
  return actor;
}

let checks: typeof import("../../../src/foundry/d6/checks");
let actions: typeof import("../../../src/foundry/chat/actions");

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns();
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
  const { d6Adapter } = await import("../../../src/foundry/d6/adapter");
  const system = await import("../../../src/foundry/system");
  system.installOmnibus([d6Adapter]);
  await stand.fire("init");
  await stand.fire("ready");
  checks = await import("../../../src/foundry/d6/checks");
  actions = await import("../../../src/foundry/chat/actions");
});

const lastCard = () => stand.recorded.rendered[stand.recorded.rendered.length - 1].context as Record<string, any>;
const lastMessage = () => stand.recorded.messagesCreated[stand.recorded.messagesCreated.length - 1].data as Record<string, any>;

describe("registration", () => {
  it("registers the D6 types' data models and sheets, the D6 Roll classes, status effects, settings and combat", async () => {
    const CONFIG = (globalThis as any).CONFIG;
    expect(Object.keys(CONFIG.Actor.dataModels).sort()).toEqual(["d6_character", "d6_npc", "d6_party", "d6_vehicle"]);
    expect(Object.keys(CONFIG.Item.dataModels).sort()).toEqual([
      "d6_ability",
      "d6_armor",
      "d6_equipment",
      "d6_forcepower",
      "d6_skill",
      "d6_weapon",
    ]);
    const sheetTypes = stand.recorded.sheets.flatMap((s) => s.options.types as string[]).sort();
    expect(sheetTypes).toEqual([...Object.keys(CONFIG.Actor.dataModels), ...Object.keys(CONFIG.Item.dataModels)].sort());
    expect(CONFIG.Dice.rolls.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(["D6Roll", "D6PlainRoll", "D6DeviationRoll"]),
    );
    expect(statusEffectIds()).toEqual(
      expect.arrayContaining(["dead", "stunned", "wounded", "wounded_twice", "incapacitated", "mortally_wounded"]),
    );
    expect(stand.recorded.settingsRegistered.get("omnibus.d6_wildOne")).toMatchObject({
      default: "removeHighest",
      scope: "world",
      config: false,
    });
    expect(stand.recorded.settingsRegistered.get("omnibus.d6_hideDifficulty")).toMatchObject({ default: false });
    expect(CONFIG.Combatant.documentClass.name).toBe("OmnibusCombatant");
    expect(CONFIG.Combat.documentClass.name).toBe("OmnibusCombat");
  });
});

describe("a character from the digest rolls a check", () => {
  it("T-63: Perception 3D with one Character Point — faces 1, 2, Wild 2, CP 6 then 4 → 15; the CP is spent in one update", async () => {
    const actor = actorDoc(packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const request = await checks.d6Checks.build({
      actor: actor as never,
      kind: "attribute",
      dataset: { attribute: "perception" },
      targets: [],
    });
    expect(request!.title).toContain("3D");
    const left = forceFaces([1, 2, 2, 6, 4]);
    await checks.d6Checks.roll(
      request!,
      { ...request!.values, characterPoints: 1, difficultyLevel: "moderate" },
      { rollMode: "publicroll" },
    );
    expect(left).toEqual([]);
    const card = lastCard();
    expect(card.total).toBe(15);
    expect(card.dice.map((d: { face: number }) => d.face)).toEqual([1, 2, 2, 6, 4]);
    expect(card.dice.map((d: { classes: string }) => d.classes)).toEqual(["", "", "wild", "cp exploded", "cp"]);
    expect(card.outcome).toEqual({ label: "OMNIBUS.D6.Card.Success", tone: "success" }); // 15 ≥ Moderate 13
    const message = lastMessage();
    expect(message.rolls).toHaveLength(1);
    expect(message.rolls[0]._total).toBe(15); // the rules total, which Foundry shows (Roll#total reads _total)
    expect(message.rolls[0].formula).toBe("2d6 + 1dw + 1d6x6");
    expect(actor.updates).toEqual([{ "system.characterPoints": 4 }]);
  });

  // Issue 11 item 4: with manual dice entry configured, a blind roll must not ask the roller for dice.
  it("a blind roll is evaluated with allowInteractive: false, a public one with true (either generation's spelling)", async () => {
    const actor = actorDoc(packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const request = await checks.d6Checks.build({
      actor: actor as never,
      kind: "attribute",
      dataset: { attribute: "dexterity" },
      targets: [],
    });
    forceFaces([5, 3, 6, 2, 5, 3, 6, 2]);
    const before = stand.recorded.evaluations.length;
    await checks.d6Checks.roll(request!, request!.values, { rollMode: modeName("blindroll") });
    await checks.d6Checks.roll(request!, request!.values, { rollMode: modeName("publicroll") });
    const seen = stand.recorded.evaluations.slice(before);
    expect(seen).toEqual([{ allowInteractive: false }, { allowInteractive: true }]);
    expect(lastMessage().blind).toBe(false);
  });

  it("a Wild Die 1 removes itself and the highest die and flags a complication (default rule)", async () => {
    const actor = actorDoc(packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const request = await checks.d6Checks.build({
      actor: actor as never,
      kind: "attribute",
      dataset: { attribute: "dexterity" },
      targets: [],
    });
    forceFaces([5, 3, 6, 1]);
    await checks.d6Checks.roll(request!, request!.values, { rollMode: "publicroll" });
    expect(lastCard().total).toBe(8);
    expect(lastCard().complication).toBe(true);
    expect(lastCard().dice.map((d: { classes: string }) => d.classes)).toEqual(["", "", "discarded", "wild discarded fumble"]);
  });

  it("too many Character Points (skill cap 2) are refused: the odds throw, nothing is rolled", async () => {
    const actor = actorDoc(packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const request = await checks.d6Checks.build({
      actor: actor as never,
      kind: "attribute",
      dataset: { attribute: "dexterity" },
      targets: [],
    });
    expect(() => checks.d6Checks.odds!(request!, { ...request!.values, characterPoints: 3 })).toThrow(/at most 2/);
    expect(() => checks.d6Checks.odds!(request!, { ...request!.values, characterPoints: 1, forcePoint: true })).toThrow(/Force Point/);
    expect(stand.recorded.messagesCreated).toHaveLength(0);
  });

  it("caught by surprise, Thannik cannot roll his dodge (000:L363): refused with his name, nothing rolled; aware, it builds", async () => {
    const actor = actorDoc(packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const dodge = (actor as any).items.contents.find((i: any) => i.system.reaction === "dodge");
    const source = { actor: actor as never, kind: "skill", dataset: { itemId: dodge.id }, targets: [] };
    expect(((await checks.d6Checks.build(source))?.data as { rollKind?: string } | undefined)?.rollKind).toBe("reaction");
    (actor as any).statuses = new Set(["surprised"]);
    await expect(checks.d6Checks.build(source)).rejects.toMatchObject({ data: { key: "SurprisedNoReaction", name: "Thannik" } });
    expect(stand.recorded.messagesCreated).toHaveLength(0);
  });
});

describe("an attack at measured distances", () => {
  const grid = {
    units: "m",
    measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
  };
  const token = (name: string, actorUuid: string, x: number) => sceneToken(stand, name, actorUuid, x);

  async function attackWithTargets() {
    const shooter = actorDoc(packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const leader = actorDoc(packDoc("d6-characters", "Thug"), "Actor.leader", false);
    const dodger = actorDoc(packDoc("d6-characters", "Stormtrooper"), "Actor.dodger", false);
    (dodger.extra as any).system.round.dodge = 27;
    (dodger as any).system.round.dodge = 27;
    actorDoc(packDoc("d6-characters", "Thug"), "Actor.far", false);
    // Measured from Thannik's token: 15 m (medium), 5 m (short, but he dodged 27 — T-58), 60 m (beyond long 50).
    const targets = describeTargets(
      grid,
      token("thannik", "Actor.thannik", 0) as never,
      [token("leader", "Actor.leader", 1500), token("dodger", "Actor.dodger", 500), token("far", "Actor.far", 6000)] as never,
    );
    const weaponId = (shooter as any).items.contents.find((i: any) => i.name === "Heavy blaster pistol").id;
    const request = await checks.d6Checks.build({ actor: shooter as never, kind: "attack", dataset: { itemId: weaponId }, targets });
    return { shooter, leader, request: request!, weapon: (shooter as any).items.get(weaponId) as StandInDocument };
  }

  it("T-72: two actions, heavy blaster pistol 6D → 5D rolls 17; the target at 15 m is medium range and hit; T-58: a dodge of 27 replaces the difficulty; beyond long range cannot be hit", async () => {
    const { request, weapon } = await attackWithTargets();
    const data = request.data as any;
    expect(data.attack.targets.map((t: any) => [t.distance, t.band, t.level, t.difficulty])).toEqual([
      [15, "medium", "moderate", 13],
      [5, "short", "easy", 8],
      [60, "out_of_range", null, null],
    ]);
    const odds = checks.d6Checks.odds!(request, { ...request.values, actions: 2 });
    expect(odds.filter((l) => l.label === "OMNIBUS.D6.Odds.HitTarget").map((l) => l.probability > 0)).toEqual([true, true, false]);
    forceFaces([4, 3, 2, 5, 3]);
    await checks.d6Checks.roll(request, { ...request.values, actions: 2 }, { rollMode: "publicroll" });
    const card = lastCard();
    expect(card.total).toBe(17);
    expect(card.outcomes.map((o: any) => [o.band, o.difficulty, o.result])).toEqual([
      ["OMNIBUS.D6.Band.medium", 13, "OMNIBUS.D6.Card.Hit"],
      ["OMNIBUS.D6.Band.short", 27, "OMNIBUS.D6.Card.Miss"],
      ["OMNIBUS.D6.Band.out_of_range", null, "OMNIBUS.D6.Card.OutOfRange"],
    ]);
    expect(card.buttons.map((b: any) => b.action)).toEqual(["d6RollDamage", "d6SpendCPAfter"]);
    expect(lastMessage().flags.omnibus.d6.attack.targets.map((t: any) => t.actorUuid)).toEqual(["Actor.leader"]);
    expect(weapon.updates).toEqual([{ "system.ammo.value": 24, "system.fired": { round: 0, shots: 1 } }]);
  });

  it("an empty weapon is refused with a notice and nothing is rolled", async () => {
    const { request, weapon } = await attackWithTargets();
    (weapon as any).system.ammo.value = 0;
    forceFaces([]);
    expect(await checks.d6Checks.roll(request, request.values, { rollMode: "publicroll" })).toBeNull();
    expect(stand.recorded.messagesCreated).toHaveLength(0);
    expect(stand.recorded.notifications.map((n) => n.message)).toEqual([expect.stringContaining("OMNIBUS.D6.Notice.Empty")]);
  });

  it("T-34: damage 16 against Strength 12 wounds the target — one update and its statuses, via the GM; a second click does nothing", async () => {
    const { request, leader } = await attackWithTargets();
    (leader as any).system.attributes.strength = { dice: 3, pips: 0 };
    forceFaces([4, 3, 2, 5, 3]);
    await checks.d6Checks.roll(request, { ...request.values, actions: 2 }, { rollMode: "publicroll" });
    const attackMessage = stand.messages.at(-1)!;

    // Roll damage: heavy blaster pistol 5D → 3, 4, 2, 5, Wild 2 = 16; the thug's Strength 3D → 4, 4, Wild 4 = 12.
    forceFaces([3, 4, 2, 5, 2, 4, 4, 4]);
    expect(await actions.requestChatAction(attackMessage as never, "d6RollDamage", null)).toBe(true);
    const damage = lastMessage();
    expect(damage.flags.omnibus.d6.damage.targets).toEqual([
      expect.objectContaining({ actorUuid: "Actor.leader", damageTotal: 16, resistTotal: 12, stun: false }),
    ]);
    expect(damage.flags.omnibus.d6.damage.from).toBe(attackMessage.id);
    expect(lastCard().outcomes[0].result).toBe("OMNIBUS.D6.DamageResult.wounded");
    expect(leader.updates).toEqual([]);

    const damageMessage = stand.messages.at(-1)!;
    // The player does not own the thug: the GM applies it, from its record of both cards.
    expect(await actions.requestChatAction(damageMessage as never, "d6ApplyDamage", "0")).toBe(true);
    expect(stand.recorded.socketEmits[0]).toMatchObject({ from: "player", data: { action: "d6ApplyDamage", target: "0" } });
    expect(leader.updates).toEqual([{ "system.woundLevel": "wounded" }]);
    expect(
      leader.statusToggles
        .filter((s) => s.active)
        .map((s) => s.id)
        .sort(),
    ).toEqual(["prone", "wounded"]);

    // A second click: nothing.
    expect(await actions.requestChatAction(damageMessage as never, "d6ApplyDamage", "0")).toBe(false);
    expect(leader.updates).toHaveLength(1);

    // Undo by the GM after a later change to the thug (a stun elsewhere): the wound level goes back, the later stun stays.
    leader.live = true;
    Object.assign((leader as any).system, { woundLevel: "wounded", stuns: 1 });
    (leader as any).statuses = new Set(["prone", "wounded"]);
    await stand.asUser("gm", () => actions.undoMark(damageMessage as never, "d6ApplyDamage:0", stand.users.get("gm") as never));
    expect((leader as any).system).toMatchObject({ woundLevel: "healthy", stuns: 1 });
    expect([...(leader as any).statuses]).toEqual([]);
  });

  // Explain (issue 14) on the damage card: T-34 (000:L417, published: damage 16 against Strength 12 →
  // difference 4, the 4–8 row: wounded), step by step from the stored dice, in English and Russian.
  it("T-34: the damage card explains the damage roll, the Strength roll, 16 − 12 = 4 and the 4–8 row", async () => {
    const { request, leader } = await attackWithTargets();
    (leader as any).system.attributes.strength = { dice: 3, pips: 0 };
    forceFaces([4, 3, 2, 5, 3]);
    await checks.d6Checks.roll(request, { ...request.values, actions: 2 }, { rollMode: "publicroll" });
    forceFaces([3, 4, 2, 5, 2, 4, 4, 4]);
    expect(await actions.requestChatAction(stand.messages.at(-1)! as never, "d6RollDamage", null)).toBe(true);
    const steps = (language: Language) => {
      const host = document.createElement("div");
      host.innerHTML = createHarness({ language }).render("d6/chat/damage-card.hbs", lastCard());
      return Array.from(host.querySelectorAll(".omnibus-explain ol li")).map((li) => (li.textContent ?? "").trim());
    };
    expect(steps("en")).toEqual([
      "Rolled 5D.",
      "Regular dice 3, 4, 2, 5 = 14.",
      "Wild Die 2.",
      "Total 16.",
      "leader resists:",
      "Rolled 3D.",
      "Regular dice 4, 4 = 8.",
      "Wild Die 4.",
      "Total 12.",
      "leader: damage 16 − resistance 12 = 4.",
      "4 is on the 4–8 row of the damage table.",
    ]);
    expect(steps("ru").slice(-2)).toEqual(["leader: урон 16 − сопротивление 12 = 4.", "4 — строка 4–8 таблицы урона."]);
  });

  it("hidden difficulties: the GM's own attack card carries no difficulty, quality or secret line in the data every client receives; a GM-whispered part has them", async () => {
    stand.recorded.settingsValues.set("omnibus.d6_hideDifficulty", true);
    stand.setUser("gm");
    const { request } = await attackWithTargets();
    forceFaces([4, 3, 2, 5, 3]);
    await checks.d6Checks.roll(request, { ...request.values, actions: 2 }, { rollMode: "publicroll" });
    const [card, secret] = stand.messages.slice(-2);
    const cardContext = stand.recorded.rendered.find(
      (r) => (r.context as any).subtitle !== "OMNIBUS.D6.Card.GMOnly" && (r.context as any).outcomes?.length,
    )!.context as any;
    // The leader at 15 m (Medium: Moderate 13, as in T-72) and the dodger's 27: neither number is in the public card or its flags.
    expect(cardContext.outcomes.map((o: any) => o.difficulty)).toEqual([undefined, undefined, undefined]);
    expect(cardContext.quality).toBeNull();
    expect(cardContext.lines.some((l: any) => l.secret)).toBe(false);
    expect(JSON.stringify(card.flags)).not.toMatch(/"difficulty"/);
    expect(card.whisper).toEqual([]);
    // The whispered part goes to the GMs only, with the numbers.
    expect(secret.whisper).toEqual(["gm"]);
    expect((secret.flags as any).omnibus.secret).toEqual({ for: card.id });
    const secretContext = stand.recorded.rendered.at(-1)!.context as any;
    expect(secretContext.outcomes.map((o: any) => o.difficulty)).toEqual([13, 27, null]);
  });

  // Issue 11 item 4: the damage card takes the roller's chat mode; a blind one must not ask them for dice.
  it("damage and Strength rolls under a blind chat mode are evaluated with allowInteractive: false, and the card is blind", async () => {
    const { request, leader } = await attackWithTargets();
    (leader as any).system.attributes.strength = { dice: 3, pips: 0 };
    forceFaces([4, 3, 2, 5, 3]);
    await checks.d6Checks.roll(request, { ...request.values, actions: 2 }, { rollMode: "publicroll" });
    const attackMessage = stand.messages.at(-1)!;
    const v14 = stand.generation >= 14;
    stand.recorded.settingsValues.set(v14 ? "core.messageMode" : "core.rollMode", v14 ? "blind" : "blindroll");
    const before = stand.recorded.evaluations.length;
    forceFaces([3, 4, 2, 5, 2, 4, 4, 4]);
    expect(await actions.requestChatAction(attackMessage as never, "d6RollDamage", null)).toBe(true);
    const seen = stand.recorded.evaluations.slice(before);
    // One damage roll (5D) and the thug's Strength roll.
    expect(seen).toEqual([{ allowInteractive: false }, { allowInteractive: false }]);
    expect(lastMessage().blind).toBe(true);
  });

  it("a damage card forged at creation against a bystander the attack never hit is refused; so is one whose attack card was edited", async () => {
    const { request, leader } = await attackWithTargets();
    (leader as any).system.attributes.strength = { dice: 3, pips: 0 };
    forceFaces([4, 3, 2, 5, 3]);
    await checks.d6Checks.roll(request, { ...request.values, actions: 2 }, { rollMode: "publicroll" });
    const attackMessage = stand.messages.at(-1)!;
    const bystander = actorDoc(packDoc("d6-characters", "Thug"), "Actor.bystander", false);
    const forged = {
      ruleset: "d6",
      d6: {
        damage: {
          from: attackMessage.id,
          attackerUuid: "Actor.thannik",
          targets: [{ actorUuid: "Actor.bystander", name: "B", img: "", damageTotal: 60, resistTotal: 1, stun: false, vehicle: false }],
        },
      },
    };
    await (globalThis as any).ChatMessage.create({ content: "", flags: { omnibus: forged } });
    expect(await actions.requestChatAction(stand.messages.at(-1)! as never, "d6ApplyDamage", "0")).toBe(false);
    expect(bystander.updates).toEqual([]);
    // The attack card edited into a hit on the bystander: tampered, so its damage card is refused too.
    await attackMessage.update({ "flags.omnibus.d6.attack.targets": [{ actorUuid: "Actor.bystander" }] });
    forceFaces([3, 4, 2, 5, 2, 4, 4, 4]);
    expect(await actions.requestChatAction(attackMessage as never, "d6RollDamage", null)).toBe(false);
    expect(stand.recorded.notifications.map((n) => n.message)).toContain("OMNIBUS.Chat.Tampered");
    expect(bystander.updates).toEqual([]);
  });
});

describe("an attack card forged at creation", () => {
  const grid = {
    units: "m",
    measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
  };
  const token = (name: string, actorUuid: string, x: number) => sceneToken(stand, name, actorUuid, x);
  // T-72's attack (17 against 13 at 15 m: a hit; against the dodge of 27: a miss), then the player
  // posts the same Rolls with a changed claim: the GM re-derives it at creation.
  async function honestThenForged(change: (d6: Record<string, any>) => void) {
    const shooter = actorDoc(packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    actorDoc(packDoc("d6-characters", "Thug"), "Actor.leader", false);
    const dodger = actorDoc(packDoc("d6-characters", "Stormtrooper"), "Actor.dodger", false);
    (dodger.extra as any).system.round.dodge = 27;
    (dodger as any).system.round.dodge = 27;
    const targets = describeTargets(
      grid,
      token("thannik", "Actor.thannik", 0) as never,
      [token("leader", "Actor.leader", 1500), token("dodger", "Actor.dodger", 500)] as never,
    );
    const weaponId = (shooter as any).items.contents.find((i: any) => i.name === "Heavy blaster pistol").id;
    const request = (await checks.d6Checks.build({ actor: shooter as never, kind: "attack", dataset: { itemId: weaponId }, targets }))!;
    forceFaces([4, 3, 2, 5, 3]);
    await checks.d6Checks.roll(request, { ...request.values, actions: 2 }, { rollMode: "publicroll" });
    const honest = stand.recorded.messagesCreated.at(-1)!.data;
    const flags = structuredClone(honest.flags) as Record<string, any>;
    change(flags.omnibus);
    await stand.asUser("player", () => (globalThis as any).ChatMessage.create({ ...honest, flags }));
    return { honest: stand.messages.at(-2)!, forged: stand.messages.at(-1)!, dodger };
  }

  it("the dodger (a miss) claimed as hit → refused (Result): no damage roll, nothing applied", async () => {
    const { forged, dodger } = await honestThenForged((f) =>
      f.d6.attack.targets.push({ ...f.d6.attack.targets[0], tokenUuid: "Scene.s.Token.dodger", actorUuid: "Actor.dodger", name: "dodger" }),
    );
    expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: "Result" });
    forceFaces([3, 4, 2, 5, 2, 4, 4, 4]);
    expect(await actions.requestChatAction(forged as never, "d6RollDamage", null)).toBe(false);
    expect(stand.recorded.notifications.map((n) => String(n.message)).some((m) => m.startsWith("OMNIBUS.Chat.Forged.Result"))).toBe(true);
    expect(dodger.updates).toEqual([]);
  });

  it("a heavier damage code claimed (5D → 9D) → refused (Result)", async () => {
    const { forged } = await honestThenForged((f) => {
      f.d6.attack.damage = { dice: 9, pips: 0 };
    });
    expect(recordOf(forged.id)?.tampered).toMatchObject({ forged: "Result" });
  });

  it("one action claimed instead of two (a 6D pool, but the Roll holds 5 faces) → refused (Dice)", async () => {
    const { forged } = await honestThenForged((f) => {
      f.origin.choices.actions = "1";
    });
    expect(recordOf(forged.id)?.tampered).toMatchObject({ forged: "Dice" });
  });

  it("the same Rolls and claim → recorded untouched", async () => {
    const { forged } = await honestThenForged(() => undefined);
    expect(recordOf(forged.id)?.tampered).toBeNull();
  });
});

describe("combat", () => {
  it("initiative rolls Perception with the Wild Die and the wound penalty (no CP); ties go to the higher Perception", async () => {
    const { d6Combat, compareCombatants } = await import("../../../src/foundry/d6/combat");
    const sev = asActor(packDoc("d6-characters", "Sev")); // Perception 3D+2
    const boss = asActor(packDoc("d6-characters", "Tall man in a long cloak")); // Perception 4D
    const roll = d6Combat.initiativeRoll!({ actor: sev } as never) as any;
    expect(roll.formula).toBe("2d6 + 1dw + 2");
    (sev.system as any).woundLevel = "wounded";
    expect((d6Combat.initiativeRoll!({ actor: sev } as never) as any).formula).toBe("1d6 + 1dw + 2");
    // T-70: Sev 14, boss 15 → boss first; a tie at 15 → the boss's 4D beats Sev's 3D+2.
    expect(compareCombatants({ name: "Sev", initiative: 14, actor: sev }, { name: "Boss", initiative: 15, actor: boss })).toBeGreaterThan(
      0,
    );
    expect(compareCombatants({ name: "Sev", initiative: 15, actor: sev }, { name: "Boss", initiative: 15, actor: boss })).toBeGreaterThan(
      0,
    );
  });

  it("a new round resets each D6 combatant's round state once, on the active GM only", async () => {
    const { onCombatRound, roundResetUpdate } = await import("../../../src/foundry/d6/combat");
    const a = new StandInDocument("a", "Actor.a", true, { type: "d6_character" });
    const combat = { combatants: [{ actor: a }, { actor: a }, { actor: null }] };
    const gm = { id: "gm", isGM: true };
    expect(await onCombatRound(combat as never, { turn: 1 }, gm, gm)).toBe(0);
    expect(await onCombatRound(combat as never, { round: 2 }, { id: "player", isGM: false }, gm)).toBe(0);
    expect(await onCombatRound(combat as never, { round: 2 }, gm, gm)).toBe(1);
    expect(a.updates).toEqual([roundResetUpdate()]);
    expect(roundResetUpdate()).toEqual({
      "system.round": { actions: 1, forcePoint: false, dodge: null, parry: null, fullReaction: false },
    });
  });
});

describe("hidden difficulties", () => {
  it("removes .omnibus-secret parts of D6 cards for players only, and only when the GM hides them", async () => {
    const { hideSecrets } = await import("../../../src/foundry/d6/adapter");
    const html = () => {
      const div = document.createElement("div");
      div.innerHTML = '<div class="omnibus-card omnibus-d6"><span class="omnibus-secret">13</span><span>Hit</span></div>';
      return div;
    };
    const a = html();
    hideSecrets(a, false, true);
    expect(a.querySelector(".omnibus-secret")).toBeNull();
    const b = html();
    hideSecrets(b, true, true);
    expect(b.querySelector(".omnibus-secret")).not.toBeNull();
    const c = html();
    hideSecrets(c, false, false);
    expect(c.querySelector(".omnibus-secret")).not.toBeNull();
  });
});

void thannik;
