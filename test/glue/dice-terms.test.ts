/**
 * Every formula a ruleset's builder can write must be one Foundry reads as meant: the stand-in
 * grammar (test/support/foundry-stand-ins.ts, after Foundry's "Dice Modifiers" article) refuses a
 * modifier the core die does not have and a denomination not in CONFIG.Dice.terms. Then, for each
 * of the system's die terms, formula → faces → the pure resolver, as a sheet roll and from chat.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forceFaces, installFoundryStandIns, type StandIns } from "../support/foundry-stand-ins";
import { resolvePool, rollPool, AGAIN_LEVELS } from "../../src/rules/storytelling";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let mods: Record<string, any>;
const g = () => globalThis as unknown as { Roll: any; CONFIG: any; Hooks: any };

async function boot(ruleset: string, settings: Record<string, unknown> = {}) {
  vi.resetModules();
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": ruleset, ...settings } });
  stand.makeUser("gm", true);
  const system = await import("../../src/foundry/system");
  const [d6, storytelling, wfrp, silhouette] = await Promise.all([
    import("../../src/foundry/d6/adapter"),
    import("../../src/foundry/storytelling/adapter"),
    import("../../src/foundry/wfrp/adapter"),
    import("../../src/foundry/silhouette/adapter"),
  ]);
  system.installOmnibus([d6.d6Adapter, storytelling.storytellingAdapter, wfrp.wfrpAdapter, silhouette.silhouetteAdapter]);
  await stand.fire("init");
  await stand.fire("setup");
  mods = {
    adapters: {
      d6: d6.d6Adapter,
      storytelling: storytelling.storytellingAdapter,
      wfrp: wfrp.wfrpAdapter,
      silhouette: silhouette.silhouetteAdapter,
    },
    d6: await import("../../src/foundry/d6/rolls"),
    st: await import("../../src/foundry/storytelling/rolls"),
    sil: await import("../../src/foundry/silhouette/rolls"),
    wfrp: await import("../../src/foundry/wfrp/rolls"),
    terms: await import("../../src/foundry/dice/terms"),
    register: await import("../../src/foundry/dice/register"),
  };
}

/** Every formula the rulesets' builders can write (sizes up to well past any table). */
function everyFormula(): string[] {
  const { d6, st, sil, wfrp, adapters } = mods;
  const out = new Set<string>();
  for (let dice = 0; dice <= 12; dice++) {
    for (const pips of [-2, -1, 0, 1, 2]) {
      for (const wildDie of [true, false]) {
        for (let cp = 0; cp <= 5; cp++) {
          try {
            out.add(
              d6.d6Formula({
                code: { dice, pips },
                wildDie,
                wildOne: "removeHighest",
                characterPoints: cp,
                kind: "specialization",
                allowPipsOnly: true,
              }),
            );
          } catch (error) {
            expect((error as { code?: string }).code).toBe("rollImpossible");
          }
        }
      }
    }
  }
  for (let n = 1; n <= 6; n++) {
    out.add(d6.D6PlainRoll.ofDice(n).formula);
    out.add(d6.D6CharacterPointRoll.ofDice(n).formula);
    for (const band of ["pointBlank", "short", "medium", "long"]) out.add(d6.D6DeviationRoll.forThrow(10, band, n).formula);
  }
  for (let pool = -4; pool <= 15; pool++) {
    for (const again of AGAIN_LEVELS) {
      for (const rote of [false, true]) {
        for (const roteScope of ["allFailedDice", "initialDice", undefined]) {
          for (const chanceDieUsesAgain of [false, true])
            out.add(st.storytellingFormula({ pool, again, rote, roteScope, chanceDieUsesAgain }));
        }
      }
    }
  }
  for (let m = -5; m <= 12; m++) out.add(st.StorytellingInitiativeRoll.forInitiative(m).formula);
  out.add("3d10"); // the Storytelling initiative roll-off batch (storytelling/combat.ts: `${n}d10`)
  for (let dice = 0; dice <= 10; dice++) {
    for (const sixMode of ["silhouettePlusOne", "rerollAndAdd"]) {
      out.add(sil.poolFormula(dice, false, sixMode));
      out.add(sil.poolFormula(dice, true, sixMode));
      for (const pulledTogether of [false, true])
        out.add(sil.initiativeFormula({ combatSense: dice, modifier: 0, pulledTogether, continuingAction: false }, sixMode));
    }
  }
  out.add(wfrp.WfrpTestRoll.FORMULA);
  for (const mode of ["fixed", "test", "d10_plus_initiative", "d10_plus_bonuses"])
    out.add(wfrp.initiativeFormula({ mode, initiative: 43, agility: 38 }));
  out.add("1d10"); // WFRP's Ablaze roll (wfrp/combat.ts)
  for (const adapter of Object.values(adapters) as Array<{ combat?: { formula?: string } }>)
    if (adapter.combat?.formula) out.add(adapter.combat.formula);
  return [...out];
}

describe("the formula grammar: every formula any builder writes is one Foundry reads as meant", () => {
  beforeAll(async () => {
    await boot("d6");
  });

  it("parses every formula of every ruleset's builders (no modifier outside the Dice Modifiers article, no unknown denomination)", () => {
    const formulas = everyFormula();
    expect(formulas.length).toBeGreaterThan(100);
    for (const formula of formulas) expect(() => new (g().Roll)(formula), formula).not.toThrow();
  });

  it("the Storytelling rote no longer writes `ro` (Foundry has no such modifier): the old formula fails the grammar", () => {
    const rote = mods.st.storytellingFormula({ pool: 5, again: 10, rote: true, chanceDieUsesAgain: false });
    expect(rote).toBe("5dsr");
    expect(everyFormula().some((f) => /\dd10ro/.test(f))).toBe(false);
    // The formula the builder wrote before: Foundry would read `ro<8` as a bare `r` (re-roll 1s once).
    expect(() => new (g().Roll)("5d10ro<8x>=10cs>=8")).toThrow(/unknown die modifier "o"/);
  });

  it("the grammar refuses what Foundry would misread or not know", () => {
    const bad = ["4d6q", "1dq", "2d6xx>=", "1dwx6", "3dsz", "3d6 +", "(2d6)"];
    for (const formula of bad) expect(() => new (g().Roll)(formula), formula).toThrow(/stand-in dice/);
    for (const good of ["4d6 + 1dw", "2d6kh", "6d10cs>=8", "1d10x>=10cs>=10", "4d6r1=1", "5dsa9ri", "1dsca0r", "3d6min2"]) {
      expect(() => new (g().Roll)(good), good).not.toThrow();
    }
  });
});

describe("the shared forceFaces stand-in rolls Foundry's dice modifiers in the dice order contract", () => {
  beforeEach(() => {
    stand = installFoundryStandIns();
  });
  const roll = async (formula: string, faces: number[]) => {
    const left = forceFaces(faces);
    const r = await new (g().Roll)(formula).evaluate();
    return { total: r.total as number, results: r.dice[0].results as Array<Record<string, unknown>>, left: [...left] };
  };
  it("x6 explodes every six, explosions included: 2d6x6 on 6, 2 | 6, 6, 1 → 21, every face used", async () => {
    const r = await roll("2d6x6", [6, 2, 6, 6, 1, 4]);
    expect(r.total).toBe(21);
    expect(r.results.map((x) => x.result)).toEqual([6, 2, 6, 6, 1]);
    expect(r.left).toEqual([4]);
  });
  it("r re-rolls a 1 once, the 1 kept inactive: 2d6r1 on 1, 4 | 1 → 5", async () => {
    const r = await roll("2d6r1", [1, 4, 1]);
    expect(r.total).toBe(5);
    expect(r.results.map((x) => [x.result, x.active])).toEqual([
      [1, false],
      [4, true],
      [1, true],
    ]);
  });
  it("kh and kl keep, the others discarded but still rolled: 4d6kh3 on 3, 6, 1, 5 → 14; 2d6kl on 5, 2 → 2", async () => {
    const high = await roll("4d6kh3", [3, 6, 1, 5]);
    expect(high.total).toBe(14);
    expect(high.results.filter((x) => x.discarded).map((x) => x.result)).toEqual([1]);
    const low = await roll("2d6kl", [5, 2]);
    expect(low.total).toBe(2);
    expect(low.results.map((x) => x.result)).toEqual([5, 2]);
  });
  it("a die with no face left throws (a test cannot pass on dice it did not give)", async () => {
    await expect(roll("3d6", [1, 2])).rejects.toThrow(/no face queued/);
  });
});

describe("registrations: CONFIG.Dice.terms, manual dice entry, Dice So Nice", () => {
  beforeEach(async () => {
    await boot("d6");
  });

  it("the system's terms are in CONFIG.Dice.terms and in manual dice entry", () => {
    expect(g().CONFIG.Dice.terms.w).toBe(mods.terms.WildDie);
    expect(g().CONFIG.Dice.terms.s).toBe(mods.terms.StorytellingDie);
    expect(g().CONFIG.Dice.fulfillment.dice.dw).toMatchObject({ label: "OMNIBUS.Dice.WildDie" });
    expect(g().CONFIG.Dice.fulfillment.dice.ds).toMatchObject({ label: "OMNIBUS.Dice.StorytellingDie" });
    expect(g().CONFIG.Dice.fulfillment.dice.d6).toBeDefined(); // core's dice stay
  });

  it("Dice So Nice: the system, the Wild Die in its own colour and the Storytelling die, in diceSoNiceReady", async () => {
    const calls: Array<[string, unknown, unknown]> = [];
    const dice3d = {
      addSystem: (s: unknown, m: unknown) => calls.push(["system", s, m]),
      addColorset: (c: unknown, m: unknown) => calls.push(["colorset", c, m]),
      addDicePreset: (p: unknown, shape: unknown) => calls.push(["preset", p, shape]),
    };
    await stand.fire("diceSoNiceReady", dice3d);
    expect(calls.find((c) => c[0] === "system")?.[1]).toMatchObject({ id: "omnibus" });
    const wild = calls.find((c) => c[0] === "preset" && (c[1] as { type: string }).type === "dw")!;
    expect(wild[2]).toBe("d6");
    expect(wild[1]).toMatchObject({ system: "omnibus", colorset: mods.register.WILD_COLORSET, labels: ["1", "2", "3", "4", "5", "6"] });
    const colorset = calls.find((c) => c[0] === "colorset" && (c[1] as { name: string }).name === mods.register.WILD_COLORSET)![1] as {
      background: string;
    };
    expect(colorset.background).not.toBe("#ffffff");
    const st = calls.find((c) => c[0] === "preset" && (c[1] as { type: string }).type === "ds")!;
    expect(st[2]).toBe("d10");
    expect((st[1] as { labels: string[] }).labels).toHaveLength(10);
  });

  it("with D6 active, chat rolls use the D6 chat roll; Foundry's Roll stays registered for old messages", () => {
    expect(g().CONFIG.Dice.rolls[0]).toBe(mods.d6.D6ChatRoll);
    expect(g().CONFIG.Dice.rolls.some((r: { name: string }) => r.name === "Roll")).toBe(true);
  });

  it("core's ApplicationV1 sheets are unregistered (as dnd5e does), so only the system's sheets are offered", () => {
    const f = (globalThis as any).foundry;
    expect(stand.recorded.sheetsUnregistered).toEqual([
      { documentClass: (globalThis as any).Actor, scope: "core", sheet: f.appv1.sheets.ActorSheet },
      { documentClass: (globalThis as any).Item, scope: "core", sheet: f.appv1.sheets.ItemSheet },
    ]);
  });
});

describe("the D6 Wild Die term `1dw`: formula → faces → rollD6", () => {
  beforeEach(async () => {
    await boot("d6");
  });

  it("a 6 explodes: the term rolls until a face is not 6, each 6 marked exploded", async () => {
    stand.queueFaces(6, 6, 3);
    const roll = await new (g().Roll)("1dw").evaluate();
    const term = roll.dice[0];
    expect(term.results.map((r: any) => [r.result, r.exploded])).toEqual([
      [6, true],
      [6, true],
      [3, false],
    ]);
    expect(roll.total).toBe(15);
    expect(stand.facesLeft).toEqual([]);
  });

  it("a sheet roll: 3D = 2d6 + 1dw; faces 4, 2, then Wild 6 → 1 → 13 (the Wild Die's 1 after a 6 is no complication)", async () => {
    const roll = mods.d6.D6Roll.fromSpec({
      code: { dice: 3, pips: 0 },
      wildDie: true,
      wildOne: "removeHighest",
      characterPoints: 0,
      kind: "skill",
      allowPipsOnly: true,
    });
    expect(roll.formula).toBe("2d6 + 1dw");
    stand.queueFaces(4, 2, 6, 1);
    await roll.evaluate();
    expect(roll.outcome).toMatchObject({ dice: [4, 2], wild: [6, 1], total: 13, wildOne: false, complication: false });
  });

  it("from chat, `/r 4d6 + 1dw + 2`: a first Wild 1 follows the world's rule through the same rollD6", async () => {
    // Faces 5, 3, 2, 4, Wild 1: removeHighest (default) → 5+3+2+4+1+2 − 1 − 5 = 11, a complication.
    stand.queueFaces(5, 3, 2, 4, 1);
    const roll = await new (g().CONFIG.Dice.rolls[0])("4d6 + 1dw + 2").evaluate();
    expect(roll.total).toBe(11);
    expect(roll.outcome).toMatchObject({ complication: true, removed: [1, 5] });
    expect(roll.dice[1].results[0]).toMatchObject({ result: 1, failure: true });
  });

  it.each([
    ["complication", 17, true],
    ["normal", 17, false],
  ])("from chat with the Wild Die rule %s: total %s, complication %s", async (rule, total, complication) => {
    await boot("d6", { "omnibus.d6_wildOne": rule });
    stand.queueFaces(5, 3, 2, 4, 1);
    const roll = await new (g().CONFIG.Dice.rolls[0])("4d6 + 1dw + 2").evaluate();
    expect(roll.total).toBe(total);
    expect(roll.outcome.complication).toBe(complication);
  });

  it("a chat formula the D6 rules do not shape is Foundry's plain sum", async () => {
    stand.queueFaces(5, 3, 1);
    const roll = await new (g().CONFIG.Dice.rolls[0])("2d6 * 1dw").evaluate();
    expect(roll.total).toBe(8);
    expect(roll.outcome).toBeUndefined();
  });

  it("the Wild Die is one die: `2dw` is refused with a clear message", async () => {
    stand.queueFaces(3, 4);
    await expect(new (g().Roll)("2dw").evaluate()).rejects.toThrow(/the Wild Die is one die/);
  });
});

describe("the Storytelling die term `Nds…`: formula → faces → rollPool", () => {
  beforeEach(async () => {
    await boot("storytelling");
  });

  async function term(formula: string, faces: number[]) {
    stand.queueFaces(...faces);
    const roll = await new (g().Roll)(formula).evaluate();
    expect(stand.facesLeft, `${formula}: every queued face used`).toEqual([]);
    return { roll, term: roll.dice[0] };
  }

  it("rote (002:L474: any failed die, once, 10-again dice included): 3dsr on 10,3,1 | 8,10 | 4,9 | 8 → 5 successes", async () => {
    // 10, 3, 1; the rote re-rolls the 3 (→ 8) and the 1 (→ 10); the 10s add again-dice 4 and 9;
    // the failed again-die 4 is re-rolled once (→ 8); the 9 came from a rote die: no re-roll.
    const { roll, term: t } = await term("3dsr", [10, 3, 1, 8, 10, 4, 9, 8]);
    expect(roll.total).toBe(5);
    expect(t.results.filter((r: any) => r.rerolled).map((r: any) => r.result)).toEqual([3, 1, 4]);
    expect(resolvePool(3, [10, 3, 1, 8, 10, 4, 9, 8], { rote: true }).successes).toBe(5);
  });

  it("rote over the initial dice only (the world setting): 3dsri stops after 7 faces, 4 successes", async () => {
    const { roll } = await term("3dsri", [10, 3, 1, 8, 10, 4, 9]);
    expect(roll.total).toBe(4);
  });

  it("9-again and no again: 2dsa9 on 9, 2 | 9 | 1 → 2 successes; 2dsa0 on 10, 10 → 2, no more dice", async () => {
    expect((await term("2dsa9", [9, 2, 9, 1])).roll.total).toBe(2);
    expect((await term("2dsa0", [10, 10])).roll.total).toBe(2);
  });

  it("the chance die: 1dsc on 10, 10, 4 → 2 successes; on 1 → a dramatic failure, marked; 9 does not succeed", async () => {
    expect((await term("1dsc", [10, 10, 4])).roll.total).toBe(2);
    const dramatic = await term("1dsc", [1]);
    expect(dramatic.roll.total).toBe(0);
    expect(dramatic.term.results[0]).toMatchObject({ failure: true });
    expect((await term("1dsc", [9])).roll.total).toBe(0);
  });

  it("a rote chance die (002:L478): 1dscr on 5 → one more chance die 10 → 3 = 1 success; on 1 no re-roll", async () => {
    expect((await term("1dscr", [5, 10, 3])).roll.total).toBe(1);
    expect((await term("1dscr", [1])).term.results).toHaveLength(1);
  });

  it("a sheet roll and a chat roll of the same formula resolve the same: StorytellingRoll's outcome = the term's total = rollPool", async () => {
    const faces = [8, 10, 2, 6, 9, 1, 10, 7, 3, 9, 4, 8, 2, 5, 6, 1, 3, 2, 2, 4];
    const spec = { pool: 5, again: 9, rote: true, chanceDieUsesAgain: false };
    const sheet = mods.st.StorytellingRoll.forCheck(spec);
    expect(sheet.formula).toBe("5dsa9r");
    stand.queueFaces(...faces);
    await sheet.evaluate();
    const consumed = sheet.dice[0].results.map((r: any) => r.result);
    expect(consumed.length).toBeGreaterThan(7); // rote re-rolls and again-dice were rolled
    expect(consumed).toEqual(faces.slice(0, consumed.length));
    g().Roll.standInDice.faces.length = 0;
    const chat = await term("5dsa9r", consumed);
    const pure = rollPool(
      5,
      {
        roll: (
          (i) => () =>
            consumed[i++]
        )(0),
      } as never,
      { again: 9, rote: true },
    );
    expect(sheet.outcome.successes).toBe(pure.successes);
    expect(chat.roll.total).toBe(pure.successes);
  });

  it("bad terms are refused with a clear message: a pool of chance dice, an unknown again level", async () => {
    await expect(term("3dsc", [5, 5, 5])).rejects.toThrow(/a chance die is one die/);
    await expect(term("3dsa7", [5, 5, 5])).rejects.toThrow(/again must be a10, a9, a8 or a0/);
  });
});
