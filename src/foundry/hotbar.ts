/**
 * Hotbar macros: dropping an Omnibus item on the hotbar makes (or reuses) a script macro that
 * rolls it through `game.omnibus.rollItem(uuid)`.
 */
import { documentOf } from "./chat/actions";
import { rollItem } from "./checks";
import { notify } from "./i18n";
import { SYSTEM_ID, rulesetOfType } from "./registry";

export function itemMacroCommand(uuid: string): string {
  return `game.omnibus.rollItem(${JSON.stringify(uuid)});`;
}

/** The `hotbarDrop` hook: returns false (handled) for an Omnibus item. */
export function onHotbarDrop(_bar: unknown, data: { type?: string; uuid?: string }, slot: number): boolean | void {
  if (data?.type !== "Item" || !data.uuid) return;
  const item = fromUuidSync(data.uuid as never) as { type?: string; name?: string; img?: string } | null;
  if (!item?.type || !rulesetOfType(item.type)) return;
  void createItemMacro(data.uuid, item.name ?? "", item.img ?? "", slot);
  return false;
}

export async function createItemMacro(uuid: string, name: string, img: string, slot: number): Promise<unknown> {
  const command = itemMacroCommand(uuid);
  const user = game.user!;
  const macros = game.macros as unknown as { find(fn: (m: { command?: string; author?: { id?: string } | null }) => boolean): unknown };
  let macro = macros.find((m) => m.command === command && m.author?.id === user.id);
  if (!macro) {
    macro = await (Macro as unknown as { create(data: Record<string, unknown>): Promise<unknown> }).create({
      name,
      type: "script",
      img,
      command,
      flags: { [SYSTEM_ID]: { itemMacro: true } },
    });
  }
  await (user as unknown as { assignHotbarMacro(m: unknown, slot: number): Promise<unknown> }).assignHotbarMacro(macro, slot);
  return macro;
}

/** What the macro runs. */
export async function rollItemByUuid(uuid: string, options: { skipDialog?: boolean; shiftKey?: boolean } = {}): Promise<unknown> {
  const item = await documentOf<Item.Implementation>(uuid);
  if (!item) {
    notify("warn", "OMNIBUS.Macro.ItemMissing");
    return null;
  }
  return rollItem(item, options);
}
