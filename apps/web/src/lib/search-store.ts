import { pushSearchHistory, STORAGE_KEYS } from '@shotlib/contract';
import { useSearchParams } from 'react-router';
import { create } from 'zustand';
import { SEARCH_PARAM } from './routes';
import { isStringArray, readJson, removeItem, writeJson } from './storage';

/**
 * The header's search, shared with the lists. The term itself travels in the URL (`?q=` on /app
 * and /web) so it survives reload and back; this store carries the search *event*: `nonce` grows
 * with every search, so a list can start over even when the same term is searched again.
 * It also owns the search history (docs/product-spec.md §5: unique, most recent first, at most 10).
 */
type SearchState = {
  /** The last term searched (trimmed). */
  term: string;
  nonce: number;
  history: string[];
  /** Emit a search: remember the term in the history and tell the lists. */
  search: (term: string) => void;
  clearHistory: () => void;
};

const readHistory = () => readJson(STORAGE_KEYS.searchHistory, isStringArray, []);

export const useSearchStore = create<SearchState>()((set, get) => ({
  term: '',
  nonce: 0,
  history: readHistory(),
  search: (term) => {
    const trimmed = term.trim();
    const history = pushSearchHistory(get().history, trimmed);
    writeJson(STORAGE_KEYS.searchHistory, history);
    set((state) => ({ term: trimmed, nonce: state.nonce + 1, history }));
  },
  clearHistory: () => {
    removeItem(STORAGE_KEYS.searchHistory);
    set({ history: [] });
  },
}));

/**
 * What a list should search for: the URL's `q` (trimmed), and the search counter to put in its
 * query key.
 */
export function useListSearch(): { term: string; nonce: number } {
  const [params] = useSearchParams();
  const nonce = useSearchStore((state) => state.nonce);
  return { term: (params.get(SEARCH_PARAM) ?? '').trim(), nonce };
}
