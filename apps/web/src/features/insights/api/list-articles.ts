import { type ArticleListSchema, type Locale } from '@shotlib/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /article?lang=`: the insight articles, newest first, titled in `locale` (enUS fallback). */
export const listArticles = (locale: Locale, signal?: AbortSignal) =>
  api.get<Reply<typeof ArticleListSchema>>('/article', { query: { lang: locale }, signal, silent: true });

/** Per language: choosing another language loads the titles in it. */
export const articleListQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['insights', 'list', locale],
    queryFn: ({ signal }) => listArticles(locale, signal),
    staleTime: 5 * 60 * 1000,
    // While the titles in a newly chosen language load, the previous ones stay on screen.
    placeholderData: keepPreviousData,
  });

export const useArticleList = (locale: Locale) => useQuery(articleListQueryOptions(locale));
