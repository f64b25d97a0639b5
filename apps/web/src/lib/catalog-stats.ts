import { CatalogStatsSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /platform/stats`: the catalogue's figures, counted live (the list banner, the plans page, the login panel). */
export const fetchCatalogStats = (signal?: AbortSignal) => api.get('/platform/stats', CatalogStatsSchema, { signal, silent: true });

export const catalogStatsQueryOptions = queryOptions({
  queryKey: ['catalog', 'stats'],
  queryFn: ({ signal }) => fetchCatalogStats(signal),
  staleTime: 5 * 60 * 1000,
});

export const useCatalogStats = () => useQuery(catalogStatsQueryOptions);
