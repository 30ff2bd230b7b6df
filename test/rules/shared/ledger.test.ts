// The experience ledger and one Advance as pure decisions (issue 16): spend, refusal, undo, awards.
import { describe, expect, it } from "vitest";
import { award, ledgerTotals, requireLedger, spend, undoLastSpend, type LedgerEntry } from "../../../src/rules/ledger";
import { availableExperience, planAdvance, planAward, planSpend, planUndo } from "../../../src/rules/advance-plan";

const D = "2026-12-01T19:00:00Z";

describe("ledger", () => {
  it("awards and spends add up; an undone spend no longer counts and stays in the list", () => {
    let l = award([], { id: "a1", amount: 100, reason: "Session 1", date: D });
    l = award(l, { id: "a2", amount: 50, reason: "Session 2", date: D });
    const s = spend(l, ledgerTotals(l).available, { id: "s1", cost: 120, reason: "Cool 0 → 1", date: D });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(ledgerTotals(s.entries)).toEqual({ awarded: 150, spent: 120, available: 30 });
    const u = undoLastSpend(s.entries, D);
    expect(u.ok && u.undone.id).toBe("s1");
    if (!u.ok) return;
    expect(u.entries).toHaveLength(3);
    expect(ledgerTotals(u.entries).available).toBe(150);
    expect(undoLastSpend(u.entries, D)).toEqual({ ok: false, reason: "nothingToUndo" });
  });
  it("a spend above what is available is refused with both numbers", () => {
    expect(spend([], 20, { id: "s", cost: 25, reason: "WS", date: D })).toEqual({
      ok: false,
      reason: "notEnoughExperience",
      cost: 25,
      available: 20,
    });
  });
  it("refuses junk: a bad amount, a reused id, a stored ledger that is not one", () => {
    expect(() => award([], { id: "a", amount: 0, reason: "", date: D })).toThrow(/amount/);
    expect(() => award([], { id: "a", amount: 2.5, reason: "", date: D })).toThrow(/amount/);
    expect(() => award([], { id: "a", amount: 5, reason: "", date: "yesterday" })).toThrow(/date/);
    const l = award([], { id: "a", amount: 5, reason: "", date: D });
    expect(() => award(l, { id: "a", amount: 5, reason: "", date: D })).toThrow(/id/);
    expect(() => requireLedger([{ id: "x", type: "gift", amount: 1, date: D, reason: "" }])).toThrow(/type/);
    expect(() => requireLedger("[]")).toThrow(/ledger/);
  });
});

const wfrpActor = (total: number, spent: number, ledger: LedgerEntry[] = []) => ({
  type: "wfrp_character",
  system: { experience: { total, spent }, ledger, characteristics: { ws: { initial: 30, advances: 5, modifier: 0 } } },
  items: [{ _id: "sk1", name: "Cool", type: "wfrp_skill", system: { advances: 4 } }],
});

describe("one Advance (planAdvance / planSpend / planUndo)", () => {
  it("WFRP 4e core, Advance costs: WS with 5 advances → 6 costs 30; the changes raise it, take the XP, append the spend", () => {
    const p = planSpend("wfrp", wfrpActor(100, 0), { kind: "characteristic", key: "ws" }, { id: "s1", date: D });
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.cost).toBe(30);
    expect(p.changes.system).toMatchObject({ "characteristics.ws.advances": 6, "experience.spent": 30 });
    expect((p.changes.system?.ledger as LedgerEntry[])[0]).toMatchObject({
      type: "spend",
      amount: 30,
      trait: { kind: "characteristic", key: "ws", from: "5", to: "6" },
    });
  });
  it("refused without enough experience (WFRP: 29 XP left for a 30 XP advance); out of career doubles a skill", () => {
    expect(planAdvance("wfrp", wfrpActor(100, 71), { kind: "characteristic", key: "ws" })).toEqual({
      ok: false,
      reason: "notEnoughExperience",
      label: "ws",
      cost: 30,
      available: 29,
    });
    const p = planAdvance("wfrp", wfrpActor(100, 0), { kind: "skill", itemId: "sk1" }, { outOfCareer: true });
    expect(p.ok && p.cost).toBe(20);
  });
  it("undo of the last spend puts the trait back and refunds it, keeping later awards", () => {
    const actor = wfrpActor(100, 0);
    const p = planSpend("wfrp", actor, { kind: "skill", itemId: "sk1" }, { id: "s1", date: D });
    if (!p.ok) throw new Error("expected a plan");
    // Applied: Cool 5, 10 XP spent; then the GM awards 40 more.
    const after = {
      ...actor,
      system: { ...actor.system, experience: { total: 100, spent: 10 }, ledger: p.changes.system?.ledger as LedgerEntry[] },
    };
    const awarded = planAward("wfrp", after, { id: "a1", amount: 40, reason: "Session", date: D });
    expect(awarded.system).toMatchObject({ "experience.total": 140 });
    const withAward = {
      ...after,
      system: { ...after.system, experience: { total: 140, spent: 10 }, ledger: awarded.system?.ledger as LedgerEntry[] },
    };
    const u = planUndo("wfrp", withAward, D);
    expect(u.ok).toBe(true);
    if (!u.ok) return;
    expect(u.changes.items).toEqual([{ _id: "sk1", system: { advances: 4 } }]);
    expect(u.changes.system).toMatchObject({ "experience.spent": 0 });
    expect(planUndo("wfrp", wfrpActor(100, 0), D)).toEqual({ ok: false, reason: "nothingToUndo" });
  });
  it("Star Wars RPG R&E: blaster 4D+2 → 5D costs 4 Character Points; a specialization half; an attribute 10 × dice", () => {
    const actor = {
      type: "d6_character",
      system: { characterPoints: 10, attributes: { dexterity: { dice: 3, pips: 0 } } },
      items: [
        {
          _id: "b",
          name: "blaster",
          type: "d6_skill",
          system: {
            code: { dice: 4, pips: 2 },
            advanced: false,
            specializations: [{ name: "blaster pistol", code: { dice: 5, pips: 0 } }],
          },
        },
      ],
    };
    const p = planAdvance("d6", actor, { kind: "skill", itemId: "b" });
    expect(p.ok && [p.from, p.to, p.cost, p.changes.system?.characterPoints]).toEqual(["4D+2", "5D", 4, 6]);
    const sp = planAdvance("d6", actor, { kind: "specialization", itemId: "b", index: 0 });
    expect(sp.ok && [sp.cost, (sp.changes.items?.[0].system.specializations as { code: unknown }[])[0].code]).toEqual([
      3,
      { dice: 5, pips: 1 },
    ]);
    expect(planAdvance("d6", actor, { kind: "attribute", key: "dexterity" })).toMatchObject({
      ok: false,
      reason: "notEnoughExperience",
      cost: 30,
      available: 10,
    });
  });
  it("WoD 2004: a new Specialty costs 3 and is appended to the skill's text; a trait at 5 dots is at its maximum", () => {
    const actor = {
      type: "storytelling_character",
      system: { experience: 20, attributes: { strength: 5 }, skills: { firearms: { dots: 2, specialties: "Rifles" } } },
      items: [],
    };
    const p = planAdvance("storytelling", actor, { kind: "specialty", key: "firearms", name: "Pistols" });
    expect(p.ok && [p.cost, p.changes.system]).toEqual([3, { "skills.firearms.specialties": "Rifles, Pistols", experience: 17 }]);
    expect(planAdvance("storytelling", actor, { kind: "attribute", key: "strength" })).toEqual({
      ok: false,
      reason: "atMaximum",
      label: "strength",
      value: "5",
    });
    expect(planAdvance("storytelling", actor, { kind: "skill", key: "firearms" })).toMatchObject({ ok: true, cost: 9 });
    expect(planAdvance("storytelling", actor, { kind: "skill", key: "nope" })).toEqual({
      ok: false,
      reason: "unknownTrait",
      kind: "skill",
    });
  });
  it("Silhouette's pool is the ledger itself (our convention: skill 2 → 3 costs 9)", () => {
    const ledger = award([], { id: "a", amount: 10, reason: "Mission", date: D });
    const actor = {
      type: "silhouette_character",
      system: { ledger, attributes: { agi: 0 } },
      items: [{ _id: "f", name: "Firearms", type: "silhouette_skill", system: { level: 2 } }],
    };
    expect(availableExperience("silhouette", actor)).toBe(10);
    const p = planSpend("silhouette", actor, { kind: "skill", itemId: "f" }, { id: "s", date: D });
    expect(p.ok && [p.cost, ledgerTotals(p.changes.system?.ledger as LedgerEntry[]).available]).toEqual([9, 1]);
  });
});

describe("Silhouette: the ten attributes and STR in experience", () => {
  const ledger = award([], { id: "a", amount: 100, reason: "Mission", date: D });
  const actor = (attributes: Record<string, number>) => ({ type: "silhouette_character", system: { ledger, attributes }, items: [] });
  it("each of the ten is offered (PER 0 → 1 costs 5, our convention); STR, a secondary trait, is neither offered nor planned", async () => {
    const { advanceOffers, offerKey } = await import("../../../src/rules/advance-plan");
    const ten = { agi: 0, app: 0, bld: 0, cre: 0, fit: 0, inf: 0, kno: 0, per: 0, psy: 0, will: 0 };
    const offers = advanceOffers("silhouette", actor({ ...ten, str: 0 }));
    for (const key of Object.keys(ten)) expect(offers[offerKey({ kind: "attribute", key })], key).toMatchObject({ ok: true, cost: 5 });
    expect(offers[offerKey({ kind: "attribute", key: "str" })]).toBeUndefined();
    expect(planAdvance("silhouette", actor({ ...ten, str: 0 }), { kind: "attribute", key: "str" })).toMatchObject({
      ok: false,
      reason: "unknownTrait",
    });
  });
  it("Silhouette CORE, STR = (BLD + FIT) / 2 toward zero: a stored STR that matched follows a BLD or FIT advance, and its undo", () => {
    // BLD 1, FIT 0: STR 0; BLD 2 gives (2 + 0) / 2 = 1.
    const p = planAdvance("silhouette", actor({ bld: 1, fit: 0, str: 0 }), { kind: "attribute", key: "bld" });
    expect(p).toMatchObject({ ok: true, cost: 20, changes: { system: { "attributes.bld": 2, "attributes.str": 1 } } });
    expect(p.ok && p.revert).toEqual({ system: { "attributes.bld": 1, "attributes.str": 0 } });
    // FIT 0 → 1 with BLD 0: (0 + 1) / 2 = 0.5 → 0, STR unchanged
    expect(planAdvance("silhouette", actor({ bld: 0, fit: 0, str: 0 }), { kind: "attribute", key: "fit" })).toMatchObject({
      ok: true,
      changes: { system: { "attributes.fit": 1 } },
    });
    const fit = planAdvance("silhouette", actor({ bld: 0, fit: 0, str: 0 }), { kind: "attribute", key: "fit" });
    expect(fit.ok && Object.keys(fit.changes.system ?? {})).not.toContain("attributes.str");
    // a STR the GM set apart from the formula (a creature) is left alone
    const dog = planAdvance("silhouette", actor({ bld: 1, fit: 1, str: 3 }), { kind: "attribute", key: "bld" });
    expect(dog.ok && Object.keys(dog.changes.system ?? {})).not.toContain("attributes.str");
  });
});

describe("advanceOffers (the sheet's Advance buttons)", () => {
  it("WFRP 4e core, Advance costs: every characteristic, skill and talent gets its cost; unaffordable ones are marked", async () => {
    const { advanceOffers, offerKey } = await import("../../../src/rules/advance-plan");
    const actor = {
      ...wfrpActor(100, 80),
      items: [...wfrpActor(0, 0).items, { _id: "t1", name: "Hardy", type: "wfrp_talent", system: { timesTaken: 1 } }],
    };
    const offers = advanceOffers("wfrp", actor);
    expect(offers[offerKey({ kind: "characteristic", key: "ws" })]).toMatchObject({ ok: false, cost: 30, reason: "notEnoughExperience" });
    expect(offers[offerKey({ kind: "skill", itemId: "sk1" })]).toMatchObject({ ok: true, cost: 10, from: "4", to: "5" });
    expect(offers[offerKey({ kind: "talent", itemId: "t1" })]).toMatchObject({ ok: false, cost: 200 });
  });
  it("a stored revert that is not ActorChanges is refused on undo", () => {
    const l = award([], { id: "a", amount: 50, reason: "", date: D });
    const s = spend(l, 50, { id: "s", cost: 10, reason: "x", date: D, revert: { system: { morality: 7 } } });
    if (!s.ok) throw new Error("expected a spend");
    const forged = s.entries.map((e) => (e.id === "s" ? { ...e, revert: '{"items":[{"system":{}}]}' } : e));
    expect(() => planUndo("storytelling", { type: "storytelling_character", system: { ledger: forged } }, D)).toThrow(/revert/);
    expect(planUndo("storytelling", { type: "storytelling_character", system: { ledger: s.entries, experience: 40 } }, D)).toMatchObject({
      ok: true,
      changes: { system: { morality: 7, experience: 50 } },
    });
  });
});
