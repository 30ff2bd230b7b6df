/**
 * Character Points on the Strength roll against damage (000:L427, L817: up to 5 per roll): the
 * damage card offers each target's owner a "spend CP" button until that target's damage is applied.
 * The owner picks how many (within the cap and the points it has) and rolls the CP dice (each
 * explodes on a 6) as a response to the card (`postResponse`, action `d6ResistCP`). The active GM
 * re-derives it: the responder owns the target, the count is within the target's limit now, the
 * dice are that many exploding d6; it spends the points on the target and amends its record of
 * the card with the bonus, which "apply" then adds to the Strength total. Once per target; not in
 * a round the target spent a Force Point (000:L835).
 */
import { OmnibusError, refused } from "../../../core/errors";
import { CHARACTER_POINT_CAPS } from "../../../rules/d6";
import { resistCPLimit } from "../../../rules/d6/table/checks";
import { cardStateOf, isMarked, postResponse, userOwns, documentOf } from "../../chat/actions";
import { parseIndex } from "../../chat/requests";
import { facesFromRoll } from "../../../rules/table/faces";
import { responseMode } from "../../compat";
import { localize, notify } from "../../i18n";
import type { ChatAction, ChatActionContext, PlannedAction } from "../../ruleset";
import { templatePath } from "../../templates/helpers";
import { diceFaces, planDamage, type D6CardContext, type DamageTarget } from "../../../rules/d6/table/cards";
import { D6CharacterPointRoll } from "../rolls";
import { readSettings } from "../settings";

export type ActorDoc = {
  uuid: string;
  name: string;
  img?: string | null;
  system: Record<string, unknown>;
};

// How many CP a target may spend is the table's decision (rules/d6/table/checks.ts).
export { resistCPLimit };

type CPTarget = DamageTarget & { cpBonus?: number; cpCount?: number };

function damageTargets(state: Record<string, unknown>): CPTarget[] {
  const d6 = (state.d6 ?? {}) as Record<string, unknown>;
  const targets = (d6.damage as { targets?: CPTarget[] } | undefined)?.targets;
  return Array.isArray(targets) ? targets : [];
}

/**
 * The CP dice a set of faces makes: `count` d6, each exploding on a 6 (000:L427), every face used.
 * Throws when the faces do not make exactly that (a forged or foreign roll).
 */
export function cpDiceFromFaces(faces: number[], count: number): { faces: number[][]; total: number } {
  const dice: number[][] = [];
  let i = 0;
  for (let n = 0; n < count; n++) {
    const die: number[] = [];
    do {
      const face = faces[i++];
      if (!Number.isInteger(face) || face < 1 || face > 6)
        throw new OmnibusError("diceMismatch", "Character Point dice are d6", { sides: "6" });
      die.push(face);
    } while (die[die.length - 1] === 6);
    dice.push(die);
  }
  if (i !== faces.length) throw new OmnibusError("diceMismatch", "more dice than the Character Points spent", { sides: "6" });
  return { faces: dice, total: dice.flat().reduce((a, b) => a + b, 0) };
}

/** Asks how many CP to spend (1…max); null when the dialog is closed. `keys` name the dialog's title and question. */
export async function askCPCount(max: number, name: string, keys: { title: string; question: string }): Promise<number | null> {
  const buttons = Array.from({ length: max }, (_, i) => ({ action: String(i + 1), label: String(i + 1), default: i === 0 }));
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: localize(keys.title, { name }) },
    content: `<p>${localize(keys.question, { max })}</p>`,
    buttons,
    rejectClose: false,
  } as never);
  const n = Number(answer);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

/**
 * Rolls `count` CP dice in the spender's chat mode (kept whispered when the card is, compat.ts),
 * shows them on a D6 card whose title, total and lines `card` gives from the dice's total, and posts
 * them as the response `action` to the card (resist-CP and CP-after share this).
 */
export async function rollAndPostCP(
  message: ChatMessage.Implementation,
  response: { action: string; target: string | null; count: number; actor: ActorDoc },
  card: (bonus: number) => Pick<D6CardContext, "title" | "total" | "lines">,
): Promise<void> {
  const roll = D6CharacterPointRoll.ofDice(response.count);
  const mode = responseMode(message as never);
  await roll.evaluate(mode.evaluate);
  const bonus = roll.outcome!.total;
  const context: D6CardContext = {
    subtitle: "",
    img: response.actor.img ?? "",
    dice: diceFaces({
      code: { dice: 0, pips: 0 },
      dice: [],
      wild: [],
      cp: roll.outcome!.faces,
      pips: 0,
      total: bonus,
      wildOne: false,
      complication: false,
      removed: [],
    }),
    outcome: null,
    quality: null,
    complication: false,
    outcomes: [],
    buttons: [],
    ...card(bonus),
  };
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("d6/chat/check-card"), { ...context, ruleset: "d6" });
  await postResponse(message, response.action, response.target, {
    rolls: [roll as unknown as Roll],
    choices: { count: String(response.count) },
    content,
    actor: response.actor as never,
    rollMode: mode.mode,
  });
}

/** The GM's reading of a CP response: its count (1…max) and its dice, exactly that many exploding d6. */
export function cpResponse(context: ChatActionContext, max: number): { count: number; faces: number[]; total: number } {
  const count = parseIndex(context.response?.choices.count ?? "", CHARACTER_POINT_CAPS.resistDamage);
  if (count === null || count < 1 || count > max)
    throw new OmnibusError("outOfRange", "Character Points on this roll", {
      name: "count",
      value: context.response?.choices.count ?? "",
      min: "1",
      max: String(max),
    });
  const faces = (context.response?.rolls ?? []).flatMap((r) => facesFromRoll(r as never).map((f) => (f.sides === 6 ? f.face : 0)));
  return { count, faces, total: cpDiceFromFaces(faces, count).total };
}

/** The owner's click: choose the count, roll the CP dice, and post them as a response to the card. */
async function spendResistCP({ message, target: key, state }: ChatActionContext): Promise<void> {
  const index = parseIndex(key);
  const target = index === null ? undefined : damageTargets(state)[index];
  if (!target) throw refused("NotOnCard", "no such target on this card");
  if (isMarked(message, "d6ApplyDamage", key)) {
    notify("warn", "OMNIBUS.D6.ResistCP.TooLate", { name: target.name });
    return;
  }
  if (target.cpBonus !== undefined) {
    notify("warn", "OMNIBUS.D6.ResistCP.AlreadySpent", { name: target.name });
    return;
  }
  const actor = await documentOf<ActorDoc>(target.actorUuid);
  if (!actor) throw refused("TargetGone", "the target no longer exists", { name: target.name });
  const max = resistCPLimit(actor.system);
  if (max < 1) {
    notify("warn", "OMNIBUS.D6.ResistCP.None", { name: target.name });
    return;
  }
  const count = await askCPCount(max, target.name, { title: "OMNIBUS.D6.ResistCP.Title", question: "OMNIBUS.D6.ResistCP.Question" });
  if (!count) return;
  await rollAndPostCP(message, { action: "d6ResistCP", target: key, count, actor }, (bonus) => {
    const resistTotal = target.resistTotal + bonus;
    const preview = planDamage(
      { ...target, resistTotal },
      { woundLevel: String(actor.system.woundLevel ?? "healthy"), stuns: Number(actor.system.stuns ?? 0) },
      readSettings(),
    );
    return {
      title: localize("OMNIBUS.D6.ResistCP.Title", { name: target.name }),
      total: bonus,
      lines: [
        { label: "OMNIBUS.D6.ResistCP.Spent", value: String(count) },
        { label: "OMNIBUS.D6.Card.DamageVsStrength", value: `${target.damageTotal} − ${resistTotal} (${target.resistTotal} + ${bonus})` },
        {
          label: "OMNIBUS.D6.ResistCP.NowResult",
          value: localize(preview.knockedOut ? "OMNIBUS.D6.DamageResult.knockedOut" : `OMNIBUS.D6.DamageResult.${preview.result}`),
        },
      ],
    };
  });
}

/** The GM's side: re-derive the spend from the target's actor and the response's dice; spend the points; amend the card. */
async function planResistCP(context: ChatActionContext): Promise<PlannedAction> {
  const index = parseIndex(context.target);
  const targets = damageTargets(context.state);
  const target = index === null ? undefined : targets[index];
  if (!target || target.vehicle) throw refused("NotOnCard", "no such target on this card");
  if (isMarked(context.message, "d6ApplyDamage", context.target))
    throw refused("DamageApplied", "the damage was already applied", { name: target.name });
  const actor = await documentOf<ActorDoc>(target.actorUuid);
  if (!actor) throw refused("TargetGone", "the target no longer exists", { name: target.name });
  const { count, total } = cpResponse(context, resistCPLimit(actor.system));
  const state = structuredClone(context.state);
  const next = damageTargets(state)[index!];
  next.cpBonus = total;
  next.cpCount = count;
  return {
    changes: [{ uuid: actor.uuid, update: { "system.characterPoints": Math.trunc(Number(actor.system.characterPoints ?? 0)) - count } }],
    state,
    summary: { key: "OMNIBUS.D6.ResistCP.Applied", data: { count, bonus: total, name: target.name } },
  };
}

function ownsTarget({ user, target, state }: ChatActionContext): boolean {
  const index = parseIndex(target);
  return index !== null && userOwns(damageTargets(state)[index]?.actorUuid ?? null, user);
}

/** `d6SpendResistCP`: for the target's owner (or the GM); the GM records it once per target (`d6ResistCP`). */
export const spendResistCPAction: ChatAction = {
  run: spendResistCP,
  repeatable: true,
  permitted: ownsTarget,
  visible: (message, user) => user.isGM || damageTargets(cardStateOf(message)).some((t) => userOwns(t.actorUuid, user)),
};

export const recordResistCPAction: ChatAction = {
  plan: planResistCP,
  response: true,
  permitted: ownsTarget,
  targets: (state) => damageTargets(state).flatMap((t, i) => (t.vehicle ? [] : [String(i)])),
  visible: () => false,
};

/** Removes the CP buttons of targets the user does not own (the plumbing's `visible` is per action, not per button). */
export function hideForeignResistButtons(
  message: ChatMessage.Implementation,
  html: HTMLElement,
  user: User.Implementation | null | undefined,
): void {
  if (!user || user.isGM) return;
  const targets = damageTargets(cardStateOf(message));
  for (const button of Array.from(html.querySelectorAll<HTMLElement>('[data-action="d6SpendResistCP"]'))) {
    const index = parseIndex(button.dataset.target);
    if (index === null || !userOwns(targets[index]?.actorUuid ?? null, user)) button.remove();
  }
}
