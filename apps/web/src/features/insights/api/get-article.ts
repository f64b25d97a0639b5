import { type ArticleSchema, type Locale } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /article/{id}?lang=`: one article in `locale` (enUS fallback). */
export const getArticle = (id: number, locale: Locale, signal?: AbortSignal) =>
  api.get<Reply<typeof ArticleSchema>>(`/article/${id}`, { query: { lang: locale }, signal, silent: true });

/** Per language: choosing another language loads the article in it. */
export const articleQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: ['insights', 'article', id, locale],
    queryFn: ({ signal }) => getArticle(id, locale, signal),
    staleTime: 5 * 60 * 1000,
    // While the same article loads in a newly chosen language, the previous text stays on screen.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });

/** Only asked for a real id: zero, a missing or a non-numeric one is never fetched (docs/product-spec.md §5). */
export const useArticle = (id: number, locale: Locale, enabled: boolean) => useQuery({ ...articleQueryOptions(id, locale), enabled });
