/**
 * Where the viewer can go (docs/decisions/014, "Issue 29"): its steps are the pictures in hand, then those still to
 * load, or, when the reader may open no more, one paywall step. There is no wrap: the first and the last step are
 * the ends, as in a flow.
 */

/** What the viewer knows of the pictures beyond those in hand (an item's screens come in pages). */
export type StepsMore = {
  /** How many pictures there are in all: loaded or not, open to the reader or not. */
  total: number;
  /** More pictures the reader may open can be asked for (the list has a next page). */
  hasMore: boolean;
  /** The reader may open no more than those in hand: the rest stand behind one paywall step. */
  locked: boolean;
};

export type Steps = {
  /** The count the viewer shows ("3 / 17"). */
  count: number;
  /** How many places the viewer moves through: the last is `steps - 1`. */
  steps: number;
  /** The place of the paywall step (right after the last picture in hand), or null without one. */
  paywall: number | null;
};

/**
 * The viewer's steps for `loaded` pictures in hand. Without `more` (or when nothing more will come) they are all
 * there is. While more may be loaded the count and the steps are the true total: a place not loaded yet shows that
 * it is loading. When the rest are locked the count stays the true total and one paywall step ends the walk.
 */
export function viewerSteps(loaded: number, more?: StepsMore): Steps {
  const total = more ? Math.max(more.total, loaded) : loaded;
  if (more?.locked && total > loaded) return { count: total, steps: loaded + 1, paywall: loaded };
  if (more?.hasMore && total > loaded) return { count: total, steps: total, paywall: null };
  return { count: loaded, steps: loaded, paywall: null };
}

/** `index` within the steps (an index out of range is taken to the nearer end). */
export function clampStep(index: number, steps: number): number {
  if (steps <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), steps - 1);
}

/**
 * Where a key moves the viewer, or null when the key is not one of its moves: ← and → one step, stopping at the
 * ends (no wrap); Home the first step, End the last (the last picture, or the paywall step).
 */
export function stepForKey(key: string, at: number, steps: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return clampStep(at - 1, steps);
    case 'ArrowRight':
      return clampStep(at + 1, steps);
    case 'Home':
      return 0;
    case 'End':
      return clampStep(steps - 1, steps);
    default:
      return null;
  }
}

/** How close to the last picture in hand a step asks for the next ones, so they are there when the reader is. */
export const LOAD_AHEAD = 3;

/** Whether the viewer at `at` should ask for the next pictures now. */
export function wantsMore(at: number, loaded: number, more: (StepsMore & { loading: boolean; failed: boolean }) | undefined): boolean {
  if (!more || !more.hasMore || more.locked || more.loading || more.failed) return false;
  return more.total > loaded && at >= loaded - LOAD_AHEAD;
}
