import type { CategoryTree } from '@shotlib/contract/admin-content';
import { AdminMessage, type AdminItem, type AdminItemInput, type AdminItemListEntry, type AdminItemListQuerySchema, type AdminItemUpdate } from '@shotlib/contract/admin';
import type { z } from 'zod';
import type { Handle } from '../../db/transaction';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { ROOT_CATEGORIES } from '../../seed/data/categories';
import * as repo from './catalog-admin.repo';
import { normalizeTerm } from './search-term';

/**
 * The catalogue's rules for the admin console (decision 037), reached through catalog.service
 * (`itemAdmin`). Every function takes a database handle, so the admin module runs it in the
 * transaction that also writes the audit row. Writes need no cache code: the catalogue's triggers
 * notify every process (decision 036).
 */

type AdminItemListQuery = z.output<typeof AdminItemListQuerySchema>;

function toAdminItem(row: repo.AdminItemRow): AdminItem {
  return {
    id: row.id,
    name: row.name,
    nameCn: row.nameCn,
    nameTw: row.nameTw,
    briefing: row.briefing,
    briefingCn: row.briefingCn,
    briefingTw: row.briefingTw,
    logo: row.logo,
    site: row.site,
    rating: row.rating,
    platform: row.isSite,
    business: row.business,
    publishedAt: row.publishedAt.toISOString(),
    unpublishedAt: row.unpublishedAt ? row.unpublishedAt.toISOString() : null,
    group: row.groups,
    screens: row.screens,
    flows: row.flows,
  };
}

/**
 * Items, published or not, newest first: search by a part of a name or brief, platform, status. Each
 * with its first screen (`cover`, its stored path: the caller signs it).
 */
export async function listItems(db: Handle, query: AdminItemListQuery): Promise<{ arr: AdminItemListEntry[]; total: number }> {
  const { rows, total } = await repo.listAdminItems(
    db,
    { term: normalizeTerm(query.q) || undefined, isSite: query.platform, business: query.business, status: query.status },
    pageWindow(query),
  );
  return { arr: rows.map((row) => ({ ...toAdminItem(row), cover: row.cover })), total };
}

/** One item, published or not (404 when there is none); `lock` holds it until the transaction ends. */
export async function getItem(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<AdminItem> {
  const row = await repo.adminItem(db, id, options);
  if (!row) throw new NotFoundError(AdminMessage.itemMissing);
  return toAdminItem(row);
}

/**
 * The categories, sorted and unique, after checking that each is a list category of the item's
 * kind: the business tree (10) for business software, the app/site tree (9) otherwise (400 if not).
 */
async function checkedGroups(db: Handle, groups: readonly number[], business: boolean): Promise<number[]> {
  const wanted = [...new Set(groups)].sort((a, b) => a - b);
  const known = await repo.listCategoryIds(db, wanted, business ? 'business' : 'list');
  if (known.length !== wanted.length) throw new BadRequestError(business ? AdminMessage.unknownBusinessCategory : AdminMessage.unknownCategory);
  return wanted;
}

/** Create an item (unpublished unless `published`); its logo comes by upload. */
export async function createItem(tx: Handle, input: AdminItemInput, now: Date): Promise<AdminItem> {
  const groups = await checkedGroups(tx, input.group, input.business);
  const id = await repo.insertItem(tx, {
    isSite: input.platform,
    business: input.business,
    name: input.name,
    nameCn: input.nameCn ?? null,
    nameTw: input.nameTw ?? null,
    briefing: input.briefing,
    briefingCn: input.briefingCn ?? null,
    briefingTw: input.briefingTw ?? null,
    site: input.site,
    rating: input.rating,
    publishedAt: input.publishedAt ? new Date(input.publishedAt) : now,
    unpublishedAt: input.published ? null : now,
  });
  await repo.setItemCategories(tx, id, groups);
  return getItem(tx, id);
}

export type ItemChange = { before: AdminItem; after: AdminItem };

/**
 * Edit an item's texts, flags, date and categories. Categories belong to the tree of the item's
 * kind: turning an item into business software (or back) without sending `group` drops its
 * categories, which belong to the other tree.
 */
export async function updateItem(tx: Handle, id: number, update: AdminItemUpdate): Promise<ItemChange> {
  const before = await getItem(tx, id, { lock: true });
  const { group, platform, publishedAt, ...fields } = update;
  const changes: Partial<repo.ItemValues> = { ...fields };
  if (platform !== undefined) changes.isSite = platform;
  if (publishedAt !== undefined) changes.publishedAt = new Date(publishedAt);
  const business = update.business ?? before.business;
  const groups = group ?? (business !== before.business ? [] : undefined);
  if (groups !== undefined) await repo.setItemCategories(tx, id, await checkedGroups(tx, groups, business));
  await repo.updateItem(tx, id, changes);
  return { before, after: await getItem(tx, id) };
}

/** Take an item off the public catalogue (published=false) or put it back; unchanged when it is so already. */
export async function setPublished(tx: Handle, id: number, published: boolean, now: Date): Promise<ItemChange> {
  const before = await getItem(tx, id, { lock: true });
  if ((before.unpublishedAt === null) !== published) await repo.updateItem(tx, id, { unpublishedAt: published ? null : now });
  return { before, after: await getItem(tx, id) };
}

/** Point an item at a stored logo (a media key). */
export async function setLogo(tx: Handle, id: number, logo: string): Promise<ItemChange> {
  const before = await getItem(tx, id, { lock: true });
  await repo.updateItem(tx, id, { logo });
  return { before, after: await getItem(tx, id) };
}

// ---- the import pipeline (modules/ingest) ----------------------------------------------------

/** The fields of an imported item (the manifest's, resolved): categories are ids. */
export type ImportedItem = Omit<AdminItemInput, 'group'> & { group: number[] };

/**
 * Create the item of a stable key, or bring the existing one up to date (only the fields that
 * differ are written, so an unchanged re-import writes nothing). Publication is set at creation
 * only: afterwards the console decides it.
 */
export async function upsertItemByKey(tx: Handle, key: string, input: ImportedItem, now: Date): Promise<{ id: number; created: boolean; changed: boolean }> {
  const existingId = await repo.itemIdByKey(tx, key);
  if (existingId === null) {
    const created = await createItem(tx, input, now);
    await repo.setItemKey(tx, created.id, key);
    return { id: created.id, created: true, changed: true };
  }
  const before = await getItem(tx, existingId, { lock: true });
  const changes: AdminItemUpdate = {};
  const wanted: AdminItemUpdate = {
    name: input.name,
    nameCn: input.nameCn ?? null,
    nameTw: input.nameTw ?? null,
    briefing: input.briefing,
    briefingCn: input.briefingCn ?? null,
    briefingTw: input.briefingTw ?? null,
    site: input.site,
    rating: input.rating,
    platform: input.platform,
    business: input.business,
  };
  for (const [field, value] of Object.entries(wanted) as [keyof AdminItemUpdate, unknown][]) {
    if (before[field as keyof AdminItem] !== value) (changes as Record<string, unknown>)[field] = value;
  }
  if (input.publishedAt && new Date(input.publishedAt).getTime() !== new Date(before.publishedAt).getTime()) changes.publishedAt = input.publishedAt;
  const groups = [...new Set(input.group)].sort((a, b) => a - b);
  if (groups.join(',') !== [...before.group].sort((a, b) => a - b).join(',') || changes.business !== undefined) changes.group = groups;
  if (Object.keys(changes).length === 0) return { id: existingId, created: false, changed: false };
  await updateItem(tx, existingId, changes);
  return { id: existingId, created: false, changed: true };
}

/** The id of an imported item's key, or null. */
export const itemIdByKey = (db: Handle, key: string): Promise<number | null> => repo.itemIdByKey(db, key);

/**
 * Make sure a tree's root exists (id CATEGORY_ROOT of the contract, the seed's names) and return
 * its id. A database without the demo seed, or made before the tree existed, gets the roots on
 * first use: all four at once, so that no category created meanwhile can take a root's id.
 */
export async function ensureRoot(tx: Handle, tree: CategoryTree): Promise<number> {
  await repo.insertRoots(tx, ROOT_CATEGORIES);
  return ROOT_CATEGORIES.find((root) => root.kind === tree)!.id;
}

/** The categories of a tree by lower-cased English name (the root excluded). */
export async function categoryIdsByName(db: Handle, tree: CategoryTree): Promise<Map<string, number>> {
  const rows = await repo.categoriesOf(db, tree);
  return new Map(rows.filter((row) => row.preId !== 0).map((row) => [row.nameEn.trim().toLowerCase(), row.id]));
}

/**
 * The category of a tree with this English name (any case), created when missing under `parent`
 * (an English name of the same tree, which must exist) or the tree's root.
 */
export async function ensureCategory(
  tx: Handle,
  tree: CategoryTree,
  name: { en: string; zhCN?: string | undefined; zhTW?: string | undefined },
  parent?: string,
): Promise<{ id: number; created: boolean } | null> {
  const byName = await categoryIdsByName(tx, tree);
  const found = byName.get(name.en.trim().toLowerCase());
  if (found !== undefined) return { id: found, created: false };
  let preId: number;
  if (parent) {
    const parentId = byName.get(parent.trim().toLowerCase());
    if (parentId === undefined) return null;
    preId = parentId;
  } else {
    preId = await ensureRoot(tx, tree);
  }
  const id = await repo.insertCategory(tx, { kind: tree, preId, nameEn: name.en, nameCn: name.zhCN ?? name.en, nameTw: name.zhTW ?? name.en });
  return { id, created: true };
}
