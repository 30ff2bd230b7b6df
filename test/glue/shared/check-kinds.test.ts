// Checks per kind (issue 17): each ruleset lists its kinds in a table and the plumbing's
// `checksByKind` dispatches — build by the source's kind, odds/roll/rederive by the request's kind.
// The rulesets' checks modules hold no dispatch on a kind of their own and no cast of request data.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckKind, CheckSource, CheckTable, KindRequest } from "../../../src/foundry/ruleset";
import { OmnibusError } from "../../../src/core/errors";
import { installFoundryStandIns } from "../../support/foundry-stand-ins";

// src/foundry/checks.ts loads the roll dialog, which reads Foundry's application classes at import.
let checksByKind: (table: CheckTable) => import("../../../src/foundry/ruleset").CheckHandler;
beforeAll(async () => {
  installFoundryStandIns();
  ({ checksByKind } = await import("../../../src/foundry/checks"));
});

const RULESETS = ["d6", "storytelling", "wfrp", "silhouette"];

/** Every `checks.ts` under a folder (the feature sub-folders too). */
function checksModules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f === "checks.ts" || f.endsWith("/checks.ts"))
    .map((f) => join(dir, f));
}

const GLUE = RULESETS.flatMap((id) => checksModules(`src/foundry/${id}`));
const TABLE = RULESETS.flatMap((id) => checksModules(`src/rules/${id}/table`));

/** The lines of a file matching a pattern, as "file:line: text". */
function hits(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe("the rulesets' checks modules", () => {
  it("are found: the glue and table checks of all four rulesets with their feature sub-folders", () => {
    for (const id of RULESETS) {
      expect(GLUE).toContain(`src/foundry/${id}/checks.ts`);
      expect(TABLE).toContain(`src/rules/${id}/table/checks.ts`);
    }
    expect(GLUE).toContain("src/foundry/d6/healing/checks.ts");
    expect(TABLE).toContain("src/rules/silhouette/table/athletics/checks.ts");
  });

  it("branch on no request's or source's kind (the plumbing dispatches)", () => {
    expect(
      hits([...GLUE, ...TABLE], /\b(?:request|source|req)\??\.kind\s*[!=]==?\s*["'`]|switch\s*\(\s*(?:request|source)\??\.kind\s*\)/),
    ).toEqual([]);
  });

  // Per-kind details ride on each kind's entry or a per-kind traits table (Storytelling's details and
  // traits, WFRP's `wfrpKindTraits`, D6 healing's `healingTraits`), never on a branch of shared code.
  it("branch on no request data's kind either (per-kind details ride on the kind's entry or traits)", () => {
    expect(
      hits([...GLUE, ...TABLE], /\b(?:data|h|healing)\??\.(?:healing\??\.)?kind\s*[!=]==?\s*["'`]|switch\s*\(\s*(?:data|h)\??\.kind\s*\)/),
    ).toEqual([]);
  });

  it("compare no kind of check to a name in the glue (no hand-written dispatch)", () => {
    expect(hits(GLUE, /(?<![\w.])kind\s*[!=]==?\s*["'`]|\?\s*\.\.\.\s*\(\s*kind\s*===|\(\s*HEALING_KINDS/)).toEqual([]);
  });

  it("cast no request data through unknown (each kind's request carries its own data type)", () => {
    expect(hits([...GLUE, ...TABLE], /\bdata\s+as\s+unknown\s+as\b/)).toEqual([]);
  });
});

describe("checksByKind", () => {
  type Data = { code: number };
  const calls: string[] = [];
  const request = (kind: string, code: number): KindRequest<Data> => ({
    ruleset: "d6",
    kind,
    title: kind,
    fields: [],
    values: {},
    targets: [],
    data: { code },
  });
  const kind = (name: string, builds = name): CheckKind<Data> => ({
    build: (source) => {
      calls.push(`build ${name} ${source.dataset.n ?? ""}`);
      return request(builds, Number(source.dataset.n ?? 0));
    },
    odds: (r) => [{ label: `${name} odds`, probability: r.data.code / 10 }],
    roll: async (r) => {
      calls.push(`roll ${name} ${r.data.code}`);
      return r.data.code;
    },
  });
  const source = (k: string, dataset: Record<string, string> = {}): CheckSource => ({ actor: null, kind: k, dataset, targets: [] });
  const table = (): CheckTable => ({
    kinds: { attribute: kind("attribute"), medical: kind("medical", "medpac"), medpac: kind("medpac") },
    itemKind: (s) => (s.dataset.type === "medpac" ? "medical" : null),
  });
  let handler: ReturnType<typeof checksByKind>;
  beforeAll(() => {
    handler = checksByKind(table());
  });

  it("builds by the source's kind and rolls and gives odds by the request's kind", async () => {
    calls.length = 0;
    const built = (await handler.build(source("medical", { n: "3" })))!;
    expect(built.kind).toBe("medpac");
    expect(handler.odds!(built, {})).toEqual([{ label: "medpac odds", probability: 0.3 }]);
    expect(await handler.roll(built, {}, { rollMode: "publicroll" })).toBe(3);
    expect(calls).toEqual(["build medical 3", "roll medpac 3"]);
  });

  it("an item source goes through itemKind; null there is nothing to roll", async () => {
    calls.length = 0;
    expect((await handler.build(source("item", { type: "medpac", n: "1" })))?.kind).toBe("medpac");
    expect(await handler.build(source("item", { type: "rock" }))).toBeNull();
    expect(calls).toEqual(["build medical 1"]);
  });

  it("refuses a source kind and a request kind the table lacks, and an inherited name", async () => {
    expect(() => handler.build(source("bogus"))).toThrow(OmnibusError);
    expect(() => handler.build(source("toString"))).toThrow(OmnibusError);
    expect(() => handler.odds!(request("bogus", 1), {})).toThrow(OmnibusError);
    expect(() => handler.roll(request("constructor", 1), {}, { rollMode: "publicroll" })).toThrow(OmnibusError);
  });

  it("an unknown source kind goes to the table's fallback when it has one", async () => {
    const fallback = checksByKind({
      kinds: { attribute: kind("attribute") },
      unknown: (s) => request("attribute", s.dataset.n ? Number(s.dataset.n) : 0),
    });
    expect((await fallback.build(source("skill", { n: "4" })))?.data).toEqual({ code: 4 });
  });

  it("re-derives by the request's kind: covered when any kind covers the card; a kind without one is refused", async () => {
    const seen: string[] = [];
    const rederiving: CheckKind<Data> = {
      ...kind("attack"),
      rederive: { covers: (state) => state.attack === true, check: ({ request: r }) => void seen.push(`attack ${r.data.code}`) },
    };
    const table = checksByKind({ kinds: { attack: rederiving, attribute: kind("attribute") } });
    expect(table.rederive!.covers({ attack: true })).toBe(true);
    expect(table.rederive!.covers({})).toBe(false);
    await table.rederive!.check({ request: request("attack", 7), values: {}, rolls: [], state: {} });
    expect(seen).toEqual(["attack 7"]);
    expect(() => table.rederive!.check({ request: request("attribute", 1), values: {}, rolls: [], state: {} })).toThrow(OmnibusError);
    expect(checksByKind({ kinds: { attribute: kind("attribute") } }).rederive).toBeUndefined();
  });
});
