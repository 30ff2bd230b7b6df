// @vitest-environment happy-dom
/**
 * Roll requests (issue 19) against the stand-ins: the GM asks three actors with three owners on one
 * card; each owner's click asks the GM, who rolls that actor's check itself (with the hidden
 * difficulty read from the GMs' whisper) and gathers the result on the card's record; a hidden
 * difficulty is in no data a player receives; a non-owner's click, a second click, a player's
 * request and bad input change nothing.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInDocument, type StandInMessage, type StandIns } from "../../support/foundry-stand-ins";
import type { CheckValues, RulesetAdapter } from "../../../src/foundry/ruleset";
import { createHarness } from "../../support/handlebars";

const templates = createHarness({ language: "en" });

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let requests: typeof import("../../../src/foundry/roll-requests");
let record: typeof import("../../../src/foundry/chat/record");
let rolled: Array<{ actor: string; values: CheckValues; rollMode: string }>;

function adapter(): RulesetAdapter {
  return {
    id: "d6",
    label: "OMNIBUS.Ruleset.d6",
    actorTypes: { d6_character: { dataModel: class {} as never } },
    itemTypes: {},
    checks: {
      build(source) {
        const skill = Number((source.actor as any)?.system?.skill ?? 0);
        return {
          ruleset: "d6",
          kind: source.kind,
          title: "Climb",
          actorUuid: (source.actor as any)?.uuid ?? null,
          fields: [],
          values: { difficulty: 10, skill },
          targets: [],
          data: { dataset: source.dataset },
        };
      },
      async roll(request, values, { rollMode }) {
        rolled.push({ actor: String(request.actorUuid), values, rollMode });
        const total = Number(values.skill) + 5;
        return { id: `roll${rolled.length}`, rolls: [{ options: { outcome: { total, success: total >= Number(values.difficulty) } } }] };
      },
    },
  };
}

const actors: Record<string, StandInDocument> = {};

beforeEach(async () => {
  vi.resetModules();
  rolled = [];
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "d6", "omnibus.rulesetChosen": true } });
  stand.makeUser("gm", true);
  for (const p of ["p1", "p2", "p3"]) stand.makeUser(p, false);
  stand.setActiveGM("gm");
  const system = await import("../../../src/foundry/system");
  // Real rendering of the request's results (the other templates are the stand-in's placeholder).
  const handlebars = (globalThis as any).foundry.applications.handlebars;
  const placeholder = handlebars.renderTemplate;
  handlebars.renderTemplate = async (path: string, context: Record<string, unknown>) =>
    path.endsWith("chat/request-results.hbs") ? templates.render(path, context) : placeholder(path, context);
  system.installOmnibus([adapter()]);
  await stand.fire("init");
  await stand.fire("ready");
  requests = await import("../../../src/foundry/roll-requests");
  record = await import("../../../src/foundry/chat/record");
  // Three actors, three owners; skills 12, 8, 3 (+5 on the stand-in roll): vs 15, two succeed.
  for (const [id, owner, skill] of [
    ["a1", "p1", 12],
    ["a2", "p2", 8],
    ["a3", "p3", 3],
  ] as const) {
    actors[id] = new StandInDocument(id, `Actor.${id}`, false, { name: `Hero ${id}`, owners: [owner], system: { skill } });
    stand.documents.set(`Actor.${id}`, actors[id]);
  }
});

async function ask(extra: Record<string, unknown> = {}): Promise<StandInMessage> {
  const card = await stand.asUser("gm", () =>
    requests.requestRoll({
      actors: ["Actor.a1", "Actor.a2", { uuid: "Actor.a3" }],
      kind: "skill",
      dataset: { skill: "climbing" },
      values: { difficulty: "15" },
      hidden: ["difficulty"],
      ...extra,
    } as never),
  );
  expect(card).toBeTruthy();
  return card as unknown as StandInMessage;
}
const click = (card: StandInMessage, target: string, from: string, id = `r${Math.random().toString(36).slice(2, 12)}`) =>
  stand.deliver({ type: "chatAction", requestId: id, messageId: card.id, action: "rollRequested", target }, from, "gm");
const resultsOf = (card: StandInMessage) => (record.recordOf(card.id)!.state.rollRequest as any).results;
const answers = () => stand.recorded.socketEmits.filter((e) => e.from === "gm").map((e) => (e.data as any).notice?.key ?? "ok");

describe("roll requests", () => {
  it("one card for three actors; each owner's click has the GM roll that actor with the hidden difficulty; results gather on the card", async () => {
    const card = await ask();
    const cards = stand.messages.filter((m) => (m.flags.omnibus as any)?.rollRequest);
    expect(cards).toHaveLength(1);
    for (const [target, user] of [
      ["0", "p1"],
      ["1", "p2"],
      ["2", "p3"],
    ])
      await click(card, target, user);
    expect(rolled.map((r) => [r.actor, r.values.difficulty, r.values.skill])).toEqual([
      ["Actor.a1", 15, 12],
      ["Actor.a2", 15, 8],
      ["Actor.a3", 15, 3],
    ]);
    // Hidden difficulty: the GM's own check cards are whispered to the GMs.
    expect(rolled.every((r) => r.rollMode === (stand.generation >= 14 ? "gm" : "gmroll"))).toBe(true);
    expect(resultsOf(card)).toEqual({
      "0": { success: true, total: null, by: "p1", messageId: "roll1" },
      "1": { success: false, total: null, by: "p2", messageId: "roll2" },
      "2": { success: false, total: null, by: "p3", messageId: "roll3" },
    });
  });

  it("the hidden difficulty is in no data a player receives: not the card, not its record; only a whisper to the GMs", async () => {
    const card = await ask({ values: { difficulty: "17" } });
    const visible = JSON.stringify({
      flags: card.flags,
      content: card.content,
      state: record.recordOf(card.id)!.state,
      rolls: record.recordOf(card.id)!.rolls,
    });
    expect(visible).not.toContain('"17"');
    expect(visible).not.toMatch(/>\s*17\s*</);
    expect((card.flags.omnibus as any).rollRequest.values).toEqual({});
    const secret = stand.messages.find((m) => (m.flags.omnibus as any)?.secret?.for === card.id)!;
    expect(secret.whisper).toEqual(["gm"]);
    expect(JSON.stringify(secret.flags)).toContain('"17"');
  });

  it("a user who does not own the asked actor is refused; a second roll of the same actor is refused", async () => {
    const card = await ask();
    await click(card, "0", "p2");
    expect(rolled).toEqual([]);
    await click(card, "0", "p1");
    await click(card, "0", "p1");
    await click(card, "3", "p1");
    expect(rolled).toHaveLength(1);
    expect(answers()).toEqual(["OMNIBUS.Chat.NotPermitted", "ok", "OMNIBUS.Chat.AlreadyApplied", "OMNIBUS.Chat.NoSuchTarget"]);
  });

  it("a forged secret from a player does not set the difficulty", async () => {
    const card = await ask({ values: { difficulty: "15" }, hidden: [] });
    // p1 posts a message claiming to be the request's secret with difficulty 1.
    await stand.asUser("p1", () =>
      (globalThis as any).ChatMessage.create({
        content: "",
        flags: { omnibus: { secret: { for: card.id }, rollRequestSecret: { values: { difficulty: "1" } } } },
      }),
    );
    await click(card, "0", "p1");
    expect(rolled[0].values.difficulty).toBe(15);
  });

  it("a player may not post a request; bad input posts nothing and says why", async () => {
    const before = stand.messages.length;
    expect(await requests.requestRoll({ actors: ["Actor.a1"], kind: "skill" })).toBeNull();
    expect(await stand.asUser("gm", () => requests.requestRoll({ actors: ["Actor.nope"], kind: "skill" }))).toBeNull();
    expect(
      await stand.asUser("gm", () =>
        requests.requestRoll({ actors: ["Actor.a1"], kind: "skill", values: { difficulty: "15" }, hidden: ["modifier"] }),
      ),
    ).toBeNull();
    expect(await stand.asUser("gm", () => requests.requestRoll({ actors: [], kind: "skill" }))).toBeNull();
    expect(stand.messages.length).toBe(before);
    expect(stand.recorded.notifications.map((n) => n.message.split(" ")[0])).toEqual([
      "OMNIBUS.Chat.NotPermitted",
      "OMNIBUS.Error.badArgument",
      "OMNIBUS.Error.badArgument",
      "OMNIBUS.Error.outOfRange",
    ]);
  });

  it("each owner sees only their actor's button; the GM sees the summary", async () => {
    const card = await ask({ hidden: [] });
    await click(card, "1", "p2");
    const render = async (user: string) => {
      const html = document.createElement("div");
      // The card as check-card.hbs renders its buttons (the stand-in's renderTemplate is a placeholder).
      html.innerHTML = `<div class="omnibus-card">${["0", "1", "2"].map((t) => `<button data-action="rollRequested" data-target="${t}">Roll</button>`).join("")}</div>`;
      await stand.asUser(user, () => stand.fire("renderChatMessageHTML", card, html, {}));
      await new Promise((r) => setTimeout(r, 0));
      return html;
    };
    const p1 = await render("p1");
    expect(Array.from(p1.querySelectorAll("[data-action=rollRequested]")).map((b: any) => b.dataset.target)).toEqual(["0"]);
    expect(p1.querySelector(".omnibus-request-summary")).toBeNull();
    const gm = await render("gm");
    expect(gm.querySelectorAll("[data-action=rollRequested]")).toHaveLength(3);
    expect(Array.from(gm.querySelectorAll(".omnibus-request-results li")).map((li) => li.textContent)).toEqual([
      "Hero a1: awaiting",
      "Hero a2: failure (13)",
      "Hero a3: awaiting",
    ]);
    expect(gm.querySelector(".omnibus-request-summary")!.textContent).toBe("1 of 3 rolled, 0 succeeded.");
  });
});

describe("the token controls' request tool (getSceneControlButtons)", () => {
  const controls = () => ({ tokens: { name: "tokens", tools: { select: { name: "select", order: 0 } } }, tiles: { tools: {} } });

  it("the hook gives the GM one button tool on the token controls, titled by a key both languages have", async () => {
    const shown = controls();
    await stand.asUser("gm", () => stand.fire("getSceneControlButtons", shown));
    const tool = (shown.tokens.tools as Record<string, any>).omnibusRequest;
    expect(tool).toMatchObject({ name: "omnibusRequest", button: true, visible: true, order: 1, title: "OMNIBUS.Request.Tool" });
    expect(typeof tool.onChange).toBe("function");
    expect(Object.keys(shown.tiles.tools)).toEqual([]);
  });

  it("a player gets no such tool; controls of another shape are left alone", async () => {
    const shown = controls();
    await stand.asUser("p1", () => stand.fire("getSceneControlButtons", shown));
    expect(Object.keys(shown.tokens.tools)).toEqual(["select"]);
    const list = [{ name: "tokens", tools: [] as unknown[] }];
    await stand.asUser("gm", () => stand.fire("getSceneControlButtons", list));
    expect(list[0].tools).toEqual([]);
  });
});
