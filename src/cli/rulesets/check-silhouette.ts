/**
 * The silhouette `check` kinds beyond a plain skill check (issue 12): built from the sheet's plain
 * data with the table's own pure functions, consuming dice in the order the table rolls them.
 */
import { initiativeOrder, rollInitiative } from "../../rules/silhouette/initiative";
import { initiativeFactsOf } from "../../rules/silhouette/table/checks";
import { deriveCharacter } from "../../rules/silhouette/table/derive";
import { DEFAULT_OPTIONS, type SilhouetteOptions } from "../../rules/silhouette/table/settings";
import { badField, objects, plainActor, settingsOver, type CheckKind, type Req } from "./check-fields";

const optionsOf = (r: Req): SilhouetteOptions => settingsOver(r.options, DEFAULT_OPTIONS, "options");

/** A character's derived skills, as the sheet derives them (the stored `derived`, else from its data). */
function skillsOf(
  system: Record<string, unknown>,
  items: Array<{ name: string; type: string; system: Record<string, unknown> }>,
  o: SilhouetteOptions,
) {
  const stored = system.derived as { skills?: unknown } | undefined;
  if (stored && Array.isArray(stored.skills)) return stored.skills as never;
  return deriveCharacter(system as never, items as never, { rounding: o.movementRounding, lightWoundMax: o.lightWoundMax }).skills;
}

export const SILHOUETTE_TABLE_KINDS: Record<string, CheckKind> = {
  initiative: {
    summary:
      "each combatant's initiative: the Combat Sense check (4 + Combat Sense when pulled together), highest first, ties to Combat Sense",
    table:
      "the combat tracker's initiative (src/foundry/silhouette/combat.ts initiativeRoll, initiativeFacts) → initiativeFactsOf, rollInitiative, initiativeOrder",
    fields: {
      combatants: {
        type: "list",
        required: true,
        about: "[{name, actor, statuses?}] — each character's plain data; statuses pullTogether, continuingAction",
      },
      options: { type: "object", about: "the world's silhouette settings (initiativeAttribute, check, …)" },
    },
    run(r, dice) {
      const options = optionsOf(r);
      const rolled = objects(r, "combatants").map((e, i) => {
        const where = `combatants[${i}]`;
        const name = typeof e.name === "string" ? e.name : `combatant ${i + 1}`;
        if (e.statuses !== undefined && !(Array.isArray(e.statuses) && e.statuses.every((s) => typeof s === "string")))
          throw badField(`${where}.statuses`, "must be a list of status ids");
        const actor = plainActor(e.actor ?? {}, `${where}.actor`, "silhouette_character");
        const facts = String(actor.type).startsWith("silhouette_")
          ? initiativeFactsOf(skillsOf(actor.system, actor.items, options), new Set((e.statuses as string[] | undefined) ?? []), options)
          : { combatSense: 0, modifier: 0, pulledTogether: false, continuingAction: false };
        return { id: String(i), name, facts, ...rollInitiative(facts, dice, options.check) };
      });
      const slots = initiativeOrder(rolled.map((c) => ({ id: c.id, total: c.total, combatSense: c.combatSense })));
      const order = slots.map((s) => s.ids.map((id) => rolled[Number(id)].name));
      return {
        json: { combatants: rolled.map(({ id: _id, ...c }) => c), order },
        text: slots.map((s, i) => `${order[i].join(" + ")} ${s.total}`).join(" → "),
      };
    },
  },
};
