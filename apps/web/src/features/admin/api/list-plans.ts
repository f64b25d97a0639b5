import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminPlanListSchema } from '@shotlib/contract/admin-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/plans`: the plans and their prices in cents. */
export const fetchAdminPlans = (signal?: AbortSignal) => api.get<Reply<typeof AdminPlanListSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.plans}`, { signal, silent: true });

export const adminPlansQueryOptions = queryOptions({ queryKey: ['admin', 'plans'], queryFn: ({ signal }) => fetchAdminPlans(signal) });

export const useAdminPlans = () => useQuery(adminPlansQueryOptions);
