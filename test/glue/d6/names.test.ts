// @vitest-environment happy-dom
// Russian names: a D6 document created from pack data on a Russian client takes flags.omnibus.nameRu
// (embedded items too) and keeps its English name in flags.omnibus.nameEn; the rules still find a
// renamed skill by its English name.
import { describe, expect, it } from "vitest";
import { russianNameUpdate } from "../../../src/foundry/names";
import { attackCheck, skillCode } from "../../../src/rules/d6/table/checks";
import { DEFAULT_SETTINGS } from "../../../src/rules/d6/table/settings";
import { asActor, packDoc } from "./fixtures";
import { setUpTable } from "./table";

describe("russianNameUpdate", () => {
  it("renames a pack actor and its items on a Russian client; English clients and already-Russian names are left alone", () => {
    const thannik = packDoc("d6-characters", "Thannik");
    const update = russianNameUpdate(thannik as never, "ru")!;
    expect(update.name).toBe("Танник");
    expect(update["flags.omnibus.nameEn"]).toBe("Thannik");
    const items = update.items as Array<{ name: string; flags: { omnibus: { nameEn: string; nameRu: string } } }>;
    expect(items.find((i) => i.flags.omnibus.nameEn === "dodge")!.name).toBe("уклонение");
    expect(items.every((i) => i.name === i.flags.omnibus.nameRu)).toBe(true);
    expect(russianNameUpdate(thannik as never, "en")).toBeNull();
    expect(russianNameUpdate({ name: "Медпакет", flags: { omnibus: { nameRu: "Медпакет" } } }, "ru")).toBeNull();
    expect(russianNameUpdate({ name: "Custom" }, "ru")).toBeNull();
  });

  it("a renamed character still rolls its skills by their English names (blaster 6D, not Dexterity 4D)", () => {
    const actor = asActor(packDoc("d6-characters", "Thannik"));
    for (const item of actor.items) {
      item.nameEn = item.name;
      item.name = `ru:${item.name}`;
    }
    expect(skillCode(actor, "dodge", "dexterity").code).toEqual({ dice: 6, pips: 0 });
    const pistol = actor.items.find((i) => i.nameEn === "Blaster pistol")!;
    const request = attackCheck(actor, pistol, [], {}, DEFAULT_SETTINGS);
    expect((request.data as { baseCode: unknown }).baseCode).toEqual({ dice: 6, pips: 0 });
  });

  it("the adapter's preCreate hooks apply it on a Russian client only", async () => {
    const t = await setUpTable();
    const calls: Array<Record<string, unknown>> = [];
    const doc = { type: "d6_equipment", updateSource: (d: Record<string, unknown>) => calls.push(d) };
    const medpac = packDoc("d6-equipment", "Medpac");
    await t.stand.fire("preCreateItem", doc, structuredClone(medpac), {}, "player");
    expect(calls).toEqual([]);
    (globalThis as any).game.i18n.lang = "ru";
    await t.stand.fire("preCreateItem", doc, structuredClone(medpac), {}, "player");
    await t.stand.fire("preCreateItem", { ...doc, type: "wfrp_trapping" }, structuredClone(medpac), {}, "player");
    expect(calls).toEqual([
      // Only the name: the description is chosen at display time (language.ts), the stored one stays English.
      { name: "Медпакет", "flags.omnibus.nameEn": "Medpac" },
    ]);
  });
});
