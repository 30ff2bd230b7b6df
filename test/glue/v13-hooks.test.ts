// @vitest-environment happy-dom
/**
 * The hooks the plumbing registers, called with the arguments v13 passes them (see
 * src/foundry/README.md "Verified against v13"), and the shared check card's total.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, type StandIns } from "../support/foundry-stand-ins";
import { createHarness } from "../support/handlebars";
import { makeTestAdapters } from "../support/test-adapters";

let stand: StandIns;

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns();
  const adapters = await makeTestAdapters();
  const system = await import("../../src/foundry/system");
  system.installOmnibus([adapters.d6, adapters.wfrp]);
  await stand.fire("init");
});

const notices = () => stand.recorded.notifications.map((n) => n.message);

describe("dropActorSheetData(actor, sheet, data)", () => {
  const actor = { type: "d6_hero", name: "Han" };
  const sheet = { id: "sheet" };

  it("refuses an item of another ruleset with a notification (false stops ActorSheetV2's drop)", async () => {
    stand.documents.set("Item.w", { type: "wfrp_trapping", name: "Rope" });
    const results = await stand.fire("dropActorSheetData", actor, sheet, { type: "Item", uuid: "Item.w" });
    // The party sheet's drop hook also listens (it ignores other actors); the refusal is the first answer.
    expect(results[0]).toBe(false);
    expect(notices()).toEqual([`OMNIBUS.Sheet.ItemRefused ${JSON.stringify({ item: "Rope", actor: "Han" })}`]);
  });

  it("lets the active ruleset's items and every other kind of drop through", async () => {
    stand.documents.set("Item.g", { type: "d6_gear", name: "Blaster" });
    const passes = (results: unknown[]) => results.length > 0 && results.every((r) => r === undefined);
    expect(passes(await stand.fire("dropActorSheetData", actor, sheet, { type: "Item", uuid: "Item.g" }))).toBe(true);
    expect(passes(await stand.fire("dropActorSheetData", actor, sheet, { type: "ActiveEffect", uuid: "x" }))).toBe(true);
    expect(notices()).toEqual([]);
  });
});

describe("renderCompendiumDirectory(app, html)", () => {
  it("removes other rulesets' system packs and keeps the active ruleset's, modules' and the world's", async () => {
    const pack = (packageType: string, packageName: string, name: string) => ({ metadata: { packageType, packageName, name } });
    stand.documents.set("pack:omnibus.d6-weapons", pack("system", "omnibus", "d6-weapons"));
    stand.documents.set("pack:omnibus.wfrp-trappings", pack("system", "omnibus", "wfrp-trappings"));
    stand.documents.set("pack:omnibus.rules", pack("system", "omnibus", "rules"));
    stand.documents.set("pack:world.wfrp-notes", pack("world", "world", "wfrp-notes"));
    const html = document.createElement("section");
    // v13 directory entries (data-entry-id) and the pre-v13 shape (data-pack) are both handled.
    html.innerHTML = `<ol>
      <li class="directory-item compendium" data-pack="omnibus.d6-weapons" data-entry-id="omnibus.d6-weapons"></li>
      <li class="directory-item compendium" data-entry-id="omnibus.wfrp-trappings"></li>
      <li class="directory-item compendium" data-pack="omnibus.rules"></li>
      <li class="directory-item compendium" data-entry-id="world.wfrp-notes"></li>
    </ol>`;
    await stand.fire("renderCompendiumDirectory", {}, html);
    const left = Array.from(html.querySelectorAll<HTMLElement>("li"), (li) => li.dataset.entryId ?? li.dataset.pack);
    expect(left).toEqual(["omnibus.d6-weapons", "omnibus.rules", "world.wfrp-notes"]);
  });
});

describe("the shared check card shows the roll's total whenever there is one", () => {
  const harness = createHarness();
  const render = (context: Record<string, unknown>) => {
    const root = document.createElement("div");
    root.innerHTML = harness.render("chat/check-card.hbs", { ruleset: "d6", title: "Blaster", ...context });
    return root;
  };

  it("without an outcome: the total, labelled", () => {
    const card = render({ total: 17 });
    expect(card.querySelector(".omnibus-total")?.textContent).toBe("17");
    expect(card.querySelector(".omnibus-outcome")?.textContent?.trim()).toBe("Total 17");
  });

  it("a total of 0 is still a total", () => {
    expect(render({ total: 0 }).querySelector(".omnibus-total")?.textContent).toBe("0");
  });

  it("with an outcome: the outcome and the total", () => {
    const card = render({ total: 12, outcome: { label: "OMNIBUS.Chat.Total", tone: "success" } });
    expect(card.querySelectorAll(".omnibus-total")).toHaveLength(1);
    expect(card.querySelector(".omnibus-outcome .omnibus-total")?.textContent).toBe("12");
  });

  it("no total, no outcome: no total line", () => {
    expect(render({}).querySelector(".omnibus-outcome")).toBeNull();
    expect(render({ total: null }).querySelector(".omnibus-total")).toBeNull();
  });
});
