/**
 * How far a token moved this round (digest §5.1 [AUTOMATE]): the mover's client adds each movement's
 * measured distance (Foundry's `moveToken` hook) to a flag on the token, keyed by combat and round,
 * so a new round starts from 0 without any reset write. Plain functions first; the hook last.
 */
export const MOVED_FLAG = "silhouetteMoved";

export interface MovementRecord {
  combatId: string | null;
  round: number;
  metres: number;
}

/** The record after moving `metres` more in this combat round. */
export function addMovement(
  record: MovementRecord | null | undefined,
  combatId: string | null,
  round: number,
  metres: number,
): MovementRecord {
  const add = Number.isFinite(metres) && metres > 0 ? metres : 0;
  if (!record || record.combatId !== combatId || record.round !== round) return { combatId, round, metres: Math.round(add * 100) / 100 };
  return { combatId, round, metres: Math.round((record.metres + add) * 100) / 100 };
}

/** Metres moved this round; null outside combat (no round to count in). */
export function movedThisRound(record: MovementRecord | null | undefined, combatId: string | null, round: number): number | null {
  if (combatId === null) return null;
  if (!record || record.combatId !== combatId || record.round !== round) return 0;
  return record.metres;
}

interface TokenDocLike {
  id?: string | null;
  getFlag?(scope: string, key: string): unknown;
  setFlag?(scope: string, key: string, value: unknown): Promise<unknown>;
  combatant?: unknown;
}

/** The active combat's id and round, or nulls. */
export function currentRound(): { combatId: string | null; round: number } {
  const combat = (globalThis as { game?: { combat?: { id?: string; started?: boolean; round?: number } | null } }).game?.combat;
  if (!combat?.started || !combat.id) return { combatId: null, round: 0 };
  return { combatId: combat.id, round: combat.round ?? 0 };
}

/** Metres a token moved this round, from its flag. */
export function tokenMovedThisRound(token: TokenDocLike | null | undefined): number | null {
  const { combatId, round } = currentRound();
  const record = token?.getFlag?.("omnibus", MOVED_FLAG) as MovementRecord | undefined;
  return movedThisRound(record, combatId, round);
}

/** The `moveToken` hook: the moving user's client records the distance. */
export async function onMoveToken(
  token: TokenDocLike,
  movement: { passed?: { distance?: number } } | null,
  _operation: unknown,
  user: { id?: string } | null,
): Promise<void> {
  const me = (globalThis as { game?: { user?: { id?: string } } }).game?.user;
  if (!me || user?.id !== me.id) return;
  const { combatId, round } = currentRound();
  if (combatId === null || !token.setFlag) return;
  const metres = Number(movement?.passed?.distance ?? 0);
  const record = token.getFlag?.("omnibus", MOVED_FLAG) as MovementRecord | undefined;
  await token.setFlag("omnibus", MOVED_FLAG, addMovement(record, combatId, round, metres));
}
