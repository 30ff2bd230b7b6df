// @vitest-environment happy-dom
// D6 healing at the table (§25): natural healing, medpacs and bacta tanks — the digest's worked
// examples (T-39…T-42, D-4, D-5) through the pure request/result functions, and end to end through
// the glue: the roll, the spent medpac, the card, and the ONE patient update routed to the GM.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StandInDocument } from "../../support/foundry-stand-ins";
import { DEFAULT_SETTINGS } from "../../../src/rules/d6/table/settings";
import {
  bactaCheck,
  bactaHealingResult,
  isRefusal,
  medicalKind,
  medpacCheck,
  medpacHealingResult,
  naturalHealingCheck,
  naturalHealingResult,
  planHealing,
  resolveHealing,
  healingOdds,
  type HealingData,
} from "../../../src/rules/d6/table/healing/checks";
import { ACTOR_SPECS, ITEM_SPECS } from "../../../src/rules/d6/table/schema";
import { migrateD6Source } from "../../../src/rules/d6/table/migrate";
import { validateAgainst } from "../../../src/rules/table/field-spec";
import { asActor, asItem, packDoc } from "./fixtures";
import { actorDoc, forceFaces, lastCard, setUpTable, type Table } from "./table";
import { createHarness, type Language } from "../../support/handlebars";
import { placeTarget } from "../../support/scene-tokens";

/** The Explain steps of a rendered D6 card (issue 14). */
function explainSteps(context: Record<string, unknown>, language: Language = "en"): string[] {
  const host = document.createElement("div");
  host.innerHTML = createHarness({ language }).render("d6/chat/check-card.hbs", { ...context, ruleset: "d6" });
  return Array.from(host.querySelectorAll(".omnibus-explain ol li")).map((li) => (li.textContent ?? "").trim());
}

const DAY = 86_400;
const medpacDoc = () => packDoc("d6-equipment", "Medpac");
const patient = (name: string, woundLevel: string, extra: Record<string, unknown> = {}) => {
  const a = asActor(packDoc("d6-characters", name));
  Object.assign(a.system, { woundLevel, ...extra });
  return { ...a, unconscious: false };
};

describe("natural healing (§25.1)", () => {
  it("T-39: incapacitated, after two weeks a Strength roll of 10 → wounded twice; the next roll after 3 more days", () => {
    const p = patient("Stormtrooper", "incapacitated");
    const request = naturalHealingCheck(p, 14 * DAY, false, "Natural healing");
    if (isRefusal(request)) throw new Error("refused");
    const data = (request.data as any).healing as HealingData;
    const result = naturalHealingResult(data, 10);
    expect(result).toMatchObject({ state: "wounded_twice", change: "better", nextRestDays: 3 });
    const planned = planHealing(data, result, p.system, false);
    expect(planned.update).toEqual({
      "system.woundLevel": "wounded_twice",
      "system.roundsMortallyWounded": 0,
      "system.healing.stabilized": false,
      "system.stuns": 0,
      "system.healing.nextNaturalRoll": 14 * DAY + 3 * DAY,
    });
    expect(planned.statuses).toMatchObject({ wounded_twice: true, incapacitated: false, prone: true, unconscious: false });
  });

  it("D-4 / D-5: the bands of the wounded and mortally wounded rows", () => {
    const data = (s: string) => ({ kind: "natural", patientState: s, now: 0 }) as HealingData;
    expect([4, 5, 6, 7].map((t) => naturalHealingResult(data("wounded"), t).state)).toEqual([
      "wounded_twice",
      "wounded",
      "wounded",
      "healthy",
    ]);
    expect([6, 7, 9].map((t) => naturalHealingResult(data("mortally_wounded"), t).state)).toEqual([
      "killed",
      "mortally_wounded",
      "incapacitated",
    ]);
  });

  it("full Strength with no wound penalty (A-19), −1D after working (000:L451), +1D for taking it easy; the odds add up to 1", () => {
    const p = patient("Thannik", "wounded_twice"); // Strength 3D+2
    const request = naturalHealingCheck(p, 0, false, "Natural healing");
    if (isRefusal(request)) throw new Error("refused");
    expect(resolveHealing(request, request.values, DEFAULT_SETTINGS).code).toEqual({ dice: 3, pips: 2 });
    expect(resolveHealing(request, { ...request.values, worked: true }, DEFAULT_SETTINGS).code).toEqual({ dice: 2, pips: 2 });
    expect(resolveHealing(request, { ...request.values, takeItEasy: true }, DEFAULT_SETTINGS).code).toEqual({ dice: 4, pips: 2 });
    const odds = healingOdds(request, request.values, DEFAULT_SETTINGS);
    const sum = odds.filter((l) => l.label.startsWith("OMNIBUS.D6.Healing.Odds")).reduce((a, l) => a + l.probability, 0);
    expect(sum).toBeCloseTo(1, 10);
    expect(() => resolveHealing(request, { ...request.values, characterPoints: 3 }, DEFAULT_SETTINGS)).toThrow(/at most 2/);
  });

  it("a player must rest the required days first (the GM may roll any time); a healthy character has nothing to heal", () => {
    const p = patient("Thannik", "wounded", {
      healing: { nextNaturalRoll: 3 * DAY, medpacDay: null, medpacUses: 0, medpacBlockedUntil: null, stabilized: false },
    });
    expect(naturalHealingCheck(p, 2 * DAY, false, "x")).toEqual({
      refused: "OMNIBUS.D6.Healing.RestFirst",
      data: { name: "Thannik", days: 1 },
    });
    expect(isRefusal(naturalHealingCheck(p, 2 * DAY, true, "x"))).toBe(false);
    expect(isRefusal(naturalHealingCheck(p, 3 * DAY, false, "x"))).toBe(false);
    expect(naturalHealingCheck(patient("Thannik", "healthy"), 0, false, "x")).toMatchObject({
      refused: "OMNIBUS.D6.Healing.NothingToHeal",
    });
  });
});

describe("medpacs (§25.2)", () => {
  const healer = () => {
    const a = asActor(packDoc("d6-characters", "Thannik"));
    a.items.push(asItem(medpacDoc(), a.uuid));
    return a;
  };
  const medpacOf = (a: ReturnType<typeof healer>) => a.items.find((i) => i.name === "Medpac")!;

  it("T-40: a wounded-twice patient — first aid (Technical when unimproved) at Easy; the second use the same day at Moderate", () => {
    const h = healer();
    const p = patient("Stormtrooper", "wounded_twice");
    const first = medpacCheck(h, medpacOf(h), p, 10 * DAY + 100, DEFAULT_SETTINGS);
    if (isRefusal(first)) throw new Error("refused");
    expect(first.values.difficulty).toBe(8); // Easy
    expect((first.data as any).baseCode).toEqual({ dice: 2, pips: 0 }); // Technical 2D
    const data = (first.data as any).healing as HealingData;
    const result = medpacHealingResult(data, 9, 8, "wounded_twice");
    expect(result.state).toBe("wounded");
    const planned = planHealing(data, result, p.system, false);
    expect(planned.update).toMatchObject({
      "system.woundLevel": "wounded",
      "system.healing.medpacDay": 10,
      "system.healing.medpacUses": 1,
    });
    Object.assign(p.system, {
      woundLevel: "wounded_twice",
      healing: { nextNaturalRoll: null, medpacDay: 10, medpacUses: 1, medpacBlockedUntil: null, stabilized: false },
    });
    const second = medpacCheck(h, medpacOf(h), p, 10 * DAY + 5000, DEFAULT_SETTINGS);
    if (isRefusal(second)) throw new Error("refused");
    expect(second.values.difficulty).toBe(13); // Moderate
    const nextDay = medpacCheck(h, medpacOf(h), p, 11 * DAY, DEFAULT_SETTINGS);
    expect(isRefusal(nextDay) ? null : nextDay.values.difficulty).toBe(8);
  });

  it("T-41: wounded twice (−2D) treating himself (−1D) with Technical 2D cannot attempt it", () => {
    const h = healer();
    h.system.woundLevel = "wounded_twice";
    const refusal = medpacCheck(h, medpacOf(h), { ...h, unconscious: false }, 0, { ...DEFAULT_SETTINGS, allowPipsOnly: false });
    expect(refusal).toMatchObject({ refused: "OMNIBUS.D6.Healing.CannotTreat", data: { name: "Thannik" } });
  });

  it("the table: stunned/unconscious Very Easy, incapacitated Moderate, mortally wounded Moderate (000:L411); a knocked-out patient wakes; a miss by more than 10 bars medpacs for 24 h", () => {
    const h = healer();
    const at = (level: string, unconscious = false) => {
      const r = medpacCheck(h, medpacOf(h), { ...patient("Stormtrooper", level), unconscious }, 0, DEFAULT_SETTINGS);
      return isRefusal(r) ? r.refused : r.values.difficulty;
    };
    expect([at("stunned"), at("wounded", true), at("incapacitated"), at("mortally_wounded"), at("healthy")]).toEqual([
      3,
      3,
      13,
      13,
      "OMNIBUS.D6.Healing.NothingToHeal",
    ]);
    const knockedOut = medpacCheck(h, medpacOf(h), { ...patient("Stormtrooper", "wounded"), unconscious: true }, 0, DEFAULT_SETTINGS);
    if (isRefusal(knockedOut)) throw new Error("refused");
    const data = (knockedOut.data as any).healing as HealingData;
    const woke = medpacHealingResult(data, 5, 3, "wounded");
    expect(woke).toMatchObject({ success: true, wakes: true, state: "wounded" });
    expect(planHealing(data, woke, patient("Stormtrooper", "wounded").system, true).statuses).toMatchObject({
      unconscious: false,
      wounded: true,
    });
    const badMiss = medpacHealingResult({ ...data, patientState: "mortally_wounded" }, 6, 18, "mortally_wounded");
    expect(badMiss).toMatchObject({ success: false, blockedHours: 24, state: "mortally_wounded" });
    const planned = planHealing({ ...data, now: 1000 }, badMiss, patient("Stormtrooper", "mortally_wounded").system, false);
    expect(planned.update["system.healing.medpacBlockedUntil"]).toBe(1000 + 24 * 3600);
    const barred = medpacCheck(
      h,
      medpacOf(h),
      { ...patient("Stormtrooper", "mortally_wounded", { healing: { medpacBlockedUntil: 1000 + 24 * 3600 } }), unconscious: false },
      2000,
      DEFAULT_SETTINGS,
    );
    expect(barred).toMatchObject({ refused: "OMNIBUS.D6.Healing.Barred", data: { hours: 24 } });
  });

  it("no medpac left is refused", () => {
    const h = healer();
    medpacOf(h).system.quantity = 0;
    expect(medpacCheck(h, medpacOf(h), patient("Stormtrooper", "wounded"), 0, DEFAULT_SETTINGS)).toMatchObject({
      refused: "OMNIBUS.D6.Healing.NoneLeft",
    });
  });
});

describe("bacta tanks (§25.3)", () => {
  it("T-42: mortally wounded, a Very Easy medicine (A) roll succeeds, 1D = 4 → out after 4 days, fully healed; without medicine (A) it is refused", () => {
    const op = asActor(packDoc("d6-characters", "Thannik"));
    const tank = asItem(packDoc("d6-equipment", "Bacta tank"), op.uuid);
    const p = patient("Stormtrooper", "mortally_wounded", { roundsMortallyWounded: 2 });
    expect(bactaCheck(op, tank, p, 0, DEFAULT_SETTINGS)).toMatchObject({ refused: "OMNIBUS.D6.Healing.NeedsMedicine" });
    op.items.push(
      asItem(
        { ...packDoc("d6-skills", "medicine"), system: { ...packDoc("d6-skills", "medicine").system, code: { dice: 3, pips: 0 } } },
        op.uuid,
      ),
    );
    const request = bactaCheck(op, tank, p, 0, DEFAULT_SETTINGS);
    if (isRefusal(request)) throw new Error("refused");
    expect(request.values.difficulty).toBe(3); // Very Easy
    const data = (request.data as any).healing as HealingData;
    const result = bactaHealingResult(data, true, { amount: 4, unit: "days" });
    expect(result).toMatchObject({ state: "healthy", tankTime: { amount: 4, unit: "days" } });
    expect(planHealing(data, result, p.system, true).update).toMatchObject({
      "system.woundLevel": "healthy",
      "system.roundsMortallyWounded": 0,
    });
    expect(bactaHealingResult(data, false, null)).toMatchObject({ success: false, state: "mortally_wounded" });
  });
});

describe("data", () => {
  it("an equipment item made before `medical` existed is still a medpac by its name (English or Russian); older actor data without `healing` validates", () => {
    const old = { ...medpacDoc(), system: { quantity: 3, consumable: true, price: 0, description: "" } };
    expect(validateAgainst(ITEM_SPECS.d6_equipment, migrateD6Source("d6_equipment", structuredClone(old.system)))).toEqual([]);
    expect(medicalKind({ name: "Medpac", type: "d6_equipment", system: old.system })).toBe("medpac");
    expect(medicalKind({ name: "Медпакет", type: "d6_equipment", system: old.system })).toBe("medpac");
    expect(medicalKind({ name: "Bacta tank", type: "d6_equipment", system: {} })).toBe("bacta_tank");
    expect(medicalKind({ name: "Comlink", type: "d6_equipment", system: {} })).toBeNull();
    expect(medicalKind({ name: "Medpac", type: "d6_equipment", system: { medical: "" } })).toBe("medpac");
    const oldActor = structuredClone(packDoc("d6-characters", "Thannik").system) as Record<string, unknown>;
    delete oldActor.healing;
    expect(validateAgainst(ACTOR_SPECS.d6_character, migrateD6Source("d6_character", oldActor))).toEqual([]);
  });
});

describe("at the table (glue)", () => {
  let t: Table;
  beforeEach(async () => {
    t = await setUpTable();
  });

  it("a medpac on a targeted stormtrooper the player does not own: roll, one medpac spent, the card, and ONE update of the patient by the GM; a second click does nothing", async () => {
    const healer = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true, [
      { ...medpacDoc(), system: { ...medpacDoc().system, quantity: 2 } },
    ]);
    const trooper = actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.trooper", false);
    (trooper as any).system.woundLevel = "wounded_twice";
    (globalThis as any).game.time.worldTime = 3 * DAY + 10;
    const medpac = (healer as any).items.contents.find((i: any) => i.name === "Medpac") as StandInDocument;
    placeTarget(t.stand, "Scene.s.Token.tk", trooper, healer, 1);
    const request = await t.checks.d6Checks.build({
      actor: healer as never,
      kind: "medical",
      dataset: { itemId: medpac.id },
      targets: [{ tokenUuid: "Scene.s.Token.tk", actorUuid: "Actor.trooper", name: "Stormtrooper", img: "", distance: 1, units: "m" }],
    });
    expect(request!.values.difficulty).toBe(8);
    t.stand.setActiveGM("gm");
    forceFaces([5, 4]); // Technical 2D: 5 + Wild 4 = 9 ≥ Easy 8
    await t.checks.d6Checks.roll(request!, request!.values, { rollMode: "publicroll" });
    expect(lastCard(t.stand).total).toBe(9);
    expect(lastCard(t.stand).outcome).toEqual({ label: "OMNIBUS.D6.Card.Success", tone: "success" });
    expect(explainSteps(lastCard(t.stand))).toEqual([
      "Rolled 2D.",
      "Regular dice 5 = 5.",
      "Wild Die 4.",
      "Total 9.",
      "9 ≥ 8: success, margin 1.",
    ]);
    // The card asks the GM at once; the request names only the card and the action.
    await vi.waitFor(() => expect(trooper.updates).toHaveLength(1));
    // The GM used the medpac up when it recorded the card, not the player's client.
    expect(medpac.updates).toEqual([{ "system.quantity": 1 }]);
    expect(medpac.updaters).toEqual(["gm"]);
    expect(t.stand.recorded.socketEmits[0]).toMatchObject({ from: "player", data: { action: "d6ApplyHealing", target: null } });
    expect(trooper.updates).toEqual([
      {
        "system.woundLevel": "wounded",
        "system.roundsMortallyWounded": 0,
        "system.healing.stabilized": false,
        "system.stuns": 0,
        "system.healing.medpacDay": 3,
        "system.healing.medpacUses": 1,
      },
    ]);
    expect(
      trooper.statusToggles
        .filter((s) => s.active)
        .map((s) => s.id)
        .sort(),
    ).toEqual(["prone", "wounded"]);
    t.stand.setUser("player");
    expect(await t.actions.requestChatAction(t.messages[0] as never, "d6ApplyHealing", null)).toBe(false);
    expect(trooper.updates).toHaveLength(1);
  });

  it("with hidden difficulties the medpac card's steps state the total but not the difficulty or the margin", async () => {
    t = await setUpTable({ settings: { "omnibus.d6_hideDifficulty": true } });
    const healer = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true, [
      { ...medpacDoc(), system: { ...medpacDoc().system, quantity: 2 } },
    ]);
    const trooper = actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.trooper", false);
    (trooper as any).system.woundLevel = "wounded_twice";
    const medpac = (healer as any).items.contents.find((i: any) => i.name === "Medpac") as StandInDocument;
    placeTarget(t.stand, "Scene.s.Token.tk", trooper, healer, 1);
    const request = await t.checks.d6Checks.build({
      actor: healer as never,
      kind: "medical",
      dataset: { itemId: medpac.id },
      targets: [{ tokenUuid: "Scene.s.Token.tk", actorUuid: "Actor.trooper", name: "Stormtrooper", img: "", distance: 1, units: "m" }],
    });
    t.stand.setActiveGM("gm");
    forceFaces([5, 4]);
    await t.checks.d6Checks.roll(request!, request!.values, { rollMode: "publicroll" });
    // The card asks the GM to apply it at once: let that finish inside this test.
    await vi.waitFor(() => expect(trooper.updates).toHaveLength(1));
    const steps = explainSteps(lastCard(t.stand));
    expect(steps.at(-1)).toBe("Total 9.");
    expect(steps.join(" ")).not.toMatch(/\b8\b|margin/);
  });

  it("natural healing on one's own character applies at once through the GM; a refused roll changes nothing", async () => {
    const me = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    (me as any).system.woundLevel = "wounded";
    const request = await t.checks.d6Checks.build({ actor: me as never, kind: "naturalHealing", dataset: {}, targets: [] });
    forceFaces([3, 2, 1]); // Strength 3D+2: 3, 2 and a Wild 1 → the 1 and the highest (3) are removed → 2 + 2 pips = 4
    await t.checks.d6Checks.roll(request!, request!.values, { rollMode: "publicroll" });
    const card = lastCard(t.stand);
    expect(card.total).toBe(4);
    expect(card.outcome).toEqual({ label: "OMNIBUS.D6.Healing.Worse", tone: "failure" });
    // The wounded row (D-4): 4 or less is worse.
    expect(explainSteps(card).slice(-2)).toEqual(["Total 4.", "4 is 4 or less: one level worse."]);
    expect(explainSteps(card, "ru").at(-1)).toBe("4 — 4 или меньше: на уровень хуже.");
    await vi.waitFor(() => expect(me.updates).toHaveLength(1));
    expect(me.updates[0]).toMatchObject({ "system.woundLevel": "wounded_twice", "system.healing.nextNaturalRoll": 3 * DAY });
    expect(t.stand.recorded.socketEmits.map((e) => e.from)).toEqual(["player", "gm"]);
    (me as any).system.woundLevel = "wounded_twice";
    (me as any).system.healing = { nextNaturalRoll: 3 * DAY, medpacDay: null, medpacUses: 0, medpacBlockedUntil: null, stabilized: false };
    expect(await t.checks.d6Checks.build({ actor: me as never, kind: "naturalHealing", dataset: {}, targets: [] })).toBeNull();
    expect(t.stand.recorded.notifications.at(-1)?.message).toContain("OMNIBUS.D6.Healing.RestFirst");
  });
});
