import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type ArticlePreviewReplySchema } from '@shotlib/contract/admin-content';
import { useMutation } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /admin/articles/preview {html}` → the HTML as saving would store it (sanitised by the server). */
export const previewAdminArticle = (html: string) => api.post<Reply<typeof ArticlePreviewReplySchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.articlePreview}`, { html });

export const usePreviewAdminArticle = () => useMutation({ mutationFn: previewAdminArticle });
