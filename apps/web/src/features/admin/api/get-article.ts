import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminArticleSchema } from '@shotlib/contract/admin-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/articles/{id}`: every language in full. */
export const fetchAdminArticle = (id: number, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminArticleSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.article(id)}`, { signal, silent: true });

export const adminArticleQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'articles', 'one', id], queryFn: ({ signal }) => fetchAdminArticle(id, signal) });

export const useAdminArticle = (id: number) => useQuery(adminArticleQueryOptions(id));
