/**
 * Character Points on the Strength roll against damage (000:L427, L817: up to 5 per roll): the
 * damage card offers each target's owner a "spend CP" button until that target's damage is applied.
 * The owner picks how many (within the cap and the points it has), the CP dice are rolled (each
 * explodes on a 6), and the target's ONE update spends the points and records the bonus for this
 * card and target (`flags.omnibus.d6.resistCP.<message>-<index>`), which "apply" then adds to the
 * Strength total. Not in a round the target spent a Force Point (000:L835).
 */
import { OmnibusError } from "../../core/errors";
import { CHARACTER_POINT_CAPS } from "../../rules/d6";
import { appliedKey, isApplied } from "../chat/actions";
import { postCard } from "../chat/cards";
import { localize, notify } from "../i18n";
import type { ChatAction, ChatActionContext } from "../ruleset";
import { templatePath } from "../templates/helpers";
import { diceFaces, planDamage, type D6CardContext, type DamageTarget } from "./card-logic";
import { D6CharacterPointRoll } from "./roll";
import { readSettings } from "./settings";

type ActorDoc = {
  uuid: string;
  name: string;
  img?: string | null;
  isOwner?: boolean;
  system: Record<string, unknown>;
  flags?: Record<string, Record<string, unknown> | undefined>;
  update(d: Record<string, unknown>): Promise<unknown>;
  testUserPermission?(user: unknown, level: string): boolean;
};

/** The flag key of a CP bonus for one target of one damage card. */
export function resistBonusKey(messageId: string, index: number | string): string {
  return `${messageId}-${index}`.replace(/[^A-Za-z0-9_-]/g, "_");
}

/** The CP bonus a target recorded for a damage card (0 when none). */
export function resistBonusOf(actor: { flags?: Record<string, Record<string, unknown> | undefined> } | null | undefined, messageId: string, index: number | string): number {
  const all = (actor?.flags?.omnibus?.d6 as Record<string, unknown> | undefined)?.resistCP as Record<string, { total?: number }> | undefined;
  const total = all?.[resistBonusKey(messageId, index)]?.total;
  return typeof total === "number" && Number.isFinite(total) ? total : 0;
}

/** How many CP a target may spend on this Strength roll: the cap (5) and its points; none in a Force Point round. */
export function resistCPLimit(system: Record<string, unknown>): number {
  if (((system.round ?? {}) as Record<string, unknown>).forcePoint === true) return 0;
  return Math.max(0, Math.min(CHARACTER_POINT_CAPS.resistDamage, Math.trunc(Number(system.characterPoints ?? 0))));
}

function damageTargets(message: ChatMessage.Implementation): DamageTarget[] {
  const d6 = ((message.flags as Record<string, Record<string, unknown> | undefined>).omnibus?.d6 ?? {}) as Record<string, unknown>;
  return ((d6.damage as { targets?: DamageTarget[] } | undefined)?.targets ?? []) as DamageTarget[];
}

function ownsActor(uuid: string | null | undefined, user: User.Implementation): boolean {
  if (!uuid) return false;
  const actor = fromUuidSync(uuid as never) as unknown as ActorDoc | null;
  if (!actor) return false;
  if (actor.testUserPermission) return actor.testUserPermission(user, "OWNER");
  return Boolean(actor.isOwner);
}

/** Asks how many CP to spend (1…max); null when the dialog is closed. */
async function askCount(max: number, name: string): Promise<number | null> {
  const buttons = Array.from({ length: max }, (_, i) => ({ action: String(i + 1), label: String(i + 1), default: i === 0 }));
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: localize("OMNIBUS.D6.ResistCP.Title", { name }) },
    content: `<p>${localize("OMNIBUS.D6.ResistCP.Question", { max })}</p>`,
    buttons,
    rejectClose: false,
  } as never);
  const n = Number(answer);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

async function spendResistCP({ message, user, payload }: ChatActionContext): Promise<void> {
  const index = Number(payload.index);
  const target = damageTargets(message)[index];
  if (!target || !Number.isInteger(index)) throw new OmnibusError("badArgument", "no such target on this card", { name: "index", value: payload.index ?? "" });
  if (isApplied(message, appliedKey("d6ApplyDamage", { key: String(index) }))) {
    notify("warn", "OMNIBUS.D6.ResistCP.TooLate", { name: target.name });
    return;
  }
  const actor = (await fromUuid(target.actorUuid as never)) as unknown as ActorDoc | null;
  if (!actor) throw new OmnibusError("badArgument", "the target no longer exists", { name: "target", value: target.name });
  if (resistBonusOf(actor, message.id ?? "", index) > 0) {
    notify("warn", "OMNIBUS.D6.ResistCP.AlreadySpent", { name: target.name });
    return;
  }
  const max = resistCPLimit(actor.system);
  if (max < 1) {
    notify("warn", "OMNIBUS.D6.ResistCP.None", { name: target.name });
    return;
  }
  const count = await askCount(max, target.name);
  if (!count) return;
  const roll = D6CharacterPointRoll.ofDice(count);
  await roll.evaluate();
  const bonus = roll.outcome!.total;
  await actor.update({
    "system.characterPoints": Math.trunc(Number(actor.system.characterPoints ?? 0)) - count,
    [`flags.omnibus.d6.resistCP.${resistBonusKey(message.id ?? "", index)}`]: { total: bonus, count, userId: user.id },
  });
  const settings = readSettings();
  const resistTotal = target.resistTotal + bonus;
  const preview = planDamage({ ...target, resistTotal }, { woundLevel: String(actor.system.woundLevel ?? "healthy"), stuns: Number(actor.system.stuns ?? 0) }, settings);
  const context: D6CardContext = {
    title: localize("OMNIBUS.D6.ResistCP.Title", { name: target.name }),
    subtitle: "",
    img: actor.img ?? "",
    dice: diceFaces({ code: { dice: 0, pips: 0 }, dice: [], wild: [], cp: roll.outcome!.faces, pips: 0, total: bonus, wildOne: false, complication: false, removed: [] }),
    total: bonus,
    outcome: null,
    quality: null,
    complication: false,
    lines: [
      { label: "OMNIBUS.D6.ResistCP.Spent", value: String(count) },
      { label: "OMNIBUS.D6.Card.DamageVsStrength", value: `${target.damageTotal} − ${resistTotal} (${target.resistTotal} + ${bonus})` },
      { label: "OMNIBUS.D6.ResistCP.NowResult", value: localize(preview.knockedOut ? "OMNIBUS.D6.DamageResult.knockedOut" : `OMNIBUS.D6.DamageResult.${preview.result}`) },
    ],
    outcomes: [],
    buttons: [],
  };
  await postCard({ template: templatePath("d6/chat/check-card"), context, actor: actor as never, rolls: [roll as unknown as Roll] });
}

/** `d6SpendResistCP`: for the target's owner (or the GM), repeatable per card until applied (the flag allows one spend per target). */
export const spendResistCPAction: ChatAction = {
  run: spendResistCP,
  repeatable: true,
  permitted: ({ message, user, payload }) => user.isGM || ownsActor(damageTargets(message)[Number(payload.index)]?.actorUuid, user),
  visible: (message, user) => user.isGM || damageTargets(message).some((t) => ownsActor(t.actorUuid, user)),
};

/** Removes the CP buttons of targets the user does not own (the plumbing's `visible` is per action, not per button). */
export function hideForeignResistButtons(message: ChatMessage.Implementation, html: HTMLElement, user: User.Implementation | null | undefined): void {
  if (!user || user.isGM) return;
  const targets = damageTargets(message);
  for (const button of Array.from(html.querySelectorAll<HTMLElement>('[data-action="d6SpendResistCP"]'))) {
    if (!ownsActor(targets[Number(button.dataset.index)]?.actorUuid, user)) button.remove();
  }
}
