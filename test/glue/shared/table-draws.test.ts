// @vitest-environment happy-dom
/**
 * Roll tables drawn from cards on the GM's side (issue 19), against the stand-ins: a card whose
 * recorded roll is a complication shows a Draw button; a player's click asks the GM, who checks its
 * own record, rolls the table itself and puts the row on the card; a forged claim (a table the roll
 * does not call for, an edited card, a second draw) draws nothing; the shipped packs cover their dice.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInDocument, type StandInMessage, type StandIns } from "../../support/foundry-stand-ins";
import { makeTestAdapters } from "../../support/test-adapters";
import { tableProblems } from "../../../src/core/tables";
import { TABLE_DIE, TABLE_KEYS } from "../../../src/rules/tables";

/* eslint-disable @typescript-eslint/no-explicit-any */
const g = () => globalThis as any;
let stand: StandIns;
let actions: typeof import("../../../src/foundry/chat/actions");
let record: typeof import("../../../src/foundry/chat/record");
let cards: typeof import("../../../src/foundry/chat/cards");

const ROOT = join(__dirname, "..", "..", "..");
const PACKS = join(ROOT, "packs", "_source");
function packTables(pack: string): any[] {
  return readdirSync(join(PACKS, pack))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(PACKS, pack, f), "utf8")));
}

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns();
  stand.makeUser("gm", true);
  stand.makeUser("other", false);
  stand.setActiveGM("gm");
  const adapters = await makeTestAdapters();
  const system = await import("../../../src/foundry/system");
  system.installOmnibus([adapters.d6, adapters.wfrp]);
  await stand.fire("init");
  await stand.fire("ready");
  actions = await import("../../../src/foundry/chat/actions");
  record = await import("../../../src/foundry/chat/record");
  cards = await import("../../../src/foundry/chat/cards");
  // The system's d6 table, as the compendium would give it (the shipped YAML).
  const [complications] = packTables("d6-tables");
  const pack = new StandInDocument("p", "pack:omnibus.d6-tables", true, {});
  (pack as any).getDocuments = async () => [complications];
  stand.documents.set("pack:omnibus.d6-tables", pack);
});

/** The player's check card: its roll's outcome says whether the Wild Die gave a complication. */
async function postCheckCard(complication: boolean): Promise<StandInMessage> {
  await cards.postCard({
    template: "systems/omnibus/templates/chat/check-card.hbs",
    context: {},
    rolls: [{ formula: "2d6", options: { outcome: { total: 5, complication } } }] as never,
    flags: { check: "blaster" },
  });
  return stand.messages.at(-1)!;
}

async function render(card: StandInMessage): Promise<HTMLElement> {
  const html = document.createElement("div");
  html.innerHTML = `<div class="omnibus-card"><p>card</p></div>`;
  await stand.fire("renderChatMessageHTML", card, html, {});
  await new Promise((r) => setTimeout(r, 0));
  return html;
}

const drawsOf = (card: StandInMessage) => (record.recordOf(card.id)!.state.draws ?? {}) as Record<string, any>;

describe("table draws from cards", () => {
  it("a complication shows its author a Draw button; the GM rolls the table and the row lands on the card", async () => {
    const card = await postCheckCard(true);
    const html = await render(card);
    const button = html.querySelector<HTMLButtonElement>("[data-omnibus-draw=complication]");
    expect(button?.textContent).toMatch(/^OMNIBUS.Table.Draw .*OMNIBUS.Table.Name.complication/);
    stand.queueFaces(4); // the GM's roll of the table's 1d6
    button!.click();
    await stand.settle();
    await new Promise((r) => setTimeout(r, 20));
    expect(drawsOf(card).complication).toMatchObject({ roll: 4, name: "Lost item", nameRu: "Потеря", table: "Complications" });
    // The player asked; only the message, the action and the table key went over the socket.
    expect(stand.recorded.socketEmits[0].data).toEqual({
      type: "chatAction",
      requestId: expect.any(String),
      messageId: card.id,
      action: "drawTable",
      target: "complication",
    });
    const after = await render(card);
    expect(after.querySelector("[data-omnibus-draw]")).toBeNull();
    expect(after.querySelector(".omnibus-table-draw")!.textContent).toContain("OMNIBUS.Table.Drawn");
  });

  it("WFRP attack cards (weapon kept in the attack state) offer criticals on a double and at 0 Wounds", async () => {
    const tables = await import("../../../src/foundry/tables");
    const attackCard = async (outcome: Record<string, unknown>, applied: Record<string, unknown> | null) => {
      await cards.postCard({
        template: "systems/omnibus/templates/chat/check-card.hbs",
        context: {},
        rolls: [{ formula: "1d100", options: { outcome } }] as never,
        flags: { ruleset: "wfrp", attack: { version: 1, weapon: { name: "Sword" }, targets: [{ name: "Orc", applied }] } },
      });
      const card = stand.messages.at(-1)!;
      return tables.tablesOfCard(card.id, record.recordOf(card.id)!.state);
    };
    // A success on a double (55 → body), the weapon named only in the attack state.
    expect(await attackCard({ roll: 55, double: true, success: true }, null)).toEqual(["critBody"]);
    // No double; the GM applied damage that took the Orc to 0 Wounds: a Critical Wound at 30 → 03, the head.
    expect(await attackCard({ roll: 30, double: false, success: true }, { reducedToZero: true })).toEqual(["critHead"]);
    expect(await attackCard({ roll: 7, double: false, success: true }, { reducedToZero: false })).toEqual([]);
    expect(await attackCard({ roll: 7, double: false, success: true }, null)).toEqual([]);
  });

  it("a card whose recorded roll calls for no table offers none, and a forged request draws nothing", async () => {
    const card = await postCheckCard(false);
    expect((await render(card)).querySelector("[data-omnibus-draw]")).toBeNull();
    await stand.deliver(
      { type: "chatAction", requestId: "r1", messageId: card.id, action: "drawTable", target: "complication" },
      "player",
      "gm",
    );
    await stand.deliver({ type: "chatAction", requestId: "r2", messageId: card.id, action: "drawTable", target: "oops" }, "player", "gm");
    expect(drawsOf(card)).toEqual({});
    const keys = stand.recorded.socketEmits.filter((e) => e.from === "gm").map((e) => (e.data as any).notice.key);
    expect(keys).toEqual(["OMNIBUS.Refused.TableNotCalled", "OMNIBUS.Chat.NoSuchTarget"]);
  });

  it("an edited card draws nothing; a second draw of the same table is refused; another player may not ask", async () => {
    const edited = await postCheckCard(true);
    await edited.update({ "flags.omnibus.check": "x" });
    expect(await actions.requestChatAction(edited as never, "drawTable", "complication")).toBe(false);
    expect(drawsOf(edited)).toEqual({});

    const card = await postCheckCard(true);
    await stand.deliver(
      { type: "chatAction", requestId: "r3", messageId: card.id, action: "drawTable", target: "complication" },
      "other",
      "gm",
    );
    expect(drawsOf(card)).toEqual({});
    stand.queueFaces(1);
    expect(await actions.requestChatAction(card as never, "drawTable", "complication")).toBe(true);
    expect(drawsOf(card).complication.name).toBe("Gear trouble");
    stand.queueFaces(6);
    expect(await actions.requestChatAction(card as never, "drawTable", "complication")).toBe(false);
    expect(drawsOf(card).complication.name).toBe("Gear trouble");
  });

  it("the world setting names another table: the GM draws from it", async () => {
    const own = new StandInDocument("mine", "RollTable.mine", true, {
      name: "My complications",
      formula: "1d6",
      results: [
        { range: [1, 3], name: "Rain" },
        { range: [4, 6], name: "Fog" },
      ],
    });
    stand.documents.set("RollTable.mine", own);
    await stand.asUser("gm", () => g().game.settings.set("omnibus", "table_complication", "RollTable.mine"));
    const card = await postCheckCard(true);
    stand.queueFaces(5);
    await stand.asUser("gm", () => actions.requestChatAction(card as never, "drawTable", "complication"));
    expect(drawsOf(card).complication).toMatchObject({ table: "My complications", roll: 5, name: "Fog" });
  });

  it("a Russian reader sees the drawn row in Russian", async () => {
    const { drawsView } = await import("../../../src/foundry/tables");
    const row = {
      table: "Complications",
      tableRu: "Осложнения",
      roll: 2,
      name: "Slip",
      nameRu: "Оступился",
      description: "Falls.",
      descriptionRu: "Падает.",
    };
    expect(drawsView(["complication"], { complication: row }, "ru", true)[0].drawn).toEqual({
      roll: 2,
      table: "Осложнения",
      name: "Оступился",
      description: "Падает.",
    });
    expect(drawsView(["complication"], {}, "en", false)[0]).toMatchObject({ drawn: null, button: false });
  });
});

describe("the shipped tables", () => {
  for (const [ruleset, keys] of Object.entries(TABLE_KEYS)) {
    it(`${ruleset}: one table per key, covering its die exactly once, every row named in both languages`, () => {
      const tables = packTables(`${ruleset}-tables`);
      expect(tables.map((t) => t.flags.omnibus.table).sort()).toEqual([...keys].sort());
      for (const table of tables) {
        const die = TABLE_DIE[table.flags.omnibus.table as keyof typeof TABLE_DIE];
        expect(table.formula).toBe(die.formula);
        expect(tableProblems(table.results, die.min, die.max), table.name).toEqual([]);
        expect(table.flags.omnibus.nameRu).toMatch(/[а-яё]/i);
        for (const r of table.results) {
          expect(r.name, table.name).toMatch(/\S/);
          expect(r.flags.omnibus.nameRu, `${table.name}: ${r.name}`).toMatch(/[а-яё]/i);
          expect(r._key).toBe(`!tables.results!${table._id}.${r._id}`);
        }
      }
    });
  }

  it("WFRP's critical tables use the published bands (01–10, 11–20, fives to 90, 91–93, 94–96, 97–99, 100); Oops! its seven", () => {
    const tables = packTables("wfrp-tables");
    const bands = (key: string) => tables.find((t) => t.flags.omnibus.table === key).results.map((r: any) => r.range.join("-"));
    const crit = [
      "1-10",
      "11-20",
      "21-25",
      "26-30",
      "31-35",
      "36-40",
      "41-45",
      "46-50",
      "51-55",
      "56-60",
      "61-65",
      "66-70",
      "71-75",
      "76-80",
      "81-85",
      "86-90",
      "91-93",
      "94-96",
      "97-99",
      "100-100",
    ];
    for (const key of ["critHead", "critArm", "critBody", "critLeg"]) expect(bands(key)).toEqual(crit);
    expect(bands("oops")).toEqual(["1-20", "21-40", "41-60", "61-70", "71-80", "81-90", "91-100"]);
  });
});
