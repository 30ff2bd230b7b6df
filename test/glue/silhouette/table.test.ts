// @vitest-environment happy-dom
// The Silhouette ruleset at the table, with the Foundry stand-ins: registrations; a check and an
// attack rolled with forced faces (the digest's numbers); the defender's opposed roll in the same
// card; damage through the GM; combat initiative, ties, mishaps, "pull yourself together" and the
// per-round re-roll; movement recorded from token moves.
import { beforeEach, describe, expect, it } from "vitest";
import { StandInDocument, type StandIns, statusEffectIds } from "../../support/foundry-stand-ins";
import { recordOf } from "../../../src/foundry/chat/record";
import { lastMessage as harnessLastMessage, makeActor as makeHarnessActor, setUp, type ActorSpec, type Harness } from "./harness";
import { describeTargets, type GridLike, type TokenLike } from "../../../src/foundry/targets";
import { sceneToken } from "../../support/scene-tokens";

let h: Harness;
let stand: StandIns;
let sil: {
  adapter: typeof import("../../../src/foundry/silhouette/adapter");
  checks: typeof import("../../../src/foundry/silhouette/checks");
  combat: typeof import("../../../src/foundry/silhouette/combat");
  movement: typeof import("../../../src/foundry/silhouette/tokens");
  actions: typeof import("../../../src/foundry/chat/actions");
};

const makeActor = (spec: ActorSpec) => makeHarnessActor(h, spec);
const lastMessage = (_author = "player") => harnessLastMessage(h);

const RIFLE = {
  name: "Assault rifle",
  category: "ranged",
  skill: "firearms",
  damageMultiplier: 15,
  accuracy: 0,
  rof: 3,
  ranges: { base: 25, medium: 50, long: 100, extreme: 200 },
  ammo: { value: 30, max: 30 },
};

beforeEach(async () => {
  h = await setUp();
  stand = h.stand;
  sil = {
    adapter: await import("../../../src/foundry/silhouette/adapter"),
    checks: h.checks,
    combat: h.combat,
    movement: await import("../../../src/foundry/silhouette/tokens"),
    actions: h.actions,
  };
});

describe("registration", () => {
  it("registers the Silhouette types, sheets, the Roll, settings with the digest's defaults, status effects and combat", () => {
    const CONFIG = (globalThis as Record<string, any>).CONFIG;
    expect(Object.keys(CONFIG.Actor.dataModels).sort()).toEqual(["silhouette_character", "silhouette_npc", "silhouette_party"]);
    expect(Object.keys(CONFIG.Item.dataModels).sort()).toEqual([
      "silhouette_armour",
      "silhouette_equipment",
      "silhouette_skill",
      "silhouette_weapon",
    ]);
    expect(stand.recorded.sheets.map((s) => (s.options.types as string[])[0]).sort()).toEqual([
      "silhouette_armour",
      "silhouette_character",
      "silhouette_equipment",
      "silhouette_npc",
      "silhouette_party",
      "silhouette_skill",
      "silhouette_weapon",
    ]);
    expect(CONFIG.Dice.rolls.map((r: { name: string }) => r.name)).toContain("SilhouetteRoll");
    const setting = (k: string) => stand.recorded.settingsRegistered.get(`omnibus.silhouette_${k}`)?.default;
    expect([setting("sixMode"), setting("fumbleRule"), setting("fixedTie"), setting("opposedTie"), setting("multiAction")]).toEqual([
      "silhouettePlusOne",
      "allOnes",
      "success",
      "failure",
      "allRolls",
    ]);
    expect(statusEffectIds()).toEqual(
      expect.arrayContaining(["dead", "prone", "diveForCover", "pullTogether", "lightWound", "heavyWound"]),
    );
    expect(CONFIG.Combatant.documentClass.name).toBe("OmnibusCombatant");
    expect(CONFIG.Combat.documentClass.name).toBe("OmnibusCombat");
    expect(stand.recorded.templatesLoaded).toEqual(expect.arrayContaining(["systems/omnibus/templates/silhouette/chat/check.hbs"]));
  });
});

describe("a skill check with forced faces", () => {
  it("E55: Firearms 3 dice [6,6,1], AGI +2, modifier −1 → result 7, total 8; the card shows every die and the total", async () => {
    const actor = makeActor({ id: "a1", name: "Ada", owner: true, attributes: { agi: 2 }, skills: [["Firearms", "firearms", 3, "agi"]] });
    const request = await sil.checks.silhouetteChecks.build({
      actor: actor as never,
      kind: "skill",
      dataset: { itemId: "a1s0" },
      targets: [],
    });
    expect(request!.values).toMatchObject({ dice: 3, movement: "stationary", actions: 1 });
    h.faces = [6, 6, 1];
    await sil.checks.silhouetteChecks.roll(request!, { ...request!.values, modifier: -1 }, { rollMode: "publicroll" });
    expect(h.faces).toEqual([]);
    const { data } = stand.recorded.messagesCreated[0];
    const state = (data.flags as any).omnibus.silhouette;
    expect(state.roll).toMatchObject({ faces: [6, 6, 1], best: 6, extraSixes: 1, result: 7, total: 8, fumble: false });
    expect((data.rolls as unknown[]).length).toBe(1);
    const html = String(data.content);
    // The dice row (the Explain disclosure's legend shows swatches of its own).
    expect(html.replace(/<details class="omnibus-explain">[\s\S]*?<\/details>/, "").match(/class="omnibus-die d6[^"]*"/g)).toHaveLength(3);
    expect(html).toContain('<span class="omnibus-total">8</span>');
    expect(html).toContain("kept");
  });

  it("E1: two rolled actions this turn → −1 on the roll; sprinting allows no action (refused, nothing posted)", async () => {
    const actor = makeActor({ id: "a2", name: "Bo", owner: true, skills: [["Athletics", "athletics", 2, "none"]] });
    const request = (await sil.checks.silhouetteChecks.build({
      actor: actor as never,
      kind: "skill",
      dataset: { skill: "athletics" },
      targets: [],
    }))!;
    h.faces = [5, 3];
    await sil.checks.silhouetteChecks.roll(request, { ...request.values, actions: 2 }, { rollMode: "publicroll" });
    expect((stand.recorded.messagesCreated[0].data.flags as any).omnibus.silhouette.roll.total).toBe(4);
    expect(() => sil.checks.silhouetteChecks.odds!(request, { ...request.values, movement: "sprinting" })).toThrow(/no actions/);
    await expect(
      sil.checks.silhouetteChecks.roll(request, { ...request.values, movement: "sprinting" }, { rollMode: "publicroll" }),
    ).rejects.toThrow();
    expect(stand.recorded.messagesCreated).toHaveLength(1);
  });

  it("an untrained skill rolls two dice and keeps the lowest (digest §2.4)", async () => {
    const actor = makeActor({ id: "a3", name: "Cy", owner: true });
    const request = (await sil.checks.silhouetteChecks.build({
      actor: actor as never,
      kind: "skill",
      dataset: { skill: "stealth" },
      targets: [],
    }))!;
    expect(request.values.dice).toBe(0);
    h.faces = [5, 2];
    await sil.checks.silhouetteChecks.roll(request, request.values, { rollMode: "publicroll" });
    expect((stand.recorded.messagesCreated[0].data.flags as any).omnibus.silhouette.roll).toMatchObject({ untrained: true, result: 2 });
  });
});

describe("an attack on a targeted token, its defense and its damage", () => {
  const grid: GridLike = { units: "m", measurePath: ([a, b]) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }) };
  const token = (name: string, x: number, actorUuid: string): TokenLike => sceneToken(stand, name, actorUuid, x) as never;

  async function attackAndDefend(thugStatuses: string[] = []) {
    const shooter = makeActor({
      id: "p1",
      name: "Mercenary",
      owner: true,
      attributes: { agi: 1 },
      skills: [["Firearms", "firearms", 4, "agi"]],
      weapons: [RIFLE],
    });
    const thug = makeActor({ id: "n1", name: "Thug", owner: false, skills: [["Defense", "defense", 2, "none"]], statuses: thugStatuses });
    const targets = describeTargets(grid, token("merc", 0, shooter.uuid), [token("thug", 3850, thug.uuid)]);
    expect(targets[0].distance).toBe(38.5);
    const request = (await sil.checks.silhouetteChecks.build({
      actor: shooter as never,
      kind: "item",
      dataset: { itemId: "p1w0" },
      targets,
    }))!;
    expect(request.kind).toBe("attack");
    // Firearms 4 dice [6,6,3,2] → 7, AGI +1 → 8; 38.5 m is the rifle's Medium band (25–50 m): −1 → 7.
    h.faces = [6, 6, 3, 2];
    await sil.checks.silhouetteChecks.roll(request, request.values, { rollMode: "publicroll" });
    const message = lastMessage("player");
    const target = message.flags.omnibus.silhouette.attack.targets[0];
    expect(target).toMatchObject({ rangeBand: "medium", rangeModifier: -1 });
    expect(target.strikes[0]).toMatchObject({ attackTotal: 7, defense: null, outcome: null });
    expect(String(message.content)).toContain('data-action="defend"');
    return { shooter, thug, message };
  }

  it("the defender's opposed roll goes into the same card: Defense 2 dice [3,1] → 3, stationary −1 → 2 against 7 → hit, margin 5, damage 5 × 15 = 75", async () => {
    const { message } = await attackAndDefend();
    stand.setUser("gm");
    stand.setActiveGM("gm");
    h.faces = [3, 1];
    await sil.actions.requestChatAction(message as never, "defend", "t0s0");
    expect(h.faces).toEqual([]);
    const strike = message.flags.omnibus.silhouette.attack.targets[0].strikes[0];
    expect(strike.defense).toMatchObject({ faces: [3, 1], result: 3, modifier: -1, total: 2, skill: "defense" });
    expect(strike.outcome).toMatchObject({ opposed: true, margin: 5, hit: true, damage: 75 });
    // The GM never edits the player's card: the defense is an amendment of its record, the roll the defender's own message.
    expect(message.updates).toEqual([]);
    expect(recordOf(message.id)!.amendments).toEqual([expect.objectContaining({ action: "recordDefense", target: "t0s0", by: "gm" })]);
    const response = stand.messages.at(-1)!;
    expect(response.author.id).toBe("gm");
    expect((response.flags as any).omnibus.response).toMatchObject({
      to: message.id,
      action: "recordDefense",
      target: "t0s0",
      choices: { skill: "defense", movement: "stationary" },
    });
    // Every client renders the card from the record: it now offers the damage button.
    const html = document.createElement("div");
    html.innerHTML = `<div class="omnibus-card"></div>`;
    await stand.fire("renderChatMessageHTML", message, html, {});
    expect(html.innerHTML).toContain('data-action="applyDamage"');
  });

  it("a tie with the defense is a miss (the attack must be greater, 004:L91)", async () => {
    const { message } = await attackAndDefend(["prone"]);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    h.faces = [6, 1]; // Defense 2 dice → 6, prone against a ranged attack +1 (004:L30) → 7 = the attack total
    await sil.actions.requestChatAction(message as never, "defend", "t0s0");
    expect(message.flags.omnibus.silhouette.attack.targets[0].strikes[0].outcome).toMatchObject({ margin: 0, hit: false, damage: 0 });
  });

  it("damage: the attacker's player does not own the target → the GM applies one update (the wound) and statuses; a second click does nothing", async () => {
    const { message, thug } = await attackAndDefend();
    stand.setUser("gm");
    stand.setActiveGM("gm");
    h.faces = [3, 1];
    await sil.actions.requestChatAction(message as never, "defend", "t0s0");

    stand.setUser("player");
    expect(await sil.actions.requestChatAction(message as never, "applyDamage", "t0s0")).toBe(true);
    expect(stand.recorded.socketEmits[0]).toMatchObject({
      from: "player",
      data: { type: "chatAction", action: "applyDamage", target: "t0s0" },
    });
    // 75 damage against Stamina 25 (light 13, heavy 25, death 50): instant death.
    expect(thug.updates).toEqual([{ "system.wounds.light": 0, "system.wounds.heavy": 0, "system.wounds.dead": true }]);
    expect(thug.statusToggles).toEqual([
      { id: "lightWound", active: false },
      { id: "heavyWound", active: false },
      { id: "dead", active: true },
    ]);
    expect(await sil.actions.requestChatAction(message as never, "applyDamage", "t0s0")).toBe(false);
    expect(thug.updates).toHaveLength(1);
    expect(stand.recorded.notifications.map((n) => n.message)).toContain("OMNIBUS.Chat.AlreadyApplied");

    // Later the thug takes a light wound elsewhere; the GM undoes this hit: only what it changed goes back.
    thug.live = true;
    Object.assign(thug.system.wounds, { light: 0, heavy: 0, dead: true });
    thug.statuses.add("dead");
    await stand.asUser("gm", () => thug.update({ "system.wounds.light": 1 }));
    await stand.asUser("gm", () => sil.actions.undoMark(message as never, "applyDamage:t0s0", stand.users.get("gm") as never));
    expect(thug.system.wounds).toEqual({ light: 1, heavy: 0, dead: false });
    expect(thug.statusToggles.at(-1)).toEqual({ id: "dead", active: false });
  });

  it("a player who does not own the target may not roll its defense", async () => {
    const { message } = await attackAndDefend();
    h.faces = [3, 1];
    expect(await sil.actions.requestChatAction(message as never, "defend", "t0s0")).toBe(false);
    expect(stand.recorded.notifications.map((n) => n.message)).toContain("OMNIBUS.Chat.NotPermitted");
    expect(h.faces).toEqual([3, 1]);
  });

  describe("a card forged at creation is re-derived by the GM and refused", () => {
    // The player posts the card themselves, with the honest card's Rolls but a changed claim.
    async function forge(change: (flags: Record<string, any>) => void) {
      await attackAndDefend();
      const honest = stand.recorded.messagesCreated.at(-1)!.data;
      const flags = structuredClone(honest.flags) as Record<string, any>;
      change(flags.omnibus);
      const Message = (globalThis as Record<string, any>).ChatMessage;
      await stand.asUser("player", () => Message.create({ ...honest, flags }));
      return lastMessage("player");
    }
    const cases: Array<[string, (f: Record<string, any>) => void, string]> = [
      [
        "an attack total raised from 7 to 20",
        (f) => {
          f.silhouette.attack.targets[0].strikes[0].attackTotal = 20;
        },
        "Result",
      ],
      [
        "a roll total raised from 8 to 12",
        (f) => {
          f.silhouette.roll.total = 12;
        },
        "Result",
      ],
      [
        "four faces for a pool the choices make three dice (every face must be used)",
        (f) => {
          f.origin.choices.dice = "3";
        },
        "Dice",
      ],
      [
        "a pool of 30 dice, beyond the dialog's range",
        (f) => {
          f.origin.choices.dice = "30";
        },
        "Choices",
      ],
      [
        "the roll said to be the thug's, whom the player does not own",
        (f) => {
          f.origin.actorUuid = "Actor.n1";
          f.origin.itemUuid = null;
        },
        "NotOwner",
      ],
      [
        "no origin at all",
        (f) => {
          delete f.origin;
        },
        "NoOrigin",
      ],
    ];
    for (const [what, change, reason] of cases) {
      it(`${what} → refused (${reason}); its defence and damage apply nothing`, async () => {
        const forged = await forge(change);
        expect(recordOf(forged.id)!.tampered).toMatchObject({ by: "player", forged: reason });
        stand.setUser("gm");
        h.faces = [1, 1];
        await sil.actions.requestChatAction(forged as never, "defend", "t0s0");
        expect(stand.recorded.notifications.map((n) => String(n.message)).some((m) => m.startsWith(`OMNIBUS.Chat.Forged.${reason}`))).toBe(
          true,
        );
        expect(recordOf(forged.id)!.amendments).toEqual([]);
        expect(await sil.actions.requestChatAction(forged as never, "applyDamage", "t0s0")).toBe(false);
        expect(stand.recorded.messagesCreated.length).toBeGreaterThan(1);
      });
    }
    it("the honest card (same Rolls, same claim) is recorded untouched", async () => {
      const card = await forge(() => undefined);
      expect(recordOf(card.id)!.tampered).toBeNull();
    });
  });

  it("a burst uses 5 rounds per ROF; too little ammunition refuses the attack and spends nothing", async () => {
    const shooter = makeActor({
      id: "p2",
      name: "Gunner",
      owner: true,
      skills: [["Firearms", "firearms", 2, "none"]],
      weapons: [{ ...RIFLE, ammo: { value: 8, max: 30 } }],
    });
    const request = (await sil.checks.silhouetteChecks.build({
      actor: shooter as never,
      kind: "item",
      dataset: { itemId: "p2w0" },
      targets: [],
    }))!;
    h.faces = [4, 4];
    await expect(sil.checks.silhouetteChecks.roll(request, { ...request.values, burst: 2 }, { rollMode: "publicroll" })).rejects.toThrow(
      /rounds/,
    );
    const item = (shooter.items as any).get("p2w0");
    expect(item.update).not.toHaveBeenCalled();
    expect(h.faces).toEqual([4, 4]);
    await sil.checks.silhouetteChecks.roll(request, { ...request.values, burst: 1 }, { rollMode: "publicroll" });
    expect(item.update).toHaveBeenCalledWith({ "system.ammo.value": 3 });
  });
});

describe("combat", () => {
  function combatant(id: string, actor: unknown, initiative: number | null = null) {
    const c = new StandInDocument(id, `Combat.c.Combatant.${id}`, true, { actor, initiative, combat: { round: 2 } });
    (c as any).getFlag = (scope: string, key: string) => (c.flags as any)[scope]?.[key];
    return c as StandInDocument & Record<string, any>;
  }

  /** An actor that keeps its Active Effects (create/delete as Foundry's embedded collection). */
  function withEffects<T extends object>(actor: T): T & Record<string, any> {
    const a = actor as any;
    a.toggleStatusEffect = a.toggleStatusEffect.bind(a);
    a.effects = { contents: [] as any[] };
    let n = 0;
    a.createEmbeddedDocuments = async (_t: string, data: Array<Record<string, unknown>>) => {
      for (const d of data) a.effects.contents.push({ ...structuredClone(d), id: `e${++n}` });
    };
    a.deleteEmbeddedDocuments = async (_t: string, ids: string[]) => {
      const missing = ids.filter((id) => !a.effects.contents.some((e: any) => e.id === id));
      if (missing.length > 0) throw new Error(`no effects ${missing.join(",")}`);
      a.effects.contents = a.effects.contents.filter((e: any) => !ids.includes(e.id));
    };
    return a;
  }

  it("initiative is a Combat Sense roll read the Silhouette way; a mishap marks the combatant and allows only diving for cover", async () => {
    const actor = withEffects(makeActor({ id: "i1", name: "Ivo", owner: true, skills: [["Combat Sense", "combatSense", 2, "none"]] }));
    const c = combatant("c1", actor);
    const roll = sil.combat.initiativeRoll(c as never);
    expect(roll.formula).toBe("2d6");
    h.faces = [5, 6];
    await roll.evaluate();
    expect(roll.total).toBe(6);
    const fumbled = sil.combat.initiativeRoll(c as never);
    h.faces = [1, 1];
    await fumbled.evaluate();
    expect(c.updates.at(-1)).toEqual({
      "flags.omnibus.silhouetteInitiative": { round: 2, fumble: true, pulledTogether: false, combatSense: 2 },
    });
    // Only diving for cover, this round (004:L2–L3): a one-round timer effect carrying the status.
    expect(actor.effects.contents.map((e: any) => [e.statuses, e.flags.omnibus.timer.kind, e.flags.omnibus.timer.length])).toEqual([
      [["diveForCover"], "diveForCover", { value: 1, units: "rounds" }],
    ]);
  });

  it("a mishap does not stop a character carrying on last round's action (004:L3): no dive-for-cover mark", async () => {
    const actor = withEffects(
      makeActor({
        id: "i9",
        name: "Medic",
        owner: true,
        skills: [["Combat Sense", "combatSense", 2, "none"]],
        statuses: ["continuingAction"],
      }),
    );
    const c = combatant("c9", actor);
    const fumbled = sil.combat.initiativeRoll(c as never);
    h.faces = [1, 1];
    await fumbled.evaluate();
    expect(c.updates.at(-1)).toEqual({
      "flags.omnibus.silhouetteInitiative": { round: 2, fumble: false, pulledTogether: false, combatSense: 2 },
    });
    expect(actor.effects.contents).toEqual([]);
    expect(actor.statusToggles).toEqual([]);
  });

  it("a mishap in round 2 (004:L3): the dive-for-cover timer ends when round 3 begins, deleted once by the active GM; a mishap rolled before round 1 ends with round 2", async () => {
    const { expireTimers, timerNow } = await import("../../../src/foundry/durations");
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const actor = withEffects(makeActor({ id: "i3", name: "Ivo", owner: true, skills: [["Combat Sense", "combatSense", 2, "none"]] }));
    const c = combatant("c3", actor);
    (c as any).combat = { id: "cb", round: 2, turn: 0, started: true, turns: [c] };
    const fumbled = sil.combat.initiativeRoll(c as never);
    h.faces = [1, 1];
    await fumbled.evaluate();
    expect(actor.effects.contents).toHaveLength(1);
    expect(await expireTimers([actor as never], timerNow({ ...(c as any).combat, round: 2 }))).toBe(0);
    expect(await expireTimers([actor as never], timerNow({ ...(c as any).combat, round: 3 }))).toBe(1);
    expect(actor.effects.contents).toEqual([]);
    (c as any).combat = { id: "cb2", round: 0, turn: 0, started: false, turns: [c] };
    const early = sil.combat.initiativeRoll(c as never);
    h.faces = [1, 1];
    await early.evaluate();
    expect(await expireTimers([actor as never], timerNow({ id: "cb2", round: 1, turn: 0, started: true, turns: [c] }))).toBe(0);
    expect(await expireTimers([actor as never], timerNow({ id: "cb2", round: 2, turn: 0, started: true, turns: [c] }))).toBe(1);
  });

  it("E5: after pulling itself together, initiative is 4 + Combat Sense 2 = 6 without a roll, and the status is cleared", async () => {
    const actor = makeActor({
      id: "i2",
      name: "Pia",
      owner: true,
      skills: [["Combat Sense", "combatSense", 2, "none"]],
      statuses: ["pullTogether"],
    });
    const c = combatant("c2", actor);
    const roll = sil.combat.initiativeRoll(c as never);
    expect(roll.formula).toBe("6");
    await roll.evaluate();
    expect(roll.total).toBe(6);
    expect(actor.statusToggles).toContainEqual({ id: "pullTogether", active: false });
  });

  it("E6: equal totals go to the higher Combat Sense level; equal levels act simultaneously", () => {
    const a = combatant("a", makeActor({ id: "t1", name: "A", owner: true, skills: [["CS", "combatSense", 3, "none"]] }), 7);
    const b = combatant("b", makeActor({ id: "t2", name: "B", owner: true, skills: [["CS", "combatSense", 2, "none"]] }), 7);
    const c = combatant("c", makeActor({ id: "t3", name: "C", owner: true, skills: [["CS", "combatSense", 2, "none"]] }), 7);
    const d = combatant("d", makeActor({ id: "t4", name: "D", owner: true }), null);
    expect(sil.combat.compareCombatants(a as never, b as never)).toBeLessThan(0);
    expect(sil.combat.compareCombatants(b as never, c as never)).toBe(0);
    expect(sil.combat.compareCombatants(d as never, c as never)).toBeGreaterThan(0);
  });

  it("a new round: the active GM clears mishaps, re-rolls every initiative and starts at the top; not on rewind, not for players", async () => {
    const actor = makeActor({ id: "r1", name: "Rex", owner: true, statuses: ["diveForCover"] });
    const calls: string[] = [];
    const combat = {
      round: 3,
      combatants: { contents: [combatant("c", actor)] },
      resetAll: async () => void calls.push("resetAll"),
      rollAll: async () => void calls.push("rollAll"),
      update: async (d: Record<string, unknown>) => void calls.push(`update:${JSON.stringify(d)}`),
    };
    expect(await sil.combat.onUpdateCombat(combat as never, { round: 3 }, { direction: 1 })).toBe(false); // a player
    stand.setUser("gm");
    stand.setActiveGM("gm");
    expect(await sil.combat.onUpdateCombat(combat as never, { round: 2 }, { direction: -1 })).toBe(false);
    expect(await sil.combat.onUpdateCombat(combat as never, { round: 3 }, { direction: 1 })).toBe(true);
    expect(calls).toEqual(["resetAll", "rollAll", 'update:{"turn":0}']);
    expect(actor.statusToggles).toEqual([{ id: "diveForCover", active: false }]);
  });
});

describe("movement from token moves", () => {
  it("the mover's client adds each move this round; a new round starts at 0; the mode follows (E10 rates: walk 13.33, jog 20)", async () => {
    (globalThis as any).game.combat = { id: "c1", started: true, round: 1 };
    const flags: Record<string, unknown> = {};
    const token = {
      getFlag: (s: string, k: string) => flags[`${s}.${k}`],
      setFlag: async (s: string, k: string, v: unknown) => void (flags[`${s}.${k}`] = v),
    };
    await sil.movement.onMoveToken(token, { passed: { distance: 8 } }, {}, { id: "player" });
    await sil.movement.onMoveToken(token, { passed: { distance: 7 } }, {}, { id: "player" });
    await sil.movement.onMoveToken(token, { passed: { distance: 5 } }, {}, { id: "someone-else" });
    expect(sil.movement.tokenMovedThisRound(token)).toBe(15);
    const { autoMovementMode } = await import("../../../src/rules/silhouette/table/checks");
    const rates = { sprint: 40, run: 80 / 3, jog: 20, walk: 40 / 3, crawl: 8 };
    expect(autoMovementMode({ movedThisRound: 15, movement: rates, prone: false, maxSpeed: "sprint" })).toBe("jogging");
    expect(autoMovementMode({ movedThisRound: 12, movement: rates, prone: false, maxSpeed: "sprint" })).toBe("walking");
    expect(autoMovementMode({ movedThisRound: 0, movement: rates, prone: true, maxSpeed: "sprint" })).toBe("prone");
    (globalThis as any).game.combat.round = 2;
    expect(sil.movement.tokenMovedThisRound(token)).toBe(0);
  });
});
