import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemOfRowColumns, type ItemOfRow } from '../../db/item-of-row';
import { board, boardFlow, boardScreen, collect, collectFlow, item, member, preview } from '../../db/schema';
import { intArray } from '../../db/sql-arrays';
import type { Handle } from '../../db/transaction';

/** A screen of a cover, as the json of the cover subquery holds it. */
export type CoverRow = { id: number; path: string; width: number; height: number; categoryId: number | null };

export type BoardRow = {
  id: number;
  name: string;
  shareToken: string | null;
  createdAt: Date;
  updatedAt: Date;
  screens: number;
  cover: CoverRow[];
  contains: boolean | null;
};

/** `position < openable`, or nothing for Infinity (a subscriber opens every screen). */
const openableIn = (alias: SQL, openable: number): SQL =>
  Number.isFinite(openable) ? sql`and ${alias}.position < ${openable}` : sql``;

/**
 * The columns of a board in the member's list: its screens of published items, and a cover of its
 * newest `coverScreens` screens the member may open (`openable`, the one rule of free screens).
 * `contains` says whether it holds one screen or one flow when asked.
 */
function boardColumns(coverScreens: number, openable: number, about: { screen?: number; flow?: number }) {
  const contains =
    about.screen !== undefined
      ? sql<boolean>`exists (select 1 from ${boardScreen} c where c.board_id = ${board}.id and c.preview_id = ${about.screen})`
      : about.flow !== undefined
        ? sql<boolean>`exists (select 1 from ${boardFlow} c where c.board_id = ${board}.id and c.flow_id = ${about.flow})`
        : sql<null>`null`;
  return {
    id: board.id,
    name: board.name,
    shareToken: board.shareToken,
    createdAt: board.createdAt,
    updatedAt: board.updatedAt,
    screens: sql<number>`(select count(*) from ${boardScreen} bs
      inner join ${preview} p on p.id = bs.preview_id inner join ${item} i on i.id = p.item_id
      where bs.board_id = ${board}.id and i.unpublished_at is null)`.mapWith(Number),
    cover: sql<CoverRow[]>`coalesce((
      select json_agg(json_build_object('id', s.id, 'path', s.path, 'width', s.width, 'height', s.height, 'categoryId', s.category_id) order by s.added desc, s.id desc)
      from (select p.id, p.path, p.width, p.height, p.category_id, bs.created_at as added from ${boardScreen} bs
            inner join ${preview} p on p.id = bs.preview_id inner join ${item} i on i.id = p.item_id
            where bs.board_id = ${board}.id and i.unpublished_at is null ${openableIn(sql.raw('p'), openable)}
            order by bs.created_at desc, bs.preview_id desc limit ${coverScreens}) s
    ), '[]'::json)`,
    contains,
  };
}

/** A member's boards in their order (position, then id). */
export async function listBoards(
  db: Db,
  memberId: number,
  options: { coverScreens: number; openable: number; screen?: number | undefined; flow?: number | undefined },
): Promise<BoardRow[]> {
  const about = { ...(options.screen !== undefined ? { screen: options.screen } : {}), ...(options.flow !== undefined ? { flow: options.flow } : {}) };
  return db
    .select(boardColumns(options.coverScreens, options.openable, about))
    .from(board)
    .where(eq(board.memberId, memberId))
    .orderBy(asc(board.position), asc(board.id));
}

/** One board of a member (null when there is none of this id, or it is another member's). */
export async function findBoard(db: Handle, memberId: number, boardId: number, options: { coverScreens: number; openable: number }): Promise<BoardRow | null> {
  const rows = await db
    .select(boardColumns(options.coverScreens, options.openable, {}))
    .from(board)
    .where(and(eq(board.id, boardId), eq(board.memberId, memberId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether the member owns this board (the same false for a missing one and another member's). */
export async function ownsBoard(db: Handle, memberId: number, boardId: number): Promise<boolean> {
  const rows = await db
    .select({ id: board.id })
    .from(board)
    .where(and(eq(board.id, boardId), eq(board.memberId, memberId)))
    .limit(1);
  return rows.length > 0;
}

export async function countBoards(db: Handle, memberId: number): Promise<number> {
  const rows = await db.select({ total: count() }).from(board).where(eq(board.memberId, memberId));
  return rows[0]?.total ?? 0;
}

/** A new board, first in the member's list (the others move down one); its id. */
export async function insertBoard(db: Handle, memberId: number, name: string): Promise<number> {
  await db
    .update(board)
    .set({ position: sql`${board.position} + 1` })
    .where(eq(board.memberId, memberId));
  const [row] = await db.insert(board).values({ memberId, name, position: 0 }).returning({ id: board.id });
  return row!.id;
}

/** Rename a member's board; false when there is no such board of theirs. */
export async function renameBoard(db: Handle, memberId: number, boardId: number, name: string): Promise<boolean> {
  const rows = await db
    .update(board)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(board.id, boardId), eq(board.memberId, memberId)))
    .returning({ id: board.id });
  return rows.length > 0;
}

/** Number the member's boards 0..n-1 in this order (ids of their boards only). */
export async function renumberBoards(db: Handle, memberId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${board} set position = x.ord - 1
    from unnest(${intArray(ids)}) with ordinality as x(id, ord)
    where ${board}.id = x.id and ${board}.member_id = ${memberId}`);
}

/** The ids of a member's boards in their order. */
export async function boardIdsInOrder(db: Handle, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: board.id })
    .from(board)
    .where(eq(board.memberId, memberId))
    .orderBy(asc(board.position), asc(board.id));
  return rows.map((row) => row.id);
}

/** Delete a member's board (its entries go with it; what they hold stays collected); false when none. */
export async function deleteBoard(db: Handle, memberId: number, boardId: number): Promise<boolean> {
  const rows = await db
    .delete(board)
    .where(and(eq(board.id, boardId), eq(board.memberId, memberId)))
    .returning({ id: board.id });
  return rows.length > 0;
}

/** Mark a board changed (renamed, an entry came or went): the database's time, as the entries' `created_at`. */
async function touch(db: Handle, boardId: number): Promise<void> {
  await db.update(board).set({ updatedAt: sql`now()` }).where(eq(board.id, boardId));
}

/** Put a collected screen of the member on their board; true when it was not there yet. */
export async function insertBoardScreen(db: Handle, boardId: number, memberId: number, previewId: number): Promise<boolean> {
  const rows = await db
    .insert(boardScreen)
    .values({ boardId, memberId, previewId, })
    .onConflictDoNothing()
    .returning({ previewId: boardScreen.previewId });
  if (rows.length > 0) await touch(db, boardId);
  return rows.length > 0;
}

export async function deleteBoardScreen(db: Handle, boardId: number, previewId: number): Promise<boolean> {
  const rows = await db
    .delete(boardScreen)
    .where(and(eq(boardScreen.boardId, boardId), eq(boardScreen.previewId, previewId)))
    .returning({ previewId: boardScreen.previewId });
  if (rows.length > 0) await touch(db, boardId);
  return rows.length > 0;
}

/** Put a collected flow of the member on their board; true when it was not there yet. */
export async function insertBoardFlow(db: Handle, boardId: number, memberId: number, flowId: number): Promise<boolean> {
  const rows = await db
    .insert(boardFlow)
    .values({ boardId, memberId, flowId, })
    .onConflictDoNothing()
    .returning({ flowId: boardFlow.flowId });
  if (rows.length > 0) await touch(db, boardId);
  return rows.length > 0;
}

export async function deleteBoardFlow(db: Handle, boardId: number, flowId: number): Promise<boolean> {
  const rows = await db
    .delete(boardFlow)
    .where(and(eq(boardFlow.boardId, boardId), eq(boardFlow.flowId, flowId)))
    .returning({ flowId: boardFlow.flowId });
  if (rows.length > 0) await touch(db, boardId);
  return rows.length > 0;
}

/**
 * Set a board's share token: `token` replaces any (`keep` false) or is used only when the board has
 * none (`keep` true: sharing a shared board keeps its link); null stops sharing. The token now, or
 * undefined when there is no such board of the member.
 */
export async function setShareToken(
  db: Handle,
  memberId: number,
  boardId: number,
  token: string | null,
  keep: boolean,
): Promise<string | null | undefined> {
  const value = token !== null && keep ? sql`coalesce(${board.shareToken}, ${token})` : token;
  const rows = await db
    .update(board)
    .set({ shareToken: value })
    .where(and(eq(board.id, boardId), eq(board.memberId, memberId)))
    .returning({ shareToken: board.shareToken });
  return rows[0] ? rows[0].shareToken : undefined;
}

/** A shared board by its token, with its owner's nickname; null when no board has this token. */
export async function findSharedBoard(
  db: Db,
  token: string,
): Promise<{ id: number; name: string; owner: string; updatedAt: Date } | null> {
  const rows = await db
    .select({ id: board.id, name: board.name, owner: member.nickname, updatedAt: board.updatedAt })
    .from(board)
    .innerJoin(member, eq(member.id, board.memberId))
    .where(eq(board.shareToken, token))
    .limit(1);
  return rows[0] ?? null;
}

/** The screens on a board of published items: all of them, and those among the first `openable` of their item. */
export async function countBoardScreens(db: Db, boardId: number, openable: number): Promise<{ all: number; open: number }> {
  const open = Number.isFinite(openable) ? sql`count(*) filter (where ${preview.position} < ${openable})` : sql`count(*)`;
  const rows = await db
    .select({ all: count(), open: sql<number>`${open}`.mapWith(Number) })
    .from(boardScreen)
    .innerJoin(preview, eq(preview.id, boardScreen.previewId))
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(and(eq(boardScreen.boardId, boardId), isNull(item.unpublishedAt)));
  return { all: rows[0]?.all ?? 0, open: rows[0]?.open ?? 0 };
}

export type BoardScreenRow = CoverRow & ItemOfRow & { addedAt: Date };

/**
 * One page of the screens on a board a reader may open (among the first `openable` of their item,
 * of published items), newest added first (ties by preview id, highest first): a total order.
 */
export async function listBoardScreens(
  db: Db,
  boardId: number,
  openable: number,
  window: { limit: number; offset: number },
): Promise<BoardScreenRow[]> {
  return db
    .select({
      id: preview.id,
      path: preview.path,
      width: preview.width,
      height: preview.height,
      categoryId: preview.categoryId,
      ...itemOfRowColumns,
      addedAt: boardScreen.createdAt,
    })
    .from(boardScreen)
    .innerJoin(preview, eq(preview.id, boardScreen.previewId))
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(
      and(
        eq(boardScreen.boardId, boardId),
        isNull(item.unpublishedAt),
        Number.isFinite(openable) ? sql`${preview.position} < ${openable}` : undefined,
      ),
    )
    .orderBy(desc(boardScreen.createdAt), desc(boardScreen.previewId))
    .limit(window.limit)
    .offset(window.offset);
}

/** Whether the member has collected this screen. */
export async function isScreenCollected(db: Handle, memberId: number, previewId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from ${collect} where member_id = ${memberId} and preview_id = ${previewId} limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Whether the member has collected this flow. */
export async function isFlowCollected(db: Handle, memberId: number, flowId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from ${collectFlow} where member_id = ${memberId} and flow_id = ${flowId} limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Whether an error is a foreign-key violation (PostgreSQL 23503), from either driver. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
