import {
  CollectMessage,
  LIMITS,
  mayOpenScreen,
  openableScreens,
  PaywallMessage,
  tierOf,
  type CollectedIds,
  type CollectedPreview,
  type CollectListQuerySchema,
  type CollectReply,
} from '@shotlib/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { withMemberLock } from '../../db/transaction';
import { NotFoundError, VipRequiredError } from '../../lib/errors';
import type { MediaSigner } from '../../lib/media-signature';
import { pageWindow } from '../../lib/paging';
import { recordItemActivity, type CatalogDeps } from '../catalog/catalog.service';
import * as repo from './collect.repo';

export type CollectDeps = { db: Db; activity: CatalogDeps['activity']; signer: MediaSigner };

/** The signed-in member who collects: only their own collection is ever read or changed. */
export type Collector = { id: number; vip: boolean };

type CollectListQuery = z.output<typeof CollectListQuerySchema>;

/**
 * Collect a preview. Idempotent: collecting what is collected already changes nothing (and is not
 * refused, even at the limit). A missing preview is a 404. Regular members may hold up to
 * LIMITS.regular.collectMax previews (code 1002 beyond), subscribers any number. A new collect
 * counts towards its app's Hot ranking (once: repeating the call adds nothing).
 */
export async function collectPreview(deps: CollectDeps, collector: Collector, previewId: number): Promise<CollectReply> {
  const limits = LIMITS[tierOf(collector.vip)];
  if (!Number.isFinite(limits.collectMax) && !Number.isFinite(openableScreens(collector.vip))) {
    // Nothing to check against the member's other collects, nor the screen's place: one statement.
    const collected = await repo.collectUnlimited(deps.db, collector.id, previewId);
    if (!collected) throw new NotFoundError(CollectMessage.previewMissing);
    if (collected.added) recordItemActivity(deps, collected.itemId, { collects: 1 });
    return { id: previewId, collected: true };
  }
  const added = await withMemberLock(deps.db, collector.id, async (tx) => {
    const target = await repo.findPreviewItem(tx, previewId);
    if (!target) throw new NotFoundError(CollectMessage.previewMissing);
    // Only a screen the caller may open: collecting must not be a way around the paywall.
    if (!mayOpenScreen(collector.vip, target.position)) throw new VipRequiredError(PaywallMessage.screens);
    if (await repo.isCollected(tx, collector.id, previewId)) return null;
    const max = limits.collectMax;
    if (Number.isFinite(max) && (await repo.countCollects(tx, collector.id)) >= max) {
      throw new VipRequiredError(CollectMessage.limitReached);
    }
    return (await repo.insertCollect(tx, collector.id, previewId)) ? target : null;
  });
  if (added) recordItemActivity(deps, added.itemId, { collects: 1 });
  return { id: previewId, collected: true };
}

/**
 * Remove a preview from the collection. Removing what is not collected (or does not exist) is not
 * an error: the answer is the same, it is not collected. Popularity is not reduced (it measures
 * attention, see catalog.service recordItemActivity).
 */
export async function uncollectPreview(deps: Pick<CollectDeps, 'db'>, collector: Collector, previewId: number): Promise<CollectReply> {
  await repo.deleteCollect(deps.db, collector.id, previewId);
  return { id: previewId, collected: false };
}

/**
 * One page of the member's collection, newest first, with each preview's app or website: only the
 * screens the member may open now (a lapsed subscriber's paid screens are kept, not shown).
 */
export async function listCollection(
  deps: Pick<CollectDeps, 'db' | 'signer'>,
  collector: Collector,
  query: CollectListQuery,
): Promise<{ arr: CollectedPreview[]; total: number }> {
  const openable = openableScreens(collector.vip);
  const [rows, total] = await Promise.all([
    repo.listCollected(deps.db, collector.id, openable, pageWindow(query)),
    repo.countOpenableCollects(deps.db, collector.id, openable),
  ]);
  return {
    arr: rows.map((row) => ({
      id: row.id,
      path: deps.signer.sign(row.path),
      width: row.width,
      height: row.height,
      group: row.categoryId,
      itemId: row.itemId,
      name: row.name,
      ...(row.nameCn ? { nameCn: row.nameCn } : {}),
      ...(row.nameTw ? { nameTw: row.nameTw } : {}),
      logo: row.logo,
      platform: row.isSite,
      collectedAt: row.collectedAt.toISOString(),
    })),
    total,
  };
}

/** The ids of every preview the member has collected, newest first. */
export async function collectedIds(deps: Pick<CollectDeps, 'db'>, collector: Collector): Promise<CollectedIds> {
  const arr = await repo.collectedIds(deps.db, collector.id);
  return { arr, total: arr.length };
}
