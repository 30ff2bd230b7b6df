/**
 * Shared set-up for the D6 table glue tests: the Foundry stand-ins with the D6 adapter installed,
 * dice forced in the dice order contract, stand-in actor documents from the packs, and chat messages
 * the plumbing can find again (so a player's request can be applied by the GM).
 */
import { vi } from "vitest";
import { installFoundryStandIns, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { asActor, asItem, packDoc, type PackDoc } from "./fixtures";

export interface Table {
  stand: StandIns;
  checks: typeof import("../../../src/foundry/d6/checks");
  actions: typeof import("../../../src/foundry/chat/actions");
  /** Created messages as stand-in documents, registered under `ChatMessage.<id>`. */
  messages: StandInDocument[];
}

/** Installs the stand-ins and the D6 adapter (init + ready), with created messages kept as documents. */
export async function setUpTable(opts: { settings?: Record<string, unknown> } = {}): Promise<Table> {
  vi.resetModules();
  const stand = installFoundryStandIns({ settings: opts.settings });
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
  // Created messages are the stand-ins' (registered, authored by the current user, recorded by the GM).
  const messages: StandInDocument[] = stand.messages;
  const g = globalThis as Record<string, any>;
  g.game.time = { worldTime: 0 };
  const { d6Adapter } = await import("../../../src/foundry/d6/adapter");
  const system = await import("../../../src/foundry/system");
  system.installOmnibus([d6Adapter]);
  await stand.fire("init");
  await stand.fire("ready");
  const checks = await import("../../../src/foundry/d6/checks");
  const actions = await import("../../../src/foundry/chat/actions");
  return { stand, checks, actions, messages };
}

/** The shared stand-in (test/support): every Roll evaluates from the queued faces. */
export { forceFaces } from "../../support/foundry-stand-ins";

/** A stand-in actor document from a pack actor (plus extra pack items): items with ids, uuids and updates; `statuses` as a Set. */
export function actorDoc(stand: StandIns, doc: PackDoc, uuid: string, isOwner: boolean, extraItems: PackDoc[] = []): StandInDocument {
  const data = asActor(doc);
  data.items.push(...extraItems.map((i) => asItem(i, uuid)));
  const items = data.items.map(
    (i) => new StandInDocument(i.id, `${uuid}.Item.${i.id}`, isOwner, { name: i.name, type: i.type, img: i.img, system: i.system }),
  );
  const actor = new StandInDocument(uuid.split(".").pop()!, uuid, isOwner, {
    name: doc.name,
    type: doc.type,
    img: doc.img,
    system: data.system,
    statuses: new Set<string>(),
    items: { contents: items, get: (id: string) => items.find((i) => i.id === id), [Symbol.iterator]: () => items[Symbol.iterator]() },
  });
  stand.documents.set(uuid, actor);
  for (const i of items) stand.documents.set(i.uuid, i);
  return actor;
}

export const packItem = (pack: string, name: string) => packDoc(pack, name);

export function lastCard(stand: StandIns): Record<string, any> {
  return stand.recorded.rendered[stand.recorded.rendered.length - 1].context as Record<string, any>;
}
