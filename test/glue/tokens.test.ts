// Tokens (issue 15 §3): the token bars each actor type offers (CONFIG.Actor.trackableAttributes), a
// token-bar edit of a DERIVED bar changing the stored wound state (through the Omnibus Actor's
// modifyTokenAttribute and the real data models' derivation), and the prototype token defaults of
// new actors (preCreateActor), an explicit choice kept.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, type StandIns } from "../support/foundry-stand-ins";
import { installDataFieldStandIns } from "../support/data-fields";
import { initialData, type SchemaSpec } from "../../src/rules/table/field-spec";
import { ACTOR_SPECS as D6_SPECS } from "../../src/rules/d6/table/schema";
import { ACTOR_SCHEMAS as ST_SPECS } from "../../src/rules/storytelling/table/schema";
import { ACTOR_SCHEMAS as WFRP_SPECS } from "../../src/rules/wfrp/table/schema";
import { SPECS as SIL_SPECS } from "../../src/rules/silhouette/table/schema";
import { trackForHealth } from "../../src/rules/storytelling/table/tokens";
import { woundsForStep } from "../../src/rules/silhouette/table/tokens";
import { pathValue, prototypeTokenDefaults } from "../../src/rules/table/tokens";
import { flatten, readLanguage } from "../support/handlebars";

type Rec = Record<string, any>;
const SPECS: Record<string, SchemaSpec> = { ...D6_SPECS, ...ST_SPECS, ...WFRP_SPECS, ...SIL_SPECS } as Record<string, SchemaSpec>;
const ACTOR_TYPES = Object.keys(SPECS).filter(
  (t) => !/_(skill|weapon|armou?r|equipment|trapping|talent|condition|extended|merit|object|force_power|item)$/.test(t),
);

let stand: StandIns;
let cfg: Rec;

beforeAll(async () => {
  vi.resetModules();
  stand = installFoundryStandIns();
  installDataFieldStandIns();
  const adapters = await Promise.all([
    import("../../src/foundry/d6/adapter").then((m) => m.d6Adapter),
    import("../../src/foundry/storytelling/adapter").then((m) => m.storytellingAdapter),
    import("../../src/foundry/wfrp/adapter").then((m) => m.wfrpAdapter),
    import("../../src/foundry/silhouette/adapter").then((m) => m.silhouetteAdapter),
  ]);
  const system = await import("../../src/foundry/system");
  system.installOmnibus(adapters);
  await stand.fire("init");
  cfg = (globalThis as Rec).CONFIG;
});

function setPath(target: Rec, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) node = node[part] ??= {};
  node[parts[parts.length - 1]] = value;
}

/** The type's real data model over this stored source, derived as Foundry would (prepareDerivedData). */
function derive(type: string, source: Rec): Rec {
  const Model = cfg.Actor.dataModels[type];
  const model = Object.assign(new Model(), structuredClone(source));
  model.prepareDerivedData();
  return model;
}

/** An Omnibus Actor (CONFIG.Actor.documentClass after init) whose update writes the source and derives again. */
function actor(type: string, changes: Record<string, unknown> = {}) {
  const source = initialData(SPECS[type]) as Rec;
  for (const [path, value] of Object.entries(changes)) setPath(source, path, value);
  const doc = new cfg.Actor.documentClass() as Rec;
  const updates: Rec[] = [];
  const statuses = new Set<string>();
  Object.assign(doc, { type, source, system: derive(type, source), isOwner: true, updates, statuses });
  doc.toggleStatusEffect = async (id: string, { active }: { active: boolean }) => (active ? statuses.add(id) : statuses.delete(id));
  doc.update = async (data: Rec) => {
    updates.push(data);
    for (const [path, value] of Object.entries(data)) setPath(source, path.replace(/^system\./, ""), structuredClone(value));
    doc.system = derive(type, source);
    return doc;
  };
  return doc as Rec & {
    system: Rec;
    source: Rec;
    updates: Rec[];
    modifyTokenAttribute(a: string, v: number, d?: boolean, b?: boolean): Promise<unknown>;
  };
}

describe("trackable attributes", () => {
  it("every actor type of the four rulesets offers its own bars and values", () => {
    const table = cfg.Actor.trackableAttributes as Record<string, { bar: string[]; value: string[] }>;
    expect(table.d6_character).toEqual({ bar: ["health"], value: ["characterPoints", "forcePoints", "darkSidePoints", "stuns", "move"] });
    expect(table.storytelling_character.bar).toEqual(["health", "willpower"]);
    expect(table.wfrp_character.value).toEqual(expect.arrayContaining(["advantage", "fate", "fortune", "resilience", "resolve"]));
    expect(table.wfrp_creature.value).not.toContain("fate");
    expect(table.silhouette_npc).toEqual({ bar: ["health"], value: ["wounds.light", "wounds.heavy"] });
    expect(Object.keys(table).sort()).toEqual([...ACTOR_TYPES].sort());
  });

  it("each bar path holds {value, max} and each value path a number on the derived data", () => {
    const table = cfg.Actor.trackableAttributes as Record<string, { bar: string[]; value: string[] }>;
    for (const [type, attrs] of Object.entries(table)) {
      const system = derive(type, initialData(SPECS[type]));
      for (const bar of attrs.bar) {
        const data = pathValue(system, bar) as Rec;
        expect(typeof data?.value, `${type} ${bar}.value`).toBe("number");
        expect(typeof data?.max, `${type} ${bar}.max`).toBe("number");
      }
      for (const value of attrs.value) expect(typeof pathValue(system, value), `${type} ${value}`).toBe("number");
    }
  });
});

describe("a token-bar edit of a derived bar changes the stored wound state", () => {
  it("D6: healthy 6/6, −3 on the bar → Wounded Twice (−2D); the bar set to 6 heals a mortal wound and ends its death-roll count", async () => {
    const a = actor("d6_character");
    expect(a.system.health).toMatchObject({ value: 6, max: 6 });
    await a.modifyTokenAttribute("health", -3, true, true);
    expect(a.source.woundLevel).toBe("wounded_twice");
    expect(a.system.woundPenalty).toBe(2);
    expect(a.system.health.value).toBe(3);
    expect([...a.statuses].sort()).toEqual(["prone", "wounded_twice"]);
    await a.modifyTokenAttribute("health", 4, false, true);
    expect(a.source.woundLevel).toBe("wounded");
    expect(a.system.woundPenalty).toBe(1);

    const dying = actor("d6_npc", { woundLevel: "mortally_wounded", roundsMortallyWounded: 3, stuns: 2 });
    expect(dying.system.health.value).toBe(1);
    await dying.modifyTokenAttribute("health", 6, false, true);
    expect(dying.source).toMatchObject({ woundLevel: "healthy", roundsMortallyWounded: 0, stuns: 0 });
    await dying.modifyTokenAttribute("health", -10, true, true);
    expect(dying.source.woundLevel).toBe("killed");
    expect(dying.system.canAct).toBe(false);
    expect([...dying.statuses]).toEqual(["dead"]);
  });

  it("D6 vehicle: heavily damaged (2 of 5) set to 5 → undamaged", async () => {
    const speeder = actor("d6_vehicle", { damage: "heavily_damaged" });
    expect(speeder.system.health).toMatchObject({ value: 2, max: 5 });
    await speeder.modifyTokenAttribute("health", 5, false, true);
    expect(speeder.source.damage).toBe("undamaged");
  });

  it("Storytelling: Stamina 2 + Size 5 = 7 boxes; the bar at 2 marks bashing (−1 at the third-to-last box); up to 5 clears bashing first", async () => {
    const a = actor("storytelling_character", { "attributes.stamina": 2, healthTrack: { aggravated: 1, lethal: 1, bashing: 0 } });
    expect(a.system.health).toMatchObject({ value: 5, max: 7 });
    expect(a.system.derived.woundPenalty).toBe(0);
    await a.modifyTokenAttribute("health", 2, false, true);
    expect(a.source.healthTrack).toEqual({ aggravated: 1, lethal: 1, bashing: 3 });
    expect(a.system.health.value).toBe(2);
    expect(a.system.derived.woundPenalty).toBe(-1);
    await a.modifyTokenAttribute("health", 3, true, true);
    expect(a.source.healthTrack).toEqual({ aggravated: 1, lethal: 1, bashing: 0 });
    await a.modifyTokenAttribute("health", 1, true, true);
    expect(a.source.healthTrack).toEqual({ aggravated: 1, lethal: 0, bashing: 0 });
  });

  it("Storytelling Willpower: Resolve 3 + Composure 2 = 5; −2 on the bar spends the stored points", async () => {
    const a = actor("storytelling_npc", { "attributes.resolve": 3, "attributes.composure": 2, "willpower.points": 5 });
    expect(a.system.willpower).toMatchObject({ value: 5, max: 5 });
    await a.modifyTokenAttribute("willpower", -2, true, true);
    expect(a.source.willpower.points).toBe(3);
    expect(a.system.willpower.value).toBe(3);
    await a.modifyTokenAttribute("willpower", 9, false, true);
    expect(a.source.willpower.points).toBe(5);
  });

  it("Storytelling vehicle: Durability 3 + Size 9 = Structure 12; the bar at 8 records 4 damage", async () => {
    const car = actor("storytelling_vehicle", { durability: 3, size: 9, damage: 0 });
    expect(car.system.health).toMatchObject({ value: 12, max: 12 });
    await car.modifyTokenAttribute("health", 8, false, true);
    expect(car.source.damage).toBe(4);
  });

  it("Silhouette: the bar at 1 is a Heavy wound (crawl only), at 2 a Light one (jog at most), at 0 dead; counts it need not change are kept", async () => {
    const a = actor("silhouette_character");
    expect(a.system.health).toMatchObject({ value: 3, max: 3 });
    await a.modifyTokenAttribute("health", 1, false, true);
    expect(a.source.wounds).toEqual({ light: 0, heavy: 1, dead: false });
    expect(a.system.derived.maxSpeed).toBe("crawl");
    await a.modifyTokenAttribute("health", 1, true, true);
    expect(a.source.wounds).toEqual({ light: 1, heavy: 0, dead: false });
    expect(a.system.derived.maxSpeed).toBe("jog");
    await a.modifyTokenAttribute("health", -2, true, true);
    expect(a.source.wounds).toEqual({ light: 1, heavy: 0, dead: true });
    expect(a.system.health.value).toBe(0);
  });

  it("WFRP Wounds are stored: the edit goes to Foundry's own handling; so do value attributes", async () => {
    const a = actor("wfrp_character");
    stand.recorded.tokenAttributeDefaults.length = 0;
    await a.modifyTokenAttribute("health", -3, true, true);
    await actor("d6_character").modifyTokenAttribute("characterPoints", 2, true, false);
    expect(stand.recorded.tokenAttributeDefaults).toEqual([
      { attribute: "health", value: -3, isDelta: true, isBar: true },
      { attribute: "characterPoints", value: 2, isDelta: true, isBar: false },
    ]);
    expect(a.updates).toEqual([]);
  });

  it("a value that is not a number, or one that changes nothing, writes nothing", async () => {
    const a = actor("d6_character", { woundLevel: "wounded" });
    await a.modifyTokenAttribute("health", Number.NaN, false, true);
    await a.modifyTokenAttribute("health", 4, false, true);
    expect(a.updates).toEqual([]);
    expect(a.source.woundLevel).toBe("wounded");
  });
});

describe("the mapping functions", () => {
  it("Storytelling: clearing takes bashing, then lethal, then aggravated; marking adds bashing; the bar is kept within the boxes", () => {
    const track = { aggravated: 1, lethal: 2, bashing: 2 };
    expect(trackForHealth(track, 7, 5)).toEqual({ aggravated: 1, lethal: 1, bashing: 0 });
    expect(trackForHealth(track, 7, 7)).toEqual({ aggravated: 0, lethal: 0, bashing: 0 });
    expect(trackForHealth(track, 7, 0)).toEqual({ aggravated: 1, lethal: 2, bashing: 4 });
    expect(trackForHealth(track, 7, -3)).toEqual({ aggravated: 1, lethal: 2, bashing: 4 });
  });

  it("Silhouette: each step's worst wound", () => {
    const w = { light: 2, heavy: 1, dead: false };
    expect(woundsForStep(w, 3)).toEqual({ light: 0, heavy: 0, dead: false });
    expect(woundsForStep(w, 2)).toEqual({ light: 2, heavy: 0, dead: false });
    expect(woundsForStep({ ...w, dead: true }, 1)).toEqual({ light: 2, heavy: 1, dead: false });
    expect(woundsForStep(w, 0)).toEqual({ light: 2, heavy: 1, dead: true });
  });
});

describe("prototype token defaults", () => {
  async function created(type: string, data: Rec = {}): Promise<Rec[]> {
    const calls: Rec[] = [];
    await stand.fire("preCreateActor", { type, updateSource: (d: Rec) => calls.push(d) }, { name: "X", type, ...data }, {}, "player");
    return calls.filter((c) => "prototypeToken" in c).map((c) => c.prototypeToken);
  }

  it("characters linked and friendly, NPCs and creatures unlinked and hostile, vehicles neutral; health on bar 1", async () => {
    expect(await created("d6_character")).toEqual([{ actorLink: true, disposition: 1, bar1: { attribute: "health" } }]);
    expect(await created("wfrp_creature")).toEqual([{ actorLink: false, disposition: -1, bar1: { attribute: "health" } }]);
    expect(await created("silhouette_npc")).toEqual([{ actorLink: false, disposition: -1, bar1: { attribute: "health" } }]);
    expect(await created("storytelling_character")).toEqual([
      { actorLink: true, disposition: 1, bar1: { attribute: "health" }, bar2: { attribute: "willpower" } },
    ]);
    expect(await created("d6_vehicle")).toEqual([{ actorLink: false, disposition: 0, bar1: { attribute: "health" } }]);
  });

  it("a choice in the creation data is kept; a type no ruleset declares is left alone", async () => {
    expect(await created("d6_character", { prototypeToken: { actorLink: false, bar1: { attribute: "characterPoints" } } })).toEqual([
      { disposition: 1 },
    ]);
    expect(await created("wfrp_npc", { prototypeToken: { actorLink: true, disposition: 0, bar1: { attribute: "advantage" } } })).toEqual(
      [],
    );
    expect(await created("base")).toEqual([]);
    expect(prototypeTokenDefaults(undefined, {})).toBeNull();
  });
});

describe("the token ruler's movement bands", () => {
  it("D6 Move 10: cautious 5, cruising 10, high speed 20, all-out 40 m; none for an incapacitated character", async () => {
    const { d6MovementBands } = await import("../../src/rules/d6/table/tokens");
    const bands = d6MovementBands("d6_character", derive("d6_character", { ...initialData(SPECS.d6_character), move: 10 }));
    expect(bands.map(({ key, limit }) => ({ key, limit }))).toEqual([
      { key: "cautious", limit: 5 },
      { key: "cruising", limit: 10 },
      { key: "high", limit: 20 },
      { key: "all_out", limit: 40 },
    ]);
    expect(d6MovementBands("d6_character", { move: 10, woundLevel: "incapacitated" })).toEqual([]);
    expect(d6MovementBands("d6_vehicle", { move: 100 }).map((b) => b.limit)).toEqual([50, 100, 200, 400]);
  });

  it("Silhouette FIT 1, no Athletics: Sprint 25 + 5 × 1 = 30 m, Run ⅔, Jog ½, Walk ⅓, Crawl ⅕; a Light wound stops at jog, death ends all", async () => {
    const { silhouetteMovementBands } = await import("../../src/rules/silhouette/table/tokens");
    const source = {
      ...initialData(SPECS.silhouette_character),
      attributes: { ...(initialData(SPECS.silhouette_character).attributes as Rec), fit: 1 },
    } as Rec;
    const system = derive("silhouette_character", source);
    const sprint = system.derived.movement.sprint;
    const bands = silhouetteMovementBands("silhouette_character", system);
    expect(bands.map((b) => b.key)).toEqual(["crawl", "walk", "jog", "run", "sprint"]);
    expect(sprint).toBe(30);
    expect(bands.map((b) => b.limit)).toEqual([6, 10, 15, 20, 30]);
    const hurt = derive("silhouette_character", { ...source, wounds: { light: 1, heavy: 0, dead: false } });
    expect(silhouetteMovementBands("silhouette_character", hurt).map((b) => b.key)).toEqual(["crawl", "walk", "jog"]);
    expect(
      silhouetteMovementBands(
        "silhouette_character",
        derive("silhouette_character", { ...source, wounds: { light: 0, heavy: 0, dead: true } }),
      ),
    ).toEqual([]);
  });

  it("Storytelling Strength 2 + Dexterity 3 + species factor 5 = Speed 10 yards, running 20; the last Health box marked (−3) → 7, running 14", async () => {
    const { storytellingMovementBands } = await import("../../src/rules/storytelling/table/tokens");
    const source = { ...initialData(SPECS.storytelling_character) } as Rec;
    source.attributes = { ...source.attributes, strength: 2, dexterity: 3, stamina: 2 };
    expect(storytellingMovementBands("storytelling_character", source).map((b) => b.limit)).toEqual([10, 20]);
    source.healthTrack = { aggravated: 0, lethal: 0, bashing: 7 };
    expect(storytellingMovementBands("storytelling_character", source).map((b) => b.limit)).toEqual([7, 14]);
  });

  it("the active ruleset's ruler colours a drag by band (CONFIG.Token.rulerClass), grey beyond all-out, core's colour without bands", async () => {
    const { BAND_PALETTE, BEYOND_COLOR } = await import("../../src/rules/table/tokens");
    const Ruler = cfg.Token.rulerClass;
    expect(Ruler).toBeTruthy();
    const ruler = new Ruler({ actor: { type: "d6_character", system: { move: 10, woundLevel: "healthy" } } });
    const at = (cost: number) => ({ measurement: { distance: cost, cost } });
    expect(ruler._getSegmentStyle(at(5)).color).toBe(BAND_PALETTE[0]);
    expect(ruler._getSegmentStyle(at(10.5)).color).not.toBe(BAND_PALETTE[0]);
    expect(ruler._getGridHighlightStyle(at(40), {}).color).toBe(BAND_PALETTE[4]);
    expect(ruler._getSegmentStyle(at(41)).color).toBe(BEYOND_COLOR);
    expect(ruler._getSegmentStyle(at(41)).width).toBe(4);
    const stopped = new Ruler({ actor: { type: "d6_character", system: { move: 10, woundLevel: "mortally_wounded" } } });
    expect(stopped._getSegmentStyle(at(5)).color).toBe(0xffffff);
  });

  describe("the ruler's label names the band", () => {
    const lang = (language: "en" | "ru") => {
      const strings = flatten(readLanguage(language));
      const localize = (key: string) => String(strings.get(key) ?? key);
      return {
        lang: language,
        localize,
        format: (key: string, data: Record<string, string>) => localize(key).replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? ""),
      };
    };
    const withLanguage = (language: "en" | "ru", fn: () => void) => {
      const g = globalThis as unknown as { game: { i18n: unknown } };
      const saved = g.game.i18n;
      g.game.i18n = { ...(saved as object), ...lang(language) };
      try {
        fn();
      } finally {
        g.game.i18n = saved;
      }
    };
    const at = (distance: number, cost = distance, backward?: { distance: number; cost: number }) => ({
      measurement: { distance, cost, ...(backward ? { backward } : {}) },
    });
    const d6 = (units = "m") => ({
      actor: { type: "d6_character", system: { move: 10, woundLevel: "healthy" } },
      scene: { grid: { units } },
    });

    it("D6 Move 10, 12.5 m: high speed — the units inside the text, core's separate units emptied", () => {
      withLanguage("en", () => {
        const ruler = new cfg.Token.rulerClass(d6());
        const context = ruler._getWaypointLabelContext(at(12.5, 12.5, { distance: 2.5, cost: 2.5 }), {});
        expect(context.distance.total).toBe("12.5 m — High speed");
        expect(context.cost.total).toBe("12.5 m — High speed");
        expect(context.units).toBe("");
        expect(context.cost.units).toBe("");
        expect(context.distance.delta).toBe("+2.5");
        expect(context.action.label).toBe("Walk");
      });
    });

    it("in Russian: a decimal comma and the seed's term («высокая скорость»); beyond all-out, too far", () => {
      withLanguage("ru", () => {
        const ruler = new cfg.Token.rulerClass(d6("м"));
        const context = ruler._getWaypointLabelContext(at(12.5, 12.5, { distance: 2.5, cost: 2.5 }), {});
        expect(context.distance.total).toBe("12,5 м — Высокая скорость");
        expect(context.cost.total).toBe("12,5 м — Высокая скорость");
        expect(context.distance.delta).toBe("+2,5");
        expect(JSON.stringify(context)).not.toMatch(/\d\.\d/);
        expect(ruler._getWaypointLabelContext(at(41), {}).distance.total).toBe("41 м — Слишком далеко");
        expect(ruler._getWaypointLabelContext(at(40), {}).distance.total).toBe("40 м — Максимальная скорость");
      });
    });

    it("difficult terrain: the band follows the cost (8 m costing 16 is high speed); an infinite cost keeps core's", () => {
      withLanguage("en", () => {
        const ruler = new cfg.Token.rulerClass(d6());
        const rough = ruler._getWaypointLabelContext(at(8, 16), {});
        expect(rough.distance.total).toBe("8 m — High speed");
        expect(rough.cost.total).toBe("16 m — High speed");
        const blocked = ruler._getWaypointLabelContext(at(8, Infinity), {});
        expect(blocked.distance.total).toBe("8 m — Cruising");
        expect(blocked.cost.total).toBe("∞");
      });
    });

    it("no bands (a character who cannot act), or no label from core: the label stays core's", () => {
      withLanguage("en", () => {
        const stopped = new cfg.Token.rulerClass({ actor: { type: "d6_character", system: { move: 10, woundLevel: "mortally_wounded" } } });
        const context = stopped._getWaypointLabelContext(at(5), {});
        expect(context.distance.total).toBe("5.00");
        expect(context.units).toBe("m");
        expect(new cfg.Token.rulerClass(d6())._getWaypointLabelContext({}, {})).toBeUndefined();
      });
    });
  });
});
