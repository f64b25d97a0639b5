import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminArticleSchema, type AdminArticle, type AdminArticleInput, type AdminArticleUpdate } from '@shotlib/contract/admin-content';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { adminArticleQueryOptions } from './get-article';

const base = `${ADMIN_PATH}${ADMIN_CONTENT_PATHS.articles}`;

/** `POST /admin/articles`: a new article (a draft unless published). */
export const createAdminArticle = (input: AdminArticleInput) => api.post<Reply<typeof AdminArticleSchema>>(base, input);
/** `PATCH /admin/articles/{id}`. */
export const updateAdminArticle = ({ id, update }: { id: number; update: AdminArticleUpdate }) =>
  api.patch<Reply<typeof AdminArticleSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.article(id)}`, update);
/** `POST /admin/articles/{id}/publish` or `/unpublish`. */
export const setAdminArticlePublished = ({ id, published }: { id: number; published: boolean }) =>
  api.post<Reply<typeof AdminArticleSchema>>(`${ADMIN_PATH}${published ? ADMIN_CONTENT_PATHS.articlePublish(id) : ADMIN_CONTENT_PATHS.articleUnpublish(id)}`, null);
/** `DELETE /admin/articles/{id}`: only an unpublished article. */
export const deleteAdminArticle = (id: number) => api.delete<unknown>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.article(id)}`);

function store(queryClient: QueryClient, article: AdminArticle) {
  queryClient.setQueryData(adminArticleQueryOptions(article.id).queryKey, article);
  void queryClient.invalidateQueries({ queryKey: ['admin', 'articles', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

export function useCreateAdminArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminArticle, onSuccess: (article) => store(queryClient, article) });
}
export function useUpdateAdminArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminArticle, onSuccess: (article) => store(queryClient, article) });
}
export function useSetAdminArticlePublished() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAdminArticlePublished, onSuccess: (article) => store(queryClient, article) });
}
export function useDeleteAdminArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminArticle,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'articles'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
