import { and, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { CategoryTree } from '@shotlib/contract/admin-content';
import { category, flow, item, itemCategory, preview } from '../../db/schema';
import type { Handle } from '../../db/transaction';
import { itemCategoryIds } from './catalog.repo';
import { escapeLike } from './search-term';

/**
 * The admin console's reads and writes of items (decision 037): the only code that creates or
 * edits items besides the seed loader. Unlike catalog.repo, it sees unpublished items too.
 */

/** The fields of an item the console writes. */
export type ItemValues = {
  isSite: boolean;
  business: boolean;
  name: string;
  nameCn: string | null;
  nameTw: string | null;
  briefing: string;
  briefingCn: string | null;
  briefingTw: string | null;
  site: string;
  rating: number;
  publishedAt: Date;
  unpublishedAt: Date | null;
};

/** An item as the console shows it: its fields, logo, categories and how many screens and flows it has. */
export type AdminItemRow = ItemValues & { id: number; logo: string; groups: number[]; screens: number; flows: number };
/** The first screen of an item (its stored, unsigned path). */
export type AdminItemCover = { path: string; width: number; height: number };

const adminColumns = {
  id: item.id,
  isSite: item.isSite,
  business: item.business,
  name: item.name,
  nameCn: item.nameCn,
  nameTw: item.nameTw,
  briefing: item.briefing,
  briefingCn: item.briefingCn,
  briefingTw: item.briefingTw,
  logo: item.logo,
  site: item.site,
  rating: item.rating,
  publishedAt: item.publishedAt,
  unpublishedAt: item.unpublishedAt,
  groups: itemCategoryIds,
  screens: sql<number>`(select count(*) from ${preview} pv where pv.item_id = ${item}.id)`.mapWith(Number),
  flows: sql<number>`(select count(*) from ${flow} f where f.item_id = ${item}.id)`.mapWith(Number),
};

/** One item, published or not; `lock` holds its row until the transaction ends (edits queue up). */
export async function adminItem(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<AdminItemRow | null> {
  if (options.lock) {
    const locked = await db.select({ id: item.id }).from(item).where(eq(item.id, id)).for('update');
    if (locked.length === 0) return null;
  }
  const rows = await db.select(adminColumns).from(item).where(eq(item.id, id)).limit(1);
  return rows[0] ?? null;
}

export type AdminItemFilter = {
  /** A part of a name or brief (any case). */
  term?: string | undefined;
  isSite?: boolean | undefined;
  /** Business software only (true) or everything else (false). */
  business?: boolean | undefined;
  status: 'all' | 'published' | 'unpublished';
};

function adminConditions(filter: AdminItemFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.term) conditions.push(sql`${item.searchText} like lower(${`%${escapeLike(filter.term)}%`})`);
  if (filter.isSite !== undefined) conditions.push(eq(item.isSite, filter.isSite));
  if (filter.business !== undefined) conditions.push(eq(item.business, filter.business));
  if (filter.status === 'published') conditions.push(isNull(item.unpublishedAt));
  if (filter.status === 'unpublished') conditions.push(isNotNull(item.unpublishedAt));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of items, newest first (by id), with the total of the filter. */
/** The item's first screen (by position), one indexed lookup per row of a page. */
const coverColumn = sql<AdminItemCover | null>`(
  select json_build_object('path', pv.path, 'width', pv.width, 'height', pv.height)
  from ${preview} pv where pv.item_id = ${item}.id order by pv.sort, pv.id limit 1
)`;

export async function listAdminItems(
  db: Handle,
  filter: AdminItemFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: (AdminItemRow & { cover: AdminItemCover | null })[]; total: number }> {
  const where = adminConditions(filter);
  const [rows, totals] = await Promise.all([
    db.select({ ...adminColumns, cover: coverColumn }).from(item).where(where).orderBy(desc(item.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(item).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function insertItem(tx: Handle, values: ItemValues): Promise<number> {
  const rows = await tx
    .insert(item)
    .values({ ...values, logo: '' })
    .returning({ id: item.id });
  return rows[0]!.id;
}

export async function updateItem(tx: Handle, id: number, changes: Partial<ItemValues> & { logo?: string }): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(item).set(changes).where(eq(item.id, id));
}

/** Replace an item's app/site categories (its screen categories live on its previews). */
export async function setItemCategories(tx: Handle, id: number, groups: readonly number[]): Promise<void> {
  await tx.delete(itemCategory).where(eq(itemCategory.itemId, id));
  if (groups.length > 0) await tx.insert(itemCategory).values(groups.map((categoryId) => ({ itemId: id, categoryId })));
}

/** Which of these ids are categories of the tree (kind `tree`, not the root). */
export async function listCategoryIds(db: Handle, ids: readonly number[], tree: CategoryKind): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: category.id })
    .from(category)
    .where(and(inArray(category.id, [...ids]), eq(category.kind, tree), ne(category.preId, 0)));
  return rows.map((row) => row.id);
}

// ---- the import pipeline (modules/ingest): items by their stable key, categories by name ----

export async function itemIdByKey(db: Handle, key: string): Promise<number | null> {
  const rows = await db.select({ id: item.id }).from(item).where(eq(item.key, key)).limit(1);
  return rows[0]?.id ?? null;
}

export async function setItemKey(tx: Handle, id: number, key: string): Promise<void> {
  await tx.update(item).set({ key }).where(eq(item.id, id));
}

export type CategoryRow = { id: number; preId: number; nameEn: string };
/** A category tree (category.kind). */
export type CategoryKind = CategoryTree;

/** Every category of a tree (its root included). */
export async function categoriesOf(db: Handle, kind: CategoryKind): Promise<CategoryRow[]> {
  return db.select({ id: category.id, preId: category.preId, nameEn: category.nameEn }).from(category).where(eq(category.kind, kind));
}

export async function insertCategory(
  tx: Handle,
  values: { kind: CategoryKind; preId: number; nameEn: string; nameCn: string; nameTw: string },
): Promise<number> {
  const sorts = await tx
    .select({ next: sql<number>`coalesce(max(${category.sort}), -1) + 1`.mapWith(Number) })
    .from(category)
    .where(eq(category.preId, values.preId));
  // Categories are also inserted with explicit ids (the roots, the seed's): never reuse one.
  await tx.execute(sql`select setval(pg_get_serial_sequence('category', 'id'), (select coalesce(max(id), 0) + 1 from ${category}), false)`);
  const rows = await tx
    .insert(category)
    .values({ ...values, sort: sorts[0]?.next ?? 0 })
    .returning({ id: category.id });
  return rows[0]!.id;
}

/**
 * The trees' roots (ids CATEGORY_ROOT of the contract) that the database has not yet (no demo
 * seed, or made before a tree existed); the id sequence then moves past them.
 */
export async function insertRoots(tx: Handle, roots: ReadonlyArray<{ id: number; kind: CategoryKind; nameEn: string; nameCn: string; nameTw: string }>): Promise<void> {
  const added = await tx
    .insert(category)
    .values(roots.map((root) => ({ ...root, preId: 0, sort: 0 })))
    .onConflictDoNothing()
    .returning({ id: category.id });
  if (added.length > 0) await tx.execute(sql`select setval(pg_get_serial_sequence('category', 'id'), (select max(id) from ${category}))`);
}
