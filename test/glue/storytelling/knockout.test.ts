// @vitest-environment happy-dom
// Issue 15 at the Storytelling table: a knockout blow from the attack card (published World of
// Darkness rulebook p.169, digest §Z.5 "Knockout" and "Specified targets"). A blow aimed at the
// head (−3) doing damage ≥ the target's Size → once the damage is applied, the target's owner rolls
// Stamina from the card; the GM reads it from the target's own Stamina; no success → unconscious
// for turns equal to the damage (a turn is 3 s outside combat, 002:L41).
import { beforeEach, describe, expect, it } from "vitest";
import { assertMayModify, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { setUpStorytelling } from "./setup";
import { recordOf } from "../../../src/foundry/chat/record";
import type { CardContext } from "../../../src/rules/storytelling/table/cards";
import { sceneToken } from "../../support/scene-tokens";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let checks: typeof import("../../../src/foundry/storytelling/checks");
let actions: typeof import("../../../src/foundry/chat/actions");
let targets: typeof import("../../../src/foundry/targets");
let adapter: (typeof import("../../../src/foundry/storytelling/adapter"))["storytellingAdapter"];
let faceQueue: number[][];
let evaluated: string[];

const g = globalThis as any;
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
type Effect = { id: string; statuses: string[]; flags: Record<string, Record<string, any>> };

beforeEach(async () => {
  ({ stand, adapter, checks, actions, targets, faceQueue, evaluated } = await setUpStorytelling());
  stand.makeUser("victim", false);
  g.game.combat = null;
  g.game.time = { worldTime: 0 };
});

/** The attacker (the player's): Strength 5 + Weaponry 5 + club 2 = 12 dice before the target's Defense 2. */
function attacker() {
  const doc = new StandInDocument("stack", "Actor.stack", true, {
    name: "Stack",
    img: "",
    type: "storytelling_character",
    system: { attributes: attrs({ strength: 5 }), skills: { weaponry: { dots: 5, specialties: "" } } },
    items: [club],
    statuses: new Set<string>(),
  });
  stand.documents.set("Actor.stack", doc);
  return doc;
}

/** Vaughn (the victim's player owns him): Size 5 (a grown human), Stamina 2, Defense 2, no armour; Active Effects kept. */
function vaughn() {
  const doc = new StandInDocument("vaughn", "Actor.vaughn", false, {
    name: "Vaughn",
    img: "",
    type: "storytelling_character",
    system: { attributes: attrs({ stamina: 2 }), size: 5 },
    items: [],
    statuses: new Set<string>(),
  }) as StandInDocument & Record<string, any>;
  doc.owners = ["victim"];
  doc.live = true;
  doc.effects = { contents: [] as Effect[] };
  let n = 0;
  doc.createEmbeddedDocuments = async (_t: string, data: Array<Record<string, unknown>>) => {
    assertMayModify(doc, "create effects on");
    for (const d of data) doc.effects.contents.push({ ...(structuredClone(d) as Effect), id: `e${++n}` });
  };
  doc.deleteEmbeddedDocuments = async (_t: string, ids: string[]) => {
    doc.effects.contents = doc.effects.contents.filter((e: Effect) => !ids.includes(e.id));
  };
  stand.documents.set("Actor.vaughn", doc);
  return doc;
}

const token = (name: string, uuid: string, x: number) => sceneToken(stand, name, uuid, x) as never;
const lastCard = () => stand.recorded.rendered.filter((r) => r.path.endsWith("roll-card.hbs")).at(-1)!.context as unknown as CardContext;
/** The hook's knockOut runs after the GM's application returns: let it finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The player's attack with the club at 1 m, aimed at `aimed`, the dice showing `faces`. */
async function attack(aimed: string, faces: number[]) {
  const who = attacker();
  const target = vaughn();
  const measured = targets.describeTargets(grid, token("stack", "Actor.stack", 0), [token("vaughn", "Actor.vaughn", 100)]);
  const request = (await checks.storytellingChecks.build({
    actor: who as never,
    kind: "attack",
    dataset: { itemId: "w2" },
    targets: measured,
  }))!;
  faceQueue.push(faces);
  await checks.storytellingChecks.roll(request, { ...request.values, specifiedTarget: aimed }, { rollMode: "publicroll" });
  const message = [...stand.messages].reverse().find((m) => !(m.flags as any).omnibus?.response)!;
  return { message, target, card: lastCard() };
}

const knockouts = (target: Record<string, any>) =>
  (target.effects.contents as Effect[]).filter((e) => e.flags.omnibus?.timer?.kind === "knockout");
const user = (id: string) => stand.users.get(id) as never;
const summaries = (message: StandInDocument) => Object.values(recordOf(message.id)!.marks).map((m) => m.summary);

describe("a knockout blow on the Storytelling attack card (WoD p.169)", () => {
  it("the head is on the attack dialog at −3: 12 − Defense 2 − head 3 = 7 dice", async () => {
    const { card } = await attack("head", [8, 8, 8, 8, 8, 1, 2]);
    expect(card.rolls[0].pool).toBe(7);
    expect(card.rolls[0].parts).toEqual(expect.arrayContaining([{ label: "OMNIBUS.Storytelling.Part.specifiedTarget", value: "−3" }]));
  });

  it("5 bashing to the head of a Size 5 target: the card offers a Stamina roll once the damage is applied; a failure knocks him out for 5 turns, once", async () => {
    const { message, target, card } = await attack("head", [8, 8, 8, 8, 8, 1, 2]);
    expect(card.rolls[0].damage).toEqual({ points: 5, typeLabel: "OMNIBUS.Storytelling.Damage.bashing" });
    expect(card.rolls[0].buttons.map((b) => [b.action, b.data.target])).toEqual([
      ["applyDamage", "0"],
      ["knockoutRoll", "0"],
    ]);
    // The player's card, re-derived by the GM (the knockout claim among the rest) and recorded untouched.
    expect((message.flags as any).omnibus.knockout).toEqual({ "0": "Actor.vaughn" });
    expect(recordOf(message.id)?.tampered).toBeNull();
    const roll = adapter.chatActions!.knockoutRoll;
    // Before the damage is applied: no button for the victim, and a click rolls nothing.
    expect(roll.visible!(message as never, user("victim"))).toBe(false);
    stand.setUser("victim");
    const before = evaluated.length;
    await actions.requestChatAction(message as never, "knockoutRoll", "0");
    expect(stand.recorded.notifications.at(-1)?.message).toContain("OMNIBUS.Storytelling.Knockout.DamageFirst");
    expect(evaluated).toHaveLength(before);
    // The attacker applies the damage; now the victim's owner sees the roll, the attacker does not.
    stand.setUser("player");
    expect(await actions.requestChatAction(message as never, "applyDamage", "0")).toBe(true);
    expect(roll.visible!(message as never, user("victim"))).toBe(true);
    expect(roll.visible!(message as never, user("player"))).toBe(false);
    expect(await actions.requestChatAction(message as never, "knockoutRoll", "0")).toBe(false);
    // Vaughn's Stamina 2: two dice, no success.
    stand.setUser("victim");
    faceQueue.push([3, 7]);
    expect(await actions.requestChatAction(message as never, "knockoutRoll", "0")).toBe(true);
    await settle();
    expect(evaluated.at(-1)).toMatch(/^2d/);
    const response = stand.messages.at(-1)!;
    expect((response.flags as any).omnibus.response).toMatchObject({ to: message.id, action: "recordKnockout", target: "0" });
    expect(knockouts(target)).toHaveLength(1);
    // Unconscious for turns equal to the damage: 5 turns, 15 s of world time outside combat.
    expect(knockouts(target)[0].flags.omnibus.timer).toMatchObject({
      kind: "knockout",
      length: { value: 15, units: "seconds" },
      data: { damage: 5 },
    });
    expect(knockouts(target)[0].statuses).toEqual(["unconscious"]);
    expect(summaries(message)).toContainEqual({ key: "OMNIBUS.Storytelling.Knockout.Out", data: { name: "Vaughn", turns: 5 } });
    // A second click rolls nothing; a second response (other dice) is refused: one knockout.
    const rolled = evaluated.length;
    expect(await actions.requestChatAction(message as never, "knockoutRoll", "0")).toBe(true);
    expect(evaluated).toHaveLength(rolled);
    expect(roll.visible!(message as never, user("victim"))).toBe(false);
    const Roll = g.Roll;
    faceQueue.push([1, 2]);
    const again = await new Roll("2d10").evaluate();
    expect(await actions.postResponse(message as never, "recordKnockout", "0", { rolls: [again], content: "" })).toBe(false);
    await settle();
    expect(knockouts(target)).toHaveLength(1);
  });

  it("a success on the Stamina roll keeps him conscious: no timer", async () => {
    const { message, target } = await attack("head", [8, 8, 8, 8, 8, 9, 2]);
    expect(await actions.requestChatAction(message as never, "applyDamage", "0")).toBe(true);
    stand.setUser("victim");
    faceQueue.push([8, 1]);
    expect(await actions.requestChatAction(message as never, "knockoutRoll", "0")).toBe(true);
    await settle();
    expect(knockouts(target)).toHaveLength(0);
    expect(summaries(message)).toContainEqual({ key: "OMNIBUS.Storytelling.Knockout.Conscious", data: { name: "Vaughn", successes: 1 } });
  });

  it("4 damage to the head of a Size 5 target, or 5 to the body, offers no Stamina roll", async () => {
    const low = await attack("head", [8, 8, 8, 8, 1, 2, 3]);
    expect(low.card.rolls[0].damage?.points).toBe(4);
    expect(low.card.rolls[0].buttons.map((b) => b.action)).toEqual(["applyDamage"]);
    expect((low.message.flags as any).omnibus.knockout).toEqual({});
    // A body blow: 12 − Defense 2 = 10 dice, 5 successes.
    const body = await attack("none", [8, 8, 8, 8, 8, 1, 2, 3, 4, 5]);
    expect(body.card.rolls[0].damage?.points).toBe(5);
    expect(body.card.rolls[0].buttons.map((b) => b.action)).toEqual(["applyDamage"]);
    expect(await actions.requestChatAction(body.message as never, "applyDamage", "0")).toBe(true);
    expect(adapter.chatActions!.knockoutRoll.visible!(body.message as never, user("victim"))).toBe(false);
  });

  it("the GM halves the damage to 2: below the Size, the GM refuses the roll and nobody is knocked out", async () => {
    const { message, target } = await attack("head", [8, 8, 8, 8, 8, 1, 2]);
    stand.setUser("gm");
    expect(await actions.requestChatAction(message as never, "applyDamage", "0", { factor: 0.5 })).toBe(true);
    stand.setUser("victim");
    faceQueue.push([1, 2]);
    await actions.requestChatAction(message as never, "knockoutRoll", "0");
    await settle();
    expect(stand.recorded.notifications.at(-1)?.message).toContain("OMNIBUS.Refused.NoKnockout");
    expect(knockouts(target)).toHaveLength(0);
  });

  it("a card claiming a knockout its dice do not give is refused at creation", async () => {
    await attack("head", [8, 8, 8, 8, 1, 2, 3]);
    const created = stand.recorded.messagesCreated.at(-1)!;
    const flags = structuredClone(created.data.flags) as Record<string, any>;
    // The honest card: re-created as it was, it is recorded untouched.
    const honest = await stand.asUser("player", () => g.ChatMessage.create({ ...created.data, flags: structuredClone(flags) }));
    expect(recordOf((honest as { id: string }).id)?.tampered).toBeNull();
    flags.omnibus.knockout = { "0": "Actor.vaughn" };
    const forged = await stand.asUser("player", () => g.ChatMessage.create({ ...created.data, flags }));
    expect(recordOf((forged as { id: string }).id)?.tampered).toMatchObject({ forged: "Result" });
  });
});
