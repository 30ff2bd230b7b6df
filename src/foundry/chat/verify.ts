/**
 * The GM's re-derivation of a card's own (first) roll (issue 10, point 3). A player creates their
 * check card on their own client, with their own dice and their own flags: everything in it is a
 * claim. When the active GM records a card a player created, it builds the check again:
 *
 *  - the origin (`flags.omnibus.origin`, cards.ts `cardOrigin`) names the actor, the item, the
 *    kind and dataset the check was built from, its targets and the dialog's values as strings;
 *  - the author (as Foundry's server reported it) must own that actor;
 *  - the targets are read against the GM's own scene (`rederiveTargets`): the tokens, their actors
 *    and the distances the scene measures replace the claimed ones, or the card is refused;
 *  - the check is rebuilt by the ruleset's own `checks.build` from the actor's current data (so its
 *    Active Effects count exactly as on the roller's client), the values are read from the choices
 *    against the rebuilt dialog's fields (choices.ts, the same reader the second rolls use);
 *  - the ruleset's `checks.rederive.check` plans the pool from them, reads the card's Rolls' faces
 *    against that plan (count, range, every face used) and recomputes the result with the pure rules;
 *    a claimed result that differs is refused.
 *
 * A ruleset may name its own reason (`CardRefused`, thrown from its rebuild or its check: a WFRP
 * extended test's step, wfrp/extended/checks.ts) and write what a card that holds changes
 * (`rederive.apply`, after the spend, once).
 *
 * A card that fails is recorded as forged (`tampered.forged` = the reason) and none of its actions
 * apply. Dice a player rolls remain bounded, not proven: a player can still choose faces that the
 * formula allows.
 *
 * What a re-derived roll spends (D6 Character Points, a new Force Point, a used-up medpac) is the
 * GM's to spend, never the roller's client's: a player's roll that spends something is not rolled
 * without an active GM (`assertSpender`), the client leaves the spend (`gmSpends`), and the active GM,
 * rebuilding from the actor as it is now, first refuses a claim the actor cannot pay or the rules
 * forbid (the kind's `refuseSpend`: a clear reason, the card's actions refused, nothing changed),
 * then applies the kind's `spend` (and `statuses`: a Silhouette climber's losing grip) once the card holds. So a card cannot claim points its actor
 * does not have, and nothing is spent twice: cards are verified one at a time (two cards cannot
 * spend the same points), a card is verified only when its record does not exist yet (a replayed
 * creation applies nothing: actions.ts `onCreateMessage`), and a card the GM did not see created
 * spends nothing and is refused if it claims a spend (nobody can show it was paid). A GM's own
 * roll carries no origin and spends on the GM's client, once, as it rolls.
 */
import { isOmnibusError } from "../i18n";
import { activeRuleset } from "../registry";
import type { CheckRequest, CheckValues, TargetInfo } from "../ruleset";
import { rederiveTargets } from "../../rules/table/targets";
import { measureClaimedTargets } from "../targets";
import { valuesFromChoices } from "./choices";
import { serialQueue } from "../../core/serial";
import { refused } from "../../core/errors";

/** Why a card was refused (an i18n key under OMNIBUS.Chat.Forged). */
export type ForgedReason =
  | "NoOrigin"
  | "NotOwner"
  | "NotRebuilt"
  | "Choices"
  | "Dice"
  | "Result"
  | "Targets"
  | "Unowned"
  | "NotSpent"
  // What a card claims to spend, refused by its ruleset (`refuseSpend`; D6: `spendRefusal`).
  | "CharacterPoints"
  | "PointsInForceRound"
  | "ForcePoint"
  | "NoneLeft"
  | "PointsUnseen"
  /** An extended test's step: the running total or status is not the GM's record plus this roll. */
  | "StepTotal"
  /** An extended test's step that continues a tracker which is not the acting actor's. */
  | "StepOtherTest"
  /** An extended test's step the GM's record already has (a card posted again). */
  | "StepReplayed"
  /** An extended test's step after the test was over. */
  | "StepAfterEnd";

/** A card refused for a reason the ruleset names (thrown from its `build` on the GM's rebuild, or from `rederive.check`). */
export class CardRefused extends Error {
  constructor(readonly reason: ForgedReason) {
    super(`the card is refused: ${reason}`);
  }
}

/** A claimed value that is not what the GM derived. */
export class ClaimMismatch extends Error {
  constructor(readonly what: string) {
    super(`the card's ${what} is not what its dice give`);
  }
}

/** Throws ClaimMismatch when `claimed` is not `expected` (compared as plain data). */
export function expectClaim(what: string, claimed: unknown, expected: unknown): void {
  if (JSON.stringify(claimed ?? null) !== JSON.stringify(expected ?? null)) throw new ClaimMismatch(what);
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const isStringMap = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.keys(v).length <= 64 && Object.values(v).every((x) => typeof x === "string" && x.length <= 200);

interface Origin {
  kind: string;
  dataset: Record<string, string>;
  actorUuid: string;
  itemUuid: string | null;
  targets: TargetInfo[];
  choices: Record<string, string>;
}

function parseOrigin(value: unknown): Origin | null {
  if (!isRecord(value)) return null;
  const { kind, dataset, actorUuid, itemUuid, targets, choices } = value;
  if (typeof kind !== "string" || typeof actorUuid !== "string" || !actorUuid) return null;
  if (!isStringMap(dataset) || !isStringMap(choices)) return null;
  if (itemUuid !== null && itemUuid !== undefined && typeof itemUuid !== "string") return null;
  if (!Array.isArray(targets) || targets.length > 64 || !targets.every(isRecord)) return null;
  return {
    kind,
    dataset,
    actorUuid,
    itemUuid: (itemUuid as string | null | undefined) ?? null,
    targets: structuredClone(targets) as unknown as TargetInfo[],
    choices,
  };
}

function reasonOf(error: unknown): ForgedReason {
  if (error instanceof CardRefused) return error.reason;
  if (error instanceof ClaimMismatch) return "Result";
  if (isOmnibusError(error)) {
    if (error.code === "outOfRange" || error.code === "badArgument" || error.code === "refused") return "Choices";
    return "Dice";
  }
  return "Dice";
}

type Owned = { testUserPermission?(user: unknown, level: string): boolean };

/**
 * Whether the active GM, not this client, spends what a roll costs its actor: the card will be
 * re-derived (`covers`), this user is a player and an active GM is there to see the card created.
 */
export function gmSpends(covers: boolean): boolean {
  return covers && !game.user?.isGM && Boolean(game.users?.activeGM);
}

/**
 * Before a roll that spends something (`spends`): a player's re-derived roll needs the active GM,
 * who alone spends it; without one it is refused and nothing is rolled (the GM could never show
 * the points were paid). A GM's roll, or one the GM does not re-derive, spends on its own client.
 */
export function assertSpender(covers: boolean, spends: boolean): void {
  if (spends && covers && !game.user?.isGM && !game.users?.activeGM)
    throw refused("SpendNeedsGM", "no active GM to spend the roll's points");
}

/**
 * What the GM re-derived of a card that holds: the origin it was rebuilt from (the actor the author
 * owns, the kind and dataset), the values read from its choices, and the first roll's outcome as the
 * ruleset recomputed it from the faces (`checks.rederive.check`'s answer; null when it gives none).
 */
export interface VerifiedCard {
  actorUuid: string;
  kind: string;
  dataset: Record<string, string>;
  request: CheckRequest;
  values: CheckValues;
  outcome: unknown;
}

/** The GM's verdict on a card: `forged` (the reason) or null; `verified` only when the card was re-derived and holds. */
export interface Verdict {
  forged: ForgedReason | null;
  verified: VerifiedCard | null;
}

/** Runs `fn` after every earlier verification on this client: a card's spend lands before the next card is rebuilt. */
const oneAtATime = serialQueue();

/**
 * Re-derives a card a player created (the active GM). `seenCreated`: from the `createChatMessage`
 * hook (the GM then spends the roll's points once the card holds); false for a card recorded
 * later (its roller spent them). `forged` is null when the card holds, or when the ruleset does not
 * re-derive this kind of card (a GM's card is not re-derived; then `verified` is null too), else
 * the reason it is refused.
 */
export function verifyCard(state: Record<string, unknown>, rolls: unknown[], authorId: string, seenCreated = true): Promise<Verdict> {
  return oneAtATime(async () => {
    const verdict = await verifyNow(state, rolls, authorId, seenCreated);
    return typeof verdict === "string" || verdict === null ? { forged: verdict, verified: null } : { forged: null, verified: verdict };
  });
}

async function verifyNow(
  state: Record<string, unknown>,
  rolls: unknown[],
  authorId: string,
  seenCreated: boolean,
): Promise<ForgedReason | VerifiedCard | null> {
  const author = game.users?.get(authorId) as User.Implementation | undefined;
  if (!author || author.isGM) return null;
  const checks = activeRuleset()?.checks;
  const rederive = checks?.rederive;
  if (!checks || !rederive || !rederive.covers(state)) return null;
  const origin = parseOrigin(state.origin);
  if (!origin) return "NoOrigin";
  const actor = (await fromUuid(origin.actorUuid as never)) as (Actor.Implementation & Owned) | null;
  if (!actor || !actor.testUserPermission?.(author, "OWNER")) return "NotOwner";
  // The item must be the actor's own: looked up among its items, never by the claimed uuid alone.
  let item: Item.Implementation | null = null;
  if (origin.itemUuid) {
    const prefix = `${String((actor as { uuid?: string }).uuid)}.Item.`;
    const id = origin.itemUuid.startsWith(prefix) ? origin.itemUuid.slice(prefix.length) : "";
    item =
      (id
        ? ((actor as unknown as { items?: { get(id: string): unknown } }).items?.get(id) as Item.Implementation | undefined)
        : undefined) ?? null;
    if (!item) return "NotOwner";
  }
  // The targets as the GM's own scene has them: the tokens named, their actors, the distances.
  // A target without a token (a healing card's patient) only when the author owns its actor.
  const owned = new Set<string>();
  for (const claim of origin.targets)
    if (!claim.tokenUuid && typeof claim.actorUuid === "string" && claim.actorUuid) {
      try {
        const named = (await fromUuid(claim.actorUuid as never)) as Owned | null;
        if (named?.testUserPermission?.(author, "OWNER")) owned.add(claim.actorUuid);
      } catch {
        /* not an actor the GM can find: not owned */
      }
    }
  const targets = rederiveTargets(origin.targets, await measureClaimedTargets(origin.actorUuid, origin.targets), owned);
  if ("refused" in targets) {
    console.warn(`Omnibus | a card's target ${targets.index + 1} was refused: ${targets.refused}`);
    return targets.refused === "unowned" ? "Unowned" : "Targets";
  }
  const source = { actor, item, kind: origin.kind, dataset: origin.dataset, targets: targets.targets, choices: origin.choices };
  // What the card claims to spend, against the actor as it is now (before anything is rebuilt).
  const spendRefused = rederive.refuseSpend?.({ source, seenCreated }) ?? null;
  if (spendRefused) return spendRefused as ForgedReason;
  let request: CheckRequest | null;
  let values: CheckValues;
  try {
    request = await checks.build(source);
    if (!request) return "NotRebuilt";
    values = valuesFromChoices(request.fields, request.values, origin.choices);
  } catch (error) {
    if (error instanceof CardRefused) return error.reason;
    return isOmnibusError(error) && (error.code === "outOfRange" || error.code === "badArgument") ? "Choices" : "NotRebuilt";
  }
  let outcome: unknown;
  try {
    outcome = await rederive.check({ request, values, rolls, state });
  } catch (error) {
    console.warn("Omnibus | a card's claim was refused:", error instanceof Error ? error.message : error);
    return reasonOf(error);
  }
  // The spend, once: this card is new (its record is written after this answer) and verified alone.
  const spend = seenCreated ? ((await rederive.spend?.({ request, values, rolls })) ?? []) : [];
  for (const change of spend) {
    if (!change.update || Object.keys(change.update).length === 0) continue;
    try {
      const doc = (await fromUuid(change.uuid as never)) as { update(data: unknown): Promise<unknown> } | null;
      if (!doc) return "NotSpent";
      await doc.update(change.update);
    } catch (error) {
      console.error("Omnibus | what a card's roll spends could not be taken", error);
      return "NotSpent";
    }
  }
  const statuses = seenCreated ? (rederive.statuses?.({ request, values, rolls }) ?? {}) : {};
  const toggle = (actor as { toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> }).toggleStatusEffect;
  for (const [id, active] of Object.entries(statuses)) {
    try {
      await toggle?.call(actor, id, { active });
    } catch (error) {
      console.error(`Omnibus | the status "${id}" a card's roll sets could not be set on its actor`, error);
    }
  }
  // What a card that holds changes besides its spend (an extended test's tracker), once, by the GM.
  if (rederive.apply) {
    try {
      await rederive.apply({ request, values, state, outcome });
    } catch (error) {
      console.error("Omnibus | what a card's roll changes could not be written", error);
    }
  }
  return { actorUuid: origin.actorUuid, kind: origin.kind, dataset: { ...origin.dataset }, request, values, outcome: outcome ?? null };
}
