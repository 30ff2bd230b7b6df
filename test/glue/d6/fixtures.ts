/**
 * D6 test fixtures: the compendium sources (packs/_source/d6-*) read as plain documents, and the
 * digest's example characters as the plain actor data the pure check and sheet functions take.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../../support/handlebars";
import type { D6ActorData, D6ItemData } from "../../../src/rules/d6/table/checks";

export interface PackDoc {
  _id: string;
  _key: string;
  name: string;
  type: string;
  img?: string;
  system: Record<string, unknown>;
  items?: PackDoc[];
  flags?: { omnibus?: { nameRu?: string; descriptionRu?: string } & Record<string, unknown> };
}

export const D6_PACKS = readdirSync(join(ROOT, "packs", "_source")).filter((p) => p.startsWith("d6-"));

export function packDocs(pack: string): PackDoc[] {
  const dir = join(ROOT, "packs", "_source", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(dir, f), "utf8")) as PackDoc);
}

export function packDoc(pack: string, name: string): PackDoc {
  const doc = packDocs(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`no ${name} in ${pack}`);
  return doc;
}

export function asItem(doc: PackDoc, parent = "Actor.x"): D6ItemData {
  return {
    id: doc._id,
    uuid: `${parent}.Item.${doc._id}`,
    name: doc.name,
    type: doc.type,
    img: doc.img ?? null,
    system: structuredClone(doc.system),
  };
}

/** A pack actor as the plain data checks.ts builds from a document. */
export function asActor(doc: PackDoc): D6ActorData {
  const uuid = `Actor.${doc._id}`;
  return {
    uuid,
    name: doc.name,
    type: doc.type,
    img: doc.img ?? null,
    system: structuredClone(doc.system),
    items: (doc.items ?? []).map((i) => asItem(i, uuid)),
  };
}

export const thannik = () => asActor(packDoc("d6-characters", "Thannik"));
export const stormtrooper = () => asActor(packDoc("d6-characters", "Stormtrooper"));
