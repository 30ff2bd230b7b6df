import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OmnibusError } from "../../../src/core/errors";
import {
  applyDamage,
  bleedOut,
  formatTrack,
  healDamage,
  healOverTime,
  healthRating,
  healthStatus,
  normalizeTrack,
  parseTrack,
  timeToHealAll,
  woundPenalty,
  type DamageType,
  type HealthTrack,
} from "../../../src/rules/storytelling";

// Digest §Z.6–§Z.7 (published WoD 2004 pp.172–176; not in the seed, cross-reference 002:L438).
const hit = (track: string, points: number, type: DamageType) => formatTrack(applyDamage(parseTrack(track), points, type));

describe("Health track (digest §Z.6)", () => {
  it("Health = Stamina + Size: Stamina 2, Size 5 → 7", () => expect(healthRating({ stamina: 2 })).toBe(7));
  it("wounds fill from the left, most severe first", () => {
    expect(hit(".......", 2, "bashing")).toBe("//.....");
    expect(hit("//.....", 1, "lethal")).toBe("X//....");
    expect(hit("X//....", 1, "aggravated")).toBe("*X//...");
  });
  it("the digest's example: **XXX// + 1 aggravated → ***XXX/ (not **XXXX/)", () => {
    expect(hit("**XXX//", 1, "aggravated")).toBe("***XXX/");
  });
  it("full track: bashing or lethal upgrades the leftmost bashing to lethal", () => {
    expect(hit("XX/////", 1, "bashing")).toBe("XXX////");
    expect(hit("XX/////", 1, "lethal")).toBe("XXX////");
  });
  it("full track, no bashing left: further bashing/lethal upgrades the leftmost lethal to aggravated", () => {
    expect(hit("*XXXXXX", 1, "bashing")).toBe("**XXXXX");
    expect(hit("*XXXXXX", 2, "lethal")).toBe("***XXXX");
  });
  it("no wound is upgraded until every box is filled (p.174)", () => {
    expect(hit("//////.", 1, "bashing")).toBe("///////");
  });
  it("a character can be beaten to death with bashing alone", () => {
    const t = applyDamage(parseTrack("......."), 7 * 3, "bashing");
    expect(formatTrack(t)).toBe("*******");
    expect(healthStatus(t)).toBe("dead");
  });
  it("wound penalties: −1 third-to-last box, −2 second-to-last, −3 last", () => {
    expect(["/......", "////...", "/////..", "//////.", "///////"].map((s) => woundPenalty(parseTrack(s)))).toEqual([0, 0, -1, -2, -3]);
  });
  it("statuses: ok, unconscious_risk (last box bashing), dying (last box lethal), dead (all aggravated)", () => {
    expect(healthStatus(parseTrack("XX/....."))).toBe("ok");
    expect(healthStatus(parseTrack("XX//////"))).toBe("unconscious_risk");
    expect(healthStatus(parseTrack("**XXXXXX"))).toBe("dying");
    expect(healthStatus(parseTrack("********"))).toBe("dead");
  });
  it("dying: each minute one lethal wound becomes aggravated", () => {
    expect(formatTrack(bleedOut(parseTrack("*XXX"), 2))).toBe("***X");
    expect(formatTrack(bleedOut(parseTrack("*XX/"), 5))).toBe("*XX/"); // not dying
  });
  it("healing from the right (least severe first)", () => {
    expect(formatTrack(healDamage(parseTrack("*XX//.."), 3))).toBe("*X.....");
    expect(formatTrack(healDamage(parseTrack("*X....."), 9))).toBe(".......");
  });
  it("healing times (§Z.7): bashing 15 min, lethal 2 days, aggravated 1 week", () => {
    expect(timeToHealAll(parseTrack("*X/...."))).toBe(15 + 2 * 24 * 60 + 7 * 24 * 60);
    expect(formatTrack(healOverTime(parseTrack("X//...."), 30 + 2 * 24 * 60 - 1))).toBe("X......");
    expect(formatTrack(healOverTime(parseTrack("X//...."), 30 + 2 * 24 * 60))).toBe(".......");
  });
  it("a track out of order or with foreign characters is an OmnibusError; normalizeTrack sorts", () => {
    expect(() => parseTrack("/X.....")).toThrow(OmnibusError);
    expect(() => parseTrack("XX/a...")).toThrow(OmnibusError);
    expect(() => parseTrack("")).toThrow(OmnibusError);
    expect(formatTrack(normalizeTrack("/.X*.."))).toBe("*X/...");
  });
});

describe("Health properties", () => {
  const track = fc.tuple(fc.integer({ min: 1, max: 15 }), fc.nat(15), fc.nat(15), fc.nat(15)).map(([h, a, l, b]): HealthTrack => {
    const aggravated = Math.min(a, h);
    const lethal = Math.min(l, h - aggravated);
    return { health: h, aggravated, lethal, bashing: Math.min(b, h - aggravated - lethal) };
  });
  const type = fc.constantFrom<DamageType>("bashing", "lethal", "aggravated");
  it("damage never heals: severity only rises, wounds never exceed Health, the string round-trips", () => {
    fc.assert(
      fc.property(track, fc.nat(20), type, (t, n, ty) => {
        const after = applyDamage(t, n, ty);
        const sev = (x: HealthTrack) => [x.aggravated, x.aggravated + x.lethal, x.aggravated + x.lethal + x.bashing];
        sev(after).forEach((v, i) => expect(v).toBeGreaterThanOrEqual(sev(t)[i]));
        expect(after.aggravated + after.lethal + after.bashing).toBeLessThanOrEqual(after.health);
        expect(parseTrack(formatTrack(after))).toEqual(after);
        expect(woundPenalty(after)).toBeLessThanOrEqual(woundPenalty(t));
      }),
    );
  });
  it("damaging one point at a time equals damaging all at once", () => {
    fc.assert(
      fc.property(track, fc.nat(10), type, (t, n, ty) => {
        let step = t;
        for (let i = 0; i < n; i++) step = applyDamage(step, 1, ty);
        expect(step).toEqual(applyDamage(t, n, ty));
      }),
    );
  });
  it("garbage: an answer or an OmnibusError", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (t, n, ty) => {
        try {
          applyDamage(t as never, n as never, ty as never);
          parseTrack(t as never);
        } catch (e) {
          expect(e).toBeInstanceOf(OmnibusError);
        }
      }),
    );
  });
});
