import { DEFAULT_LOCALE, type Article, type ArticleListItem, type Locale } from '@shotlib/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { sanitizeArticleHtml } from './article-html';
import * as repo from './article.repo';

export type ArticleDeps = { db: Db };

export async function listArticles(
  deps: ArticleDeps,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ arr: ArticleListItem[]; total: number }> {
  const arr = await repo.listArticles(deps.db, locale);
  return { arr, total: arr.length };
}

/** One article in `locale`, falling back to enUS, then to whichever language it has. */
export async function getArticle(deps: ArticleDeps, id: number, locale: Locale = DEFAULT_LOCALE): Promise<Article> {
  const found = await repo.findArticle(deps.db, id, { publicOnly: true });
  if (!found) throw new NotFoundError('Article not found.');
  const translations = await repo.translationsOf(deps.db, id);
  const text =
    translations.find((t) => t.locale === locale) ??
    translations.find((t) => t.locale === DEFAULT_LOCALE) ??
    translations[0];
  if (!text) throw new NotFoundError('Article not found.');
  return { id, title: text.title, updateTime: found.updatedAt.toISOString(), content: text.content };
}

/**
 * Store one language of an article. The HTML is sanitised here, on the way in (docs/architecture.md §6),
 * so every reader gets the allow-listed HTML of article-html.ts; the title is plain text.
 */
export async function saveTranslation(
  deps: ArticleDeps,
  input: { articleId: number; locale: Locale; title: string; content: string },
  now: Date = new Date(),
): Promise<void> {
  const found = await repo.findArticle(deps.db, input.articleId);
  if (!found) throw new NotFoundError('Article not found.');
  await repo.upsertTranslation(
    deps.db,
    { articleId: input.articleId, locale: input.locale, title: input.title.trim(), content: sanitizeArticleHtml(input.content) },
    now,
  );
}

/**
 * The admin console's article reads and writes (drafts included), for the admin module; each takes
 * a handle so that it runs in the transaction that writes the audit row (decision 041).
 */
export * as articleAdmin from './article-admin';
/** The articles' HTML allow-list, for other rich texts (portfolio feedback, decision 046). */
export { sanitizeArticleHtml } from './article-html';
