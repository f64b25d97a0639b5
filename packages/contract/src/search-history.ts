import { SEARCH_HISTORY_MAX } from './constants';

// No schema here: the search box of every page uses these, and a module of schemas would bring zod with it
// (docs/decisions/035-first-view-weight.md).

/** Search history rule (docs/product-spec.md §5): unique, most recent first, at most 10; blank terms are not kept. */
export function pushSearchHistory(history: readonly string[], term: string): string[] {
  const trimmed = term.trim();
  if (!trimmed) return [...history];
  return [trimmed, ...history.filter((entry) => entry !== trimmed)].slice(0, SEARCH_HISTORY_MAX);
}

/** History entries shown under the search box: those containing the typed text. */
export function filterSearchHistory(history: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  return needle ? history.filter((entry) => entry.toLowerCase().includes(needle)) : [...history];
}
