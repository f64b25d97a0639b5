import type { ItemKind } from '@shotlib/contract';

/**
 * The flow player's place in the detail page's URL (docs/decisions/045): `?flow={flowId}&step={n}`, n 1-based.
 * `flowLink` of the contract builds the whole link; these read and change the query of the page that is open.
 */
export const FLOW_PARAM = 'flow';
export const STEP_PARAM = 'step';

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 ? n : null;
};

/**
 * The flow and step a URL asks for: null without a valid `flow`; a missing or malformed `step` is the first one.
 * The step is not clamped here (the flow's length is not known yet): see `clampStep`.
 */
export function parseFlowParams(search: URLSearchParams): { flowId: number; step: number } | null {
  const flowId = positiveInt(search.get(FLOW_PARAM));
  if (flowId === null) return null;
  return { flowId, step: positiveInt(search.get(STEP_PARAM)) ?? 1 };
}

/** A step in 1..count (out of range clamps; a flow without steps has only "step 1"). */
export function clampStep(step: number, count: number): number {
  if (!Number.isFinite(step)) return 1;
  return Math.min(Math.max(Math.trunc(step), 1), Math.max(count, 1));
}

/** The query with the player at `step` of `flowId`; the page's other parameters are kept. */
export function withFlowStep(search: URLSearchParams, flowId: number, step: number): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(FLOW_PARAM, String(flowId));
  next.set(STEP_PARAM, String(step));
  return next;
}

/** The query without the player (closing it goes back to the detail page as it was). */
export function withoutFlow(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(FLOW_PARAM);
  next.delete(STEP_PARAM);
  return next;
}

/**
 * Where a key moves the player, or null when the key is not one of its moves: ← and → one step (no wrap: a flow
 * has a start and an end), Home the first, End the last.
 */
export function stepForKey(key: string, step: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return clampStep(step - 1, count);
    case 'ArrowRight':
      return clampStep(step + 1, count);
    case 'Home':
      return 1;
    case 'End':
      return clampStep(count, count);
    default:
      return null;
  }
}

/** Whether the step at `position` (1-based) is behind the subscription: past the steps the server sent. */
export const isLockedStep = (position: number, playable: number): boolean => position > playable;

/**
 * The frame of a flow's screens: apps in the phone frame, websites under the browser bar; business software runs
 * on either, so its screens' shape tells (wider than tall: a desktop screen).
 */
export function flowFrame(kind: ItemKind, shot: { width: number; height: number } | undefined): 'phone' | 'browser' {
  if (kind === 'app') return 'phone';
  if (kind === 'web') return 'browser';
  return shot && shot.width > shot.height ? 'browser' : 'phone';
}
