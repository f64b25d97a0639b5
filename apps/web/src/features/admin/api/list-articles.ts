import { ADMIN_PAGE_SIZE, ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminArticleListSchema } from '@shotlib/contract/admin-content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

export type ArticleStatus = 'all' | 'published' | 'unpublished';

/** `GET /admin/articles`: newest publication first, drafts too. */
export const fetchAdminArticles = (status: ArticleStatus, page: number, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminArticleListSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.articles}`, { query: { status, page, pageSize: ADMIN_PAGE_SIZE }, signal, silent: true });

export const adminArticlesQueryOptions = (status: ArticleStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'articles', 'list', status, page],
    queryFn: ({ signal }) => fetchAdminArticles(status, page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminArticles = (status: ArticleStatus, page: number) => useQuery(adminArticlesQueryOptions(status, page));
