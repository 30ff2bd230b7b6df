// @vitest-environment happy-dom
// The wfrp glue against the Foundry stand-ins: registrations; a skill test with forced faces posts a
// card with the digest's result; an attack at a targeted token in an opposed test shows both sides
// on ONE card, changes Advantage, and "apply damage" makes one update of the target, routed to the
// GM for a player who does not own it, applied once; range bands from measured distances; initiative
// and turn order; the data models' schema, migration and derived data; end-of-round Conditions.
// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createOptionsFor, StandInDocument, statusEffectIds, type StandIns } from "../../support/foundry-stand-ins";
import { createHarness } from "../../support/handlebars";
import { actorViewOf } from "../../gallery/samples/wfrp";
import { setUpWfrp, actorDoc, character, card, stateOf, view, type WfrpGlue } from "./harness";
import { placeTarget } from "../../support/scene-tokens";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let faces: number[];
let wfrp: WfrpGlue["wfrp"];
let actions: WfrpGlue["actions"];
const g = globalThis as any;

beforeEach(async () => {
  vi.resetModules();
  ({ stand, faces, wfrp, actions } = await setUpWfrp());
});

/** Perdita (player-owned) with her bow, and the Cultist behind two tokens: "near" at 20 yd, "far" at 120 yd. */
function perditaAndTwoCultists() {
  const perdita = actorDoc("per", actorViewOf(character("Perdita")), ["player"]);
  const cultist = actorDoc("cul", actorViewOf(character("Cultist of the Blood God")));
  placeTarget(stand, "Scene.s.Token.a", cultist, perdita, 20, { units: "yd", name: "near" });
  placeTarget(stand, "Scene.s.Token.b", cultist, perdita, 120, { name: "far" });
  const bow = perdita.items.contents.find((i: any) => i.type === "wfrp_weapon");
  const targets = [
    { tokenUuid: "Scene.s.Token.a", actorUuid: cultist.uuid, name: "near", img: "", distance: 20, units: "yd" },
    { tokenUuid: "Scene.s.Token.b", actorUuid: cultist.uuid, name: "far", img: "", distance: 120, units: "yd" },
  ];
  return { perdita, cultist, bow, targets };
}

describe("registrations", () => {
  it("four actor (with the party) and seven item types with their data models and the wfrp sheets; the Roll classes; the Conditions as status effects; the rules options as settings", async () => {
    const { WfrpActorSheet, WfrpItemSheet } = await import("../../../src/foundry/wfrp/sheets");
    expect(Object.keys(g.CONFIG.Actor.dataModels).sort()).toEqual(["wfrp_character", "wfrp_creature", "wfrp_npc", "wfrp_party"]);
    expect(Object.keys(g.CONFIG.Item.dataModels).sort()).toEqual([
      "wfrp_armour",
      "wfrp_condition",
      "wfrp_extended",
      "wfrp_skill",
      "wfrp_talent",
      "wfrp_trapping",
      "wfrp_weapon",
    ]);
    const sheets = stand.recorded.sheets.map((s) => [(s.options.types as string[])[0], s.sheet]);
    expect(sheets.filter(([, s]) => s === WfrpActorSheet)).toHaveLength(3);
    expect(sheets.filter(([, s]) => s === WfrpItemSheet)).toHaveLength(7);
    expect(g.CONFIG.Dice.rolls.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(["WfrpTestRoll", "WfrpInitiativeRoll"]),
    );
    expect(statusEffectIds()).toEqual([
      "dead",
      "ablaze",
      "bleeding",
      "blinded",
      "broken",
      "deafened",
      "entangled",
      "fatigued",
      "poisoned",
      "prone",
      "stunned",
      "surprised",
      "unconscious",
    ]);
    expect(stand.recorded.settingsRegistered.get("omnibus.wfrp_autoSuccessMax")).toMatchObject({
      default: 5,
      config: false,
      scope: "world",
    });
    expect(stand.recorded.settingsRegistered.get("omnibus.wfrp_initiativeMode")).toMatchObject({ default: "fixed" });
    expect(stand.recorded.settingsRegistered.get("omnibus.wfrp_autoFailSL")).toMatchObject({ default: "min" });
    expect(g.CONFIG.Combatant.documentClass.name).toBe("OmnibusCombatant");
    expect(g.CONFIG.Combat.documentClass.name).toBe("OmnibusCombat");
    expect(stand.recorded.templatesLoaded).toEqual(expect.arrayContaining(wfrp.WFRP_TEMPLATES));
  });
});

describe("a skill test", () => {
  it("V6: Salundra's Intimidate 47 rolls 04 → +4 SL, Impressive Success (automatic success too); the card carries the roll", async () => {
    const salundra = actorDoc("sal", actorViewOf(character("Salundra von Drakenburg")), ["player"]);
    const intimidate = salundra.items.contents.find((i: any) => i.system.key === "intimidate");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: salundra as any, kind: "skill", dataset: { itemId: intimidate.id }, targets: [] }))!;
    faces.push(4);
    await checks.roll(request, request.values, { rollMode: "gmroll" });
    const [{ data, options }] = stand.recorded.messagesCreated;
    expect(data.rolls).toHaveLength(1);
    expect((data.rolls as any[])[0].outcome.results[0]).toMatchObject({
      roll: 4,
      target: 47,
      sl: 4,
      success: true,
      auto: "success",
      outcome: "impressive_success",
    });
    expect(options).toEqual(createOptionsFor("gmroll"));
    const context = card().context;
    expect(context).toMatchObject({ slLabel: "+4", outcomeKey: "OMNIBUS.WFRP.Outcome.impressive_success", target: 47, success: true });
    const html = createHarness({ language: "en" }).render(card().path, context);
    expect(html).toContain("+4 SL");
    expect(html).toContain("Impressive Success");
    expect(html).toContain(">04<");
  });

  it("V7: Fat Tom's Endurance 63 rolls 91 → −3 SL (the digest's correction of the seed's −2)", async () => {
    const tom = actorDoc("tom", actorViewOf(character("Fat Tom Brandysnap")));
    const endurance = tom.items.contents.find((i: any) => i.system.key === "endurance");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: tom as any, kind: "skill", dataset: { itemId: endurance.id }, targets: [] }))!;
    faces.push(91);
    await checks.roll(request, request.values, { rollMode: "publicroll" });
    expect(card().context).toMatchObject({ slLabel: "-3", success: false, outcomeKey: "OMNIBUS.WFRP.Outcome.failure" });
  });

  it("bad input never rolls: an unknown difficulty or characteristic is an OmnibusError and no card is posted", async () => {
    const salundra = actorDoc("sal", actorViewOf(character("Salundra von Drakenburg")));
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({
      actor: salundra as any,
      kind: "characteristic",
      dataset: { characteristic: "fel" },
      targets: [],
    }))!;
    expect(() => checks.odds!(request, { ...request.values, difficulty: "impossible" })).toThrow(/difficulty/);
    await expect(
      checks.build({ actor: salundra as any, kind: "characteristic", dataset: { characteristic: "luck" }, targets: [] }),
    ).rejects.toThrow(/characteristic/);
    expect(stand.recorded.messagesCreated).toHaveLength(0);
  });
});

describe("an attack on a targeted token", () => {
  const attackerView = () => {
    const v = actorViewOf(character("Salundra von Drakenburg"));
    v.system = {
      ...v.system,
      characteristics: {
        ...(v.system.characteristics as object),
        ws: { initial: 35, advances: 0, modifier: 0 },
        s: { initial: 30, advances: 0, modifier: 0 },
      },
      advantage: 0,
    };
    return v; // Melee (Basic) 35 + 10 = 45, SB 3, Hand Weapon +SB+4
  };
  const defenderView = () => {
    const v = actorViewOf(character("Guard Officer"));
    v.system = {
      ...v.system,
      characteristics: {
        ...(v.system.characteristics as object),
        ws: { initial: 35, advances: 0, modifier: 0 },
        t: { initial: 30, advances: 0, modifier: 0 },
      },
      health: { value: 12, max: 12 },
      advantage: 0,
    };
    return v; // Melee (Basic) 35 + 5 = 40, TB 3, Leather Jack (AP 1 arms, body)
  };

  async function attack(attackFace: number) {
    const attacker = actorDoc("att", attackerView(), ["player"]);
    const defender = actorDoc("def", defenderView());
    placeTarget(stand, "Scene.s.Token.def", defender, attacker, 1.5, { name: "Guard Officer" });
    const weapon = attacker.items.contents.find((i: any) => i.type === "wfrp_weapon");
    const checks = wfrp.wfrpAdapter.checks!;
    const targets = [{ tokenUuid: "Scene.s.Token.def", actorUuid: "Actor.def", name: "Guard Officer", img: "", distance: 1.5, units: "m" }];
    const request = (await checks.build({ actor: attacker as any, kind: "attack", dataset: { itemId: weapon.id }, targets }))!;
    faces.push(attackFace);
    await checks.roll(request, request.values, { rollMode: "publicroll" });
    const { data } = stand.recorded.messagesCreated[0];
    const message = stand.messages[0];
    return { attacker, defender, message, data };
  }

  it("WS 45 rolls 13 vs the defender's Melee 40 rolling 27: one card shows both sides, hit by 1 on the right arm for 8; Advantage: the winner +1", async () => {
    const { attacker, defender, message, data } = await attack(13);
    expect((data.flags as any).omnibus.attack.targets[0]).toMatchObject({
      opposed: true,
      defence: null,
      spec: { value: 45, difficulty: "challenging" },
    });
    expect(card().context.targets[0]).toMatchObject({ waiting: true, attack: null });

    // The defender's owner (here the GM) parries: the defence roll is a Foundry roll, the card is updated in place.
    stand.setUser("gm");
    stand.setActiveGM("gm");
    faces.push(27);
    await actions.requestChatAction(message as any, "defendMelee", "0");
    // One card: the defence is the defender's own response message, the outcome an amendment of the GM's record.
    expect(stand.messages.filter((m) => !(m.flags as any).omnibus.response)).toHaveLength(1);
    expect(message.updates).toEqual([]);
    const state = stateOf(message).attack;
    expect(state.targets[0].defence).toMatchObject({ skill: "melee", roll: 27, spec: { value: 40 } });
    expect((await view(message)).context.targets[0]).toMatchObject({
      hit: true,
      margin: 1,
      locationKey: "OMNIBUS.WFRP.Location.rightArm",
      damage: 8,
      attack: { slLabel: "+3" },
      defence: { slLabel: "+2" },
    });
    expect(attacker.updates).toEqual([{ "system.advantage": 1 }]);
    expect(defender.updates).toEqual([]); // the loser had none to lose
    expect(createHarness({ language: "ru" }).render(card().path, card().context)).toContain("Правая рука");
  });

  it("the defender spends Fortune on their parry (003:L72): 27 (+2) re-rolled as 5 (+4) beats the attack's +3; the point is spent, once", async () => {
    const { defender, message } = await attack(13);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    faces.push(27);
    await actions.requestChatAction(message as any, "defendMelee", "0");
    await stand.settle();
    defender.system.fortune = 1;
    expect((await view(message)).context.targets[0]).toMatchObject({ hit: true, fortuneButton: { action: "wfrpFortuneDefence" } });
    faces.push(5);
    expect(await actions.requestChatAction(message as any, "wfrpFortuneDefence", "0")).toBe(true);
    await stand.settle();
    expect(stateOf(message).attack.targets[0].defence).toMatchObject({ skill: "melee", roll: 5 });
    expect(defender.updates.at(-1)).toMatchObject({ "system.fortune": 0 });
    const row = (await view(message)).context.targets[0];
    expect(row).toMatchObject({ hit: false, defence: { slLabel: "+4" } });
    expect(row.fortuneButton).toBeUndefined();
  });

  /** WS 45 rolls 13 against the Guard Officer's parry of 27: the attacker wins; both actors apply their updates. */
  async function parried() {
    const sides = await attack(13);
    sides.attacker.live = sides.defender.live = true;
    stand.setUser("gm");
    stand.setActiveGM("gm");
    faces.push(27);
    await actions.requestChatAction(sides.message as any, "defendMelee", "0");
    await stand.settle();
    return sides;
  }

  it("a re-roll that changes the winner moves Advantage with it: the attacker's +1 taken back, the defender's given, in the Fortune point's update", async () => {
    const { attacker, defender, message } = await parried();
    expect(attacker.system.advantage).toBe(1);
    expect(stateOf(message).attack.targets[0].advantage).toEqual({ attacker: 0, defender: 0, winner: "attacker" });
    defender.system.fortune = 1;
    faces.push(5);
    expect(await actions.requestChatAction(message as any, "wfrpFortuneDefence", "0")).toBe(true);
    await stand.settle();
    expect(attacker.updates.at(-1)).toEqual({ "system.advantage": 0 });
    expect(defender.updates.at(-1)).toEqual({ "system.fortune": 0, "system.advantage": 1 });
    expect(stateOf(message).attack.targets[0].advantage.winner).toBe("defender");
  });

  it("the attacker's Fortune re-roll that loses a won parry: Advantage to the defender, the attacker's later gain kept", async () => {
    const { attacker, defender, message } = await parried();
    // Since the parry the attacker gained another point elsewhere: it is kept.
    attacker.system.advantage = 2;
    attacker.system.fortune = 1;
    faces.push(96);
    expect(await actions.requestChatAction(message as any, "wfrpFortune", null)).toBe(true);
    await stand.settle();
    expect(stateOf(message).attack.roll).toBe(96);
    expect(attacker.updates.at(-1)).toEqual({ "system.fortune": 0, "system.advantage": 1 });
    expect(defender.updates.at(-1)).toEqual({ "system.advantage": 1 });
  });

  it("the attacker's Fortune re-roll that still wins the parry changes no Advantage", async () => {
    const { attacker, defender, message } = await parried();
    attacker.system.fortune = 1;
    const before = defender.updates.length;
    faces.push(12);
    expect(await actions.requestChatAction(message as any, "wfrpFortune", null)).toBe(true);
    await stand.settle();
    expect(stateOf(message).attack.roll).toBe(12);
    expect(attacker.updates.at(-1)).toEqual({ "system.fortune": 0 });
    expect(defender.updates).toHaveLength(before);
  });

  it("apply damage by the attacker's player (who does not own the target) goes to the GM, who applies ONE update: 8 − TB 3 − AP 1 = 4 Wounds; a second click does nothing", async () => {
    const { defender, message } = await attack(13);
    stand.setActiveGM("gm");
    stand.setUser("gm");
    faces.push(27);
    await actions.requestChatAction(message as any, "defendMelee", "0");
    defender.updates.length = 0;

    stand.setUser("player");
    expect(await actions.requestChatAction(message as any, "applyDamage", "0")).toBe(true);
    expect(stand.recorded.socketEmits[0]).toMatchObject({
      from: "player",
      data: { type: "chatAction", action: "applyDamage", target: "0" },
    });
    expect(defender.updates).toEqual([{ "system.health.value": 8, "system.advantage": 0 }]);
    expect(stateOf(message).attack.targets[0].applied).toMatchObject({ woundsLost: 4, wounds: 8, armourPoints: 1, toughnessBonus: 3 });
    expect(actions.isMarked(message as any, "applyDamage", "0")).toBe(true);

    // Second click: refused, nothing applied.
    expect(await actions.requestChatAction(message as any, "applyDamage", "0")).toBe(false);
    expect(defender.updates).toHaveLength(1);

    // Undo by the GM after a later change (2 more Wounds lost elsewhere: 8 → 6): back by 4 → 10.
    defender.live = true;
    await stand.asUser("gm", () => defender.update({ "system.health.value": 6 }));
    await stand.asUser("gm", () => actions.undoMark(message as never, "applyDamage:0", stand.users.get("gm") as never));
    expect(defender.system.health.value).toBe(10);
  });

  it("a player who owns neither the target nor the message may not defend it", async () => {
    const { message } = await attack(13);
    stand.makeUser("stranger", false);
    stand.setUser("stranger");
    expect(await actions.requestChatAction(message as any, "noDefence", "0")).toBe(false);
    expect(await actions.requestChatAction(message as any, "defendMelee", "0")).toBe(false);
    expect(stand.recorded.notifications.map((n) => n.message)).toEqual(["OMNIBUS.Chat.NotPermitted", "OMNIBUS.Chat.NotPermitted"]);
  });

  it("ranged: Perdita's Bow (Range 50) at a token 20 yd away — Short range, Average (+20): 36 vs 68 → +3 SL, hit the body for SB 3 + 3 + 3 = 9; 120 yd is Extreme (Very Hard)", async () => {
    const { perdita, bow, targets } = perditaAndTwoCultists();
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: perdita as any, kind: "attack", dataset: { itemId: bow.id }, targets }))!;
    faces.push(36);
    await checks.roll(request, request.values, { rollMode: "publicroll" });
    const [near, far] = card().context.targets;
    expect(near).toMatchObject({
      bandKey: "OMNIBUS.WFRP.Range.short",
      hit: true,
      attack: { target: 68, slLabel: "+3" },
      locationKey: "OMNIBUS.WFRP.Location.body",
      damage: 9,
      waiting: false,
    });
    expect(far).toMatchObject({ bandKey: "OMNIBUS.WFRP.Range.extreme", attack: { target: 18 }, hit: false });
  });
});

describe("combat", () => {
  const combatant = (id: string, doc: any, initiative: number | null = null) => ({ id, name: doc.name, initiative, actor: doc });

  it("V11 (fixed, no roll): Tollich 38 → cultists 35 → Perdita 33; a tie goes to the higher Agility", async () => {
    const { compareCombatants } = await import("../../../src/foundry/wfrp/combat");
    const tollich = actorDoc("tol", actorViewOf(character("Tollich")));
    const cultist = actorDoc("cul", actorViewOf(character("Cultist of the Blood God")));
    const perdita = actorDoc("per", actorViewOf(character("Perdita")));
    const order = [combatant("p", perdita), combatant("c", cultist), combatant("t", tollich)].sort((a, b) =>
      compareCombatants(a as any, b as any, "fixed"),
    );
    expect(order.map((c) => c.id)).toEqual(["t", "c", "p"]);
    const quick = actorDoc(
      "q",
      actorViewOf(character("Cultist of the Blood God"), {
        characteristics: { ...(cultist.system.characteristics as object), ag: { initial: 40, advances: 0 } },
      }),
    );
    const tied = [combatant("c", cultist), combatant("q", quick)].sort((a, b) => compareCombatants(a as any, b as any, "fixed"));
    expect(tied.map((c) => c.id)).toEqual(["q", "c"]);
  });

  it("initiative rolls: V26 1d10 + AgB + IB (7 + 3 + 4 = 14); the Initiative Test's total is its SL (Tollich 38 rolls 23 → +1)", async () => {
    stand.recorded.settingsValues.set("omnibus.wfrp_initiativeMode", "d10_plus_bonuses");
    const v = actorViewOf(character("Tollich"), {
      characteristics: {
        ...(character("Tollich").system.characteristics as object),
        ag: { initial: 34, advances: 0 },
        i: { initial: 41, advances: 0 },
      },
    });
    const roll = wfrp.wfrpAdapter.combat!.initiativeRoll!(combatant("t", actorDoc("tol", v)) as any) as any;
    expect(roll.formula).toBe("1d10 + 3 + 4");
    faces.push(7);
    await roll.evaluate();
    expect(roll.outcome.score).toBe(14);

    stand.recorded.settingsValues.set("omnibus.wfrp_initiativeMode", "test");
    const test = wfrp.wfrpAdapter.combat!.initiativeRoll!(
      combatant("t", actorDoc("tol2", actorViewOf(character("Tollich")))) as any,
    ) as any;
    expect(test.formula).toBe("1d100");
    faces.push(23);
    await test.evaluate();
    expect(test._total).toBe(1);
  });

  it("end of round: Ablaze (d10 = 7) and Bleeding on Wounds 10, TB 3, body AP 1 → 7 − 3 − 1 = 3 and 1 → 6 Wounds, in one update", async () => {
    const { endOfRoundFor } = await import("../../../src/foundry/wfrp/combat");
    const v = actorViewOf(character("Salundra von Drakenburg"), {
      health: { value: 10, max: 12 },
      conditions: { ablaze: 1, bleeding: 1 },
      characteristics: { ...(character("Salundra von Drakenburg").system.characteristics as object), t: { initial: 30, advances: 0 } },
    });
    faces.push(7);
    const tick = await endOfRoundFor(actorDoc("sal", v) as any);
    expect(tick!.result.woundsLost).toEqual({ ablaze: 3, bleeding: 1, poisoned: 0 });
    expect(tick!.update).toEqual({ "system.health.value": 6, "system.advantage": 0 });
  });

  it("end of round: Bleeding while Surprised costs 1 Wound and leaves Surprised to its timer (003:L269: the first round)", async () => {
    const { endOfRoundFor } = await import("../../../src/foundry/wfrp/combat");
    const v = actorViewOf(character("Salundra von Drakenburg"), {
      health: { value: 5, max: 12 },
      conditions: { bleeding: 1, surprised: 1 },
    });
    const tick = await endOfRoundFor(actorDoc("sal", v) as any);
    expect(tick!.result.conditions).toMatchObject({ bleeding: 1, surprised: 1 });
    expect(tick!.update).toEqual({ "system.health.value": 4, "system.advantage": 0 });
  });
});

describe("data models", () => {
  it("defineSchema: whole numbers with bounds, choices from the rules; migrateData normalises old data; prepareDerivedData computes through the rules", async () => {
    const made: Array<{ kind: string; options: any }> = [];
    const field = (kind: string) =>
      class {
        constructor(...args: any[]) {
          made.push({ kind, options: kind === "SchemaField" || kind === "ArrayField" ? (args[1] ?? {}) : args[0] });
          Object.assign(this, { kind, inner: args[0] });
        }
      };
    g.foundry.data.fields = Object.fromEntries(
      ["NumberField", "StringField", "BooleanField", "HTMLField", "ArrayField", "SchemaField"].map((k) => [k, field(k)]),
    );
    const models = await import("../../../src/foundry/wfrp/models");
    const schema = models.WfrpCharacterModel.defineSchema() as any;
    const ws = schema.characteristics.inner.ws.inner.initial;
    expect(ws).toMatchObject({ kind: "NumberField" });
    expect(made.find((m) => m.options?.initial === 4 && m.options?.max === 99)?.options).toMatchObject({ integer: true, min: 0, max: 99 }); // movement
    expect(schema.size.kind).toBe("StringField");
    expect(made.some((m) => m.kind === "StringField" && Array.isArray(m.options?.choices) && m.options.choices.includes("monstrous"))).toBe(
      true,
    );
    expect(schema.conditions.inner.prone.kind).toBe("NumberField");

    const migrated = models.WfrpCharacterModel.migrateData({ characteristics: { ws: 35 }, wounds: { value: 3, max: 9 } });
    expect(migrated).toMatchObject({ characteristics: { ws: { initial: 35, advances: 0 } }, health: { value: 3, max: 9 } });

    const model = new (models.WfrpCharacterModel as any)();
    const view = actorViewOf(character("Salundra von Drakenburg"));
    Object.assign(model, structuredClone(view.system));
    Object.defineProperty(model, "parent", { value: { items: { contents: view.items }, statuses: new Set(["prone"]) } });
    model.prepareDerivedData();
    expect(model.health.max).toBe(12);
    expect(model.characteristics.fel).toMatchObject({ current: 43, bonus: 4 });
    expect(model.effectiveConditions.prone).toBe(1);
    expect(model.walk).toBe(8);
  });
});

describe("an opposed test outside combat (003:L185-199)", () => {
  async function opposedCard(testerName: string, skillKey: string, defenderDoc: StandInDocument & Record<string, any>, face: number) {
    const tester = actorDoc("tester", actorViewOf(character(testerName)), ["player"]);
    placeTarget(stand, "Scene.s.Token.d", defenderDoc, tester, 3, { name: defenderDoc.name });
    const item = tester.items.contents.find((i: any) => i.system.key === skillKey);
    const checks = wfrp.wfrpAdapter.checks!;
    const targets = [
      { tokenUuid: "Scene.s.Token.d", actorUuid: defenderDoc.uuid, name: defenderDoc.name, img: "", distance: 3, units: "m" },
    ];
    const request = (await checks.build({ actor: tester as any, kind: "skill", dataset: { itemId: item.id }, targets }))!;
    expect(request.values.opposed).toBe(true);
    faces.push(face);
    await checks.roll(request, request.values, { rollMode: "publicroll" });
    const { data } = stand.recorded.messagesCreated[0];
    const message = stand.messages.at(-1)!;
    return { tester, message, data };
  }

  /** The defender responds from the card: the response check (dialog values) → roll → recordResponse through the plumbing. */
  async function respond(defender: any, values: Record<string, unknown>, rolled: number[]) {
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: defender, kind: "response", dataset: { messageId: "m1", target: "0" }, targets: [] }))!;
    faces.push(...rolled);
    const ok = await checks.roll(request, { ...request.values, ...(values as Record<string, string>) }, { rollMode: "publicroll" });
    return { request, ok };
  }

  it("V6: Salundra's Intimidate 47 rolls 04 at the officer → ONE card waiting; the officer opposes with Leadership 46, rolls 16 (+3): Salundra wins by 1; his roll joins the message's rolls", async () => {
    const officer = actorDoc("off", actorViewOf(character("Guard Officer")));
    const { message, data } = await opposedCard("Salundra von Drakenburg", "intimidate", officer, 4);
    expect(card().path).toContain("wfrp/chat/opposed-card");
    expect(card().context).toMatchObject({
      tester: { slLabel: "+4", target: 47 },
      targets: [{ waiting: true, respondButton: { action: "respond" } }],
    });
    expect((data.flags as any).omnibus.opposed.tester).toMatchObject({ tested: "skill:intimidate", spec: { value: 47 } });

    stand.setUser("gm");
    stand.setActiveGM("gm");
    const { request, ok } = await respond(officer, { tested: "skill:leadership" }, [16]);
    expect(ok).toBe(true);
    expect(request.fields.map((f) => f.name)).toEqual(["tested", "difficulty", "conditions", "modifier", "slBonus"]);
    expect(request.values.difficulty).toBe("challenging"); // 003:L197
    // The defender's roll is their own response message; the card is amended in the GM's record, never edited.
    expect(message.updates).toEqual([]);
    const response = stand.messages.at(-1)!;
    expect((response.flags as any).omnibus.response).toMatchObject({
      to: message.id,
      action: "recordResponse",
      target: "0",
      choices: { tested: "skill:leadership" },
    });
    expect((response.rolls[0] as any).options.outcome.roll).toBe(16);
    expect((await view(message)).context.targets[0]).toMatchObject({
      waiting: false,
      defender: { slLabel: "+3", target: 46 },
      winnerName: "Salundra von Drakenburg",
      testerWins: true,
      margin: 1,
      decidedBy: "sl",
      respondButton: null,
    });
    const html = createHarness({ language: "ru" }).render(card().path, card().context);
    expect(html).toContain("выигрывает на 1 УУ");
    // Once only: a second response is refused and nothing changes.
    expect(await respond(officer, { tested: "skill:leadership" }, [90]).catch(() => "refused")).toBe("refused");
    expect(stateOf(message).opposed.targets[0].response.faces).toEqual([16]);
  });

  it("V7 and the defender's odds: Tom (Endurance 63) against Salundra's 21 (+2 SL): P(win) = 49/100 by hand (faces 01–39 beat +2, 40–49 tie on SL and win on 63 > 46); he rolls 91 → −3, Salundra wins by 5", async () => {
    const tom = actorDoc("tom", actorViewOf(character("Fat Tom Brandysnap")));
    await opposedCard("Salundra von Drakenburg", "endurance", tom, 21);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: tom as any, kind: "response", dataset: { messageId: "m1", target: "0" }, targets: [] }))!;
    expect(request.values.tested).toBe("skill:endurance"); // the tester's skill by default
    const odds = checks.odds!(request, request.values);
    expect(odds[0]).toMatchObject({ label: "OMNIBUS.WFRP.Opposed.OddsWin", primary: true });
    expect(odds[0].probability).toBeCloseTo(0.49, 12);
    expect(odds[1].probability).toBeCloseTo(0.51, 12);
    await respond(tom, {}, [91]);
    expect((await view(stand.messages[0])).context.targets[0]).toMatchObject({ defender: { slLabel: "-3" }, testerWins: true, margin: 5 });
  });

  it("a full tie (equal SL and equal value): stalemate by default; with the re-roll setting both re-roll — tester 50, defender 30 → the defender wins by 2; every roll is attached", async () => {
    const twin = actorDoc("twin", actorViewOf(character("Salundra von Drakenburg")));
    await opposedCard("Salundra von Drakenburg", "intimidate", twin, 4);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    await respond(twin, { tested: "skill:intimidate" }, [4]);
    expect((await view(stand.messages[0])).context.targets[0]).toMatchObject({ stalemate: true, rerolls: 0 });

    vi.resetModules();
    stand.recorded.messagesCreated.length = 0;
    stand.messages.length = 0;
    stand.recorded.settingsValues.delete("omnibus.cardRecords");
    stand.recorded.settingsValues.set("omnibus.wfrp_opposedFinalTie", "reroll");
    const twin2 = actorDoc("twin", actorViewOf(character("Salundra von Drakenburg")));
    const { message } = await opposedCard("Salundra von Drakenburg", "intimidate", twin2, 4);
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({
      actor: twin2 as any,
      kind: "response",
      dataset: { messageId: "m1", target: "0" },
      targets: [],
    }))!;
    // Odds with re-rolls: no stalemate line; win + lose = 1.
    const odds = checks.odds!(request, { ...request.values, tested: "skill:intimidate" });
    expect(odds.find((l) => l.label === "OMNIBUS.WFRP.Opposed.OddsStalemate")).toBeUndefined();
    expect(odds[0].probability + odds[1].probability).toBeCloseTo(1, 12);
    await respond(twin2, { tested: "skill:intimidate" }, [4, 50, 30]);
    await stand.settle();
    // The defender's client rolls only the defender's die; the GM re-rolls the tie (tester, defender) in its own message.
    const response = stand.messages.find((m: any) => m.flags?.omnibus?.response)!;
    expect(response.rolls.map((r: any) => r.options.outcome.roll)).toEqual([4]);
    const tie = stand.messages.at(-1)!;
    expect(tie.author.id).toBe("gm");
    expect(tie.rolls.map((r: any) => r.options.outcome.roll)).toEqual([50, 30]);
    expect((await view(message)).context.targets[0]).toMatchObject({
      rerolls: 1,
      tester: { slLabel: "-1" },
      defender: { slLabel: "+1" },
      testerWins: false,
      winnerName: "Salundra von Drakenburg",
      margin: 2,
    });
  });

  it("the GM re-checks a player's response: a stranger is refused; extra re-roll faces or a non-d100 roll are refused and change nothing", async () => {
    const officer = actorDoc("off", actorViewOf(character("Guard Officer")), ["owner"]);
    const { message } = await opposedCard("Salundra von Drakenburg", "intimidate", officer, 4);
    stand.makeUser("stranger", false);
    stand.makeUser("owner", false);
    stand.setActiveGM("gm");
    const roll = (face: number, sides = 100) => ({ dice: [{ faces: sides, results: [{ result: face }] }], toJSON: () => ({}) });
    const forge = (user: string, rolls: unknown[], choices: Record<string, string>) =>
      stand.asUser(user, () =>
        (ChatMessage as any).create({
          content: "",
          rolls,
          flags: { omnibus: { ruleset: "wfrp", response: { to: message.id, action: "recordResponse", target: "0", choices } } },
        }),
      );
    // A stranger (not the defender's owner) responds: refused.
    await forge("stranger", [roll(16)], { tested: "skill:leadership" });
    // The defender's owner: extra re-roll faces, a d10, a face of 101, a skill it cannot test, a "0x10" modifier.
    await forge("owner", [roll(16), roll(50), roll(30)], { tested: "skill:leadership" });
    await forge("owner", [roll(6, 10)], { tested: "skill:leadership" });
    await forge("owner", [roll(101)], { tested: "skill:leadership" });
    await forge("owner", [roll(16)], { tested: "skill:flying" });
    await forge("owner", [roll(16)], { tested: "skill:leadership", modifier: "0x10" });
    await forge("owner", [roll(16)], JSON.parse('{"tested":"skill:leadership","__proto__":"x"}'));
    await stand.settle();
    expect(message.updates).toEqual([]);
    expect(stateOf(message).opposed.targets[0].response).toBeNull();
    expect((await import("../../../src/foundry/chat/record")).readLog().map((e) => e.kind)).toEqual(Array(7).fill("refused"));
  });
});

describe("attacks: the defender's roll on the message, re-rolled ties, Dodge against ranged, odds per target", () => {
  const attackerView = () => {
    const v = actorViewOf(character("Salundra von Drakenburg"));
    v.system = {
      ...v.system,
      characteristics: {
        ...(v.system.characteristics as object),
        ws: { initial: 35, advances: 0, modifier: 0 },
        s: { initial: 30, advances: 0, modifier: 0 },
      },
      advantage: 0,
    };
    return v; // Melee (Basic) 45, SB 3, Hand Weapon +SB+4
  };
  const defenderView = (ws: number) => {
    const v = actorViewOf(character("Guard Officer"));
    v.system = {
      ...v.system,
      characteristics: {
        ...(v.system.characteristics as object),
        ws: { initial: ws, advances: 0, modifier: 0 },
        t: { initial: 30, advances: 0, modifier: 0 },
      },
      health: { value: 12, max: 12 },
      advantage: 0,
    };
    return v; // Melee (Basic) ws + 5
  };

  async function meleeAttack(face: number, defenderWs: number) {
    const attacker = actorDoc("att", attackerView(), ["player"]);
    const defender = actorDoc("def", defenderView(defenderWs));
    placeTarget(stand, "Scene.s.Token.def", defender, attacker, 1.5, { name: "Guard Officer" });
    const weapon = attacker.items.contents.find((i: any) => i.type === "wfrp_weapon");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({
      actor: attacker as any,
      kind: "attack",
      dataset: { itemId: weapon.id },
      targets: [{ tokenUuid: "Scene.s.Token.def", actorUuid: "Actor.def", name: "Guard Officer", img: "", distance: 1.5, units: "m" }],
    }))!;
    faces.push(face);
    await checks.roll(request, request.values, { rollMode: "publicroll" });
    const message = stand.messages.at(-1)!;
    return { attacker, defender, message };
  }

  it("the parry is a real Roll attached to the attack card's message (rolls: attacker's, then defender's)", async () => {
    const { message } = await meleeAttack(13, 35);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    faces.push(27);
    await actions.requestChatAction(message as any, "defendMelee", "0");
    const response = stand.messages.at(-1)!;
    expect((response.flags as any).omnibus.response).toMatchObject({
      to: message.id,
      action: "recordDefence",
      target: "0",
      choices: { skill: "melee" },
    });
    expect((response.rolls[0] as any).options.outcome.roll).toBe(27);
    expect((await view(message)).context.targets[0]).toMatchObject({ hit: true, margin: 1, damage: 8 });
  });

  it("a full tie in melee (both +3 SL on 45) with the re-roll setting: both re-roll, attacker 20 (+2) vs defender 80 (−4) → hit by 6, head (20 reversed = 02), Damage 7 + 6 = 13", async () => {
    stand.recorded.settingsValues.set("omnibus.wfrp_opposedFinalTie", "reroll");
    const { message, attacker } = await meleeAttack(13, 40);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    faces.push(13, 20, 80);
    await actions.requestChatAction(message as any, "defendMelee", "0");
    await stand.settle();
    expect(faces).toEqual([]);
    // The defence carries the defender's die; the GM's own message the re-rolled pair (attacker, defender).
    expect(stand.messages.find((m: any) => m.flags?.omnibus?.response)!.rolls).toHaveLength(1);
    expect(stand.messages.at(-1)!.rolls.map((r: any) => r.options.outcome.roll)).toEqual([20, 80]);
    expect(stateOf(message).attack.targets[0].defence).toMatchObject({ roll: 13, rerolls: [20, 80] });
    expect((await view(message)).context.targets[0]).toMatchObject({
      rerolls: 1,
      hit: true,
      margin: 6,
      locationKey: "OMNIBUS.WFRP.Location.head",
      damage: 13,
      attack: { slLabel: "+2" },
      defence: { slLabel: "-4" },
    });
    expect(attacker.updates).toEqual([{ "system.advantage": 1 }]);
  });

  it("a player defends into a full tie: their client rolls only their own die (13); the active GM re-rolls both sides (20, 80) in its own message; a response carrying the re-roll faces is refused", async () => {
    stand.recorded.settingsValues.set("omnibus.wfrp_opposedFinalTie", "reroll");
    stand.makeUser("owner", false);
    const { message } = await meleeAttack(13, 40);
    const defender = actorDoc("def", defenderView(40), ["owner"]);
    placeTarget(stand, "Scene.s.Token.def", defender, { uuid: "Actor.att" }, 1.5, { name: "Guard Officer" });
    // The owner's forged response picks the attacker's re-roll face (99) and their own (1): refused, nothing recorded.
    const roll = (face: number) => ({ dice: [{ faces: 100, results: [{ result: face }] }], toJSON: () => ({}) });
    await stand.asUser("owner", () =>
      (ChatMessage as any).create({
        content: "",
        rolls: [roll(13), roll(99), roll(1)],
        flags: {
          omnibus: { ruleset: "wfrp", response: { to: message.id, action: "recordDefence", target: "0", choices: { skill: "melee" } } },
        },
      }),
    );
    await stand.settle();
    expect(stateOf(message).attack.targets[0].defence).toBeNull();
    faces.push(13, 20, 80);
    await stand.asUser("owner", () => actions.requestChatAction(message as any, "defendMelee", "0"));
    await stand.settle();
    expect(faces).toEqual([]);
    const responses = stand.messages.filter((m: any) => m.flags?.omnibus?.response);
    expect(responses.at(-1)!.author.id).toBe("owner");
    expect(responses.at(-1)!.rolls.map((r: any) => r.options.outcome.roll)).toEqual([13]);
    const tie = stand.messages.at(-1)!;
    expect(tie.author.id).toBe("gm");
    expect(tie.rolls.map((r: any) => r.options.outcome.roll)).toEqual([20, 80]);
    expect(stateOf(message).attack.targets[0].defence).toMatchObject({ roll: 13, rerolls: [20, 80] });
    expect((await view(message)).context.targets[0]).toMatchObject({ rerolls: 1, hit: true, margin: 6 });
  });

  it("the same tie without the setting is a stalemate: no hit, no Advantage change; forged extra re-roll faces are refused", async () => {
    const { message, attacker } = await meleeAttack(13, 40);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const roll = (face: number) => ({ dice: [{ faces: 100, results: [{ result: face }] }], toJSON: () => ({}) });
    await (ChatMessage as any).create({
      content: "",
      rolls: [roll(13), roll(20), roll(80)],
      flags: {
        omnibus: { ruleset: "wfrp", response: { to: message.id, action: "recordDefence", target: "0", choices: { skill: "melee" } } },
      },
    });
    expect(stateOf(message).attack.targets[0].defence).toBeNull();
    faces.push(13);
    await actions.requestChatAction(message as any, "defendMelee", "0");
    expect((await view(message)).context.targets[0]).toMatchObject({ hit: false, tie: true, rerolls: 0 });
    expect(attacker.updates).toEqual([]);
  });

  it("ranged at two targets: one odds line per target at its own band — Short 68/100, Extreme 18/100 by hand; with the Dodge option the near target may only Dodge (or not defend)", async () => {
    const { perdita, bow, targets } = perditaAndTwoCultists();
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: perdita as any, kind: "attack", dataset: { itemId: bow.id }, targets }))!;
    expect(request.values.dodge).toBe(false); // unopposed by default (digest §7 item 21)
    const perTarget = checks.odds!(request, request.values).filter((l) => l.label === "OMNIBUS.WFRP.Odds.TargetSuccess");
    expect(perTarget.map((l) => l.probability)).toEqual([0.68, 0.18]);
    expect(perTarget.map((l) => l.detail)).toEqual([
      expect.stringContaining("near · OMNIBUS.WFRP.Range.short"),
      expect.stringContaining("far · OMNIBUS.WFRP.Range.extreme"),
    ]);

    // With Dodge allowed, each target's line is the opposed test against that target's Dodge at its band's difficulty.
    const dodging = checks.odds!(request, { ...request.values, dodge: true }).filter((l) => l.label === "OMNIBUS.WFRP.Odds.BeatDefence");
    const { opposedOdds } = await import("../../../src/rules/wfrp/index");
    const dodge = Number(/"value":"(\d+)"/.exec(dodging[0].detail!)![1]);
    expect(dodging.map((l) => l.probability)).toEqual([
      opposedOdds({ value: 48, difficulty: "average" }, { value: dodge }, { critsOnDoubles: true }).attacker,
      opposedOdds({ value: 48, difficulty: "very_hard" }, { value: dodge }, { critsOnDoubles: true }).attacker,
    ]);
    faces.push(36);
    await checks.roll(request, { ...request.values, dodge: true }, { rollMode: "publicroll" });
    const row = card().context.targets[0];
    expect(row).toMatchObject({ waiting: true, hit: false });
    expect(row.defendButtons.map((b: any) => [b.action, b.data.target])).toEqual([
      ["defendDodge", "0"],
      ["noDefence", "0"],
    ]);
  });

  it("melee at two targets: one 'beat the best defence' line per target, each against that target's own defence", async () => {
    const attacker = actorDoc("att", attackerView(), ["player"]);
    const weak = actorDoc("weak", defenderView(20));
    const strong = actorDoc("strong", defenderView(60));
    placeTarget(stand, "Scene.s.Token.w", weak, attacker, 1, { name: "weak" });
    placeTarget(stand, "Scene.s.Token.s", strong, attacker, 1, { name: "strong", y: 1 });
    const weapon = attacker.items.contents.find((i: any) => i.type === "wfrp_weapon");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({
      actor: attacker as any,
      kind: "attack",
      dataset: { itemId: weapon.id },
      targets: [
        { tokenUuid: "Scene.s.Token.w", actorUuid: weak.uuid, name: "weak", img: "", distance: 1, units: "m" },
        { tokenUuid: "Scene.s.Token.s", actorUuid: strong.uuid, name: "strong", img: "", distance: 1, units: "m" },
      ],
    }))!;
    const lines = checks.odds!(request, request.values).filter((l) => l.label === "OMNIBUS.WFRP.Odds.BeatDefence");
    // The weak one's best defence is their Dodge (Ag 33), not Melee 25.
    expect(lines.map((l) => l.detail)).toEqual([
      'weak · OMNIBUS.WFRP.Dialog.DefenceValue {"value":"33"}',
      'strong · OMNIBUS.WFRP.Dialog.DefenceValue {"value":"65"}',
    ]);
    const { opposedOdds } = await import("../../../src/rules/wfrp/index");
    const combat = { critsOnDoubles: true };
    expect(lines[0].probability).toBe(opposedOdds({ value: 45 }, { value: 33 }, combat).attacker);
    expect(lines[1].probability).toBe(opposedOdds({ value: 45 }, { value: 65 }, combat).attacker);
    expect(lines[0].probability).toBeGreaterThan(lines[1].probability);
  });
});

describe("extended tests (003:L205-219) and assistance (003:L221-239)", () => {
  /** An actor whose embedded tracker item applies its updates (as Foundry would). */
  function withTracker(view: ReturnType<typeof actorViewOf>, tracker: Record<string, unknown>, actorId = "molly") {
    const item = new StandInDocument("ext", `Actor.${actorId}.Item.ext`, true, {
      name: "Pick the lock",
      type: "wfrp_extended",
      img: "",
      system: tracker,
    }) as StandInDocument & Record<string, any>;
    const update = item.update.bind(item);
    item.update = async (data: Record<string, unknown>) => {
      for (const [path, value] of Object.entries(data)) item.system[path.replace(/^system\./, "")] = value;
      return update(data);
    };
    const items = [...view.items, item];
    // The player's character: the player rolls each step, the active GM re-derives and records it.
    const doc = actorDoc(actorId, { ...view, items: items as any }, ["player"]);
    doc.items = { contents: items, get: (id: string) => items.find((i: any) => i.id === id) };
    return { doc, item };
  }

  async function rollTracker(doc: any, face: number, values: Record<string, unknown> = {}) {
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: doc, kind: "item", dataset: { itemId: "ext" }, targets: [] }))!;
    faces.push(face);
    await checks.roll(request, { ...request.values, ...(values as Record<string, number>) }, { rollMode: "publicroll" });
    await stand.settle();
    return request;
  }

  it("V8: Molly's Pick Lock 58, 5 SL needed within 3 rolls: 62 → 0 (never below 0), 11 → 4, 42 → 5, complete on the last roll; each roll one tracker update and a card with the progress", async () => {
    const { doc, item } = withTracker(actorViewOf(character("Molly")), {
      skill: "pickLock",
      characteristic: "dex",
      difficulty: "challenging",
      requiredSL: 5,
      accumulated: 0,
      rollsMade: 0,
      maxRolls: 3,
      status: "inProgress",
      description: "",
    });
    const request = await rollTracker(doc, 62);
    expect(request).toMatchObject({ kind: "extended", values: { difficulty: "challenging" } });
    expect(item.updates[0]).toEqual({ "system.accumulated": 0, "system.rollsMade": 1, "system.status": "inProgress" });
    await rollTracker(doc, 11);
    expect(item.updates[1]).toEqual({ "system.accumulated": 4, "system.rollsMade": 2, "system.status": "inProgress" });
    await rollTracker(doc, 42);
    expect(item.updates[2]).toEqual({ "system.accumulated": 5, "system.rollsMade": 3, "system.status": "complete" });
    expect(card().context).toMatchObject({
      slLabel: "+1",
      extended: { accumulated: 5, required: 5, rollsMade: 3, maxRolls: 3, status: "complete", percent: 100 },
    });
    const html = createHarness({ language: "en" }).render(card().path, card().context);
    expect(html).toContain("5/5");
    expect(html).toContain("Complete");
    // A finished extended test cannot be rolled again.
    await expect(
      wfrp.wfrpAdapter.checks!.build({ actor: doc as any, kind: "item", dataset: { itemId: "ext" }, targets: [] }),
    ).rejects.toThrow(/over/);
  });

  it("V27: rolls giving +0 (40 vs 40), −0 (41) and +2 (20): totals 0, 0, 2 without the option; 1, 0, 2 with 'Extended tests and 0 SL'; the limit passing without the total is 'out of time'", async () => {
    const view = () =>
      actorViewOf(character("Molly"), {
        characteristics: { ...(character("Molly").system.characteristics as object), int: { initial: 40, advances: 0, modifier: 0 } },
      });
    const tracker = {
      skill: "",
      characteristic: "int",
      difficulty: "challenging",
      requiredSL: 9,
      accumulated: 0,
      rollsMade: 0,
      maxRolls: 3,
      status: "inProgress",
      description: "",
    };
    const plain = withTracker(view(), { ...tracker });
    for (const face of [40, 41, 20]) await rollTracker(plain.doc, face);
    expect(plain.item.updates.map((u: any) => u["system.accumulated"])).toEqual([0, 0, 2]);
    expect(plain.item.updates[2]["system.status"]).toBe("failed");

    stand.recorded.settingsValues.set("omnibus.wfrp_extendedZeroSL", true);
    const option = withTracker(view(), { ...tracker }, "molly2");
    for (const face of [40, 41, 20]) await rollTracker(option.doc, face);
    expect(option.item.updates.map((u: any) => u["system.accumulated"])).toEqual([1, 0, 2]);
  });

  it("V9: Ademar's Perception 59, Difficult (−10), 2 helpers (+20) → 69; roll 74 → −1, Marginal Failure; the card lists the helpers", async () => {
    const ademar = actorDoc("ade", actorViewOf(character("Ademar")));
    const perception = ademar.items.contents.find((i: any) => i.system.key === "perception");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: ademar as any, kind: "skill", dataset: { itemId: perception.id }, targets: [] }))!;
    expect(request.fields.find((f) => f.name === "helpers")).toMatchObject({ min: 0, max: 4 }); // I 44 → Bonus 4 (003:L237)
    faces.push(74);
    await checks.roll(request, { ...request.values, difficulty: "difficult", helpers: 2 }, { rollMode: "publicroll" });
    expect(card().context).toMatchObject({ target: 69, slLabel: "-1", outcomeKey: "OMNIBUS.WFRP.Outcome.marginal_failure" });
    expect(card().context.lines).toContainEqual({ label: "OMNIBUS.WFRP.Card.Helpers", value: "2 (+20)" });
  });

  it("V25: Molly's Pick Lock tests Dex 38 → Bonus 3: the dialog allows at most 3 helpers, 4 count as 3 (+30); no help on a test to resist poison", async () => {
    const molly = actorDoc("mol", actorViewOf(character("Molly")));
    const pickLock = molly.items.contents.find((i: any) => i.system.key === "pickLock");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({ actor: molly as any, kind: "skill", dataset: { itemId: pickLock.id }, targets: [] }))!;
    expect(request.fields.find((f) => f.name === "helpers")).toMatchObject({ max: 3 });
    const { specFor } = await import("../../../src/rules/wfrp/table/checks");
    expect(specFor(request as never, { ...request.values, helpers: 4 }).modifier).toBe(30);
    expect(specFor(request as never, { ...request.values, helpers: 2, resisting: "poison" }).modifier).toBe(0);
    const { parseFieldInput } = await import("../../../src/foundry/dialogs/roll-dialog-context");
    expect(
      parseFieldInput(
        request.fields.find((f) => f.name === "helpers")!,
        "4",
      ),
    ).toMatchObject({ ok: false });
  });
});
