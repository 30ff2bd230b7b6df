/**
 * A one-shot click on the map: resolves with the clicked point in scene coordinates, or null when
 * the user cancels (right click or Escape, which goes no further) or there is no canvas. The only place that listens to
 * the canvas directly, so a Foundry version difference is one change here.
 *
 * v13 (PIXI 7 federated events): `canvas.stage.once("pointerdown", …)` and the event's
 * `getLocalPosition(canvas.stage)` — as v13 systems and modules do for "click a point" prompts.
 */
import { windowOf } from "./compat";
import type { Point } from "./targets";

interface StageLike {
  on(event: string, fn: (event: PointerLike) => void): unknown;
  off(event: string, fn: (event: PointerLike) => void): unknown;
}
interface PointerLike {
  button?: number;
  data?: { button?: number; getLocalPosition?(stage: unknown): Point };
  getLocalPosition?(stage: unknown): Point;
  stopPropagation?(): void;
}

/**
 * `origin`: an element of the app that asked (e.g. the clicked sheet button). Escape is listened
 * for on the main window and on `origin`'s own window — a v14 popped-out app lives in another
 * browser window, whose keys the main window does not see.
 */
export function pickCanvasPoint(origin?: Node | null): Promise<Point | null> {
  const c = (globalThis as { canvas?: { ready?: boolean; stage?: StageLike | null } }).canvas;
  const stage = c?.ready ? c.stage : null;
  if (!stage) return Promise.resolve(null);
  const windows = [
    ...new Set<Pick<Window, "addEventListener" | "removeEventListener">>([globalThis as unknown as Window, windowOf(origin)]),
  ];
  return new Promise((resolve) => {
    const finish = (point: Point | null) => {
      stage.off("pointerdown", onDown);
      for (const w of windows) w.removeEventListener?.("keydown", onKey as EventListener, true);
      resolve(point);
    };
    const onDown = (event: PointerLike) => {
      const button = event.button ?? event.data?.button ?? 0;
      if (button === 2) return finish(null);
      if (button !== 0) return;
      const p = event.getLocalPosition?.(stage) ?? event.data?.getLocalPosition?.(stage);
      event.stopPropagation?.();
      finish(p ? { x: p.x, y: p.y } : null);
    };
    // Escape cancels the pick and nothing else: the event stops here (a capturing listener on the
    // window runs first), so Foundry's own Escape handling does not also close the open sheet.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      event.stopPropagation();
      finish(null);
    };
    stage.on("pointerdown", onDown);
    for (const w of windows) w.addEventListener?.("keydown", onKey as EventListener, true);
  });
}

/** The distance (scene units, along the grid) from a point to another on the viewed scene; null without a canvas. */
export function measureBetween(from: Point, to: Point): { distance: number; units: string } | null {
  const c = (globalThis as { canvas?: { ready?: boolean; grid?: { measurePath(w: Point[]): { distance: number }; units: string } | null } })
    .canvas;
  if (!c?.ready || !c.grid) return null;
  return { distance: c.grid.measurePath([from, to]).distance, units: c.grid.units };
}
