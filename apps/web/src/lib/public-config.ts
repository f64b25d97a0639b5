import { mediaUrl as joinMediaUrl, type PublicConfigSchema, type PublicConfig } from '@shotlib/contract';
import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api, type Reply } from './api-client';
import { queryClient } from './query-client';

/** What this deployment tells the app (`GET /config`): loaded once per page load. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api.get<Reply<typeof PublicConfigSchema>>('/config', { signal, silent: true }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export const usePublicConfig = () => useQuery(publicConfigQueryOptions);

/** The server's default media route, used only if the configuration cannot be loaded. */
const FALLBACK_MEDIA_BASE = '/media';

/**
 * The media host: '' until the configuration is known (images then keep their placeholder rather
 * than requesting a wrong URL), the fallback if it failed to load.
 */
function mediaBase(config: PublicConfig | undefined, failed: boolean): string | null {
  if (config) return config.mediaBase;
  return failed ? FALLBACK_MEDIA_BASE : null;
}

/** URL of a relative image path; '' when the path is empty or the media host is not known yet. */
export function mediaUrl(relative: string | null | undefined): string {
  const state = queryClient.getQueryState(publicConfigQueryOptions.queryKey);
  const base = mediaBase(state?.data, state?.status === 'error');
  return base === null ? '' : joinMediaUrl(base, relative);
}

const CONFIG_HASH = hashKey(publicConfigQueryOptions.queryKey);

/**
 * The media host from the cache, following the configuration's query: every picture asks (three per list card), and
 * a query observer each cost a list's first render more than the pictures themselves, for a value set once per page
 * load (docs/decisions/035, "Lighthouse ≥ 0.95"). As an observer would, it asks for the configuration when the cache
 * has none (not loaded yet, or failed: asked again as each picture mounts); the request is shared.
 */
function useCachedMediaBase(): string | null {
  const client = useQueryClient();
  const read = useCallback(() => {
    const state = client.getQueryState(publicConfigQueryOptions.queryKey);
    return mediaBase(state?.data, state?.status === 'error');
  }, [client]);
  const [base, setBase] = useState(read);
  useEffect(() => {
    const update = () => setBase(read());
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.query.queryHash === CONFIG_HASH) update();
    });
    update();
    if (client.getQueryState(publicConfigQueryOptions.queryKey)?.data === undefined) void client.prefetchQuery(publicConfigQueryOptions);
    return unsubscribe;
  }, [client, read]);
  return base;
}

/**
 * The media host for `mediaVariantUrl` / `mediaSrcSet` of @shotlib/contract: null until the
 * configuration is known, the fallback if it failed to load.
 */
export function useMediaBase(): string | null {
  return useCachedMediaBase();
}

/** Hook form of `mediaUrl`, re-rendering once the configuration arrives. */
export function useMediaUrl(): (relative: string | null | undefined) => string {
  const base = useCachedMediaBase();
  return useCallback((relative) => (base === null ? '' : joinMediaUrl(base, relative)), [base]);
}

/** Shown until the deployment's support address arrives (and if it never does). */
export const FALLBACK_SUPPORT_EMAIL = 'support@shotlib.app';

/** The support e-mail address of this deployment. */
export function useSupportEmail(): string {
  return usePublicConfig().data?.supportEmail ?? FALLBACK_SUPPORT_EMAIL;
}
