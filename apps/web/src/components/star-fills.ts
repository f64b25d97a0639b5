export type StarFill = 'full' | 'half' | 'empty';

/**
 * The stars of a rating (docs/product-spec.md §2: "star rating with half stars"): the rating rounded to the
 * nearest half, clamped to 0…max, as full, half and empty stars.
 */
export function starFills(rating: number, max = 5): StarFill[] {
  const halves = Number.isFinite(rating) ? Math.round(Math.min(Math.max(rating, 0), max) * 2) : 0;
  return Array.from({ length: max }, (_, index) => {
    const left = halves - index * 2;
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
  });
}

/** The rating as the spec shows it: two decimals. */
export const formatRating = (rating: number): string => (Number.isFinite(rating) ? rating.toFixed(2) : '0.00');
