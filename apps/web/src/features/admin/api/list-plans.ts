import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, AdminPlanListSchema } from '@shotlib/contract/admin-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /admin/plans`: the plans and their prices in cents. */
export const fetchAdminPlans = (signal?: AbortSignal) => api.get(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.plans}`, AdminPlanListSchema, { signal, silent: true });

export const adminPlansQueryOptions = queryOptions({ queryKey: ['admin', 'plans'], queryFn: ({ signal }) => fetchAdminPlans(signal) });

export const useAdminPlans = () => useQuery(adminPlansQueryOptions);
