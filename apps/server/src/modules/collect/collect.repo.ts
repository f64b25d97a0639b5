import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type * as schema from '../../db/schema';
import { collect, item, preview } from '../../db/schema';

/** The database or a transaction of either driver. */
type Handle = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How many screens of its app come before a preview (by sort, then id): its 0-based position. */
// The outer row's columns are named with their table: drizzle would write them bare, which the
// subquery would read as its own.
const positionOf = () =>
  sql<number>`(select count(*) from ${preview} as earlier where earlier.item_id = ${preview}.item_id and (earlier.sort, earlier.id) < (${preview}.sort, ${preview}.id))`;

/**
 * The item a preview belongs to and its position among the item's screens, or null when there is
 * no such preview or its item is unpublished (decision 037: unpublished items show nowhere).
 */
export async function findPreviewItem(db: Handle, previewId: number): Promise<{ itemId: number; position: number } | null> {
  const rows = await db
    .select({ itemId: preview.itemId, position: positionOf().mapWith(Number) })
    .from(preview)
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(and(eq(preview.id, previewId), isNull(item.unpublishedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function isCollected(db: Handle, memberId: number, previewId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(collect)
    .where(and(eq(collect.memberId, memberId), eq(collect.previewId, previewId)))
    .limit(1);
  return rows.length > 0;
}

/** How many previews a member has collected. */
export async function countCollects(db: Handle, memberId: number): Promise<number> {
  const rows = await db.select({ total: count() }).from(collect).where(eq(collect.memberId, memberId));
  return rows[0]?.total ?? 0;
}

/**
 * A member's collected previews that are among the first `openable` screens of their app (all when
 * Infinity), of published apps only (the query joins item): an unpublished app's screens stay
 * collected, unseen, and come back when it is published again.
 */
function openableCollected(memberId: number, openable: number) {
  return and(
    eq(collect.memberId, memberId),
    isNull(item.unpublishedAt),
    Number.isFinite(openable) ? sql`${positionOf()} < ${openable}` : undefined,
  );
}

/** How many of a member's collected previews they may open (see openableCollected). */
export async function countOpenableCollects(db: Db, memberId: number, openable: number): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(collect)
    .innerJoin(preview, eq(preview.id, collect.previewId))
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(openableCollected(memberId, openable));
  return rows[0]?.total ?? 0;
}

/** Collect a preview; true when a row was added (false when it was collected already). */
export async function insertCollect(db: Handle, memberId: number, previewId: number): Promise<boolean> {
  const rows = await db
    .insert(collect)
    .values({ memberId, previewId })
    .onConflictDoNothing()
    .returning({ previewId: collect.previewId });
  return rows.length > 0;
}

/**
 * Collect a preview of a published item in one statement, for a collector without limits (no
 * member lock, no position: a subscriber may open and collect every screen). Null when there is no
 * such preview; `added` false when it was collected already.
 */
export async function collectUnlimited(db: Db, memberId: number, previewId: number): Promise<{ itemId: number; added: boolean } | null> {
  const handle: Handle = db;
  const result = await handle.execute(sql`
    with target as (
      select ${preview.id} as id, ${preview.itemId} as item_id from ${preview}
      inner join ${item} on ${item.id} = ${preview.itemId}
      where ${preview.id} = ${previewId} and ${item.unpublishedAt} is null
    ), inserted as (
      insert into ${collect} (member_id, preview_id) select ${memberId}, id from target
      on conflict do nothing returning preview_id
    )
    select target.item_id, (select count(*) from inserted)::int as added from target`);
  // Both drivers answer { rows } (as in jobs.repo).
  const row = (result as unknown as { rows: { item_id: number; added: number }[] }).rows[0];
  return row ? { itemId: Number(row.item_id), added: Number(row.added) > 0 } : null;
}

/** Remove a collected preview; true when a row was removed. */
export async function deleteCollect(db: Db, memberId: number, previewId: number): Promise<boolean> {
  const handle: Handle = db;
  const rows = await handle
    .delete(collect)
    .where(and(eq(collect.memberId, memberId), eq(collect.previewId, previewId)))
    .returning({ previewId: collect.previewId });
  return rows.length > 0;
}

export type CollectedRow = {
  id: number;
  path: string;
  width: number;
  height: number;
  categoryId: number | null;
  itemId: number;
  name: string;
  nameCn: string | null;
  nameTw: string | null;
  logo: string;
  isSite: boolean;
  collectedAt: Date;
};

/** Newest collected first; previews collected at the same instant by id, highest first: a total order, so pages never overlap. */
const newestFirst = [desc(collect.createdAt), desc(collect.previewId)] as const;

/**
 * One page of a member's collection, with each preview's app or website: only the screens among
 * the first `openable` of their app (a lapsed subscriber's paid screens stay stored, unseen).
 */
export async function listCollected(
  db: Db,
  memberId: number,
  openable: number,
  window: { limit: number; offset: number },
): Promise<CollectedRow[]> {
  return db
    .select({
      id: preview.id,
      path: preview.path,
      width: preview.width,
      height: preview.height,
      categoryId: preview.categoryId,
      itemId: item.id,
      name: item.name,
      nameCn: item.nameCn,
      nameTw: item.nameTw,
      logo: item.logo,
      isSite: item.isSite,
      collectedAt: collect.createdAt,
    })
    .from(collect)
    .innerJoin(preview, eq(preview.id, collect.previewId))
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(openableCollected(memberId, openable))
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset);
}

/** The ids of every preview a member has collected, newest first. */
export async function collectedIds(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: collect.previewId })
    .from(collect)
    .where(eq(collect.memberId, memberId))
    .orderBy(...newestFirst);
  return rows.map((row) => row.id);
}
