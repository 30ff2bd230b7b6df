// @vitest-environment happy-dom
// Surprise at the start of a fight at the table, against the Foundry stand-ins: the GM's tracker
// dialog (shared), then each ruleset's rolls with Foundry's dice and the statuses they set.
// WFRP 003:L301–325 (the Tollich/Perdita example, L325); D6 000:L361–369; Storytelling WoD p.153;
// Silhouette 004:L89–92.
import { describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf, packDocs } from "../../gallery/samples/wfrp";

/* eslint-disable @typescript-eslint/no-explicit-any */
async function install(ruleset: string, adapterPath: string, name: string): Promise<StandIns> {
  vi.resetModules();
  const stand = installFoundryStandIns({ settings: { "omnibus.ruleset": ruleset, "omnibus.rulesetChosen": true } });
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
  (globalThis as any).foundry.utils.getProperty ??= (o: any, path: string) => path.split(".").reduce((n, k) => n?.[k], o);
  const system = await import("../../../src/foundry/system");
  const adapter = (await import(adapterPath))[name];
  system.installOmnibus([adapter]);
  await stand.fire("init");
  await stand.fire("ready");
  return stand;
}

function doc(id: string, data: Record<string, unknown>): StandInDocument & Record<string, any> {
  const d = new StandInDocument(id, `Actor.${id}`, false, {
    items: { contents: [] },
    statuses: new Set<string>(),
    ...data,
  }) as StandInDocument & Record<string, any>;
  d.live = true;
  return d;
}
const combatOf = (entries: Array<[string, string, any]>) => {
  const updates: any[] = [];
  return {
    updates,
    combatants: { contents: entries.map(([id, name, actor]) => ({ id, name, initiative: null, actor })) },
    update: async (u: any) => updates.push(u),
  } as any;
};
const toggles = (d: any) => d.statusToggles;

describe("the GM's surprise dialog (shared)", () => {
  it("reads each combatant's role and the ruleset's options; only the combat's combatants count", async () => {
    await install("wfrp", "../../../src/foundry/wfrp/adapter", "wfrpAdapter");
    const { surpriseChoiceFrom, surpriseForm } = await import("../../../src/foundry/combat");
    const hook = {
      fields: [
        { name: "method", label: "m", choices: { ambush: "a", other: "o" } },
        { name: "detectable", label: "d" },
      ],
      determine: async () => [],
    };
    const choice = surpriseChoiceFrom(
      [
        ["role-a", "ambusher"],
        ["role-b", "target"],
        ["role-c", "none"],
        ["role-zzz", "target"],
        ["opt-method", "other"],
        ["opt-detectable", "on"],
      ],
      ["a", "b", "c"],
      hook,
    );
    expect(choice).toEqual({ ambushers: ["a"], targets: ["b"], options: { method: "other", detectable: true } });
    expect(surpriseChoiceFrom([["opt-method", "bogus"]], ["a"], hook).options).toEqual({ method: "ambush", detectable: false });
    const html = surpriseForm(
      [
        { id: "a", name: "<b>Cultist</b>" },
        { id: "b", name: "Perdita", actor: { hasPlayerOwner: true } },
      ],
      hook,
    );
    expect(html).toContain("&lt;b&gt;Cultist&lt;/b&gt;");
    expect(html).toMatch(
      /name="role-b"><option value="none">[^<]*<\/option><option value="ambusher">[^<]*<\/option><option value="target" selected>/,
    );
  });

  it("without an ambusher or a target nothing is rolled; a full choice reaches the ruleset", async () => {
    const stand = await install("wfrp", "../../../src/foundry/wfrp/adapter", "wfrpAdapter");
    const { askSurprise } = await import("../../../src/foundry/combat");
    const calls: any[] = [];
    const hook = { determine: async (_c: unknown, choice: unknown) => (calls.push(choice), []) };
    const combat = combatOf([
      ["a", "A", null],
      ["b", "B", null],
    ]);
    (globalThis as any).__dialogAnswer = { ambushers: ["a"], targets: [], options: {} };
    expect(await askSurprise(combat, hook as never)).toBeNull();
    expect(stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.Surprise.GMOnly");
    expect(await stand.asUser("gm", () => askSurprise(combat, hook as never))).toBeNull();
    expect(stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.Surprise.NeedBoth");
    (globalThis as any).__dialogAnswer = { ambushers: ["a", "ghost"], targets: ["b", "a"], options: { x: true } };
    await stand.asUser("gm", () => askSurprise(combat, hook as never));
    expect(calls).toEqual([{ ambushers: ["a"], targets: ["b"], options: { x: true } }]);
    delete (globalThis as any).__dialogAnswer;
  });
});

describe("WFRP: Surprised from the dialog (003:L301–325)", () => {
  const character = (name: string) => actorViewOf(packDocs("wfrp-examples").find((d) => d.name === name)!);
  const actor = (id: string, name: string) => {
    const v = character(name);
    return doc(id, { name: v.name, type: v.type, system: v.system, items: { contents: v.items } });
  };

  it("the seed's example: unprepared defenders; Tollich (Combat Aware, Perception 41) rolls 23 and is not Surprised, Perdita is", async () => {
    const stand = await install("wfrp", "../../../src/foundry/wfrp/adapter", "wfrpAdapter");
    const { determineSurprise } = await import("../../../src/foundry/wfrp/combat");
    const tollich = actor("tol", "Tollich");
    const perdita = actor("per", "Perdita");
    const cultist = actor("cul", "Cultist of the Blood God");
    const combat = combatOf([
      ["c", "Cultist", cultist],
      ["t", "Tollich", tollich],
      ["p", "Perdita", perdita],
    ]);
    stand.queueFaces(23);
    const out = await stand.asUser("gm", () =>
      determineSurprise(combat, { ambushers: ["c"], targets: ["t", "p"], options: { method: "unprepared", detectable: false } }),
    );
    expect(out).toEqual([
      { id: "t", surprised: false },
      { id: "p", surprised: true },
    ]);
    expect(stand.facesLeft).toEqual([]);
    expect(toggles(perdita)).toEqual([{ id: "surprised", active: true }]);
    expect(toggles(tollich)).toEqual([]);
    expect(toggles(cultist)).toEqual([]);
    // The combat records it: Combat Aware is not tested again when the combat starts.
    expect(combat.updates).toEqual([{ "flags.omnibus.surprise": { method: "unprepared" } }]);
  });

  it("an undetectable ambush whose Stealth test fails (a roll of 100) surprises nobody (003:L303, L317)", async () => {
    const stand = await install("wfrp", "../../../src/foundry/wfrp/adapter", "wfrpAdapter");
    const { determineSurprise } = await import("../../../src/foundry/wfrp/combat");
    const perdita = actor("per", "Perdita");
    const combat = combatOf([
      ["c", "Cultist", actor("cul", "Cultist of the Blood God")],
      ["p", "Perdita", perdita],
    ]);
    stand.queueFaces(100);
    const out = await stand.asUser("gm", () =>
      determineSurprise(combat, { ambushers: ["c"], targets: ["p"], options: { method: "ambush", detectable: false } }),
    );
    expect(out).toEqual([{ id: "p", surprised: false }]);
    expect(toggles(perdita)).toEqual([]);
  });
});

describe("D6: search against sneak (000:L361–369)", () => {
  const character = (id: string, perception: { dice: number; pips: number }) =>
    doc(id, { name: id, type: "d6_character", system: { attributes: { perception }, woundLevel: "healthy" } });

  it("a search total equal to the sneak total notices (000:L367): nobody surprised; below it, the side is surprised until round 2", async () => {
    const stand = await install("d6", "../../../src/foundry/d6/adapter", "d6Adapter");
    const { determineSurprise, onCombatRound } = await import("../../../src/foundry/d6/combat");
    const amb = character("amb", { dice: 2, pips: 0 });
    const luke = character("luke", { dice: 2, pips: 0 });
    // Each 2D roll: one normal die, then the Wild Die. Sneak 3+4 = 7; search 3+4 = 7 (a tie notices).
    stand.queueFaces(3, 4, 3, 4);
    expect(
      await stand.asUser("gm", () =>
        determineSurprise(
          combatOf([
            ["a", "Amb", amb],
            ["l", "Luke", luke],
          ]),
          { ambushers: ["a"], targets: ["l"], options: {} },
        ),
      ),
    ).toEqual([{ id: "l", surprised: false }]);
    expect(toggles(luke)).toEqual([]);
    const han = character("han", { dice: 2, pips: 0 });
    stand.queueFaces(3, 4, 2, 4);
    const combat = combatOf([
      ["a", "Amb", amb],
      ["h", "Han", han],
    ]);
    expect(await stand.asUser("gm", () => determineSurprise(combat, { ambushers: ["a"], targets: ["h"], options: {} }))).toEqual([
      { id: "h", surprised: true },
    ]);
    expect(toggles(han)).toEqual([{ id: "surprised", active: true }]);
    // The card's lines name the characters as they are (never looked up as translation keys).
    const lines = (stand.recorded.rendered.at(-1)!.context as any).lines as Array<Record<string, unknown>>;
    expect(lines.map((l) => [l.name, l.label])).toEqual([
      ["Amb", undefined],
      ["Han", undefined],
      [undefined, "OMNIBUS.D6.Surprise.Title"],
    ]);
    expect(stand.facesLeft).toEqual([]);
    await stand.asUser("gm", () =>
      onCombatRound({ combatants: [{ actor: han }] } as never, { round: 2 }, { isGM: true, id: "gm" }, { id: "gm" }),
    );
    expect(toggles(han).at(-1)).toEqual({ id: "surprised", active: false });
  });
});

describe("Storytelling: Wits + Composure, 0 successes (WoD p.153)", () => {
  it("Wits 2 + Composure 1: three dice 7,3,2 → surprised; 8,1,1 → acts; round 1 keeps the status, round 2 clears it", async () => {
    const stand = await install("storytelling", "../../../src/foundry/storytelling/adapter", "storytellingAdapter");
    const { determineSurprise, onCombatRound } = await import("../../../src/foundry/storytelling/combat");
    const attrs = {
      intelligence: 1,
      wits: 2,
      resolve: 1,
      strength: 1,
      dexterity: 1,
      stamina: 1,
      presence: 1,
      manipulation: 1,
      composure: 1,
    };
    const anna = doc("anna", { name: "Anna", type: "storytelling_character", system: { attributes: attrs } });
    const boris = doc("boris", { name: "Boris", type: "storytelling_character", system: { attributes: attrs } });
    const amb = doc("amb", { name: "Amb", type: "storytelling_character", system: { attributes: attrs } });
    stand.queueFaces(7, 3, 2, 8, 1, 1);
    const combat = combatOf([
      ["x", "Amb", amb],
      ["a", "Anna", anna],
      ["b", "Boris", boris],
    ]);
    expect(await stand.asUser("gm", () => determineSurprise(combat, { ambushers: ["x"], targets: ["a", "b"], options: {} }))).toEqual([
      { id: "a", surprised: true },
      { id: "b", surprised: false },
    ]);
    expect(stand.facesLeft).toEqual([]);
    expect(toggles(anna)).toEqual([{ id: "surprised", active: true }]);
    expect(toggles(boris)).toEqual([]);
    const round = { combatants: { contents: [{ actor: anna }] }, resetAll: async () => {}, rollAll: async () => {} };
    await stand.asUser("gm", () => onCombatRound(round as never, { round: 1 }, false));
    expect(anna.statuses.has("surprised")).toBe(true);
    await stand.asUser("gm", () => onCombatRound(round as never, { round: 2 }, false));
    expect(anna.statuses.has("surprised")).toBe(false);
  });
});

describe("Silhouette: Notice against Stealth (004:L89–92)", () => {
  const person = (id: string, stealth: number, notice: number) =>
    doc(id, {
      name: id,
      type: "silhouette_character",
      system: {
        derived: {
          skills: [
            { key: "stealth", level: stealth, attributeModifier: 0 },
            { key: "notice", level: notice, attributeModifier: 0 },
          ],
        },
      },
    });

  it("Stealth 4,3 → 4; Notice 4,1 → 4 ties and stays unaware; 5,2 → 5 spots the ambusher", async () => {
    const stand = await install("silhouette", "../../../src/foundry/silhouette/adapter", "silhouetteAdapter");
    const { determineSurprise } = await import("../../../src/foundry/silhouette/combat");
    const amb = person("amb", 2, 2);
    const v1 = person("v1", 2, 2);
    const v2 = person("v2", 2, 2);
    stand.queueFaces(4, 3, 4, 1, 5, 2);
    const out = await stand.asUser("gm", () =>
      determineSurprise(
        combatOf([
          ["a", "Amb", amb],
          ["1", "V1", v1],
          ["2", "V2", v2],
        ]),
        { ambushers: ["a"], targets: ["1", "2"], options: {} },
      ),
    );
    expect(out).toEqual([
      { id: "1", surprised: true },
      { id: "2", surprised: false },
    ]);
    expect(stand.facesLeft).toEqual([]);
    expect(toggles(v1)).toEqual([{ id: "unaware", active: true }]);
    expect(toggles(v2)).toEqual([]);
  });
});
