import { ZOOM } from '@shotlib/contract';

/**
 * The viewer's zoom and pan as pure functions (docs/product-spec.md §2 and §9, constants ZOOM in the contract):
 * buttons and + − zoom by 0.2, ctrl/meta + wheel by 0.05, always within 0.1…5; zooming out by a
 * step is only possible while the scale is above 0.4; reset gives scale 1 and offset 0.
 */
export type View = { scale: number; x: number; y: number };

export const INITIAL_VIEW: View = Object.freeze({ scale: 1, x: 0, y: 0 });

/** Two decimals: repeated steps of 0.2 must land on 0.6, not 0.6000000000000001. */
const round = (value: number) => Math.round(value * 100) / 100;

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return INITIAL_VIEW.scale;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, round(scale)));
}

export const canZoomIn = (scale: number): boolean => scale < ZOOM.max;

/** The zoom-out floor: a step out is allowed only while the scale is above 0.4. */
export const canZoomOut = (scale: number): boolean => scale > ZOOM.zoomOutFloor;

export function zoomIn(scale: number): number {
  return clampScale(scale + ZOOM.step);
}

export function zoomOut(scale: number): number {
  return canZoomOut(scale) ? clampScale(scale - ZOOM.step) : scale;
}

/**
 * ctrl/meta + wheel: a notch up (negative deltaY) zooms in by 0.05, down zooms out by 0.05,
 * within the limits 0.1…5 (the 0.4 floor belongs to the zoom-out step, not to the wheel).
 */
export function wheelZoom(scale: number, deltaY: number): number {
  if (deltaY === 0 || !Number.isFinite(deltaY)) return scale;
  return clampScale(scale + (deltaY < 0 ? ZOOM.wheelStep : -ZOOM.wheelStep));
}

/** A new scale for a view; at 1 or below the picture is centred again (there is nothing to pan). */
export function withScale(view: View, scale: number): View {
  return scale <= 1 ? { scale, x: 0, y: 0 } : { ...view, scale };
}

/** Dragging moves the picture only while it is zoomed in. */
export const canPan = (view: View): boolean => view.scale > 1;

export function panBy(view: View, dx: number, dy: number): View {
  return canPan(view) ? { ...view, x: view.x + dx, y: view.y + dy } : view;
}

/** The zoom level as people read it: 1.2 → 120. */
export const zoomPercent = (scale: number): number => Math.round(scale * 100);
