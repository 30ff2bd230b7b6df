/**
 * The `wfrp` check handler: builds the request (request.ts) from the actor and its targets, gives
 * the dialog its odds, rolls a WfrpTestRoll and posts the test card or the attack card.
 */
import { OmnibusError } from "../../core/errors";
import { advantageAfter, turnAllowance, type TestSpec } from "../../rules/wfrp/index";
import { postCard } from "../chat/cards";
import { localize } from "../i18n";
import type { CheckHandler, CheckRequest, CheckSource, CheckValues, TargetInfo } from "../ruleset";
import { templatePath } from "../templates/helpers";
import { attackCardContext, testCardContext, type AttackState } from "./cards";
import { deriveActor } from "./derive";
import { actorView, currentRules, targetActor } from "./documents";
import { buildRequest, checkData, oddsLines, specFor, withWeapon, type TargetView } from "./request";
import { WfrpTestRoll } from "./rolls";

export const TEST_CARD = templatePath("wfrp/chat/test-card");
export const ATTACK_CARD = templatePath("wfrp/chat/attack-card");

async function targetViews(targets: TargetInfo[]): Promise<TargetView[]> {
  const out: TargetView[] = [];
  for (const t of targets) {
    const actor = await targetActor(t.tokenUuid, t.actorUuid);
    out.push({ ...t, actor: actor ? actorView(actor) : null });
  }
  return out;
}

function difficultyLabel(spec: TestSpec): string {
  return localize(`OMNIBUS.WFRP.Difficulty.${spec.difficulty ?? "challenging"}`);
}

/** The attack's state for its card, from the request, the dialog values and the attacker's face. */
export function attackState(request: CheckRequest, values: CheckValues, roll: number, attacker: { uuid: string; name: string; img: string }): AttackState {
  const data = checkData(request);
  const rules = currentRules();
  if (!data.weapon) throw new OmnibusError("badArgument", "an attack needs a weapon", { name: "weapon", value: "" });
  const { itemId: _itemId, img: _img, ...weapon } = data.weapon;
  return {
    version: 1,
    attacker: { ...attacker, strengthBonus: data.strengthBonus },
    weapon,
    roll,
    charging: values.charging === true,
    spec: specFor(request, values, null),
    options: rules.combat,
    opposed: rules.opposed,
    targets: request.targets.map((t, i) => {
      const td = data.targets[i];
      return {
        tokenUuid: t.tokenUuid,
        actorUuid: t.actorUuid,
        name: t.name,
        img: t.img,
        distance: t.distance,
        units: t.units,
        yards: td?.yards ?? null,
        band: td?.band ?? null,
        outOfRange: td?.outOfRange ?? false,
        spec: specFor(request, values, i),
        opposed: data.weapon!.kind === "melee" && td?.defence !== null && td?.defence !== undefined && turnAllowance(td.conditions).canDefend,
        defence: null,
        applied: null,
      };
    }),
  };
}

export const wfrpChecks: CheckHandler = {
  async build(source: CheckSource): Promise<CheckRequest | null> {
    if (!source.actor) throw new OmnibusError("badArgument", "a check needs an actor", { name: "actor", value: "" });
    const dataset = { ...source.dataset };
    if (source.item && !dataset.itemId) dataset.itemId = source.item.id ?? "";
    return buildRequest({ actor: actorView(source.actor), kind: source.kind, dataset, targets: await targetViews(source.targets), rules: currentRules(), t: localize });
  },

  odds(request, values) {
    return oddsLines(request, values, currentRules());
  },

  async roll(request, values, { rollMode }) {
    const data = checkData(request);
    const rules = currentRules();
    const actor = request.actorUuid ? ((await fromUuid(request.actorUuid as never)) as Actor.Implementation | null) : null;
    if (data.kind !== "attack") {
      const spec = specFor(request, values, null);
      const roll = new WfrpTestRoll(WfrpTestRoll.FORMULA, {}, { specs: [spec], testOptions: data.combat ? rules.combat : rules.test } as never);
      await roll.evaluate();
      const result = roll.outcome!.results[0];
      const context = testCardContext({ title: request.title, subtitle: request.subtitle ?? "", img: actor?.img ?? "", result, spec, difficultyLabel: difficultyLabel(spec) });
      return postCard({ template: TEST_CARD, context, actor, rolls: [roll as unknown as Roll], rollMode, flags: { test: { kind: data.kind, skill: data.skill ?? null, characteristic: data.characteristic, result } } });
    }
    const specs = [specFor(request, values, null), ...request.targets.map((_, i) => specFor(request, values, i))].map((s) => withWeapon(s, data.weapon));
    const roll = new WfrpTestRoll(WfrpTestRoll.FORMULA, {}, { specs, testOptions: rules.combat } as never);
    await roll.evaluate();
    const state = attackState(request, values, roll.outcome!.roll, { uuid: request.actorUuid ?? "", name: actor?.name ?? "", img: actor?.img ?? "" });
    // A charge gives +1 Advantage (003:L341), capped at the Initiative Bonus if the world says so.
    if (state.charging && actor?.isOwner) {
      const view = actorView(actor);
      const current = typeof view.system.advantage === "number" ? view.system.advantage : 0;
      const cap = rules.advantageCap ? deriveActor(view.system, view.items, view.statuses).characteristics.i.bonus : undefined;
      await actor.update({ "system.advantage": advantageAfter(current, "charge", cap) } as never);
    }
    return postCard({ template: ATTACK_CARD, context: attackCardContext(state), actor, rolls: [roll as unknown as Roll], rollMode, flags: { attack: state } });
  },
};
