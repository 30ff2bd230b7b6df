/**
 * Reading Foundry documents as the plain views the `wfrp` glue computes with, and the world's
 * rules options. The only Foundry-touching helpers the checks, actions and combat hooks share.
 */
import { documentOf } from "../chat/actions";
import { itemNames } from "../names";
import type { PlainItem } from "../../rules/wfrp/table/derive";
import type { ActorView } from "../../rules/wfrp/table/checks";

interface ActorLike {
  uuid: string;
  name?: string | null;
  img?: string | null;
  type: string;
  system: unknown;
  _source?: { system?: unknown };
  items?: { contents?: unknown[] } | unknown[];
  statuses?: Set<string> | Iterable<string>;
}

/** The stored (source) system data when the document has it, else its system. */
function sourceSystem(doc: { system?: unknown; _source?: { system?: unknown } }): Record<string, unknown> {
  return ((doc._source?.system ?? doc.system) as Record<string, unknown>) ?? {};
}

export function itemViews(actor: ActorLike): PlainItem[] {
  const list = Array.isArray(actor.items) ? actor.items : (actor.items?.contents ?? []);
  return list.map((i) => {
    const item = i as {
      id?: string;
      name?: string;
      type?: string;
      img?: string | null;
      system?: unknown;
      _source?: { system?: unknown };
      flags?: unknown;
    };
    const nameEn = itemNames(item).find((n) => n !== item.name);
    return {
      id: item.id ?? "",
      name: item.name ?? "",
      ...(nameEn ? { nameEn } : {}),
      type: item.type ?? "",
      img: item.img ?? null,
      system: sourceSystem(item),
    };
  });
}

export function actorView(actor: Actor.Implementation | ActorLike): ActorView {
  const a = actor as unknown as ActorLike;
  return {
    uuid: a.uuid,
    name: a.name ?? "",
    img: a.img ?? "",
    type: a.type,
    system: sourceSystem(a),
    items: itemViews(a),
    statuses: a.statuses ? [...a.statuses] : [],
  };
}

/** The actor behind a target: the token's (synthetic) actor, else the actor by uuid. */
export async function targetActor(tokenUuid: string | null, actorUuid: string | null): Promise<Actor.Implementation | null> {
  if (tokenUuid) {
    const token = await documentOf<{ actor?: Actor.Implementation | null }>(tokenUuid);
    if (token?.actor) return token.actor;
  }
  if (actorUuid) return await documentOf<Actor.Implementation>(actorUuid);
  return null;
}

/** The same, synchronously (for button visibility). */
export function targetActorSync(tokenUuid: string | null, actorUuid: string | null): Actor.Implementation | null {
  if (tokenUuid) {
    const token = fromUuidSync(tokenUuid as never) as { actor?: Actor.Implementation | null } | null;
    if (token?.actor) return token.actor;
  }
  if (actorUuid) return (fromUuidSync(actorUuid as never) as Actor.Implementation | null) ?? null;
  return null;
}
