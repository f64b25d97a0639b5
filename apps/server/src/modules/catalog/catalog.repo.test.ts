import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { item, itemActivity } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RANK } from '@shotlib/contract';
import { addItemActivity, ITEM_SEGMENT, itemPageQuery, refreshHotScores } from './catalog.repo';
import { hotScore } from './hot-score';
import { normalizeTerm, termGrams } from './search-term';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('cjk_grams and termGrams', () => {
  it('index every CJK character and pair; a term’s grams are among those of any text containing it', async () => {
    const text = 'Alpha 记账本 Pro 版 かな 한글';
    const result = await t.db.execute(sql`select cjk_grams(${text}) as grams`);
    const grams = (result as unknown as { rows: { grams: string[] }[] }).rows[0]!.grams;
    expect([...grams].sort()).toEqual(['记', '账', '本', '记账', '账本', '版', 'か', 'な', 'かな', '한', '글', '한글'].sort());
    for (const term of ['记账', '账本', '记账本', '版', 'pro 版', 'かな', '한글']) {
      for (const gram of termGrams(term)) expect(grams, term).toContain(gram);
    }
  });

  it('takes pairs of a CJK run, a lone CJK character on its own, and ignores the rest', () => {
    expect(termGrams('记账')).toEqual(['记账']);
    expect(termGrams('记账本')).toEqual(['记账', '账本']);
    expect(termGrams('账')).toEqual(['账']);
    expect(termGrams('pro 版 x 记账')).toEqual(['版', '记账']);
    expect(termGrams('alpha')).toEqual([]);
  });

  it('normalises whitespace so a term cannot hold the field separator', () => {
    expect(normalizeTerm('  a \n\t b\u0000c ')).toBe('a b c');
    expect(normalizeTerm(undefined)).toBe('');
  });
});

describe('list plans', () => {
  /** The plan of a query when sorting is made as costly as possible: shows whether an index gives the order. */
  async function planWithoutSort(query: ReturnType<typeof itemPageQuery>): Promise<string> {
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain (costs off) ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it('reads News and Hot pages of each list (apps, websites, business) straight from their indexes, without sorting the tab', async () => {
    for (const segment of Object.values(ITEM_SEGMENT)) {
      const base = { segment, groups: [], limit: 8, offset: 16, previews: 6 } as const;
      const news = await planWithoutSort(itemPageQuery(t.db, { ...base, rank: RANK.news }));
      expect(news).toContain('item_news_idx');
      expect(news).not.toContain('Sort');
      const hot = await planWithoutSort(itemPageQuery(t.db, { ...base, rank: RANK.hot }));
      expect(hot).toContain('item_hot_idx');
      expect(hot).not.toContain('Sort');
    }
  });

  it('computes what a page shows (categories, first screens, flows) for its own rows only, not for the rows it skips', async () => {
    for (const rank of [RANK.news, RANK.hot]) {
      const query = itemPageQuery(t.db, { segment: ITEM_SEGMENT.app, groups: [], rank, limit: 4, offset: 12, previews: 3 });
      const result = await t.db.execute(sql`explain (analyze, costs off, timing off) ${query}`);
      const plan = (result as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
      const loops = [...plan.matchAll(/loops=(\d+)/g)].map((match) => Number(match[1]));
      expect(plan).toContain('SubPlan');
      // A flat query ran every subquery once per row up to offset + limit (16 here).
      expect(Math.max(...loops), plan).toBe(4);
    }
  });
});

describe('hot scores', () => {
  it('recomputes an item’s score from its activity as the TypeScript formula does', async () => {
    const id = t.fixtures.appIds[20]!;
    const today = new Date();
    const days = [
      { ageDays: 0, views: 3, collects: 1 },
      { ageDays: 6, views: 40, collects: 0 },
      { ageDays: 45, views: 900, collects: 30 },
      { ageDays: 2, views: 0, collects: 0 },
    ];
    await addItemActivity(
      t.db,
      days.map((d) => ({ itemId: id, day: isoDay(new Date(today.getTime() - d.ageDays * DAY_MS)), views: d.views, collects: d.collects })),
    );
    await refreshHotScores(t.db, [id]);
    const [row] = await t.db.select({ hot: item.hotScore }).from(item).where(eq(item.id, id));
    expect(row!.hot).toBeCloseTo(hotScore(days, today), 9);
  });

  it('moves the score of the items it adds activity to exactly as a recompute from their history would', async () => {
    const [id, other] = [t.fixtures.appIds[24]!, t.fixtures.appIds[25]!];
    const today = new Date();
    const dayOf = (ageDays: number) => isoDay(new Date(today.getTime() - ageDays * DAY_MS));
    const [untouched] = await t.db.select({ hot: item.hotScore }).from(item).where(eq(item.id, other));
    // Three flushes: a new item, then more on a day it has, then an older day and another day at once.
    await addItemActivity(t.db, [{ itemId: id, day: dayOf(3), views: 12, collects: 0 }]);
    await addItemActivity(t.db, [{ itemId: id, day: dayOf(3), views: 1, collects: 2 }]);
    await addItemActivity(t.db, [
      { itemId: id, day: dayOf(30), views: 500, collects: 4 },
      { itemId: id, day: dayOf(0), views: 0, collects: 1 },
    ]);
    const expected = hotScore(
      [
        { ageDays: 3, views: 13, collects: 2 },
        { ageDays: 30, views: 500, collects: 4 },
        { ageDays: 0, views: 0, collects: 1 },
      ],
      today,
    );
    const rows = await t.db.select({ id: item.id, hot: item.hotScore }).from(item).where(sql`${item.id} in (${id}, ${other})`);
    expect(rows.find((r) => r.id === id)!.hot).toBeCloseTo(expected, 9);
    expect(rows.find((r) => r.id === other)!.hot).toBe(untouched!.hot);
    await refreshHotScores(t.db, [id]);
    const [recomputed] = await t.db.select({ hot: item.hotScore }).from(item).where(eq(item.id, id));
    expect(recomputed!.hot).toBeCloseTo(expected, 9);
  });

  it('gives 0 to an item without activity and touches only the items asked for', async () => {
    const [quiet, other] = [t.fixtures.appIds[21]!, t.fixtures.appIds[22]!];
    const [before] = await t.db.select({ hot: item.hotScore }).from(item).where(eq(item.id, other));
    await refreshHotScores(t.db, [quiet]);
    const rows = await t.db.select({ id: item.id, hot: item.hotScore }).from(item).where(sql`${item.id} in (${quiet}, ${other})`);
    expect(rows.find((r) => r.id === quiet)!.hot).toBe(0);
    expect(rows.find((r) => r.id === other)!.hot).toBe(before!.hot);
  });
});

describe('addItemActivity', () => {
  it('adds to the day’s row and drops rows of items that do not exist', async () => {
    const id = t.fixtures.appIds[23]!;
    const day = '2026-03-04';
    await addItemActivity(t.db, [{ itemId: id, day, views: 2, collects: 1 }]);
    await addItemActivity(t.db, [
      { itemId: id, day, views: 5, collects: 0 },
      { itemId: 987_654, day, views: 1, collects: 0 },
    ]);
    const rows = await t.db
      .select({ views: itemActivity.views, collects: itemActivity.collects })
      .from(itemActivity)
      .where(and(eq(itemActivity.itemId, id), eq(itemActivity.day, day)));
    expect(rows).toEqual([{ views: 7, collects: 1 }]);
    const ghost = await t.db.select().from(itemActivity).where(eq(itemActivity.itemId, 987_654));
    expect(ghost).toEqual([]);
  });
});
