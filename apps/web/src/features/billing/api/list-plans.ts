import { type PlanListSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /grade`: every plan (grade, period in months, CNY and USD cents), ordered by grade. */
export const fetchPlans = (signal?: AbortSignal) => api.get<Reply<typeof PlanListSchema>>('/grade', { signal });

export const plansQueryOptions = queryOptions({
  queryKey: ['billing', 'plans'],
  queryFn: ({ signal }) => fetchPlans(signal),
  staleTime: 5 * 60 * 1000,
});

export const usePlans = () => useQuery(plansQueryOptions);
