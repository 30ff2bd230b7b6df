import { describe, expect, it } from "vitest";
import { rederiveTargets, type MeasuredTarget } from "../../../src/rules/table/targets";
import type { TargetInfo } from "../../../src/rules/table/types";

// The GM's reading of claimed targets: a card names tokens and distances; the GM's own scene says
// which actor each token is and how far it is from each of the roller's tokens there.
const claim = (tokenUuid: string, actorUuid: string | null, distance: number | null, units = "m"): TargetInfo => ({
  tokenUuid,
  actorUuid,
  name: "claimed name",
  img: "claimed.png",
  distance,
  units,
});
const found = (tokenUuid: string, actorUuid: string | null, distances: number[], units = "m"): MeasuredTarget => ({
  tokenUuid,
  actorUuid,
  name: "Stormtrooper",
  img: "trooper.png",
  units,
  distances,
});

describe("rederiveTargets", () => {
  it("an honest claim keeps its distance and takes the GM's name and image", () => {
    const result = rederiveTargets([claim("Scene.s.Token.a", "Actor.a", 15)], [found("Scene.s.Token.a", "Actor.a", [15])]);
    expect(result).toEqual({
      targets: [{ tokenUuid: "Scene.s.Token.a", actorUuid: "Actor.a", name: "Stormtrooper", img: "trooper.png", distance: 15, units: "m" }],
    });
  });

  it("with two tokens of the roller on the scene, the distance from either holds; a third distance does not", () => {
    const measured = [found("Scene.s.Token.a", "Actor.a", [15, 40])];
    expect(rederiveTargets([claim("Scene.s.Token.a", "Actor.a", 40)], measured)).toMatchObject({ targets: [{ distance: 40 }] });
    expect(rederiveTargets([claim("Scene.s.Token.a", "Actor.a", 3)], measured)).toEqual({ refused: "distance", index: 0 });
  });

  it("a long-range target claimed at point blank (60 m claimed as 3 m) is refused", () => {
    expect(rederiveTargets([claim("Scene.s.Token.a", "Actor.a", 3)], [found("Scene.s.Token.a", "Actor.a", [60])])).toEqual({
      refused: "distance",
      index: 0,
    });
  });

  it("a distance claimed while the roller has no token on that scene is refused; none claimed holds", () => {
    expect(rederiveTargets([claim("Scene.s.Token.a", "Actor.a", 1)], [found("Scene.s.Token.a", "Actor.a", [])])).toEqual({
      refused: "distance",
      index: 0,
    });
    expect(rederiveTargets([claim("Scene.s.Token.a", "Actor.a", null)], [found("Scene.s.Token.a", "Actor.a", [])])).toMatchObject({
      targets: [{ distance: null }],
    });
  });

  it("a token the GM cannot find, another actor named for a token, and a token named twice are refused at that index", () => {
    expect(rederiveTargets([claim("Scene.s.Token.a", "Actor.a", 15)], [null])).toEqual({ refused: "missing", index: 0 });
    expect(rederiveTargets([claim("Scene.s.Token.a", "Actor.bystander", 15)], [found("Scene.s.Token.a", "Actor.a", [15])])).toEqual({
      refused: "actor",
      index: 0,
    });
    const twice = [claim("Scene.s.Token.a", "Actor.a", 15), claim("Scene.s.Token.a", "Actor.a", 15)];
    const measured = [found("Scene.s.Token.a", "Actor.a", [15]), found("Scene.s.Token.a", "Actor.a", [15])];
    expect(rederiveTargets(twice, measured)).toEqual({ refused: "duplicate", index: 1 });
  });

  it("a distance in other units than the scene's is refused (15 yd claimed on a metre scene)", () => {
    expect(rederiveTargets([claim("Scene.s.Token.a", "Actor.a", 15, "yd")], [found("Scene.s.Token.a", "Actor.a", [15])])).toEqual({
      refused: "units",
      index: 0,
    });
  });

  it("a target without a token (a healing card's patient) keeps its actor and loses any claimed distance", () => {
    expect(rederiveTargets([claim("", "Actor.patient", 0)], [null])).toEqual({
      targets: [{ tokenUuid: "", actorUuid: "Actor.patient", name: "claimed name", img: "claimed.png", distance: null, units: "m" }],
    });
  });

  it("a target without a token is refused when the author does not own its actor (a point without an actor is not)", () => {
    expect(rederiveTargets([claim("", "Actor.patient", 0)], [null], new Set<string>())).toEqual({ refused: "unowned", index: 0 });
    expect(rederiveTargets([claim("", "Actor.patient", 0)], [null], new Set(["Actor.patient"]))).toMatchObject({
      targets: [{ actorUuid: "Actor.patient" }],
    });
    expect(rederiveTargets([{ ...claim("", "Actor.x", 0), actorUuid: null }], [null], new Set<string>())).toMatchObject({
      targets: [{ actorUuid: null }],
    });
  });
});
