/**
 * Tokens for target tests: each is placed on the stand-ins' scene "Scene.s" (so the GM's
 * re-derivation finds it and measures it with the scene's grid, src/foundry/targets.ts
 * `measureClaimedTargets`) and returned as the canvas placeable the roller's client measures
 * (`describeTargets`). `x` is in pixels along one row; the scene's grid is 100 px per `distance`
 * units (default 1 m).
 */
import type { StandIns } from "./foundry-stand-ins";

export function sceneToken(stand: StandIns, name: string, actorUuid: string | null, x: number, y = 0) {
  const actor = actorUuid ? ((stand.documents.get(actorUuid) as { uuid?: string } | undefined) ?? { uuid: actorUuid }) : null;
  const doc = stand.placeToken(`Scene.s.Token.${name}`, actor, { x: x / 100, y: y / 100 }, { name });
  const center = (doc.getCenterPoint as () => { x: number; y: number })();
  return { center, name, document: doc, actor: actorUuid ? { uuid: actorUuid } : null };
}

/**
 * Puts `target`'s token `tokenUuid` on the stand-ins' scene `distance` units from a token of
 * `shooter` (placed once at the origin), so that a claimed target at that distance is what the GM
 * measures. The first call makes the scene, in `units`.
 */
export function placeTarget(
  stand: StandIns,
  tokenUuid: string,
  target: { uuid?: string } | null,
  shooter: { uuid: string },
  distance: number,
  options: { units?: string; name?: string; y?: number } = {},
): void {
  const shooterToken = `Scene.s.Token.by-${shooter.uuid.split(".").at(-1)}`;
  if (!stand.documents.has(shooterToken)) stand.placeToken(shooterToken, shooter, { x: 0, y: 0 }, { units: options.units });
  stand.placeToken(tokenUuid, target, { x: distance, y: options.y ?? 0 }, { name: options.name });
}
