import type { Locale } from '@shotlib/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { article, articleTranslation } from '../../db/schema';

/** Articles newest first, each titled in `locale` with the enUS title as fallback. */
export async function listArticles(db: Db, locale: Locale) {
  const wanted = alias(articleTranslation, 'wanted');
  const english = alias(articleTranslation, 'english');
  return db
    .select({
      id: article.id,
      preview: article.preview,
      title: sql<string>`coalesce(${wanted.title}, ${english.title}, '')`,
    })
    .from(article)
    .leftJoin(wanted, and(eq(wanted.articleId, article.id), eq(wanted.locale, locale)))
    .leftJoin(english, and(eq(english.articleId, article.id), eq(english.locale, 'enUS')))
    .orderBy(desc(article.publishedAt), desc(article.id));
}

export async function findArticle(db: Db, id: number) {
  const rows = await db
    .select({ id: article.id, updatedAt: article.updatedAt })
    .from(article)
    .where(eq(article.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function translationsOf(db: Db, articleId: number) {
  return db
    .select({ locale: articleTranslation.locale, title: articleTranslation.title, content: articleTranslation.content })
    .from(articleTranslation)
    .where(eq(articleTranslation.articleId, articleId))
    .orderBy(asc(articleTranslation.locale));
}

export type TranslationRow = { articleId: number; locale: Locale; title: string; content: string };

/** Write one language of an article (insert or replace) and mark the article updated at `now`. */
export async function upsertTranslation(db: Db, row: TranslationRow, now: Date): Promise<void> {
  await db
    .insert(articleTranslation)
    .values(row)
    .onConflictDoUpdate({
      target: [articleTranslation.articleId, articleTranslation.locale],
      set: { title: row.title, content: row.content },
    });
  await db.update(article).set({ updatedAt: now }).where(eq(article.id, row.articleId));
}
