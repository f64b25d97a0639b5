import { type PayWay } from '@shotlib/contract';
import { ADMIN_PAGE_SIZE, ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminOrderListSchema } from '@shotlib/contract/admin-content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** The orders page's filters ('' = any); days are yyyy-mm-dd (UTC, as the server reads them). */
export type OrderFilters = {
  status: '' | '0' | '1' | '2' | '3';
  way: '' | PayWay;
  from: string;
  to: string;
  /** '' all orders; 'open' flagged and not resolved; 'resolved' flagged and resolved; 'flagged' every flagged one. */
  review: '' | 'flagged' | 'open' | 'resolved';
  email: string;
  page: number;
};

/** `GET /admin/orders`: newest first, filtered. */
export const fetchAdminOrders = (filters: OrderFilters, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminOrderListSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.orders}`, {
    query: {
      status: filters.status || undefined,
      way: filters.way || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      flagged: filters.review ? 'true' : undefined,
      resolved: filters.review === 'open' ? 'false' : filters.review === 'resolved' ? 'true' : undefined,
      email: filters.email.trim() || undefined,
      page: filters.page,
      pageSize: ADMIN_PAGE_SIZE,
    },
    signal,
    silent: true,
  });

export const adminOrdersQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: ['admin', 'orders', filters],
    queryFn: ({ signal }) => fetchAdminOrders(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminOrders = (filters: OrderFilters) => useQuery(adminOrdersQueryOptions(filters));
