// Issue 14, "the gallery tells the truth in Russian": the Russian screenshots of the D6 roll
// dialogs take the odds' fact lines (each target's difficulty make-up) from lang/ru.json, as the
// system does for a Russian player — not the English wording built for the English page.
import { describe, expect, it } from "vitest";
import { samples } from "./gallery/samples/d6";

type Line = { fact?: boolean; value?: string; detail?: string; label: string };
const facts = (context: unknown) =>
  ((context as { odds?: Line[] }).odds ?? []).filter((l) => l.fact && l.label === "OMNIBUS.D6.Odds.DifficultyOf");

describe("the D6 attack dialog's difficulty make-up in the Russian gallery", () => {
  const sample = samples.find((s) => s.name === "d6-roll-dialog-attack")!;

  it("has a Russian context of its own", () => {
    expect(sample.contexts?.ru).toBeDefined();
  });

  it("T-72/T-58: medium range 13; short range 8 replaced by a dodge of 27 — in the seed's terms", () => {
    expect(facts(sample.context).map((l) => l.value)).toEqual(["Medium range 13", "Short range 8 → Dodge 27"]);
    expect(facts(sample.contexts?.ru).map((l) => l.value)).toEqual(["Средняя дистанция 13", "Короткая дистанция 8 → Уклонение 27"]);
  });
});

// Issue 14, "Russian": a Russian player reads a decimal comma. The Silhouette sheet's movement rates,
// load and reach are fractions (Sprint 25 + 5 × (FIT + Athletics), the others fractions of it).
describe("the Silhouette sheet's fractions in the Russian gallery", async () => {
  const { samples: silhouette } = await import("./gallery/samples/silhouette");
  const sample = silhouette.find((s) => s.name === "silhouette-character-main")!;
  type Sheet = { silhouette: { movementRows: Array<{ metres: string }>; load: string; reach: string; throwing: string } };
  const texts = (context: unknown) => {
    const s = (context as Sheet).silhouette;
    return [...s.movementRows.map((r) => r.metres), s.load, s.reach, s.throwing];
  };

  it("has a Russian context of its own, with a fraction in it", () => {
    expect(sample.contexts?.ru).toBeDefined();
    expect(texts(sample.context).some((t) => /\d\.\d/.test(t))).toBe(true);
  });

  it("writes every fraction with a decimal comma, never a point", () => {
    const ru = texts(sample.contexts!.ru);
    expect(ru.filter((t) => /\d\.\d/.test(t))).toEqual([]);
    expect(ru.some((t) => /\d,\d/.test(t))).toBe(true);
  });
});
