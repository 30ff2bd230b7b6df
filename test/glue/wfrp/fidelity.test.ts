// Issue 12 at the wfrp table, against the Foundry stand-ins: a full initiative tie is broken by an
// opposed Agility test rolled by Foundry's dice (003:L281).
// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf } from "../../gallery/samples/wfrp";
import { character, plainActorDoc as actorDoc, setUpWfrp } from "./harness";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let faces: number[];

beforeEach(async () => {
  vi.resetModules();
  ({ stand, faces } = await setUpWfrp({ activeGM: false }));
});

describe("a full initiative tie at the table (003:L281)", () => {
  it("two cultists with the same Initiative and Agility test Agility; the winner acts first, in one update each, and a card says so", async () => {
    const { compareCombatants, fullTieGroups, settleInitiativeTies } = await import("../../../src/foundry/wfrp/combat");
    const cultist = character("Cultist of the Blood God");
    const one = { id: "c1", name: "Cultist A", initiative: null, actor: actorDoc("a", actorViewOf(cultist)), flags: {} as any };
    const two = { id: "c2", name: "Cultist B", initiative: null, actor: actorDoc("b", actorViewOf(cultist)), flags: {} as any };
    const tollich = {
      id: "t",
      name: "Tollich",
      initiative: null,
      actor: actorDoc("t", actorViewOf(character("Tollich"))),
      flags: {} as any,
    };
    expect(fullTieGroups([one, two, tollich] as any, "fixed").map((grp) => grp.map((c) => c.id))).toEqual([["c1", "c2"]]);
    const updates: any[] = [];
    const combat = {
      combatants: { contents: [one, two, tollich] },
      updateEmbeddedDocuments: async (_type: string, u: any[]) => {
        updates.push(...u);
        for (const x of u) {
          const c = [one, two, tollich].find((k) => k.id === x._id)!;
          c.flags = { omnibus: { wfrp: { tieOrder: x["flags.omnibus.wfrp.tieOrder"] } } };
        }
      },
    };
    const ag = (actorViewOf(cultist).system as any).characteristics.ag;
    const agility = ag.initial + ag.advances;
    // A rolls just over the Agility (a failure), B well under it: B wins.
    faces.push(Math.min(100, agility + 1), Math.max(1, agility - 20));
    const orders = await settleInitiativeTies(combat as any);
    expect(orders).toEqual([["c2", "c1"]]);
    expect(updates).toEqual([
      { _id: "c2", "flags.omnibus.wfrp.tieOrder": 0 },
      { _id: "c1", "flags.omnibus.wfrp.tieOrder": 1 },
    ]);
    expect([one, two].sort((a, b) => compareCombatants(a as any, b as any, "fixed")).map((c) => c.id)).toEqual(["c2", "c1"]);
    const card = stand.recorded.rendered[stand.recorded.rendered.length - 1] as { context: any };
    expect(card.context.lines.at(-1)).toEqual({ label: "OMNIBUS.WFRP.InitiativeTie.Winner", value: "Cultist B" });
  });
  it("the winner chooses the order (003:L281): B won, B's owner lets A act first; the GM writes it once, a stranger may not", async () => {
    const { settleInitiativeTies } = await import("../../../src/foundry/wfrp/combat");
    const actions = await import("../../../src/foundry/chat/actions");
    const { StandInDocument } = await import("../../support/foundry-stand-ins");
    const cultist = character("Cultist of the Blood God");
    const a = actorDoc("a", actorViewOf(cultist));
    const b = actorDoc("b", actorViewOf(cultist));
    (b as any).testUserPermission = (user: { id: string; isGM: boolean }) => user.isGM || user.id === "player";
    const combatant = (id: string, name: string, actor: unknown) => {
      const doc = new StandInDocument(id, `Combat.x.Combatant.${id}`, true, { name, initiative: null, actor, flags: {} }) as any;
      stand.documents.set(doc.uuid, doc);
      return doc;
    };
    const one = combatant("c1", "Cultist A", a);
    const two = combatant("c2", "Cultist B", b);
    const ag = (actorViewOf(cultist).system as any).characteristics.ag;
    const agility = ag.initial + ag.advances;
    faces.push(Math.min(100, agility + 1), Math.max(1, agility - 20));
    await settleInitiativeTies({ combatants: { contents: [one, two] }, updateEmbeddedDocuments: async () => [] } as any);
    const message = stand.messages.at(-1)!;
    const card = stand.recorded.rendered[stand.recorded.rendered.length - 1] as { context: any };
    expect(card.context.buttons.map((x: any) => [x.action, x.data.target])).toEqual([["wfrpTieFirst", "0-1"]]);
    stand.makeUser("stranger", false);
    stand.makeUser("player", false);
    stand.setActiveGM("gm");
    stand.setUser("stranger");
    expect(await actions.requestChatAction(message as never, "wfrpTieFirst", "0-1")).toBe(false);
    expect([...one.updates, ...two.updates]).toEqual([]);
    stand.setUser("player");
    const ok = await actions.requestChatAction(message as never, "wfrpTieFirst", "0-1");
    expect(ok, JSON.stringify(stand.recorded.notifications.slice(-2))).toBe(true);
    expect(one.updates).toEqual([{ "flags.omnibus.wfrp.tieOrder": 0 }]);
    expect(two.updates).toEqual([{ "flags.omnibus.wfrp.tieOrder": 1 }]);
    expect(await actions.requestChatAction(message as never, "wfrpTieFirst", "0-1")).toBe(false);
    expect(one.updates).toHaveLength(1);
  });
  it("no tie: nothing is rolled or posted", async () => {
    const { settleInitiativeTies } = await import("../../../src/foundry/wfrp/combat");
    const before = stand.recorded.rendered.length;
    const tollich = { id: "t", name: "Tollich", initiative: null, actor: actorDoc("t", actorViewOf(character("Tollich"))) };
    const perdita = { id: "p", name: "Perdita", initiative: null, actor: actorDoc("p", actorViewOf(character("Perdita"))) };
    expect(await settleInitiativeTies({ combatants: { contents: [tollich, perdita] } } as any)).toEqual([]);
    expect(stand.recorded.rendered.length).toBe(before);
  });
});

describe("assistance at the table names its helpers (003:L221–239)", () => {
  it("the seed's search: Ademar (Perception 59) helped by Perdita and Valentin → 59 − 10 + 20 = 69; Molly, without the skill, does not count", async () => {
    const { buildRequest, specFor, assistanceFor, checkData } = await import("../../../src/rules/wfrp/table/checks");
    const { DEFAULT_RULES } = await import("../../../src/rules/wfrp/table/settings");
    const t = (key: string) => key;
    const ademar = actorViewOf(character("Ademar"));
    const allies = ["Perdita", "Valentin, Jade Magister", "Molly"].map((n) => actorViewOf(character(n)));
    const request = buildRequest({
      actor: ademar,
      kind: "skill",
      dataset: { itemId: ademar.items.find((i) => i.system.key === "perception")!.id },
      targets: [],
      rules: DEFAULT_RULES,
      t,
      allies: [ademar, ...allies],
    });
    const boxes = request.fields.filter((f) => f.name.startsWith("helper"));
    expect(boxes.map((f) => f.detail?.split(" · ")[0])).toEqual(["Perdita", "Valentin, Jade Magister", "Molly"]);
    expect(boxes[2].detail).toContain("OMNIBUS.WFRP.Dialog.HelperNoAdvance");
    const values = { ...request.values, difficulty: "difficult", helper0: true, helper1: true, helper2: true };
    expect(assistanceFor(checkData(request), values)).toMatchObject({
      counted: 2,
      bonus: 20,
      helpers: ["counted", "counted", "noAdvance"],
    });
    const spec = specFor(request, values);
    expect(spec.value - 10 + (spec.modifier ?? 0)).toBe(69);
  });
});

describe("surprise at the table: Combat Aware when the combat starts (003:L321–325)", () => {
  it("the seed's ambush: Tollich (Combat Aware, Perception 41) rolls 23 and shakes it off; Perdita has no test and stays Surprised", async () => {
    const { combatAwareAtStart } = await import("../../../src/foundry/wfrp/combat");
    const surprisedDoc = (id: string, name: string) => {
      const doc = actorDoc(id, { ...actorViewOf(character(name)), statuses: ["surprised"] });
      const toggles: Array<{ id: string; active: boolean }> = [];
      doc.toggleStatusEffect = async (sid: string, o: { active: boolean }) => {
        toggles.push({ id: sid, active: o.active });
        if (!o.active) (doc.statuses as Set<string>).delete(sid);
      };
      return { doc, toggles };
    };
    const tollich = surprisedDoc("tol", "Tollich");
    const perdita = surprisedDoc("per", "Perdita");
    faces.push(23);
    const out = await combatAwareAtStart({
      combatants: {
        contents: [
          { id: "t", name: "Tollich", initiative: null, actor: tollich.doc },
          { id: "p", name: "Perdita", initiative: null, actor: perdita.doc },
        ],
      },
    } as any);
    expect(out).toEqual([{ name: "Tollich", roll: 23, surprised: false }]);
    expect(tollich.toggles).toEqual([{ id: "surprised", active: false }]);
    expect(perdita.toggles).toEqual([]);
    expect(faces).toEqual([]);
    // Perception 41 exactly: 41 passes, 42 fails.
    for (const [face, still] of [
      [41, false],
      [42, true],
    ] as const) {
      const again = surprisedDoc(`tol${face}`, "Tollich");
      faces.push(face);
      const r = await combatAwareAtStart({
        combatants: { contents: [{ id: "t", name: "Tollich", initiative: null, actor: again.doc }] },
      } as any);
      expect(r[0].surprised).toBe(still);
    }
  });
});
