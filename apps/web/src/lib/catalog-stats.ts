import { type CatalogStatsSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from './api-client';

/** `GET /platform/stats`: the catalogue's figures, counted live (the list banner, the plans page, the login panel). */
export const fetchCatalogStats = (signal?: AbortSignal) => api.get<Reply<typeof CatalogStatsSchema>>('/platform/stats', { signal, silent: true });

export const catalogStatsQueryOptions = queryOptions({
  queryKey: ['catalog', 'stats'],
  queryFn: ({ signal }) => fetchCatalogStats(signal),
  staleTime: 5 * 60 * 1000,
});

export const useCatalogStats = () => useQuery(catalogStatsQueryOptions);
