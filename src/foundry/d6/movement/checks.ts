/**
 * Movement at the table (§30–31): the sheet's "move" button builds a request (src/rules/d6/table/movement/checks.ts),
 * the roll dialog shows the exact odds, the roll posts a card (speed, metres, difficulty, and on a
 * miss the failure row), and the mover's new speed is recorded as ONE update through the
 * chat-action plumbing (`d6ApplySpeed`: locally for the owner, else by the active GM; once per card).
 */
import { refused } from "../../../core/errors";
import { requestChatAction, userOwns, documentOf } from "../../chat/actions";
import { cardOrigin, postCard } from "../../chat/cards";
import { assertSpender, gmSpends } from "../../chat/verify";
import { localize } from "../../i18n";
import type { ChatActionContext, CheckValues, DocumentChange, KindRequest } from "../../ruleset";
import { templatePath } from "../../templates/helpers";
import { diceFaces } from "../../../rules/d6/table/cards";
import { checkData } from "../../../rules/d6/table/checks";
import { type D6Settings } from "../../../rules/d6/table/settings";
import { movementCard, resolveMovement, type MovementCheckData, type RolledMovement } from "../../../rules/d6/table/movement/checks";
import { D6Roll } from "../rolls";
import { evaluateOptions } from "../../compat";

type Doc = {
  uuid: string;
  name: string;
  img?: string | null;
  system: Record<string, unknown>;
  update(d: Record<string, unknown>): Promise<unknown>;
};

/** Rolls a movement request (or not, when the move is automatic), posts the card and asks to record the speed. */
export async function rollMovement(
  request: KindRequest<MovementCheckData>,
  values: CheckValues,
  options: { rollMode: string },
  settings: D6Settings,
): Promise<unknown> {
  const r = resolveMovement(request, values, settings);
  const actor = await documentOf<Doc>(request.actorUuid);
  const seeDifficulty = !settings.hideDifficulty || Boolean(game.user?.isGM);
  const rolls: Roll[] = [];
  let rolled: RolledMovement | null = null;
  // A player's move leaves its CP to the active GM (none there: not rolled).
  assertSpender(true, r.difficulty !== null && r.characterPoints > 0);
  if (r.difficulty !== null) {
    const roll = D6Roll.fromSpec({
      code: r.code,
      wildDie: true,
      wildOne: settings.wildOne,
      characterPoints: r.characterPoints,
      kind: "skill",
      allowPipsOnly: settings.allowPipsOnly,
    });
    await roll.evaluate(evaluateOptions(options.rollMode));
    rolls.push(roll as unknown as Roll);
    rolled = { dice: diceFaces(roll.outcome!), total: roll.outcome!.total, complication: roll.outcome!.complication };
  }
  const context = movementCard(
    request,
    r,
    rolled,
    { img: actor?.img ?? "", seeDifficulty, hideSecrets: settings.hideDifficulty, tumble: settings.fallTumble },
    localize,
  );
  // A player's move leaves its Character Points to the GM, who spends them once the card holds (chat/verify.ts).
  if (actor && rolled && r.characterPoints > 0 && !gmSpends(true))
    await actor.update({ "system.characterPoints": checkData(request).characterPointsAvailable - r.characterPoints });
  const message = await postCard({
    template: templatePath("d6/chat/check-card"),
    context,
    actor: actor as never,
    rolls,
    rollMode: options.rollMode,
    flags: { d6: { movement: { actorUuid: request.actorUuid, speed: r.speed } } },
    origin: cardOrigin(request, values),
  });
  if (message?.id) void requestChatAction(message, "d6ApplySpeed", null);
  return message;
}

function movementOf(state: Record<string, unknown>): { actorUuid?: string; speed?: string } | undefined {
  return (state.d6 as Record<string, unknown> | undefined)?.movement as { actorUuid?: string; speed?: string } | undefined;
}

/** A GM, or the card's author when they own the mover (checked on the GM). */
export function moverPermitted({ user, authorId, state }: ChatActionContext): boolean {
  if (user.isGM) return true;
  const uuid = movementOf(state)?.actorUuid;
  return authorId === user.id && Boolean(uuid) && userOwns(uuid!, user);
}

/** `d6ApplySpeed`: records the speed the card moved at on the mover (what the next move may change from). */
export async function planApplySpeed({ state }: ChatActionContext): Promise<DocumentChange[]> {
  const movement = movementOf(state);
  if (!movement?.actorUuid || !movement.speed) throw refused("WrongCard", "this card has no movement");
  const actor = await documentOf<Doc>(movement.actorUuid);
  if (!actor) throw refused("ActorGone", "the mover no longer exists");
  return [{ uuid: actor.uuid, update: { "flags.omnibus.d6.speed": movement.speed } }];
}
