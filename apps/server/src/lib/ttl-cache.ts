/**
 * A small in-process cache for values that may be a few seconds stale (counts, banner figures).
 * Concurrent callers of a missing key share one load; a failed load is not kept. Each process has
 * its own: nothing here has to agree across processes.
 */
export type TtlCache<V> = {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
};

export function createTtlCache<V>(options: { ttlMs: number; maxEntries?: number; now?: () => number }): TtlCache<V> {
  const { ttlMs, maxEntries = 1000, now = () => performance.now() } = options;
  const entries = new Map<string, { expires: number; value: Promise<V> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      entries.delete(key);
      const value = load();
      entries.set(key, { expires: now() + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      // Oldest first in a Map: drop them once the cache is full.
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
