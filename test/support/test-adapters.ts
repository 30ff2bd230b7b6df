/**
 * Two small adapters for the glue tests (the real rulesets' adapters are filled in by their own
 * issues). Build them AFTER installing the stand-ins: the Roll class extends OmnibusRoll.
 */
import { OmnibusError } from "../../src/core/errors";
import type { DiceSource } from "../../src/core/dice";
import type { DocumentChange, RulesetAdapter } from "../../src/foundry/ruleset";

export async function makeTestAdapters() {
  const { OmnibusRoll } = await import("../../src/foundry/dice/roll");

  /** D6-style: N normal dice, then a Wild Die that explodes on 6 (the dice order of src/core/pool.ts). */
  class HeroRoll extends OmnibusRoll<{ total: number; wild: number[] }> {
    protected override resolve(dice: DiceSource) {
      const n = Number((this.options as Record<string, unknown>).dice ?? 1);
      let total = 0;
      for (let i = 0; i < n - 1; i++) total += dice.roll(6);
      const wild: number[] = [];
      let face = dice.roll(6);
      wild.push(face);
      while (face === 6) {
        face = dice.roll(6);
        wild.push(face);
      }
      return { total: total + wild.reduce((a, b) => a + b, 0), wild };
    }
  }
  class WfrpTestRoll extends OmnibusRoll<number> {}
  class HeroModel {}
  class GearModel {}
  class WfrpCharModel {}

  const applied: Array<{ user: string; payload: Record<string, string> }> = [];
  const d6: RulesetAdapter = {
    id: "d6",
    label: "OMNIBUS.Ruleset.d6",
    actorTypes: { d6_hero: { dataModel: HeroModel as never } },
    itemTypes: { d6_gear: { dataModel: GearModel as never } },
    rolls: [HeroRoll as never],
    statusEffects: [{ id: "stunned", name: "OMNIBUS.D6.Status.Stunned", img: "icons/stunned.svg" }],
    settings: [{ key: "wildDie", name: "OMNIBUS.D6.Setting.WildDie", type: "boolean", default: true }],
    combat: {
      formula: "1d6",
      decimals: 0,
      compare: (a, b) => Number((a as never as { order: number }).order) - Number((b as never as { order: number }).order),
    },
    chatActions: {
      // A card's `flags.omnibus.damage.targets[i] = {actor, amount}`: the GM adds the recorded amount to the target's wounds.
      applyDamage: {
        targets: (state) => ((state.damage as { targets?: unknown[] } | undefined)?.targets ?? []).map((_, i) => String(i)),
        overridable: true,
        async plan({ state, target, override }): Promise<DocumentChange[]> {
          const entry = (state.damage as { targets: Array<{ actor: string; amount: number }> }).targets[Number(target)];
          const base = override?.amount ?? (override?.factor ? Math.floor(entry.amount * override.factor) : entry.amount);
          if (!Number.isInteger(base) || base < 0) throw new OmnibusError("badArgument", "amount", { name: "amount", value: String(base) });
          const out: DocumentChange[] = [];
          for (const uuid of override?.actors ?? [entry.actor]) {
            const doc = (await fromUuid(uuid as never)) as unknown as { system?: { wounds?: number } } | null;
            if (!doc) throw new OmnibusError("badArgument", "no target", { name: "target", value: uuid });
            const wounds = Number(doc.system?.wounds ?? 0) + base;
            out.push({ uuid, update: { "system.wounds": wounds }, statuses: wounds > 2 ? { stunned: true } : {} });
          }
          return out;
        },
      },
      // A second roll: the GM adds the response's first roll total to the target's wounds.
      addRolled: {
        response: true,
        targets: (state) => ((state.damage as { targets?: unknown[] } | undefined)?.targets ?? []).map((_, i) => String(i)),
        async plan({ state, target, response }): Promise<DocumentChange[]> {
          const entry = (state.damage as { targets: Array<{ actor: string; amount: number }> }).targets[Number(target)];
          const rolled = Number((response?.rolls[0] as { total?: number } | undefined)?.total ?? NaN);
          if (!Number.isInteger(rolled) || rolled < 0)
            throw new OmnibusError("badArgument", "roll", { name: "roll", value: String(rolled) });
          const doc = (await fromUuid(entry.actor as never)) as unknown as { system?: { wounds?: number } } | null;
          return [{ uuid: entry.actor, update: { "system.wounds": Number(doc?.system?.wounds ?? 0) + rolled } }];
        },
      },
      rollDamage: {
        run({ user, target }) {
          applied.push({ user: user.id!, payload: { target: String(target) } });
        },
      },
    },
    api: { hello: () => "d6" },
  };
  const wfrp: RulesetAdapter = {
    id: "wfrp",
    label: "OMNIBUS.Ruleset.wfrp",
    actorTypes: { wfrp_character: { dataModel: WfrpCharModel as never } },
    itemTypes: {},
    rolls: [WfrpTestRoll as never],
    settings: [{ key: "fastSL", name: "OMNIBUS.WFRP.Setting.FastSL", type: "boolean", default: false }],
  };
  return { d6, wfrp, HeroRoll, HeroModel, GearModel, WfrpCharModel, WfrpTestRoll, applied };
}
