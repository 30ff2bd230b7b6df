// @vitest-environment happy-dom
/**
 * A refusal says why (issue 17): a `refused` OmnibusError reaches the player as its own
 * OMNIBUS.Refused.<key> with its data (not "{name}: {value} is not valid"), falls back to the generic
 * refusal text should its key be missing, and other codes are shown as before. End to end through the
 * stand-ins: damage refused on a D6 card, for the GM at the table and for a player over the socket.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Localizer, createHarness } from "../../support/handlebars";
import { packDoc } from "../d6/fixtures";
import { actorDoc, setUpTable, type Table } from "../d6/table";

/* eslint-disable @typescript-eslint/no-explicit-any */
const g = () => globalThis as any;

/** The stand-ins show a notice as `key {json data}`; this is what Foundry would print from the lang file. */
function read(notice: string, language: "en" | "ru"): string {
  const space = notice.indexOf(" ");
  const key = space < 0 ? notice : notice.slice(0, space);
  const data = space < 0 ? {} : (JSON.parse(notice.slice(space + 1)) as Record<string, string>);
  return new Localizer(language).format(key, data);
}

describe("a refused error, localized", () => {
  let t: Table;
  beforeEach(async () => {
    t = await setUpTable();
  });

  it("is shown as OMNIBUS.Refused.<key> with its data, the key itself not among the data", async () => {
    const { refused } = await import("../../../src/core/errors");
    const { notifyError } = await import("../../../src/foundry/i18n");
    notifyError(refused("DamageApplied", "the damage was already applied", { name: "Thug" }));
    const shown = t.stand.recorded.notifications.at(-1)!;
    expect(shown).toEqual({ level: "warn", message: 'OMNIBUS.Refused.DamageApplied {"name":"Thug"}' });
    expect(read(shown.message, "en")).toBe("Thug: the damage was already applied.");
    expect(read(shown.message, "ru")).toBe("Thug: урон уже применён.");
  });

  it("falls back to the generic refusal when its key is missing; other codes keep OMNIBUS.Error.<code>", async () => {
    const { OmnibusError, refused } = await import("../../../src/core/errors");
    const { errorNotice, notifyError } = await import("../../../src/foundry/i18n");
    notifyError(refused("NoSuchReasonAnywhere", "made up", { name: "Thug" }));
    expect(t.stand.recorded.notifications.at(-1)!.message).toBe('OMNIBUS.Error.refused {"name":"Thug"}');
    expect(read(t.stand.recorded.notifications.at(-1)!.message, "en")).toBe("That is not allowed.");
    expect(errorNotice(new OmnibusError("badArgument", "x", { name: "count", value: "x" }))).toEqual({
      key: "OMNIBUS.Error.badArgument",
      data: { name: "count", value: "x" },
    });
    expect(errorNotice(refused("RollKept", "kept"))).toEqual({ key: "OMNIBUS.Refused.RollKept", data: {} });
  });

  it("the roll dialog shows a refusal from the odds by its own key", async () => {
    const { refused } = await import("../../../src/core/errors");
    const { rollDialogContext } = await import("../../../src/foundry/dialogs/roll-dialog-context");
    const request = { ruleset: "d6", kind: "probe", title: "Probe", fields: [], values: {}, data: {} } as any;
    const odds = () => {
      throw refused("OneWillpowerPerTurn", "only one Willpower point per turn");
    };
    const ctx = rollDialogContext(request, {}, odds, "publicroll", { publicroll: { label: "CHAT.RollPublic" } } as any);
    expect(ctx.oddsError).toEqual({ key: "OMNIBUS.Refused.OneWillpowerPerTurn", data: {} });
  });
});

describe("refusals at the table (D6 damage cards)", () => {
  let t: Table;
  beforeEach(async () => {
    t = await setUpTable();
    t.stand.makeUser("player", false);
  });

  const damageFlags = (actorUuid: string, name: string) => ({
    omnibus: {
      ruleset: "d6",
      d6: { damage: { targets: [{ actorUuid, name, img: "", damageTotal: 16, resistTotal: 12, stun: false, vehicle: false }] } },
    },
  });

  it("the GM applies damage to a target deleted since: told which target is gone, nothing changes", async () => {
    const card = await t.stand.asUser("gm", () => g().ChatMessage.create({ content: "", flags: damageFlags("Actor.ghost", "Ghost") }));
    t.stand.setUser("gm");
    expect(await t.actions.requestChatAction(card as never, "d6ApplyDamage", "0")).toBe(false);
    const shown = t.stand.recorded.notifications.at(-1)!.message;
    expect(shown).toBe('OMNIBUS.Refused.TargetGone {"name":"Ghost"}');
    expect(read(shown, "en")).toBe("Ghost is no longer in the world.");
  });

  it("the GM's log shows the refusal with its data filled in, in English and Russian", async () => {
    const { logView } = await import("../../../src/foundry/chat/record-view");
    const card = await t.stand.asUser("gm", () => g().ChatMessage.create({ content: "", flags: damageFlags("Actor.ghost", "Ghost") }));
    t.stand.setUser("gm");
    expect(await t.actions.requestChatAction(card as never, "d6ApplyDamage", "0")).toBe(false);
    await t.stand.settle();
    const stored = t.stand.recorded.settingsValues.get("omnibus.cardLog") as any[];
    expect(stored.at(-1)).toMatchObject({ kind: "refused", reason: "OMNIBUS.Refused.TargetGone", reasonData: { name: "Ghost" } });
    const view = logView(stored, { userName: (id) => id, time: () => "21:04" });
    const en = createHarness({ language: "en" }).render("chat/card-log.hbs", view);
    const ru = createHarness({ language: "ru" }).render("chat/card-log.hbs", view);
    expect(en).toContain("Ghost is no longer in the world.");
    expect(ru).toContain("Актёра «Ghost» больше нет в мире.");
    expect(en + ru).not.toContain("{name}");
  });

  it("a player's own damage card that no recorded attack made: the GM refuses and the player reads why", async () => {
    const thug = actorDoc(t.stand, packDoc("d6-characters", "Thug"), "Actor.thug", true);
    const card = await t.stand.asUser("player", () => g().ChatMessage.create({ content: "", flags: damageFlags("Actor.thug", "Thug") }));
    await t.stand.settle();
    t.stand.setUser("player");
    const asked = t.actions.requestChatAction(card as never, "d6ApplyDamage", "0");
    await t.stand.settle();
    expect(await asked).toBe(false);
    expect(thug.updates).toEqual([]);
    const answer = t.stand.recorded.socketEmits.filter((e) => e.from === "gm").at(-1)!.data as any;
    expect(answer).toMatchObject({ ok: false, notice: { key: "OMNIBUS.Refused.NotFromAttack" } });
    const shown = t.stand.recorded.notifications.at(-1)!.message;
    expect(shown.split(" ")[0]).toBe("OMNIBUS.Refused.NotFromAttack");
    expect(read(shown, "ru")).toBe("Эта карточка урона не связана с записанной атакой.");
  });

  it("a CP spend on a target the card does not have names the card, not a value", async () => {
    const card = await t.stand.asUser("gm", () => g().ChatMessage.create({ content: "", flags: damageFlags("Actor.thug", "Thug") }));
    t.stand.setUser("gm");
    expect(await t.actions.requestChatAction(card as never, "d6SpendResistCP", "3")).toBe(false);
    const shown = t.stand.recorded.notifications.at(-1)!.message;
    expect(shown.split(" ")[0]).toBe("OMNIBUS.Refused.NotOnCard");
    expect(read(shown, "en")).toBe("That target is not on this card.");
  });
});
