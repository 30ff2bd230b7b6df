// The inline check link's text (`@Check[skill=blaster difficulty=moderate]{label}`), parsed by a
// pure function: the kind, the pairs for the check builder, the dialog values, and each way the
// text can be wrong, named.
import { describe, expect, it } from "vitest";
import { findCheckLinks, parseCheckLink } from "../../src/core/check-link";

describe("parseCheckLink", () => {
  it("the first pair names the kind; every pair goes to the builder; the others start the dialog's values", () => {
    expect(parseCheckLink("skill=blaster difficulty=moderate", "Shoot")).toEqual({
      ok: true,
      kind: "skill",
      dataset: { check: "skill", skill: "blaster", difficulty: "moderate" },
      values: { difficulty: "moderate" },
      label: "Shoot",
    });
  });

  it("check=<kind> names the kind explicitly, wherever it stands", () => {
    const link = parseCheckLink("attribute=dexterity skill=brawl check=pool");
    expect(link).toMatchObject({ ok: true, kind: "pool", dataset: { check: "pool", attribute: "dexterity", skill: "brawl" } });
    if (link.ok) expect(link.values).toEqual({ attribute: "dexterity", skill: "brawl" });
  });

  it("quoted values keep their spaces; extra spaces between pairs are ignored; no label is null", () => {
    expect(parseCheckLink('  skill="Repulsorlift operation"   modifier=-2 ')).toEqual({
      ok: true,
      kind: "skill",
      dataset: { check: "skill", skill: "Repulsorlift operation", modifier: "-2" },
      values: { modifier: "-2" },
      label: null,
    });
  });

  it.each([
    ["", "empty", ""],
    ["   ", "empty", ""],
    ["blaster", "malformed", "blaster"],
    ["=blaster", "malformed", "=blaster"],
    ["skill=blaster 2x=1", "malformed", "2x=1"],
    ['skill=bla"st"er', "malformed", 'skill=bla"st"er'],
    ['skill="blaster', "unclosedQuote", 'skill="blaster'],
    ["skill=", "noValue", "skill="],
    ['skill=""', "noValue", 'skill=""'],
    ["skill=blaster Skill=dodge", "duplicate", "Skill=dodge"],
    ["skill=a check=bad-kind", "malformed", "check=bad-kind"],
  ])("%j is refused as %s, naming %j", (text, error, token) => {
    expect(parseCheckLink(text, "x")).toEqual({ ok: false, error, token, label: "x" });
  });
});

describe("findCheckLinks (the enricher's pattern)", () => {
  it("finds each link with and without a label, and leaves other @-links alone", () => {
    const text = "Roll @Check[skill=blaster]{Shoot} or @Check[attribute=dex], not @UUID[Actor.x]{Bob} or @Check[]{Empty}.";
    const found = findCheckLinks(text);
    expect(found.map((f) => f.match)).toEqual(["@Check[skill=blaster]{Shoot}", "@Check[attribute=dex]", "@Check[]{Empty}"]);
    expect(found.map((f) => (f.link.ok ? f.link.kind : f.link.error))).toEqual(["skill", "attribute", "empty"]);
    expect(found[0].link.label).toBe("Shoot");
    expect(found[1].link.label).toBeNull();
  });

  it("a link does not run across lines or past its closing bracket", () => {
    expect(findCheckLinks("@Check[skill=a\nb]")).toEqual([]);
    expect(findCheckLinks("@Check[skill=a] [b]").map((f) => f.match)).toEqual(["@Check[skill=a]"]);
  });
});
