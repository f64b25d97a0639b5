/**
 * Where the viewer can go (docs/decisions/014, "Issue 29" and its correction "Wrap at the true ends"): its steps are
 * the pictures in hand, then those still to load and, when the reader may not open them all, one paywall step. When
 * every picture is open to the reader, previous and next wrap (docs/product-spec.md §2) at the true ends, the first
 * and the last picture of all, loaded or not; a walk that ends at the paywall step does not wrap.
 */

/** What the viewer knows of the pictures beyond those in hand (an item's screens come in pages). */
export type StepsMore = {
  /** How many pictures there are in all: loaded or not, open to the reader or not. */
  total: number;
  /**
   * How many of them, from the first, the reader may open (a subscriber: all of them, `total`): the rest stand
   * behind one paywall step.
   */
  open: number;
  /** More pictures the reader may open can be asked for (the list has a next page). */
  hasMore: boolean;
};

export type Steps = {
  /** The count the viewer shows ("3 / 17"). */
  count: number;
  /** How many places the viewer moves through: the last is `steps - 1`. */
  steps: number;
  /** The place of the paywall step (right after the last picture the reader may open), or null without one. */
  paywall: number | null;
  /** Whether previous at the first place goes to the last and next at the last to the first. */
  wrap: boolean;
};

/**
 * The viewer's steps for `loaded` pictures in hand. Without `more` (or when nothing more will come) they are all
 * there is. While more may be loaded the count and the steps are the true total: a place not loaded yet shows that
 * it is loading. When some are locked the count stays the true total and one paywall step, after the last picture
 * the reader may open, ends the walk (no wrap there).
 */
export function viewerSteps(loaded: number, more?: StepsMore): Steps {
  if (!more) return { count: loaded, steps: loaded, paywall: null, wrap: true };
  const total = Math.max(more.total, loaded);
  const open = Math.min(total, Math.max(more.open, loaded));
  if (open < total) {
    // The last place the reader may reach: the open pictures, or those in hand when no more can come.
    const reach = more.hasMore ? open : loaded;
    return { count: total, steps: reach + 1, paywall: reach, wrap: false };
  }
  if (more.hasMore && total > loaded) return { count: total, steps: total, paywall: null, wrap: true };
  return { count: loaded, steps: loaded, paywall: null, wrap: true };
}

/** `index` within the steps (an index out of range is taken to the nearer end). */
export function clampStep(index: number, steps: number): number {
  if (steps <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), steps - 1);
}

/**
 * Where a key moves the viewer, or null when the key is not one of its moves: ← and → one step, wrapping from the
 * last to the first and back when `wrap` (every picture open), else stopping at the ends (a regular reader's walk:
 * the first picture, the paywall step); Home the first step, End the last (the last picture, or the paywall step).
 */
export function stepForKey(key: string, at: number, steps: number, wrap = false): number | null {
  switch (key) {
    case 'ArrowLeft':
      return wrap && at <= 0 ? clampStep(steps - 1, steps) : clampStep(at - 1, steps);
    case 'ArrowRight':
      return wrap && at >= steps - 1 ? 0 : clampStep(at + 1, steps);
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

/** Whether the viewer at `at` should ask for the next pictures now: near (or past) the last in hand, short of the open ones. */
export function wantsMore(at: number, loaded: number, more: (StepsMore & { loading: boolean; failed: boolean }) | undefined): boolean {
  if (!more || !more.hasMore || more.loading || more.failed) return false;
  const open = Math.min(more.total, more.open);
  return open > loaded && at >= loaded - LOAD_AHEAD;
}
