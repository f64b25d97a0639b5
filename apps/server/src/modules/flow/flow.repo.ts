import { itemOfRowColumns, type ItemOfRow } from '../../db/item-of-row';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { openableScreens } from '@shotlib/contract';
import type { Db } from '../../db/client';
import { boardFlow, collectFlow, flow, flowStep, item, preview } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/** A screen of a step, as the json of the card and step subqueries holds it. */
export type StepPreviewRow = { id: number; path: string; width: number; height: number; categoryId: number | null };

/** A step of a flow (positions as stored; the service numbers them 1..n). */
export type StepRow = {
  position: number;
  preview: StepPreviewRow;
  caption: string;
  captionCn: string | null;
  captionTw: string | null;
};

/** A flow as a card shows it: its item, its whole step count and the screens of its first steps. */
export type FlowCardRow = {
  id: number;
  categoryId: number | null;
  name: string;
  nameCn: string | null;
  nameTw: string | null;
  publishedAt: Date;
  stepCount: number;
  cover: StepPreviewRow[];
} & ItemOfRow;

/** `limit n`, or nothing for Infinity (every row). */
const limitOf = (n: number): SQL => (Number.isFinite(n) ? sql`limit ${n}` : sql``);

const previewJson = sql`json_build_object('id', p.id, 'path', p.path, 'width', p.width, 'height', p.height, 'categoryId', p.category_id)`;

/**
 * The steps before the flow's first step whose screen lies at or beyond `openable` in its item
 * (`openableScreens`: the one rule of free screens, decision 028): a flow plays in order and stops
 * at its first locked screen. Nothing for Infinity (a subscriber's flows play whole).
 */
function openPrefix(openable: number): SQL {
  if (!Number.isFinite(openable)) return sql``;
  return sql`and fs.position < coalesce((
      select min(ls.position) from ${flowStep} ls inner join ${preview} lp on lp.id = ls.preview_id
      where ls.flow_id = ${flow}.id and lp.position >= ${openable}
    ), 2147483647)`;
}

/**
 * The first `steps` steps of the flow of the row (by position) with their screens, as a json array
 * (a correlated subquery: a page of flows and their steps is one query), among the steps a caller
 * who may open `openable` screens of an item may play (`openPrefix`).
 */
function stepsOf(steps: number, openable: number, json: SQL): SQL {
  return sql`coalesce((
    select json_agg(${json} order by s.position)
    from (select fs.position, fs.preview_id, fs.caption, fs.caption_cn, fs.caption_tw from ${flowStep} fs
          where fs.flow_id = ${flow}.id ${openPrefix(openable)} order by fs.position ${limitOf(steps)}) s
    inner join ${preview} p on p.id = s.preview_id
  ), '[]'::json)`;
}

/**
 * The columns of a card; `coverSteps` is how many first steps' screens it carries: steps every
 * caller may play (within `openableScreens(false)`), so a card is the same for everybody.
 */
function cardColumns(coverSteps: number) {
  return {
    id: flow.id,
    categoryId: flow.categoryId,
    name: flow.name,
    nameCn: flow.nameCn,
    nameTw: flow.nameTw,
    publishedAt: flow.publishedAt,
    ...itemOfRowColumns,
    stepCount: sql<number>`(select count(*) from ${flowStep} fs where fs.flow_id = ${flow}.id)`.mapWith(Number),
    cover: sql<StepPreviewRow[]>`${stepsOf(coverSteps, openableScreens(false), previewJson)}`,
  };
}

/**
 * A flow readers see: its item is published (decision 037) and it has at least one step (a flow
 * still being made in the console is listed nowhere).
 */
const isListed = (): SQL =>
  and(isNull(item.unpublishedAt), sql`exists (select 1 from ${flowStep} fs where fs.flow_id = ${flow}.id)`)!;

export type FlowFilter = {
  /** Flows of items of this list segment (catalog ITEM_SEGMENT); all when undefined. */
  segment?: number | undefined;
  /** Flows of any of these types; empty = all. */
  types: readonly number[];
  /** Only the flows of this item (then in the console's order). */
  itemId?: number | undefined;
};

export type FlowQuery = FlowFilter & { hot: boolean; limit: number; offset: number; coverSteps: number };

function filterConditions(filter: FlowFilter): SQL {
  return and(
    isListed(),
    filter.itemId !== undefined ? eq(flow.itemId, filter.itemId) : undefined,
    filter.segment !== undefined ? eq(item.segment, filter.segment) : undefined,
    filter.types.length > 0 ? inArray(flow.categoryId, [...filter.types]) : undefined,
  )!;
}

/**
 * One page of flow cards in a total order (id breaks ties): one item's flows by (sort, id); else
 * News (the flow's published_at, then id, newest first) or Hot (its item's hot score, then the
 * newest flow id).
 */
export async function listFlows(db: Db, query: FlowQuery): Promise<FlowCardRow[]> {
  const order =
    query.itemId !== undefined
      ? [asc(flow.sort), asc(flow.id)]
      : query.hot
        ? [sql`${item.hotScore} desc nulls last`, desc(flow.id)]
        : [sql`${flow.publishedAt} desc nulls last`, sql`${flow.id} desc nulls last`];
  return db
    .select(cardColumns(query.coverSteps))
    .from(flow)
    .innerJoin(item, eq(item.id, flow.itemId))
    .where(filterConditions(query))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
}

/** How many flows match a filter. */
export async function countFlows(db: Db, filter: FlowFilter): Promise<number> {
  const rows = await db.select({ total: count() }).from(flow).innerJoin(item, eq(item.id, flow.itemId)).where(filterConditions(filter));
  return rows[0]?.total ?? 0;
}

export type FlowRow = FlowCardRow & { steps: StepRow[] };

/** A listed flow with the steps a caller who may open `openable` screens of an item may play, or null. */
export async function findFlow(db: Db, id: number, coverSteps: number, openable: number): Promise<FlowRow | null> {
  const stepJson = sql`json_build_object('position', s.position, 'preview', ${previewJson}, 'caption', s.caption, 'captionCn', s.caption_cn, 'captionTw', s.caption_tw)`;
  const rows = await db
    .select({ ...cardColumns(coverSteps), steps: sql<StepRow[]>`${stepsOf(Number.POSITIVE_INFINITY, openable, stepJson)}` })
    .from(flow)
    .innerJoin(item, eq(item.id, flow.itemId))
    .where(and(eq(flow.id, id), isListed()))
    .limit(1);
  return rows[0] ?? null;
}

/** The item of a listed flow, or null. */
export async function findListedFlowItem(db: Handle, id: number): Promise<number | null> {
  const rows = await db
    .select({ itemId: flow.itemId })
    .from(flow)
    .innerJoin(item, eq(item.id, flow.itemId))
    .where(and(eq(flow.id, id), isListed()))
    .limit(1);
  return rows[0]?.itemId ?? null;
}

export async function isFlowCollected(db: Handle, memberId: number, flowId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(collectFlow)
    .where(and(eq(collectFlow.memberId, memberId), eq(collectFlow.flowId, flowId)))
    .limit(1);
  return rows.length > 0;
}

/** How many flows a member has collected (every row: those of unpublished items count too). */
export async function countFlowCollects(db: Handle, memberId: number): Promise<number> {
  const rows = await db.select({ total: count() }).from(collectFlow).where(eq(collectFlow.memberId, memberId));
  return rows[0]?.total ?? 0;
}

/** Collect a flow; true when a row was added (false when it was collected already). */
export async function insertFlowCollect(db: Handle, memberId: number, flowId: number): Promise<boolean> {
  const rows = await db.insert(collectFlow).values({ memberId, flowId }).onConflictDoNothing().returning({ flowId: collectFlow.flowId });
  return rows.length > 0;
}

/** Remove a collected flow; true when a row was removed. */
export async function deleteFlowCollect(db: Handle, memberId: number, flowId: number): Promise<boolean> {
  const rows = await db
    .delete(collectFlow)
    .where(and(eq(collectFlow.memberId, memberId), eq(collectFlow.flowId, flowId)))
    .returning({ flowId: collectFlow.flowId });
  return rows.length > 0;
}

export type CollectedFlowRow = FlowCardRow & { collectedAt: Date };

/** Newest collected first; flows collected at the same instant by id, highest first (a total order). */
const newestFirst = [desc(collectFlow.createdAt), desc(collectFlow.flowId)] as const;

/** One page of a member's collected flows that readers see (listed), newest first. */
export async function listCollectedFlows(
  db: Db,
  memberId: number,
  window: { limit: number; offset: number; coverSteps: number },
): Promise<CollectedFlowRow[]> {
  return db
    .select({ ...cardColumns(window.coverSteps), collectedAt: collectFlow.createdAt })
    .from(collectFlow)
    .innerJoin(flow, eq(flow.id, collectFlow.flowId))
    .innerJoin(item, eq(item.id, flow.itemId))
    .where(and(eq(collectFlow.memberId, memberId), isListed()))
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset);
}

/** How many of a member's collected flows readers see (listed). */
export async function countListedCollectedFlows(db: Db, memberId: number): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(collectFlow)
    .innerJoin(flow, eq(flow.id, collectFlow.flowId))
    .innerJoin(item, eq(item.id, flow.itemId))
    .where(and(eq(collectFlow.memberId, memberId), isListed()));
  return rows[0]?.total ?? 0;
}

/** The ids of every flow a member has collected, newest first. */
export async function collectedFlowIds(db: Db, memberId: number): Promise<number[]> {
  const rows = await db.select({ id: collectFlow.flowId }).from(collectFlow).where(eq(collectFlow.memberId, memberId)).orderBy(...newestFirst);
  return rows.map((row) => row.id);
}

/**
 * One page of the listed flows on a board (issue 29, decision 052), newest added first (flows added
 * at the same instant by id, highest first): the flow module is the one place that knows what a
 * listed flow and a card are; the board module names the board.
 */
export async function listBoardFlows(
  db: Db,
  boardId: number,
  window: { limit: number; offset: number; coverSteps: number },
): Promise<CollectedFlowRow[]> {
  return db
    .select({ ...cardColumns(window.coverSteps), collectedAt: boardFlow.createdAt })
    .from(boardFlow)
    .innerJoin(flow, eq(flow.id, boardFlow.flowId))
    .innerJoin(item, eq(item.id, flow.itemId))
    .where(and(eq(boardFlow.boardId, boardId), isListed()))
    .orderBy(desc(boardFlow.createdAt), desc(boardFlow.flowId))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many listed flows each of these boards holds (boards without any are left out). */
export async function countListedBoardFlows(db: Db, boardIds: readonly number[]): Promise<Map<number, number>> {
  if (boardIds.length === 0) return new Map();
  const rows = await db
    .select({ boardId: boardFlow.boardId, total: count() })
    .from(boardFlow)
    .innerJoin(flow, eq(flow.id, boardFlow.flowId))
    .innerJoin(item, eq(item.id, flow.itemId))
    .where(and(inArray(boardFlow.boardId, [...boardIds]), isListed()))
    .groupBy(boardFlow.boardId);
  return new Map(rows.map((row) => [row.boardId, row.total]));
}
