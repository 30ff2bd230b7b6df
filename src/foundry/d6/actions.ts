/**
 * The D6 chat-card buttons (through the plumbing's one card layer, chat/actions.ts): rolling an
 * attack's damage on the card, the targets' Strength rolls, and applying each target's wounds once
 * (planned by the active GM from its record of the card). The check side is checks.ts.
 */
import { formatDieCode, type DieCode, type Scale } from "../../rules/d6";
import { currentRollMode, postCard } from "../chat/cards";
import { localize, notify } from "../i18n";
import type { ChatAction, ChatActionContext, DocumentChange, PlannedAction } from "../ruleset";
import { woundLevelOf, type D6ActorData } from "../../rules/d6/table/checks";
import {
  attackerStrength,
  damagePlan,
  diceFaces,
  planDamage,
  strengthOf,
  targetResistCode,
  type D6CardContext,
  type DamageTarget,
  type TargetOutcome,
} from "../../rules/d6/table/cards";
import { D6Roll } from "./rolls";
import { readSettings } from "./settings";
import { healerPermitted, planApplyHealing } from "./healing/checks";
import { recordResistCPAction, spendResistCPAction } from "./resist-cp/actions";
import { cpAfterActions } from "./cp-after/actions";
import { moverPermitted, planApplySpeed } from "./movement/checks";
import { evaluateOptions } from "../compat";
import { recordOf } from "../chat/record";
import { userOwns, documentOf } from "../chat/actions";
import { parseIndex } from "../chat/requests";
import { explainDamage, type DamageExplainTarget } from "../../rules/d6/explain";
import { DAMAGE_CARD, actorData, d6State, type ActorDoc } from "./checks";
import { refused } from "../../core/errors";

// ---------------------------------------------------------------------------------------------
// Damage: roll it against every target's Strength, then apply

/** The code a target rolls against damage (src/rules/d6/table/cards.ts). */
export { targetResistCode };

interface AttackFlags {
  actorUuid: string | null;
  weaponName: string;
  damage: string;
  damageType: "energy" | "physical";
  stun: boolean;
  scale: Scale;
  forcePoint: boolean;
  blast: { radii: string; damage: string } | null;
  targets: Array<{
    tokenUuid: string;
    actorUuid: string | null;
    name: string;
    img: string;
    zone: number | null;
    damage: string | null;
    distance: number | null;
  }>;
}

async function rollDamage({ message, state }: ChatActionContext): Promise<void> {
  const settings = readSettings();
  const attack = d6State(state).attack as AttackFlags | undefined;
  if (!attack) throw refused("WrongCard", "this card has no attack");
  const attacker = await documentOf<ActorDoc>(attack.actorUuid);
  const attackerData = attacker ? actorData(attacker) : null;
  const strength = attackerStrength(attackerData);
  const rolls: Roll[] = [];
  // The damage card takes the roller's chat mode: a blind one must not ask them to type the dice (issue 11, item 4).
  const mode = currentRollMode();
  if (attack.targets.length === 0 && (attack as { hadTargets?: boolean }).hadTargets) {
    notify("warn", "OMNIBUS.D6.CPAfter.NoHit");
    return;
  }
  const targets = attack.targets.length > 0 ? attack.targets : [null];
  const datas: Array<D6ActorData | null> = [];
  for (const t of targets) {
    const targetDoc = t ? await documentOf<ActorDoc>(t.actorUuid) : null;
    datas.push(targetDoc ? actorData(targetDoc) : null);
  }
  const planned = damagePlan(
    attack,
    datas.map((d) => d?.system.scale as Scale | undefined),
    strength,
    settings.blastRolls,
  );
  const groups = new Map<string, { code: DieCode; roll?: D6Roll }>(planned.groups.map((g) => [g.key, { code: g.code }]));
  const plan = planned.plan.map((p, i) => ({ target: targets[i], key: p.key, data: datas[i], resistBonus: p.resistBonus }));
  for (const group of groups.values()) {
    group.roll = D6Roll.fromSpec({
      code: group.code,
      wildDie: settings.wildDieDamage,
      wildOne: settings.wildOne,
      characterPoints: 0,
      kind: "damage",
      allowPipsOnly: settings.allowPipsOnly,
    });
    await group.roll.evaluate(evaluateOptions(mode));
    rolls.push(group.roll as unknown as Roll);
  }
  const outcomes: TargetOutcome[] = [];
  const damageTargets: DamageTarget[] = [];
  const explained: DamageExplainTarget[] = [];
  for (const p of plan) {
    const group = groups.get(p.key)!;
    const damageTotal = group.roll!.outcome!.total;
    if (!p.target || !p.data || !p.target.actorUuid) continue;
    const resist = D6Roll.fromSpec({
      code: targetResistCode(p.data, attack.damageType, p.resistBonus),
      wildDie: settings.wildDieResist,
      wildOne: settings.wildOne,
      characterPoints: 0,
      kind: "resistDamage",
      allowPipsOnly: settings.allowPipsOnly,
    });
    await resist.evaluate(evaluateOptions(mode));
    rolls.push(resist as unknown as Roll);
    const target: DamageTarget = {
      actorUuid: p.target.actorUuid,
      name: p.target.name,
      img: p.target.img,
      damageTotal,
      resistTotal: resist.outcome!.total,
      stun: attack.stun,
      vehicle: p.data.type === "d6_vehicle",
    };
    const index = damageTargets.length;
    damageTargets.push(target);
    explained.push({ name: target.name, damageTotal, resist: resist.outcome!, stun: target.stun, vehicle: target.vehicle });
    const preview = planDamage(
      target,
      {
        woundLevel: woundLevelOf(p.data.system),
        stuns: Number(p.data.system.stuns ?? 0),
        damage: String(p.data.system.damage ?? ""),
        strength: strengthOf(p.data.system),
      },
      settings,
    );
    outcomes.push({
      name: target.name,
      img: target.img,
      distance: null,
      units: "",
      band: "OMNIBUS.D6.Card.DamageVsStrength",
      bandDetail: `${damageTotal} − ${target.resistTotal}`,
      result: target.vehicle
        ? `OMNIBUS.D6.ObjectDamage.${preview.result}`
        : preview.knockedOut
          ? "OMNIBUS.D6.DamageResult.knockedOut"
          : `OMNIBUS.D6.DamageResult.${preview.result}`,
      tone: preview.result === "none" || preview.result === "undamaged" ? "neutral" : "failure",
      button: { action: "d6ApplyDamage", label: "OMNIBUS.D6.Card.Apply", icon: "fa-solid fa-heart-crack", data: { target: String(index) } },
    });
  }
  const firstGroup = [...groups.values()][0];
  const context: D6CardContext = {
    title: localize("OMNIBUS.D6.Card.DamageTitle", { weapon: attack.weaponName }),
    subtitle: attack.stun ? localize("OMNIBUS.D6.Card.Stun") : "",
    img: (attacker?.img as string) ?? "",
    dice: firstGroup?.roll ? diceFaces(firstGroup.roll.outcome!) : [],
    total: firstGroup?.roll?.outcome?.total ?? 0,
    outcome: null,
    quality: null,
    complication: false,
    lines: [...groups.values()].map((g) => ({
      label: "OMNIBUS.D6.Card.DamageRoll",
      value: `${formatDieCode(g.code)} → ${g.roll!.outcome!.total}`,
    })),
    outcomes,
    buttons: damageTargets.flatMap((t, i) =>
      t.vehicle
        ? []
        : [
            {
              action: "d6SpendResistCP",
              label: "OMNIBUS.D6.ResistCP.Button",
              icon: "fa-solid fa-star",
              detail: t.name,
              data: { target: String(i) },
            },
          ],
    ),
    // Explain (issue 14): the damage roll, each resistance roll, the difference and its table row.
    explain: explainDamage(firstGroup?.roll?.outcome ?? null, explained),
  };
  await postCard({
    template: DAMAGE_CARD,
    context,
    actor: attacker as never,
    rolls,
    rollMode: mode,
    flags: { d6: { damage: { from: message.id, attackerUuid: attack.actorUuid, targets: damageTargets } } },
  });
}

/** The damage targets of a card's state. */
export function damageTargetsOf(state: Record<string, unknown>): Array<DamageTarget & { cpBonus?: number }> {
  const damage = d6State(state).damage as { targets?: Array<DamageTarget & { cpBonus?: number }> } | undefined;
  return Array.isArray(damage?.targets) ? damage!.targets : [];
}

/**
 * The GM's bound on a damage card (its author may have forged it at creation): it must come from a
 * recorded, untampered attack card by the same author, whose attacker that author owns, and the
 * target must be one that attack hit.
 */
function checkDamageOrigin(context: ChatActionContext, target: DamageTarget): void {
  // A GM's own damage card (a macro, a hand-made card) needs no origin: the GM is trusted.
  if ((game.users?.get(context.authorId ?? "") as User.Implementation | undefined)?.isGM) return;
  const damage = d6State(context.state).damage as { from?: string; attackerUuid?: string | null } | undefined;
  const attackRecord = recordOf(damage?.from ?? "");
  const attack = attackRecord ? (d6State(attackRecord.state).attack as AttackFlags | undefined) : undefined;
  if (!attackRecord || !attack || attackRecord.tampered)
    throw refused("NotFromAttack", "this damage card does not come from a recorded attack");
  const author = game.users?.get(context.authorId ?? "") as User.Implementation | undefined;
  if (!author?.isGM && (attackRecord.authorId !== context.authorId || (attack.actorUuid && !userOwns(attack.actorUuid, author))))
    throw refused("NotYourAttack", "the damage card's author did not make that attack");
  if (attack.targets.length > 0 && !attack.targets.some((t) => t.actorUuid === target.actorUuid))
    throw refused("NotHit", "that attack did not hit this target", { name: target.name });
}

async function planApply(context: ChatActionContext): Promise<PlannedAction> {
  const index = parseIndex(context.target);
  const target = index === null ? undefined : damageTargetsOf(context.state)[index];
  if (!target) throw refused("NotOnCard", "no such target on this card");
  checkDamageOrigin(context, target);
  const override = context.override;
  // The GM's hand: ½ or ×2 the damage total, a custom damage total, or the selected tokens' actors.
  const damageTotal =
    override?.amount !== undefined
      ? override.amount
      : override?.factor
        ? Math.floor(target.damageTotal * override.factor)
        : target.damageTotal;
  const uuids = override?.actors ?? [target.actorUuid];
  const changes: DocumentChange[] = [];
  for (const uuid of uuids) {
    const actor = await documentOf<ActorDoc>(uuid);
    if (!actor || !String(actor.type).startsWith("d6_"))
      throw refused(actor ? "WrongRuleset" : "TargetGone", "the target no longer exists", { name: actor?.name ?? target.name });
    const planned = planDamage(
      { ...target, damageTotal, resistTotal: target.resistTotal + (target.cpBonus ?? 0), vehicle: actor.type === "d6_vehicle" },
      {
        woundLevel: String(actor.system.woundLevel ?? "healthy"),
        stuns: Number(actor.system.stuns ?? 0),
        damage: String(actor.system.damage ?? ""),
        strength: strengthOf(actor.system),
      },
      readSettings(),
    );
    changes.push({ uuid: actor.uuid, update: planned.update, statuses: planned.statuses });
  }
  return {
    changes,
    summary: { key: "OMNIBUS.D6.Card.AppliedDamage", data: { damage: damageTotal, resist: target.resistTotal + (target.cpBonus ?? 0) } },
  };
}

export const d6ChatActions: Record<string, ChatAction> = {
  d6RollDamage: { run: rollDamage },
  d6ApplyDamage: { plan: planApply, targets: (state) => damageTargetsOf(state).map((_, i) => String(i)), overridable: true },
  d6ApplyHealing: { plan: planApplyHealing, permitted: healerPermitted },
  d6SpendResistCP: spendResistCPAction,
  d6ResistCP: recordResistCPAction,
  d6ApplySpeed: { plan: planApplySpeed, permitted: moverPermitted },
  ...cpAfterActions,
};
