import { type PlanSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /grade/{grade}`: one plan. Silent: the checkout itself says when a plan does not exist. */
export const fetchPlan = (grade: number, signal?: AbortSignal) => api.get<Reply<typeof PlanSchema>>(`/grade/${grade}`, { signal, silent: true });

export const planQueryOptions = (grade: number) =>
  queryOptions({
    queryKey: ['billing', 'plan', grade],
    queryFn: ({ signal }) => fetchPlan(grade, signal),
    staleTime: 5 * 60 * 1000,
  });

export const usePlan = (grade: number, enabled: boolean) => useQuery({ ...planQueryOptions(grade), enabled });
