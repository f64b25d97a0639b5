/** Pure helpers of the screens' order (drag and drop, and the move buttons). */

/** The list with the element at `from` moved to index `to` (clamped); the same list when nothing moves. */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/**
 * The ids with `moving` (one or several, kept in their relative order) dropped on `target`: a drop
 * on a later tile lands after it, a drop on an earlier tile before it, as in every sortable grid.
 */
export function moveIdsTo(ids: readonly number[], moving: readonly number[], target: number): number[] {
  const movingSet = new Set(moving);
  if (movingSet.has(target) || !ids.includes(target)) return [...ids];
  const block = ids.filter((id) => movingSet.has(id));
  if (block.length === 0) return [...ids];
  const targetIndex = ids.indexOf(target);
  const firstMoving = ids.findIndex((id) => movingSet.has(id));
  const rest = ids.filter((id) => !movingSet.has(id));
  const restIndex = rest.indexOf(target);
  // Moving down: after the target; moving up: before it.
  const at = firstMoving < targetIndex ? restIndex + 1 : restIndex;
  return [...rest.slice(0, at), ...block, ...rest.slice(at)];
}
