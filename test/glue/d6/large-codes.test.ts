// Every code the D6 data model accepts can be rolled from the dialog (issue 17, "bounded odds"):
// a code of 150D (the schema allows dice up to 200) gets exact odds; a code too large for exact
// odds (200D doubled by a Force Point) keeps the Roll button enabled and says odds are not shown.
import { describe, expect, it } from "vitest";
import { rollDialogContext } from "../../../src/foundry/dialogs/roll-dialog-context";
import { attributeCheck, checkOdds } from "../../../src/rules/d6/table/checks";
import { DEFAULT_SETTINGS } from "../../../src/rules/d6/table/settings";
import { ACTOR_SPECS } from "../../../src/rules/d6/table/schema";

const modes = { publicroll: { label: "CHAT.RollPublic" } };
const actor = (dice: number) => ({
  name: "Yoda",
  type: "d6_character",
  system: { attributes: { perception: { dice, pips: 0 } }, characterPoints: 10, forcePoints: 2, woundLevel: "healthy" },
  items: [],
});
const odds = (request: Parameters<typeof checkOdds>[0], values: Parameters<typeof checkOdds>[1]) =>
  checkOdds(request, values, DEFAULT_SETTINGS, true);

describe("large D6 codes in the roll dialog", () => {
  it("the schema accepts up to 200D", () => {
    const dice = (ACTOR_SPECS.d6_character.attributes as { fields: Record<string, { fields: Record<string, { max?: number }> }> }).fields
      .perception.fields.dice;
    expect(dice.max).toBe(200);
  });

  it("150D gets exact odds and can be rolled", () => {
    const request = attributeCheck(actor(150), "perception", "Perception", DEFAULT_SETTINGS);
    const ctx = rollDialogContext(request, { ...request.values, difficulty: 500 }, odds, "publicroll", modes);
    expect(ctx.oddsError).toBeNull();
    expect(ctx.oddsTooLarge).toBe(false);
    expect(ctx.canRoll).toBe(true);
    const hit = ctx.odds.find((l) => l.primary)!;
    // 150D (149 d6 + the Wild Die): mean ≈ 525, so ≥ 500 is likely but not certain
    expect(hit.probability).toBeGreaterThan(0.8);
    expect(hit.probability).toBeLessThan(1);
  });

  it("the largest code the dialog can reach (200D + 20 bonus dice, doubled by a Force Point) can be rolled", () => {
    const request = attributeCheck(actor(200), "perception", "Perception", DEFAULT_SETTINGS);
    const ctx = rollDialogContext(request, { ...request.values, bonusDice: 20, forcePoint: true }, odds, "publicroll", modes);
    expect(ctx.oddsError).toBeNull();
    expect(ctx.canRoll).toBe(true);
    // either exact odds, or the note that they are not computed for a roll this large
    expect(ctx.oddsTooLarge || ctx.odds.some((l) => l.label === "OMNIBUS.D6.Odds.Code")).toBe(true);
  });

  it("odds too large for the budget: the dialog says so and keeps Roll enabled (any ruleset)", async () => {
    const { OmnibusError } = await import("../../../src/core/errors");
    const request = attributeCheck(actor(3), "perception", "Perception", DEFAULT_SETTINGS);
    const tooLarge = () => {
      throw new OmnibusError("oddsTooLarge", "too large");
    };
    const ctx = rollDialogContext(request, request.values, tooLarge, "publicroll", modes);
    expect(ctx).toMatchObject({ oddsTooLarge: true, oddsError: null, canRoll: true, odds: [] });
  });

  it("values that cannot be rolled still disable the roll", () => {
    const request = attributeCheck(actor(2), "perception", "Perception", DEFAULT_SETTINGS);
    const ctx = rollDialogContext(request, { ...request.values, characterPoints: 99 }, odds, "publicroll", modes);
    expect(ctx.canRoll).toBe(false);
    expect(ctx.oddsTooLarge).toBe(false);
  });
});
