import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminCategoryTreeReplySchema, type CategoryTree } from '@shotlib/contract/admin-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/categories?tree=`: a whole category tree with how much uses each category. */
export const fetchAdminCategories = (tree: CategoryTree, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminCategoryTreeReplySchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.categories}`, { query: { tree }, signal, silent: true });

export const adminCategoriesQueryOptions = (tree: CategoryTree) =>
  queryOptions({ queryKey: ['admin', 'categories', tree], queryFn: ({ signal }) => fetchAdminCategories(tree, signal) });

export const useAdminCategories = (tree: CategoryTree) => useQuery(adminCategoriesQueryOptions(tree));
