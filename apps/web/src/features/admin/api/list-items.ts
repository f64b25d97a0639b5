import { ADMIN_PAGE_SIZE, ADMIN_PATH, type AdminItemListSchema } from '@shotlib/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** The list's filters as the page keeps them in its URL. */
export type ItemListParams = {
  q: string;
  /** '' = every kind; apps and websites exclude business software, 'b' is business software of both platforms. */
  kind: '' | 'app' | 'site' | 'b';
  status: 'all' | 'published' | 'unpublished';
  page: number;
};

/** The list query's `platform` and `business` of a kind. */
const kindQuery = (kind: ItemListParams['kind']) =>
  kind === '' ? {} : kind === 'b' ? { business: 'true' } : { platform: String(kind === 'site'), business: 'false' };

/** `GET /admin/items`: apps, websites and business software, published or not, newest first. */
export const fetchAdminItems = (params: ItemListParams, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminItemListSchema>>(`${ADMIN_PATH}/items`, {
    query: {
      q: params.q.trim() || undefined,
      ...kindQuery(params.kind),
      status: params.status,
      page: params.page,
      pageSize: ADMIN_PAGE_SIZE,
    },
    signal,
    silent: true,
  });

export const adminItemsQueryOptions = (params: ItemListParams) =>
  queryOptions({
    queryKey: ['admin', 'items', 'list', params],
    queryFn: ({ signal }) => fetchAdminItems(params, signal),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAdminItems = (params: ItemListParams) => useQuery(adminItemsQueryOptions(params));
