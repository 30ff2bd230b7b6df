// @vitest-environment happy-dom
// The Silhouette initiative card: a combat-tracker initiative roll renders as the Silhouette card
// (every die, the kept one and the six bonus, a mishap marked with "only diving for cover", 004:L3;
// "pull yourself together" as 4 + Combat Sense, 004:L18) where Foundry would show its plain roll.
import { beforeEach, describe, expect, it } from "vitest";
import { StandInDocument } from "../../support/foundry-stand-ins";
import { makeActor, setUp, type Harness } from "./harness";

let h: Harness;
beforeEach(async () => {
  h = await setUp();
  // Foundry's own Roll#render, for the private view and other rolls.
  ((globalThis as any).Roll.prototype as { render: unknown }).render = async () => "<p>foundry roll</p>";
});

function combatant(actor: unknown) {
  const c = new StandInDocument("c1", "Combat.c.Combatant.c1", true, { actor, initiative: null, combat: { round: 1 } });
  (c as any).getFlag = () => undefined;
  return c;
}

describe("the initiative card", () => {
  it("Combat Sense 3 [6,6,2] → 7: three dice, the kept six and the bonus six marked, total 7; the template is preloaded", async () => {
    const actor = makeActor(h, { id: "i1", name: "Ivo", owner: true, skills: [["Combat Sense", "combatSense", 3, "none"]] });
    const roll = h.combat.initiativeRoll(combatant(actor) as never);
    h.faces = [6, 6, 2];
    await roll.evaluate();
    const html = await roll.render();
    expect(html.match(/class="omnibus-die d6[^"]*"/g)).toEqual([
      'class="omnibus-die d6 kept"',
      'class="omnibus-die d6 six bonus"',
      'class="omnibus-die d6 "',
    ]);
    expect(html).toContain('<span class="omnibus-total">7</span>');
    expect(html).toContain("Ties: Combat Sense 3, then simultaneous.");
    expect(html).not.toContain("Mishap");
    expect(h.stand.recorded.rendered.at(-1)!.path).toBe("systems/omnibus/templates/silhouette/chat/initiative.hbs");
    expect(h.stand.recorded.templatesLoaded).toContain("systems/omnibus/templates/silhouette/chat/initiative.hbs");
  });

  it("a mishap [1,1] is marked on every die and allows only diving for cover (E7)", async () => {
    const actor = makeActor(h, { id: "i2", name: "Mo", owner: true, skills: [["Combat Sense", "combatSense", 2, "none"]] });
    // The mishap's round of diving for cover is a timer effect on the actor (silhouette/timers.ts).
    const created: unknown[] = [];
    Object.assign(actor, {
      effects: { contents: [] },
      createEmbeddedDocuments: async (_t: string, data: unknown[]) => void created.push(...data),
    });
    const roll = h.combat.initiativeRoll(combatant(actor) as never);
    h.faces = [1, 1];
    await roll.evaluate();
    const html = await roll.render();
    expect(html.match(/omnibus-die d6[^"]*fumble/g)).toHaveLength(2);
    expect(html).toContain("Mishap!");
    expect(html).toContain("only diving for cover this round");
    expect(html).toContain("omnibus-tone-fumble");
    expect(created).toHaveLength(1);
  });

  it("E5: pulled together → 4 + Combat Sense 2 = 6, no dice shown", async () => {
    const actor = makeActor(h, {
      id: "i3",
      name: "Pia",
      owner: true,
      skills: [["Combat Sense", "combatSense", 2, "none"]],
      statuses: ["pullTogether"],
    });
    const roll = h.combat.initiativeRoll(combatant(actor) as never);
    await roll.evaluate();
    const html = await roll.render();
    expect(html).toContain("Pulled together: 4 + Combat Sense 2");
    expect(html).toContain('<span class="omnibus-total">6</span>');
    expect(html).not.toContain("omnibus-die");
  });

  it("a private view and a non-initiative roll keep Foundry's rendering", async () => {
    const actor = makeActor(h, { id: "i4", name: "Q", owner: true, skills: [["Combat Sense", "combatSense", 1, "none"]] });
    const roll = h.combat.initiativeRoll(combatant(actor) as never);
    h.faces = [4];
    await roll.evaluate();
    expect(await roll.render({ isPrivate: true })).toBe("<p>foundry roll</p>");
    const check = h.roll.SilhouetteRoll.forCheck({ dice: 1 }, {});
    h.faces = [3];
    await check.evaluate();
    expect(await check.render()).toBe("<p>foundry roll</p>");
  });
});

describe("the tracker's roll and the chat mode", () => {
  it.each([
    ["blindroll", false],
    ["publicroll", true],
  ])(
    "Foundry evaluates it with no options; in %s it asks for typed dice: %s — and still marks the combatant",
    async (mode, interactive) => {
      const actor = makeActor(h, { id: "i5", name: "Rin", owner: true, skills: [["Combat Sense", "combatSense", 2, "none"]] });
      const Combatant = (globalThis as any).CONFIG.Combatant.documentClass;
      const c = Object.assign(new Combatant(), combatant(actor));
      c.update = async (data: Record<string, unknown>) => void c.updates.push(data);
      h.stand.setMessageMode(mode);
      const roll = c.getInitiativeRoll();
      h.faces = [5, 3];
      const before = h.stand.recorded.evaluations.length;
      await roll.evaluate(); // as Combat#rollInitiative does
      const seen = h.stand.recorded.evaluations.slice(before);
      expect(seen).toEqual([{ allowInteractive: interactive }]);
      expect(roll.total).toBe(5);
      expect(c.updates).toHaveLength(1); // the Silhouette mark (afterInitiative) still runs
    },
  );
});
