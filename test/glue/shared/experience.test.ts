// Experience at the table (issue 16) against the Foundry stand-ins: an Advance spends and raises the
// trait, is refused without enough experience, and is undone; the GM awards several actors at once;
// the cost tables are world settings; the sheets render Advance buttons with their costs.
// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, type StandIns } from "../../support/foundry-stand-ins";
import { createHarness } from "../../support/handlebars";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let xp: typeof import("../../../src/foundry/experience");

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "wfrp", "omnibus.rulesetChosen": true } });
  xp = await import("../../../src/foundry/experience");
  xp.registerExperienceSettings("wfrp");
});

/** An actor stand-in over plain data that applies its updates (dotted paths), as Foundry would. */
function actor(type: string, system: Record<string, any>, items: any[] = [], isOwner = true) {
  const data = { type, system: structuredClone(system), items: structuredClone(items) };
  const set = (obj: any, path: string, value: unknown) => {
    const parts = path.split(".");
    let node = obj;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    node[parts[parts.length - 1]] = structuredClone(value);
  };
  return {
    id: type,
    name: `${type} hero`,
    type,
    isOwner,
    data,
    updates: [] as unknown[],
    toObject: () => structuredClone(data),
    async update(patch: Record<string, unknown>) {
      this.updates.push(patch);
      for (const [k, v] of Object.entries(patch)) set(data, k, v);
    },
    async updateEmbeddedDocuments(_name: string, list: Array<Record<string, unknown>>) {
      this.updates.push(list);
      for (const { _id, ...patch } of list) {
        const item = data.items.find((i: any) => i._id === _id);
        for (const [k, v] of Object.entries(patch)) set(item, k, v);
      }
    },
  };
}

const wfrpHero = (total: number, spent: number) =>
  actor(
    "wfrp_character",
    { experience: { total, spent }, ledger: [], characteristics: { ws: { initial: 30, advances: 5, modifier: 0 } } },
    [{ _id: "cool", name: "Cool", type: "wfrp_skill", system: { advances: 0 } }],
  );

describe("Advance, refusal and undo", () => {
  it("WFRP 4e core, Advance costs: WS 5 → 6 costs 30 — the advance, the XP spent and one ledger spend", async () => {
    const a = wfrpHero(100, 0);
    expect(await xp.advanceTrait(a as never, { kind: "characteristic", key: "ws" })).toBe(true);
    expect(a.data.system.characteristics.ws.advances).toBe(6);
    expect(a.data.system.experience).toEqual({ total: 100, spent: 30 });
    expect(a.data.system.ledger).toHaveLength(1);
    expect(a.data.system.ledger[0]).toMatchObject({
      type: "spend",
      amount: 30,
      trait: { kind: "characteristic", key: "ws", from: "5", to: "6" },
    });
    expect(stand.recorded.notifications.at(-1)).toMatchObject({ level: "info" });
  });
  it("refused without enough experience: nothing changes and the reason names both numbers", async () => {
    const a = wfrpHero(100, 80);
    expect(await xp.advanceTrait(a as never, { kind: "characteristic", key: "ws" })).toBe(false);
    expect(a.updates).toEqual([]);
    expect(stand.recorded.notifications.at(-1)?.message).toBe(
      'OMNIBUS.Experience.Refused.notEnoughExperience {"trait":"ws","cost":"30","available":"20"}',
    );
  });
  it("refused for a user who does not own the actor", async () => {
    const a = actor("wfrp_character", { experience: { total: 100, spent: 0 }, ledger: [] }, [], false);
    expect(await xp.advanceTrait(a as never, { kind: "characteristic", key: "ws" })).toBe(false);
    expect(a.updates).toEqual([]);
  });
  it("undo of the last spend puts the skill back and returns the XP; a second undo has nothing left", async () => {
    const a = wfrpHero(100, 0);
    await xp.advanceTrait(a as never, { kind: "skill", itemId: "cool" });
    expect(a.data.items[0].system.advances).toBe(1);
    expect(a.data.system.experience.spent).toBe(10);
    expect(await xp.undoLastAdvance(a as never)).toBe(true);
    expect(a.data.items[0].system.advances).toBe(0);
    expect(a.data.system.experience.spent).toBe(0);
    expect(a.data.system.ledger[0]).toMatchObject({ undone: true });
    expect(await xp.undoLastAdvance(a as never)).toBe(false);
    expect(stand.recorded.notifications.at(-1)?.message).toBe("OMNIBUS.Experience.Refused.nothingToUndo");
  });
  it("a GM-edited cost table (settings JSON, only the changed prices) is used; unreadable text falls back", async () => {
    // The GM edits the world setting (a player may not write world settings).
    stand.makeUser("gm", true);
    await stand.asUser("gm", () =>
      (globalThis as any).game.settings.set("omnibus", "wfrp_advanceCosts", JSON.stringify({ characteristic: [10, 10] })),
    );
    const a = wfrpHero(100, 0);
    await xp.advanceTrait(a as never, { kind: "characteristic", key: "ws" });
    expect(a.data.system.experience.spent).toBe(10);
    await stand.asUser("gm", () => (globalThis as any).game.settings.set("omnibus", "wfrp_advanceCosts", "{not json"));
    expect(xp.advanceTable("wfrp").characteristic).toEqual([25, 30, 40, 50, 70, 90, 120, 150, 190, 230, 280, 330, 390, 450, 520]);
    expect(stand.recorded.settingsRegistered.get("omnibus.d6_advanceCosts")).toMatchObject({ scope: "world", config: false });
    expect(stand.recorded.settingsRegistered.get("omnibus.wfrp_advanceCosts")).toMatchObject({ config: true });
  });
});

describe("the GM awards experience to several actors at once", () => {
  it("a player may not award; the GM gives each actor one ledger entry and raises its pool", async () => {
    const d6 = actor("d6_character", { characterPoints: 2, ledger: [] });
    const st = actor("storytelling_character", { experience: 0, ledger: [] });
    const vehicle = actor("d6_vehicle", {});
    expect(await xp.awardExperience([d6, st] as never, 5, "Session 3")).toBe(0);
    expect(d6.updates).toEqual([]);
    stand.makeUser("gm", true);
    stand.setUser("gm");
    expect(await xp.awardExperience([d6, st, vehicle] as never, 5, "Session 3")).toBe(2);
    expect(d6.data.system.characterPoints).toBe(7);
    expect(st.data.system.experience).toBe(5);
    expect(st.data.system.ledger[0]).toMatchObject({ type: "award", amount: 5, reason: "Session 3" });
    expect(vehicle.updates).toEqual([]);
    expect(await xp.awardExperience([d6] as never, 0, "")).toBe(0);
  });
});

describe("sheets", () => {
  it("Star Wars RPG R&E: the d6 character sheet shows Advance buttons with their Character Point costs and the ledger", async () => {
    const { actorSheetContext } = await import("../../../src/rules/table/sheet-context");
    const base = actorSheetContext({
      ruleset: "d6",
      actor: {
        id: "a",
        name: "Kara",
        type: "d6_character",
        system: {
          characterPoints: 5,
          ledger: [
            {
              id: "x",
              type: "award",
              amount: 5,
              date: "2026-12-01T19:00:00Z",
              reason: "Session 1",
              trait: { kind: "", key: "", from: "", to: "" },
              revert: "",
              undone: false,
              undoneDate: "",
            },
          ],
          attributes: { dexterity: { dice: 3, pips: 0 } },
        },
        items: [
          {
            id: "b",
            name: "blaster",
            type: "d6_skill",
            system: { attribute: "dexterity", code: { dice: 4, pips: 0 }, specializations: [] },
          },
        ],
      },
      editable: true,
      editMode: false,
      tabs: [{ id: "notes", label: "OMNIBUS.Sheet.Tab.Notes" }],
    });
    expect(base.experience?.offers["skill||b|"]).toMatchObject({ ok: true, cost: 4 });
    expect(base.experience?.offers["attribute|dexterity||"]).toMatchObject({ ok: false, cost: 30, reason: "notEnoughExperience" });
    const h = createHarness();
    const context = {
      ...base,
      attributes: [
        {
          id: "dexterity",
          label: "OMNIBUS.D6.Attribute.dexterity",
          code: "3D",
          skills: [{ id: "b", name: "blaster", code: "4D", specializations: [] }],
        },
      ],
    };
    const main = h.render("d6/actor/main.hbs", context);
    expect(main).toMatch(/data-action="advance" data-advance-kind="skill" data-advance-key="" data-advance-item="b"[^>]*>.*4<\/button>/s);
    expect(main).toContain("omnibus-advance omnibus-advance-refused");
    const notes = h.render("shared/notes-tab.hbs", context);
    expect(notes).toContain("Session 1");
    expect(notes).toContain('data-action="undoAdvance"');
  });
});

describe("item rows", () => {
  it("WoD 2004, Experience Costs: a Merit's row offers new dots × 2 (Resources 2 → 3 costs 6); a WFRP talent 100 × times taken", async () => {
    const { actorSheetContext } = await import("../../../src/rules/table/sheet-context");
    const ctx = actorSheetContext({
      ruleset: "storytelling",
      actor: {
        id: "s",
        name: "Ann",
        type: "storytelling_character",
        system: { experience: 10, ledger: [], attributes: {}, skills: {} },
        items: [{ id: "m1", name: "Resources", type: "storytelling_merit", system: { dots: 2 } }],
      },
      editable: true,
      editMode: false,
      tabs: [{ id: "items", label: "OMNIBUS.Sheet.Tab.Items" }],
      itemTypes: ["storytelling_merit"],
    });
    const html = createHarness().render("shared/items-tab.hbs", ctx);
    expect(html).toMatch(/data-advance-kind="merit" data-advance-key="" data-advance-item="m1"[^>]*>.*6<\/button>/s);
    const w = actorSheetContext({
      ruleset: "wfrp",
      actor: {
        id: "w",
        name: "Wil",
        type: "wfrp_character",
        system: { experience: { total: 500, spent: 0 }, ledger: [] },
        items: [{ id: "t1", name: "Hardy", type: "wfrp_talent", system: { timesTaken: 1 } }],
      },
      editable: true,
      editMode: false,
      tabs: [{ id: "items", label: "OMNIBUS.Sheet.Tab.Items" }],
      itemTypes: ["wfrp_talent"],
    });
    expect(w.experience?.offers["talent||t1|"]).toMatchObject({ ok: true, cost: 200 });
  });
});

describe("a new Specialty (Storytelling)", () => {
  it("WoD 2004, Experience Costs: a Specialty costs 3 — offered on skills with a dot, bought with its name", async () => {
    const { experienceContext } = await import("../../../src/rules/table/experience-context");
    const system = {
      experience: 4,
      ledger: [],
      attributes: {},
      skills: { firearms: { dots: 2, specialties: "Rifles" }, occult: { dots: 0, specialties: "" } },
    };
    const ctx = experienceContext({ type: "storytelling_character", system });
    expect(ctx?.offers["specialty|firearms||"]).toMatchObject({ ok: true, cost: 3, tooltip: "OMNIBUS.Experience.SpecialtyTooltip" });
    expect(ctx?.offers["specialty|occult||"]).toBeUndefined();
    const a = actor("storytelling_character", system);
    expect(await xp.advanceTrait(a as never, { kind: "specialty", key: "firearms", name: "Pistols" })).toBe(true);
    expect(a.data.system.skills.firearms.specialties).toBe("Rifles, Pistols");
    expect(a.data.system.experience).toBe(1);
    expect(await xp.advanceTrait(a as never, { kind: "specialty", key: "firearms", name: "Shotguns" })).toBe(false);
  });
});

describe("out of career (WFRP)", () => {
  it("WFRP 4e core, Advance costs: a shift-clicked skill advance out of career costs double (Cool 0 → 1: 20)", async () => {
    const a = wfrpHero(100, 0);
    expect(await xp.advanceTrait(a as never, { kind: "skill", itemId: "cool" }, { outOfCareer: true })).toBe(true);
    expect(a.data.system.experience.spent).toBe(20);
  });
});
