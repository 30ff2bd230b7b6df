/**
 * The storytelling `check` kinds beyond a plain pool (issue 12): built from the sheet's plain data
 * with the table's own pure functions, consuming dice in the order the table rolls them.
 */
import { rollInitiative } from "../../rules/storytelling";
import { initiativeModifierOf } from "../../rules/storytelling/table/checks";
import { objects, plainActor, type CheckKind } from "./check-fields";

export const STORYTELLING_TABLE_KINDS: Record<string, CheckKind> = {
  initiative: {
    summary: "each combatant's initiative: 1d10 + Dexterity + Composure, highest first",
    table:
      "the combat tracker's initiative (src/foundry/storytelling/adapter.ts initiativeRoll, StorytellingInitiativeRoll) → initiativeModifierOf, rollInitiative",
    fields: {
      combatants: { type: "list", required: true, about: "[{name, actor}] — each combatant's plain data, in the tracker's order" },
    },
    run(r, dice) {
      const rolled = objects(r, "combatants").map((e, i) => {
        const name = typeof e.name === "string" ? e.name : `combatant ${i + 1}`;
        const actor = plainActor(e.actor ?? {}, `combatants[${i}].actor`, "storytelling_character");
        const modifier = initiativeModifierOf(actor.system);
        // An actor without attributes rolls no initiative at the table.
        if (modifier === null) return { name, modifier: null, roll: null, total: null };
        return { name, modifier, ...rollInitiative(modifier, dice) };
      });
      const order = rolled.filter((c) => c.total !== null).sort((a, b) => b.total! - a.total! || b.modifier! - a.modifier!);
      return { json: { combatants: rolled, order: order.map((c) => c.name) }, text: order.map((c) => `${c.name} ${c.total}`).join(" → ") };
    },
  },
};
