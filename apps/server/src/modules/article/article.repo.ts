import type { Locale } from '@shotlib/contract';
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Handle } from '../../db/transaction';
import { article, articleTranslation } from '../../db/schema';

/** Public articles (not unpublished) newest first, each titled in `locale` with the enUS title as fallback. */
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
    .where(isNull(article.unpublishedAt))
    .orderBy(desc(article.publishedAt), desc(article.id));
}

/** An article by id; `publicOnly`: none when it is unpublished (readers never see drafts). */
export async function findArticle(db: Handle, id: number, options: { publicOnly?: boolean } = {}) {
  const rows = await db
    .select({ id: article.id, updatedAt: article.updatedAt })
    .from(article)
    .where(options.publicOnly ? and(eq(article.id, id), isNull(article.unpublishedAt)) : eq(article.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function translationsOf(db: Handle, articleId: number) {
  return db
    .select({ locale: articleTranslation.locale, title: articleTranslation.title, content: articleTranslation.content })
    .from(articleTranslation)
    .where(eq(articleTranslation.articleId, articleId))
    .orderBy(asc(articleTranslation.locale));
}

export type TranslationRow = { articleId: number; locale: Locale; title: string; content: string };

/** Write one language of an article (insert or replace) and mark the article updated at `now`. */
export async function upsertTranslation(db: Handle, row: TranslationRow, now: Date): Promise<void> {
  await db
    .insert(articleTranslation)
    .values(row)
    .onConflictDoUpdate({
      target: [articleTranslation.articleId, articleTranslation.locale],
      set: { title: row.title, content: row.content },
    });
  await db.update(article).set({ updatedAt: now }).where(eq(article.id, row.articleId));
}

// ---- the admin console (decision 041): every article, drafts included --------------------------

export type ArticleRow = typeof article.$inferSelect;
export type ArticleValues = { preview: string; publishedAt: Date; updatedAt: Date; unpublishedAt: Date | null };

/** One article, published or not; `lock` holds its row until the transaction ends. */
export async function articleRow(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<ArticleRow | null> {
  const query = db.select().from(article).where(eq(article.id, id)).limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export type ArticleTitleRow = ArticleRow & { titleEn: string | null; titleCn: string | null; titleTw: string | null };

/** A page of articles, newest publication first, with their titles in each language and the filter's total. */
export async function listAllArticles(
  db: Handle,
  filter: { status: 'all' | 'published' | 'unpublished' },
  window: { limit: number; offset: number },
): Promise<{ rows: ArticleTitleRow[]; total: number }> {
  const title = (locale: Locale) =>
    sql<string | null>`(select t.title from ${articleTranslation} t where t.article_id = ${article.id} and t.locale = ${locale})`;
  const where: SQL | undefined =
    filter.status === 'published' ? isNull(article.unpublishedAt) : filter.status === 'unpublished' ? isNotNull(article.unpublishedAt) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: article.id,
        preview: article.preview,
        publishedAt: article.publishedAt,
        updatedAt: article.updatedAt,
        unpublishedAt: article.unpublishedAt,
        titleEn: title('enUS'),
        titleCn: title('zhCN'),
        titleTw: title('zhTW'),
      })
      .from(article)
      .where(where)
      .orderBy(desc(article.publishedAt), desc(article.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(article).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function insertArticle(tx: Handle, values: ArticleValues): Promise<number> {
  const rows = await tx.insert(article).values(values).returning({ id: article.id });
  return rows[0]!.id;
}

export async function updateArticle(tx: Handle, id: number, changes: Partial<ArticleValues>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(article).set(changes).where(eq(article.id, id));
}

export async function deleteTranslation(tx: Handle, articleId: number, locale: Locale): Promise<void> {
  await tx.delete(articleTranslation).where(and(eq(articleTranslation.articleId, articleId), eq(articleTranslation.locale, locale)));
}

/** Delete an article and its texts. */
export async function deleteArticle(tx: Handle, id: number): Promise<void> {
  await tx.delete(article).where(eq(article.id, id));
}
