import type { CategoryTree } from '@shotlib/contract/admin-content';
import { asc, eq, sql } from 'drizzle-orm';
import { category, flow, itemCategory, preview, previewElement } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/**
 * The admin console's reads and writes of the category trees (decision 041): with the seed loader,
 * the only code that writes `category`. Every write notifies the read caches through the table's
 * trigger (migration 0007), so nothing here touches a cache.
 */

export type CategoryKind = CategoryTree;

/**
 * How many things use a category directly: items (item_category) for a list or business category,
 * screenshots (preview.category_id) for a screen category, flows (flow.category_id) for a flow type,
 * screenshots tagged with it (preview_element) for a UI element.
 */
const uses = sql<number>`case ${category}.kind
  when 'screen' then (select count(*) from ${preview} pv where pv.category_id = ${category}.id)
  when 'element' then (select count(*) from ${previewElement} pe where pe.category_id = ${category}.id)
  when 'flow' then (select count(*) from ${flow} f where f.category_id = ${category}.id)
  else (select count(*) from ${itemCategory} ic where ic.category_id = ${category}.id) end`.mapWith(Number);

const columns = {
  id: category.id,
  preId: category.preId,
  kind: category.kind,
  nameEn: category.nameEn,
  nameCn: category.nameCn,
  nameTw: category.nameTw,
  sort: category.sort,
  uses,
};

export type AdminCategoryRow = { id: number; preId: number; kind: CategoryKind; nameEn: string; nameCn: string; nameTw: string; sort: number; uses: number };

/** Every category of one tree (its root included), by sort then id. */
export async function treeRows(db: Handle, kind: CategoryKind): Promise<AdminCategoryRow[]> {
  return db.select(columns).from(category).where(eq(category.kind, kind)).orderBy(asc(category.sort), asc(category.id));
}

/** The structure of one tree: each category's parent (its root included). */
export async function treeParents(db: Handle, kind: CategoryKind): Promise<Array<{ id: number; preId: number }>> {
  return db.select({ id: category.id, preId: category.preId }).from(category).where(eq(category.kind, kind));
}

/**
 * Hold a row until the transaction ends. Structural writes of a tree lock its root first, so two
 * moves cannot build a cycle together; deleting a category locks it, so nothing can start using it
 * between the check and the delete (a new use's foreign-key check waits for the lock).
 */
export async function lockCategory(tx: Handle, id: number): Promise<boolean> {
  const rows = await tx.select({ id: category.id }).from(category).where(eq(category.id, id)).for('update');
  return rows.length > 0;
}

export async function categoryRow(db: Handle, id: number): Promise<AdminCategoryRow | null> {
  const rows = await db.select(columns).from(category).where(eq(category.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function childCount(db: Handle, id: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(category).where(eq(category.preId, id));
  return rows[0]?.n ?? 0;
}

export type CategoryValues = { preId: number; kind: CategoryKind; nameEn: string; nameCn: string; nameTw: string; sort: number };

export async function insertCategory(tx: Handle, values: CategoryValues): Promise<number> {
  const rows = await tx.insert(category).values(values).returning({ id: category.id });
  return rows[0]!.id;
}

export async function updateCategory(tx: Handle, id: number, changes: Partial<Omit<CategoryValues, 'kind'>>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(category).set(changes).where(eq(category.id, id));
}

export async function deleteCategory(tx: Handle, id: number): Promise<void> {
  await tx.delete(category).where(eq(category.id, id));
}
