import { type CollectedIdsSchema, type CollectedIds } from '@shotlib/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from './api-client';
import { COLLECT_MUTATION_KEY, COLLECTED_IDS_QUERY_KEY, type CollectToggle } from './collect';
import { useSessionStore } from './session-store';

/**
 * `GET /platform/fav/ids`: every preview id the member has collected. The session's collected set
 * (local-storage key `collect`) is filled from it after each sign-in and on each start of the app
 * with a session, so every collect toggle shows the server's state; from then on the toggles keep
 * the set current by themselves (lib/collect.ts).
 */
export const fetchCollectedIds = (signal?: AbortSignal): Promise<CollectedIds> =>
  api.get<Reply<typeof CollectedIdsSchema>>('/platform/fav/ids', { signal, silent: true });

/** The server's ids, with the toggles still on their way applied on top (they are newer). */
function withPendingToggles(client: QueryClient, ids: readonly number[]): Set<number> {
  const set = new Set(ids);
  const pending = client.getMutationCache().findAll({ mutationKey: COLLECT_MUTATION_KEY, status: 'pending' });
  for (const mutation of pending) {
    const toggle = mutation.state.variables as CollectToggle | undefined;
    if (!toggle) continue;
    if (toggle.collect) set.add(toggle.id);
    else set.delete(toggle.id);
  }
  return set;
}

export const collectedIdsQueryOptions = (memberId: number | null) =>
  queryOptions({
    queryKey: [...COLLECTED_IDS_QUERY_KEY, memberId],
    queryFn: async ({ signal, client }) => {
      const ids = await fetchCollectedIds(signal);
      // Still the same member (no logout or another sign-in meanwhile), and not a load cancelled
      // by a newer one (e.g. after the pending collect of a sign-in): store the set.
      if (!signal.aborted && useSessionStore.getState().user?.id === memberId) {
        useSessionStore.getState().setCollected(withPendingToggles(client, ids.arr));
      }
      return ids;
    },
    enabled: memberId !== null,
    // The toggles keep the set current; the next start of the app loads it again.
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Keep the session's collected set in step with the server for whoever is signed in. Mounted once,
 * in the root layout. Returns whether the set holds the server's state (false while it loads and
 * for visitors).
 */
export function useCollectedIdsSync(): boolean {
  const memberId = useSessionStore((state) => state.user?.id ?? null);
  return useQuery(collectedIdsQueryOptions(memberId)).isSuccess;
}

/** Whether the session's collected set holds the server's state for the signed-in member (read-only: loads nothing). */
export function useCollectedIdsReady(): boolean {
  const memberId = useSessionStore((state) => state.user?.id ?? null);
  return useQuery({ ...collectedIdsQueryOptions(memberId), enabled: false }).isSuccess;
}
