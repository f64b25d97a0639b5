/**
 * The article id of the route /point/:id (docs/product-spec.md §5: "id converted to number; zero or missing means
 * no fetch"): a positive whole number, or null for zero, a missing, negative, fractional or
 * non-numeric id.
 */
export function articleIdOf(param: string | undefined): number | null {
  if (param === undefined || param.trim() === '') return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
