// @vitest-environment happy-dom
// Issue 15 §1: a stacking WFRP Condition's count is shown on the token itself — the token class
// writes it on the Condition's status icon when it draws the icon — and a count changed from the
// HUD makes the actor's tokens redraw their icons (Bleeding 2 → 3 shows 3). Runs as v13 and v14.
import { describe, expect, it } from "vitest";
import {
  badgeEffectIcon,
  conditionCountOfIcon,
  conditionCountTokenClass,
  decorateConditionHud,
  redrawConditionCounts,
  type CountText,
} from "../../../src/foundry/wfrp/tokens";
import { CONDITION_ICONS } from "../../../src/foundry/wfrp/status-effects";

class FakeText implements CountText {
  anchorAt: [number, number] = [0, 0];
  at: [number, number] = [0, 0];
  name: string | null = null;
  anchor = { set: (x: number, y: number) => void (this.anchorAt = [x, y]) };
  position = { set: (x: number, y: number) => void (this.at = [x, y]) };
  constructor(
    public text: string,
    public size: number,
  ) {}
}
class FakeSprite {
  children: FakeText[] = [];
  texture = { width: 200, height: 200 };
  anchor = { x: 0, y: 0 };
  constructor(public src: string) {}
  addChild(c: FakeText) {
    this.children.push(c);
  }
}
/** Foundry's token as far as the subclass uses it: `_drawEffect` returns the icon's sprite. */
class FakeToken {
  flags: Array<Record<string, boolean>> = [];
  calls: unknown[][] = [];
  renderFlags = { set: (f: Record<string, boolean>) => void this.flags.push(f) };
  constructor(public actor: unknown) {}
  async _drawEffect(...args: unknown[]) {
    this.calls.push(args);
    return new FakeSprite(String(args[0]));
  }
}
const makeText = (t: string, s: number) => new FakeText(t, s);

function actorWith(conditions: Record<string, number>, statuses: string[]) {
  const tokens: FakeToken[] = [];
  const actor = {
    system: { conditions },
    statuses: new Set(statuses),
    async update(data: Record<string, unknown>) {
      for (const [k, v] of Object.entries(data)) conditions[k.replace("system.conditions.", "")] = v as number;
      redrawConditionCounts(actor, data);
      // What the redraw does on the canvas: each token draws its icons again.
      for (const t of tokens) if (t.flags.at(-1)?.redrawEffects) drawn.push(await t._drawEffect(CONDITION_ICONS.bleeding, null));
    },
    async toggleStatusEffect() {},
    getActiveTokens: () => tokens,
  };
  const drawn: FakeSprite[] = [];
  return { actor, tokens, drawn };
}

describe("stacking Conditions' counts on the token", () => {
  it("the Bleeding icon of Bleeding 2 carries a 2 in its bottom right corner; other icons carry none", async () => {
    const { actor, tokens } = actorWith({ bleeding: 2 }, ["bleeding", "prone"]);
    const Token = conditionCountTokenClass(FakeToken as never, makeText);
    const token = new (Token as unknown as typeof FakeToken)(actor);
    tokens.push(token);
    const bleeding = (await token._drawEffect(CONDITION_ICONS.bleeding, null)) as FakeSprite;
    expect(bleeding.children.map((c) => c.text)).toEqual(["2"]);
    expect(bleeding.children[0]!.anchorAt).toEqual([1, 1]);
    expect(bleeding.children[0]!.at).toEqual([200, 200]);
    expect(bleeding.children[0]!.name).toBe("omnibus-condition-count");
    const prone = (await token._drawEffect(CONDITION_ICONS.prone, null)) as FakeSprite;
    expect(prone.children).toEqual([]);
    const other = (await token._drawEffect("icons/svg/skull.svg", null)) as FakeSprite;
    expect(other.children).toEqual([]);
  });

  it("the override hands core every argument as given (v13's src and tint, or more), and still counts", async () => {
    const { actor } = actorWith({ bleeding: 2 }, ["bleeding"]);
    const Token = conditionCountTokenClass(FakeToken as never, makeText);
    const token = new (Token as unknown as typeof FakeToken)(actor);
    const extra = { layer: "overlay" };
    const sprite = (await token._drawEffect(CONDITION_ICONS.bleeding, 0xff0000, extra)) as FakeSprite;
    expect(token.calls).toEqual([[CONDITION_ICONS.bleeding, 0xff0000, extra]]);
    expect(sprite.children.map((c) => c.text)).toEqual(["2"]);
  });

  it("a left click on the HUD makes Bleeding 3: the token redraws and its icon shows 3", async () => {
    (globalThis as any).game = { user: { isGM: true, id: "gm" } };
    const { actor, tokens, drawn } = actorWith({ bleeding: 2 }, ["bleeding"]);
    const Token = conditionCountTokenClass(FakeToken as never, makeText);
    tokens.push(new (Token as unknown as typeof FakeToken)(actor));
    const html = document.createElement("div");
    html.innerHTML = `<img data-status-id="bleeding" src="${CONDITION_ICONS.bleeding}">`;
    decorateConditionHud(html, actor as never);
    html.querySelector("img")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.system.conditions.bleeding).toBe(3);
    expect(tokens[0]!.flags).toContainEqual({ redrawEffects: true });
    expect(drawn.at(-1)!.children.map((c) => c.text)).toEqual(["3"]);
  });

  it("no redraw for an update that leaves the Conditions alone; no badge at 0", () => {
    const { actor, tokens } = actorWith({}, []);
    tokens.push(new FakeToken(actor));
    expect(redrawConditionCounts(actor, { "system.health.value": 3 })).toBe(0);
    expect(redrawConditionCounts(actor, { system: { conditions: { bleeding: 1 } } })).toBe(1);
    expect(badgeEffectIcon(new FakeSprite("x"), 0, makeText)).toBeNull();
    expect(conditionCountOfIcon({ system: { conditions: { fatigued: 3 } }, update: async () => 0 }, CONDITION_ICONS.fatigued)).toEqual({
      id: "fatigued",
      count: 3,
    });
  });
});
