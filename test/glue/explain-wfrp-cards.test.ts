// @vitest-environment happy-dom
// Issue 14, "Explain" on the WFRP attack and opposed-test cards: each resolved target row lists both
// sides' tests, who won and why, and on a hit the location and the Damage, from the stored faces.
// The contexts are the real pure builders; the cards are the real templates in English and Russian.
import { describe, expect, it } from "vitest";
import { createHarness, type Harness, type Language } from "../support/handlebars";
import { attackCardContext, type AttackState } from "../../src/rules/wfrp/table/cards";
import { opposedCardContext, type OpposedState } from "../../src/rules/wfrp/table/opposed/checks";
import { DEFAULT_RULES } from "../../src/rules/wfrp/table/settings";

const harness: Record<Language, Harness> = { en: createHarness({ language: "en" }), ru: createHarness({ language: "ru" }) };
const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
function steps(language: Language, path: string, context: Record<string, unknown>, row = 0): string[] {
  const host = document.createElement("div");
  host.innerHTML = harness[language].render(path, { ...context, ruleset: "wfrp" });
  const section = host.querySelectorAll(".wfrp-target-row")[row];
  return Array.from(section?.querySelectorAll(".omnibus-explain ol li") ?? []).map((li) => clean(li.textContent));
}

describe("WFRP attack card: the opposed attack, the location and the Damage, step by step", () => {
  // Published melee flow: WS 45 rolls 13 (SL 4 − 1 = +3) against Melee 40 rolling 27 (4 − 2 = +2);
  // the attacker wins by 1; the location is the reversed roll 31 (right arm); Damage = hand weapon
  // +4 + SB 3 = 7, + 1 SL = 8.
  const state = (defence: AttackState["targets"][0]["defence"], weapon: Partial<AttackState["weapon"]> = {}, roll = 13): AttackState => ({
    version: 1,
    attacker: { uuid: "Actor.a", name: "Salundra", img: "", strengthBonus: 3 },
    weapon: { name: "Hand Weapon", kind: "melee", damage: 4, addsStrengthBonus: true, qualities: [], flaws: [], ...weapon },
    roll,
    charging: false,
    spec: { value: 45 },
    options: DEFAULT_RULES.combat,
    opposed: DEFAULT_RULES.opposed,
    targets: [
      {
        tokenUuid: "T",
        actorUuid: "Actor.d",
        name: "Tom",
        img: "",
        distance: 1,
        units: "yd",
        yards: 1,
        band: null,
        outOfRange: false,
        spec: { value: 45 },
        opposed: true,
        defence,
        applied: null,
      },
    ],
  });

  it("45 rolls 13 (+3) against Melee 40 rolling 27 (+2): wins by 1, reversed 31, Damage 7 +1 = 8", () => {
    const context = attackCardContext(state({ skill: "melee", spec: { value: 40 }, roll: 27, defensiveWeapon: false }));
    expect(steps("en", "wfrp/chat/attack-card.hbs", context)).toEqual([
      "Salundra:",
      "Rolled 13 ≤ 45: success.",
      "SL = 4 − 1 = +3.",
      "Tom:",
      "Rolled 27 ≤ 40: success.",
      "SL = 4 − 2 = +2.",
      "SL +3 against +2: Salundra wins by 1.",
      "Hit location: the roll 13 reversed is 31.",
      "Damage 7 (weapon) +1 (SL) = 8.",
    ]);
    expect(steps("ru", "wfrp/chat/attack-card.hbs", context).slice(-3)).toEqual([
      "УУ +3 против +2: Salundra выигрывает на 1.",
      "Зона попадания: бросок 13 наоборот — 31.",
      "Урон 7 (оружие) +1 (УУ) = 8.",
    ]);
  });

  it("while the defence is awaited the row explains nothing yet", () => {
    expect(steps("en", "wfrp/chat/attack-card.hbs", attackCardContext(state(null)))).toEqual([]);
  });

  it("a defence that wins: no location and no Damage, the defender named as the winner", () => {
    // 45 rolls 42 (+0) against 40 rolling 08 (+4): Tom wins by 4.
    const context = attackCardContext(state({ skill: "dodge", spec: { value: 40 }, roll: 8, defensiveWeapon: false }, {}, 42));
    const en = steps("en", "wfrp/chat/attack-card.hbs", context);
    expect(en.at(-1)).toBe("SL +0 against +4: Tom wins by 4.");
    expect(en.join(" ")).not.toMatch(/Damage|Hit location/);
  });

  it("Damaging: the units die replaces a smaller SL (hit by 1 with a roll of 13 → 3), Damage 7 + 3 = 10", () => {
    const context = attackCardContext(
      state({ skill: "melee", spec: { value: 40 }, roll: 27, defensiveWeapon: false }, { qualities: ["damaging"] }),
    );
    expect(steps("en", "wfrp/chat/attack-card.hbs", context).slice(-2)).toEqual([
      "Damaging: the units die 3 counts instead of the SL 1.",
      "Damage 7 (weapon) +3 (SL) = 10.",
    ]);
  });

  it("an attack with no target explains the attacker's test and the Damage alone", () => {
    // 45 rolls 13: +3 SL, a hit; Damage 7 + 3 = 10.
    const s = { ...state(null), targets: [] };
    expect(steps("en", "wfrp/chat/attack-card.hbs", attackCardContext(s))).toEqual([
      "Rolled 13 ≤ 45: success.",
      "SL = 4 − 1 = +3.",
      "Hit location: the roll 13 reversed is 31.",
      "Damage 7 (weapon) +3 (SL) = 10.",
    ]);
  });
});

describe("WFRP opposed-test card: both sides and the decision", () => {
  const opposed = (
    tester: { value: number; roll: number },
    defender: { value: number; faces: number[] },
    finalTie: "stalemate" | "reroll" = "stalemate",
  ): OpposedState => ({
    version: 1,
    tester: {
      uuid: "Actor.s",
      name: "Salundra",
      img: "",
      label: "Intimidate",
      tested: "skill:intimidate",
      characteristic: "s",
      spec: { value: tester.value },
    },
    roll: tester.roll,
    options: DEFAULT_RULES.test,
    opposed: { ...DEFAULT_RULES.opposed, finalTie },
    targets: [
      {
        tokenUuid: "T",
        actorUuid: "Actor.o",
        name: "Officer",
        img: "",
        response: {
          uuid: "Actor.o",
          name: "Officer",
          img: "",
          label: "Leadership",
          tested: "skill:leadership",
          characteristic: "fel",
          spec: { value: defender.value },
          faces: defender.faces,
        },
      },
    ],
  });

  // Digest V6 (003:L195): Intimidate 47 rolls 04 → +4 SL; Leadership 46 rolls 16 → +3 SL; Salundra wins by 1.
  it("V6: 47 rolls 04 (+4, an automatic success) against 46 rolling 16 (+3): Salundra wins by 1", () => {
    const context = opposedCardContext(opposed({ value: 47, roll: 4 }, { value: 46, faces: [16] }));
    expect(steps("en", "wfrp/chat/opposed-card.hbs", context)).toEqual([
      "Salundra:",
      "Rolled 4: an automatic success.",
      "SL = 4 − 0 = +4.",
      "Officer:",
      "Rolled 16 ≤ 46: success.",
      "SL = 4 − 1 = +3.",
      "SL +4 against +3: Salundra wins by 1.",
    ]);
    expect(steps("ru", "wfrp/chat/opposed-card.hbs", context).at(-1)).toBe("УУ +4 против +3: Salundra выигрывает на 1.");
  });

  // Digest V24 (003:L191): both +2 SL, tested values 45 against 50 → the 50 wins.
  it("V24: equal SL +2, the higher tested value 50 wins", () => {
    const context = opposedCardContext(opposed({ value: 45, roll: 25 }, { value: 50, faces: [30] }));
    expect(steps("en", "wfrp/chat/opposed-card.hbs", context).at(-1)).toBe(
      "Equal SL: the higher tested value wins (45 against 50), Officer.",
    );
  });

  it("a full tie re-rolled once says so before the deciding pair", () => {
    // 45 rolls 25 and 45 rolls 25: a full tie; re-roll 25 (+2) against 45 (+0): Salundra wins by 2.
    const context = opposedCardContext(opposed({ value: 45, roll: 25 }, { value: 45, faces: [25, 25, 45] }, "reroll"));
    const en = steps("en", "wfrp/chat/opposed-card.hbs", context);
    expect(en.slice(-2)).toEqual([
      "A full tie was rolled again 1 time(s); the last pair decides.",
      "SL +2 against +0: Salundra wins by 2.",
    ]);
  });
});
