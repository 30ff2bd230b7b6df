// The WFRP glue test harness: the stand-ins with WFRP as the world's ruleset, Omnibus installed,
// init and ready fired; a stand-in Roll that takes its faces from `faces`; actor stand-ins from the
// example pack; and readers for the last card rendered and its record.
import { forceFaces, installFoundryStandIns, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf, packDocs } from "../../gallery/samples/wfrp";

/* eslint-disable @typescript-eslint/no-explicit-any */
const g = globalThis as any;

export interface WfrpGlue {
  stand: StandIns;
  /** Faces Foundry's dice roll, in order (the stand-in Roll reads them for its NdX term); push to it. */
  faces: number[];
  wfrp: typeof import("../../../src/foundry/wfrp/adapter");
  actions: typeof import("../../../src/foundry/chat/actions");
}

let current: WfrpGlue | undefined;
const stand = (): StandIns => {
  if (!current) throw new Error("setUpWfrp() first");
  return current.stand;
};

/**
 * A fresh WFRP world (call after vi.resetModules()): a GM "gm" as the user (and the active GM
 * unless `activeGM: false`), any `moreGMs`, and, unless `dice: false`, Foundry's dice rolling `faces`.
 */
export async function setUpWfrp(options: { activeGM?: boolean; moreGMs?: string[]; dice?: boolean } = {}): Promise<WfrpGlue> {
  const s = installFoundryStandIns({ settings: { "omnibus.ruleset": "wfrp", "omnibus.rulesetChosen": true } });
  s.makeUser("gm", true);
  for (const id of options.moreGMs ?? []) s.makeUser(id, true);
  if (options.moreGMs?.length) s.setUser("gm");
  if (options.activeGM !== false) s.setActiveGM("gm");
  // Foundry's dice rolling `faces` (the shared stand-in, test/support); tests push faces on it.
  const faces: number[] = options.dice !== false ? forceFaces() : [];
  g.foundry.utils.getProperty = (o: any, path: string) => path.split(".").reduce((n, k) => n?.[k], o);
  const system = await import("../../../src/foundry/system");
  const wfrp = await import("../../../src/foundry/wfrp/adapter");
  system.installOmnibus([wfrp.wfrpAdapter]);
  await s.fire("init");
  await s.fire("ready");
  const actions = await import("../../../src/foundry/chat/actions");
  current = { stand: s, faces, wfrp, actions };
  return current;
}

/** An actor stand-in from plain data, with no permission rules of its own. */
export function plainActorDoc(id: string, view: ReturnType<typeof actorViewOf>): StandInDocument & Record<string, any> {
  const doc = new StandInDocument(id, `Actor.${id}`, false, {
    name: view.name,
    img: view.img,
    type: view.type,
    system: view.system,
    items: { contents: view.items },
    statuses: new Set(view.statuses ?? []),
  }) as StandInDocument & Record<string, any>;
  stand().documents.set(doc.uuid, doc);
  return doc;
}

/** An actor stand-in from plain data: owned by `owners` (and every GM). */
export function actorDoc(id: string, view: ReturnType<typeof actorViewOf>, owners: string[] = []): StandInDocument & Record<string, any> {
  const doc = new StandInDocument(id, `Actor.${id}`, false, {
    name: view.name,
    img: view.img,
    type: view.type,
    system: view.system,
    items: { contents: view.items },
    statuses: new Set(view.statuses ?? []),
    testUserPermission: (user: { id: string; isGM: boolean }) => user.isGM || owners.includes(user.id),
  }) as StandInDocument & Record<string, any>;
  Object.defineProperty(doc, "isOwner", { get: () => g.game.user.isGM || owners.includes(g.game.user.id) });
  stand().documents.set(doc.uuid, doc);
  return doc;
}

/** A character of the WFRP example pack, by name. */
export const character = (name: string) => packDocs("wfrp-examples").find((d) => d.name === name)!;

/** The last card rendered (not the record's part, which renders after a recorded card). */
export const card = () =>
  stand()
    .recorded.rendered.filter((r) => !r.path.includes("chat/card-record"))
    .at(-1) as { path: string; context: any };

/** The card's state in the GM's record (snapshot + amendments). */
export const stateOf = (message: { id: string }) => g.game.settings.get("omnibus", "cardRecords")[message.id].state as Record<string, any>;

/** Renders the card as a client does (from the GM's record) and returns what was rendered. */
export async function view(message: unknown) {
  const html = document.createElement("div");
  html.innerHTML = `<div class="omnibus-card"></div>`;
  await stand().fire("renderChatMessageHTML", message, html, {});
  return card();
}
