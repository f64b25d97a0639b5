/** An entry of a multi-select: its value and its label in the current language. */
export type SelectOption<K extends string | number = number> = { key: K; label: string };

/**
 * The options whose label contains the typed text (docs/product-spec.md §2), ignoring case and surrounding
 * spaces; all of them when nothing is typed. The order is kept.
 */
export function filterOptions<K extends string | number>(options: readonly SelectOption<K>[], text: string): SelectOption<K>[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...options];
  return options.filter((option) => option.label.toLocaleLowerCase().includes(needle));
}

/** Toggle one value in a selection, keeping the options' order. */
export function toggleValue<K extends string | number>(options: readonly SelectOption<K>[], selected: readonly K[], key: K): K[] {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  const known = options.filter((option) => next.has(option.key)).map((option) => option.key);
  // Values not among the options (not loaded yet, or gone) stay selected until cleared.
  const unknown = selected.filter((value) => next.has(value) && !options.some((option) => option.key === value));
  return [...known, ...unknown];
}
