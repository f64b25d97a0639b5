import { type Locale } from '@shotlib/contract';
import { AdminMessage } from '@shotlib/contract/admin';
import { AdminContentMessage, ARTICLE_LOCALES, type AdminArticle, type AdminArticleInput, type AdminArticleListItem, type AdminArticleListQuery, type AdminArticleUpdate, type ArticleText } from '@shotlib/contract/admin-content';
import type { Handle } from '../../db/transaction';
import { BadRequestError, NotFoundError, RuleError } from '../../lib/errors';
import { isoOrNull, pageWindow } from '../../lib/paging';
import { sanitizeArticleHtml } from './article-html';
import * as repo from './article.repo';

/**
 * Articles for the admin console (decision 041), reached through article.service (`articleAdmin`).
 * Every text is stored through `sanitizeArticleHtml`, as `saveTranslation` does (decision 021);
 * the preview call runs the same function, so what the console previews is what saving stores.
 * Articles created here are drafts (unpublished) unless `published: true`.
 */

/** The HTML saving would store. */
export function cleanHtml(html: string): string {
  return sanitizeArticleHtml(html);
}

function cleanText(text: ArticleText): ArticleText {
  return { title: text.title.trim(), content: cleanHtml(text.content) };
}

/** One article with every language in full (404 when there is none). */
export async function getArticle(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<AdminArticle> {
  const row = await repo.articleRow(db, id, options);
  if (!row) throw new NotFoundError(AdminContentMessage.articleMissing);
  const translations = await repo.translationsOf(db, id);
  const textOf = (locale: Locale) => {
    const found = translations.find((t) => t.locale === locale);
    return found ? { title: found.title, content: found.content } : null;
  };
  return {
    id: row.id,
    preview: row.preview,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unpublishedAt: isoOrNull(row.unpublishedAt),
    texts: { enUS: textOf('enUS'), zhCN: textOf('zhCN'), zhTW: textOf('zhTW') },
  };
}

/** Every article, drafts included, newest publication first. */
export async function listArticles(db: Handle, query: AdminArticleListQuery): Promise<{ arr: AdminArticleListItem[]; total: number }> {
  const { rows, total } = await repo.listAllArticles(db, { status: query.status }, pageWindow(query));
  const arr = rows.map((row) => ({
    id: row.id,
    preview: row.preview,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unpublishedAt: isoOrNull(row.unpublishedAt),
    titles: { enUS: row.titleEn, zhCN: row.titleCn, zhTW: row.titleTw },
  }));
  return { arr, total };
}

export async function createArticle(tx: Handle, input: AdminArticleInput, now: Date): Promise<AdminArticle> {
  const id = await repo.insertArticle(tx, {
    preview: input.preview,
    publishedAt: input.publishedAt ? new Date(input.publishedAt) : now,
    updatedAt: now,
    unpublishedAt: input.published ? null : now,
  });
  for (const locale of ARTICLE_LOCALES) {
    const text = input.texts[locale];
    if (text) await repo.upsertTranslation(tx, { articleId: id, locale, ...cleanText(text) }, now);
  }
  return getArticle(tx, id);
}

export type ArticleChange = { before: AdminArticle; after: AdminArticle };

/** Replace the languages given (null removes a Chinese one), the cover or the publication date. */
export async function updateArticle(tx: Handle, id: number, update: AdminArticleUpdate, now: Date): Promise<ArticleChange> {
  const texts = update.texts ?? {};
  if (update.preview === undefined && update.publishedAt === undefined && Object.values(texts).every((value) => value === undefined)) {
    throw new BadRequestError(AdminMessage.emptyUpdate);
  }
  const before = await getArticle(tx, id, { lock: true });
  for (const locale of ARTICLE_LOCALES) {
    const text = texts[locale];
    if (text === undefined) continue;
    if (text === null) {
      if (locale === 'enUS') throw new BadRequestError(AdminContentMessage.englishRequired);
      await repo.deleteTranslation(tx, id, locale);
    } else {
      await repo.upsertTranslation(tx, { articleId: id, locale, ...cleanText(text) }, now);
    }
  }
  await repo.updateArticle(tx, id, {
    ...(update.preview !== undefined ? { preview: update.preview } : {}),
    ...(update.publishedAt !== undefined ? { publishedAt: new Date(update.publishedAt) } : {}),
    updatedAt: now,
  });
  return { before, after: await getArticle(tx, id) };
}

/** Take an article off the Insights pages (published=false) or put it back; unchanged when it is so already. */
export async function setPublished(tx: Handle, id: number, published: boolean, now: Date): Promise<ArticleChange> {
  const before = await getArticle(tx, id, { lock: true });
  if ((before.unpublishedAt === null) !== published) await repo.updateArticle(tx, id, { unpublishedAt: published ? null : now });
  return { before, after: await getArticle(tx, id) };
}

/** Delete an unpublished article with its texts (a published one must be unpublished first); returns it as it was. */
export async function deleteArticle(tx: Handle, id: number): Promise<AdminArticle> {
  const before = await getArticle(tx, id, { lock: true });
  if (before.unpublishedAt === null) throw new RuleError(AdminContentMessage.articlePublished);
  await repo.deleteArticle(tx, id);
  return before;
}
