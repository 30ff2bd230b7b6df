// Issue 15 §2: Surprised is a one-round timer (it ends when the next round begins, wfrp/timers.ts),
// so the end-of-round Conditions card must not say that Surprised ends at every round's end.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("the WFRP round-end card", () => {
  it("says nothing about Surprised ending; the setting's hint says when it does", () => {
    const card = readFileSync("templates/wfrp/chat/round-end-card.hbs", "utf8");
    expect(card).not.toMatch(/Surprised/i);
    const en = readFileSync("lang/en.json", "utf8");
    expect(en).not.toContain("Surprised ends for everyone");
    expect(en).toContain("Surprised ends when the next round begins");
  });
});
