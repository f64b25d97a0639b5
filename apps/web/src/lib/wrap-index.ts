/** The position `step` places away from `index` among `count`, wrapping at both ends (carousels, the viewer). */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
