import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { itemActivity } from '../../db/schema';

/**
 * The Hot ranking (decision record 005).
 *
 * An item's popularity at a moment t is the decayed sum of its daily activity:
 *
 *     P(t) = Σ over days d of w_d · 0.5 ^ ((t − d) / halfLife),   w_d = views_d + 5 · collects_d
 *
 * A collect weighs five views (saving a screen says more than looking at it), and a day's weight
 * halves every week: two weeks old counts a quarter, two months old almost nothing.
 *
 * What we store is not P(t) but
 *
 *     hot_score = log2( Σ_d w_d · 2 ^ ((d − epoch) / halfLife) ) = log2 P(t) + (t − epoch) / halfLife
 *
 * The second term is the same for every item, so ordering by hot_score is ordering by P(t) at
 * every moment t: decay needs no periodic pass over the catalogue, and an item's score changes only
 * when its own activity does (new activity is added to it in log space, see addScoresSql; the seed
 * recomputes it from the rows). The
 * logarithm keeps the numbers small (about 2026 − 2023 years · 52 weeks ≈ 200 plus log2 of the
 * activity). An item without activity scores 0, below every item with activity since the epoch.
 */
export const HOT_SCORE = { collectWeight: 5, halfLifeDays: 7, epoch: '2023-01-01' } as const;

const DAY_MS = 86_400_000;
const epochDay = Date.parse(`${HOT_SCORE.epoch}T00:00:00Z`) / DAY_MS;

export type DayActivity = { ageDays: number; views: number; collects: number };

/** P(asOf): the decayed sum, with each day's age counted in whole days before the as-of day. */
export function decayedPopularity(days: Iterable<DayActivity>): number {
  let score = 0;
  for (const { ageDays, views, collects } of days) {
    score += (views + HOT_SCORE.collectWeight * collects) * 0.5 ** (ageDays / HOT_SCORE.halfLifeDays);
  }
  return score;
}

/** The stored score of an item whose activity is given by age in days before `asOf` (TypeScript twin of the SQL). */
export function hotScore(days: Iterable<DayActivity>, asOf: Date): number {
  const today = Math.floor(asOf.getTime() / DAY_MS);
  const terms: { w: number; e: number }[] = [];
  for (const d of days) {
    const w = d.views + HOT_SCORE.collectWeight * d.collects;
    if (w > 0) terms.push({ w, e: (today - d.ageDays - epochDay) / HOT_SCORE.halfLifeDays });
  }
  if (terms.length === 0) return 0;
  const m = Math.max(...terms.map((t) => t.e));
  return m + Math.log2(terms.reduce((sum, t) => sum + t.w * 2 ** (t.e - m), 0));
}

/**
 * The score of the item whose id is `itemId` (a column or value), from its item_activity rows:
 * a scalar sub-select, for `UPDATE item SET hot_score = …`. The largest exponent is factored out
 * so that 2^x never overflows, whatever the date.
 */
export function hotScoreSql(itemId: AnyPgColumn | SQL): SQL<number> {
  const { collectWeight, halfLifeDays, epoch } = HOT_SCORE;
  const weight = sql`(${itemActivity.views} + ${sql.raw(String(collectWeight))} * ${itemActivity.collects})`;
  const exponent = sql`((${itemActivity.day} - date '${sql.raw(epoch)}') / ${sql.raw(String(halfLifeDays))}.0::float8)`;
  return sql<number>`coalesce((
    select max(g.m) + ln(sum(g.w * power(2.0::float8, g.e - g.m))) / ln(2.0::float8)
    from (
      select ${weight}::float8 as w, ${exponent} as e, max(${exponent}) over () as m
      from ${itemActivity}
      where ${itemActivity.itemId} = ${itemId} and ${weight} > 0
    ) as g
  ), 0)::float8`;
}

/**
 * The score after adding activity to an item whose score is `current`: log2(2^current + Σ new
 * terms), each term `w · 2^e` of a (day, views, collects) row of `rows` (a relation with columns
 * item_id, day, views, collects), per item_id, as rows `(item_id, score)`. Adding in log space
 * equals recomputing from the whole history (the score is a log of a sum), without reading it:
 * a flush of a few thousand items' views costs one pass over the flushed rows.
 */
export function hotScoreGainSql(rows: SQL): SQL {
  const { collectWeight, halfLifeDays, epoch } = HOT_SCORE;
  const exponent = sql`((day - date '${sql.raw(epoch)}') / ${sql.raw(String(halfLifeDays))}.0::float8)`;
  return sql`
    select g.item_id, max(g.m) + ln(sum(g.w * power(2.0::float8, g.e - g.m))) / ln(2.0::float8) as gain
    from (
      select item_id, (views + ${sql.raw(String(collectWeight))} * collects)::float8 as w, ${exponent} as e,
        max(${exponent}) over (partition by item_id) as m
      from ${rows} as r
      where views + ${sql.raw(String(collectWeight))} * collects > 0
    ) as g
    group by g.item_id`;
}

/** log2(2^a + 2^b) of two scores, 0 standing for "no activity" (the sum's empty case). */
export function addScoresSql(a: SQL | AnyPgColumn, b: SQL): SQL<number> {
  return sql<number>`(case when ${a} = 0 then ${b}
    else greatest(${a}, ${b}) + ln(1 + power(2.0::float8, -abs(${a} - ${b}))) / ln(2.0::float8) end)`;
}
