import {
  FLOW_CARD_STEPS,
  FlowMessage,
  itemKindOf,
  LIMITS,
  openableScreens,
  RANK,
  tierOf,
  type CollectedFlow,
  type CollectListQuerySchema,
  type Flow,
  type FlowCard,
  type FlowCollectReply,
  type FlowItem,
  type FlowListQuerySchema,
  type FlowStep,
} from '@shotlib/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { withMemberLock } from '../../db/transaction';
import { NotFoundError, VipRequiredError } from '../../lib/errors';
import type { MediaSigner } from '../../lib/media-signature';
import { pageWindow } from '../../lib/paging';
import type { ReplyCache } from '../../lib/reply-cache';
import { createTtlCache, type TtlCache } from '../../lib/ttl-cache';
import { COUNT_CACHE_MS, recordItemActivity, segmentOfKind, toPreview, versionedTotal, type CatalogDeps } from '../catalog/catalog.service';
import type { ItemOfRow } from '../../db/item-of-row';
import * as repo from './flow.repo';

/**
 * Flows (issue 13, docs/decisions/045-flows-and-business.md): cards across the library or of one
 * item, one flow with the steps the caller may play, and members' collected flows.
 */
export type FlowDeps = { db: Db; signer: MediaSigner; catalogCache: ReplyCache; activity: CatalogDeps['activity'] };
/** The dependencies plus this process's cache of list totals (per catalogue version, as the catalogue's). */
export type FlowContext = FlowDeps & { totals: TtlCache<number> };
/** What the flow calls need to know about the caller. */
export type Caller = { vip: boolean };
/** The signed-in member who collects: only their own collection is ever read or changed. */
export type Collector = { id: number; vip: boolean };

type FlowListQuery = z.output<typeof FlowListQuerySchema>;
type CollectListQuery = z.output<typeof CollectListQuerySchema>;
type List<T> = { arr: T[]; total: number };

/** How many first steps a card shows (steps every caller may play, so a card is the same for everybody). */
export const COVER_STEPS = FLOW_CARD_STEPS;

export function withFlowCaches(deps: FlowDeps): FlowContext {
  return { ...deps, totals: createTtlCache<number>({ ttlMs: COUNT_CACHE_MS, maxEntries: 2000 }) };
}

/** The app, site or business product of a row, as a flow card or a screen card names it. */
export function toFlowItem(row: ItemOfRow): FlowItem {
  return {
    id: row.itemId,
    name: row.itemName,
    ...(row.itemNameCn ? { nameCn: row.itemNameCn } : {}),
    ...(row.itemNameTw ? { nameTw: row.itemNameTw } : {}),
    logo: row.itemLogo,
    kind: itemKindOf({ platform: row.itemIsSite, business: row.itemBusiness }),
  };
}

function toCard(row: repo.FlowCardRow, signer: MediaSigner): FlowCard {
  return {
    id: row.id,
    item: toFlowItem(row),
    type: row.categoryId,
    name: row.name,
    ...(row.nameCn ? { nameCn: row.nameCn } : {}),
    ...(row.nameTw ? { nameTw: row.nameTw } : {}),
    stepCount: row.stepCount,
    cover: row.cover.map((screen) => toPreview(screen, signer)),
    // The json of the subqueries carries no dates; this one comes from a column (a Date).
    publishedAt: new Date(row.publishedAt).toISOString(),
  };
}

/**
 * `POST /flow`: the flows of one item (`appSiteId`, in the console's order; kind and rank are then
 * ignored) or across the library, by item kind and flow types, News or Hot. Every caller sees every
 * card (the paywall is on the steps: `getFlow`).
 */
export async function listFlows(ctx: FlowContext, query: FlowListQuery): Promise<List<FlowCard>> {
  const filter: repo.FlowFilter = {
    types: [...new Set(query.type)].sort((a, b) => a - b),
    ...(query.appSiteId !== undefined
      ? { itemId: query.appSiteId }
      : query.kind !== undefined
        ? { segment: segmentOfKind(query.kind) }
        : {}),
  };
  const page = { hot: query.rank === RANK.hot, ...pageWindow(query), coverSteps: COVER_STEPS };
  const [rows, total] = await Promise.all([
    repo.listFlows(ctx.db, { ...filter, ...page }),
    versionedTotal(ctx, filter, () => repo.countFlows(ctx.db, filter)),
  ]);
  return { arr: rows.map((row) => toCard(row, ctx.signer)), total };
}

/** Whether the list reply moves with activity (Hot across the library), not only with writes. */
export const isVolatileList = (query: FlowListQuery): boolean => query.appSiteId === undefined && query.rank === RANK.hot;

/**
 * `GET /flow/{id}`: the flow with the steps the caller may play: every step for a subscriber; for a
 * regular caller the steps before the first one whose screen they may not open in its item (the one
 * rule of free screens, `openableScreens`). The screens of the locked steps are never read, so never
 * signed; `stepCount` is the whole count and `locked` says whether steps were held back. A flow of
 * an unpublished item, or without steps, is missing (404).
 */
export async function getFlow(deps: Pick<FlowDeps, 'db' | 'signer'>, caller: Caller, id: number): Promise<Flow> {
  const row = await repo.findFlow(deps.db, id, COVER_STEPS, openableScreens(caller.vip));
  if (!row) throw new NotFoundError(FlowMessage.flowMissing);
  // Positions as the reader counts them (1..n), whatever gaps the stored ones have.
  const steps: FlowStep[] = row.steps.map((step, index) => ({
    position: index + 1,
    preview: toPreview(step.preview, deps.signer),
    caption: step.caption,
    ...(step.captionCn ? { captionCn: step.captionCn } : {}),
    ...(step.captionTw ? { captionTw: step.captionTw } : {}),
  }));
  return { ...toCard(row, deps.signer), steps, locked: row.stepCount > steps.length };
}

/**
 * Collect a whole flow. Idempotent: collecting what is collected already changes nothing (and is
 * not refused, even at the limit). A missing flow is a 404. Regular members may hold up to
 * LIMITS.regular.collectMax flows (code 1002 beyond), subscribers any number; the count and the
 * insert run under the member's lock, so concurrent calls cannot pass the limit together. A new
 * collect counts towards its item's Hot ranking, as a collected screen does.
 */
export async function collectFlow(deps: Pick<FlowDeps, 'db' | 'activity'>, collector: Collector, flowId: number): Promise<FlowCollectReply> {
  const max = LIMITS[tierOf(collector.vip)].collectMax;
  const added = await withMemberLock(deps.db, collector.id, async (tx) => {
    const itemId = await repo.findListedFlowItem(tx, flowId);
    if (itemId === null) throw new NotFoundError(FlowMessage.flowMissing);
    if (Number.isFinite(max)) {
      if (await repo.isFlowCollected(tx, collector.id, flowId)) return null;
      if ((await repo.countFlowCollects(tx, collector.id)) >= max) throw new VipRequiredError(FlowMessage.collectLimit);
    }
    return (await repo.insertFlowCollect(tx, collector.id, flowId)) ? itemId : null;
  });
  if (added !== null) recordItemActivity(deps, added, { collects: 1 });
  return { id: flowId, collected: true };
}

/** Remove a flow from the collection (idempotent: removing what is not collected is not an error). */
export async function uncollectFlow(deps: Pick<FlowDeps, 'db'>, collector: Collector, flowId: number): Promise<FlowCollectReply> {
  await repo.deleteFlowCollect(deps.db, collector.id, flowId);
  return { id: flowId, collected: false };
}

/**
 * One page of the member's collected flows, newest first, as cards: only the flows readers see (a
 * flow of an unpublished item stays collected, unseen, and comes back when it is published again).
 */
export async function listCollectedFlows(
  deps: Pick<FlowDeps, 'db' | 'signer'>,
  collector: Collector,
  query: CollectListQuery,
): Promise<List<CollectedFlow>> {
  const window = { ...pageWindow(query), coverSteps: COVER_STEPS };
  const [rows, total] = await Promise.all([
    repo.listCollectedFlows(deps.db, collector.id, window),
    repo.countListedCollectedFlows(deps.db, collector.id),
  ]);
  return {
    arr: rows.map((row) => ({ ...toCard(row, deps.signer), collectedAt: new Date(row.collectedAt).toISOString() })),
    total,
  };
}

/** The ids of every flow the member has collected, newest first. */
export async function collectedFlowIds(deps: Pick<FlowDeps, 'db'>, collector: Collector): Promise<List<number>> {
  const arr = await repo.collectedFlowIds(deps.db, collector.id);
  return { arr, total: arr.length };
}
export * as flowAdmin from './flow-admin';

/**
 * One page of the listed flows on a board, newest added first, as cards (the same for every reader:
 * the paywall is on the steps, `getFlow`), with when each was added (boards, decision 052).
 */
export async function listBoardFlowCards(
  deps: Pick<FlowDeps, 'db' | 'signer'>,
  boardId: number,
  query: CollectListQuery,
): Promise<List<FlowCard & { addedAt: string }>> {
  const window = { ...pageWindow(query), coverSteps: COVER_STEPS };
  const [rows, totals] = await Promise.all([repo.listBoardFlows(deps.db, boardId, window), repo.countListedBoardFlows(deps.db, [boardId])]);
  return {
    arr: rows.map((row) => ({ ...toCard(row, deps.signer), addedAt: new Date(row.collectedAt).toISOString() })),
    total: totals.get(boardId) ?? 0,
  };
}

/** How many listed flows each of these boards holds (0 when none). */
export async function countBoardFlows(deps: Pick<FlowDeps, 'db'>, boardIds: readonly number[]): Promise<Map<number, number>> {
  return repo.countListedBoardFlows(deps.db, boardIds);
}
