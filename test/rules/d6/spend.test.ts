/**
 * The GM's decision on what a player's card claims to spend (issue 10): Character Points only up to
 * the points left (000:L793–795), none in a round with a Force Point in force or together with a new
 * one (000:L831, L835, L1079), a new Force Point only when the character has one, a medpac only
 * while one is left (§25: a medpac is used up), and nothing on a card no GM saw created.
 */
import { describe, expect, it } from "vitest";
import { actorSpendRefusal, spendClaimOf, spendRefusal } from "../../../src/rules/d6/table/checks";

const have = { characterPointsAvailable: 2, forcePointsAvailable: 1, forcePointActive: false, itemQuantity: 1 };
const claim = (characterPoints: number, forcePoint = false, items = 0) => ({ characterPoints, forcePoint, items });

describe("spendRefusal", () => {
  it("CP up to the points left are spent; one more is refused", () => {
    expect(spendRefusal(have, claim(2), true)).toBeNull();
    expect(spendRefusal(have, claim(3), true)).toBe("CharacterPoints");
    expect(spendRefusal({ ...have, characterPointsAvailable: 0 }, claim(1), true)).toBe("CharacterPoints");
  });

  it("a new Force Point needs one; one in force this round costs nothing more", () => {
    expect(spendRefusal(have, claim(0, true), true)).toBeNull();
    expect(spendRefusal({ ...have, forcePointsAvailable: 0 }, claim(0, true), true)).toBe("ForcePoint");
    expect(spendRefusal({ ...have, forcePointsAvailable: 0, forcePointActive: true }, claim(0, true), true)).toBeNull();
  });

  it("no CP in a round with a Force Point, in force or new (000:L835, L1079)", () => {
    expect(spendRefusal({ ...have, forcePointActive: true }, claim(1), true)).toBe("PointsInForceRound");
    expect(spendRefusal(have, claim(1, true), true)).toBe("PointsInForceRound");
  });

  it("a medpac only while one is left", () => {
    expect(spendRefusal(have, claim(0, false, 1), true)).toBeNull();
    expect(spendRefusal({ ...have, itemQuantity: 0 }, claim(0, false, 1), true)).toBe("NoneLeft");
  });

  it("a card no GM saw created may spend nothing; spending nothing it is not refused", () => {
    expect(spendRefusal(have, claim(1), false)).toBe("PointsUnseen");
    expect(spendRefusal(have, claim(0, false, 1), false)).toBe("PointsUnseen");
    expect(spendRefusal({ ...have, forcePointActive: true }, claim(0, true), false)).toBeNull();
    expect(spendRefusal(have, claim(0), false)).toBeNull();
  });
});

describe("the claim from a card's choices and the actor's data", () => {
  it("reads the dialog's strings; anything else claims nothing (the choices' reader refuses it)", () => {
    expect(spendClaimOf({ characterPoints: "2", forcePoint: "true" })).toEqual(claim(2, true));
    expect(spendClaimOf({ characterPoints: "0x2" })).toEqual(claim(0));
    expect(spendClaimOf(undefined, 1)).toEqual(claim(0, false, 1));
  });

  it("an actor with 1 CP and a Force Point in force this round: a CP is refused", () => {
    const actor = {
      uuid: "Actor.a",
      name: "A",
      type: "d6_character",
      system: { characterPoints: 1, forcePoints: 0, round: { forcePoint: true } },
      items: [],
    };
    expect(actorSpendRefusal(actor as never, claim(1), true)).toBe("PointsInForceRound");
    expect(actorSpendRefusal({ ...actor, system: { characterPoints: 1 } } as never, claim(1), true)).toBeNull();
    expect(
      actorSpendRefusal({ ...actor, system: { characterPoints: 1 } } as never, claim(0, false, 1), true, { system: { quantity: 0 } }),
    ).toBe("NoneLeft");
  });
});
