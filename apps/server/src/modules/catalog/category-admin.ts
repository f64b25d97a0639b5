import { AdminMessage } from '@shotlib/contract/admin';
import { AdminContentMessage, CATEGORY_MAX_DEPTH, CATEGORY_TREE_ROOT, type AdminCategory, type AdminCategoryInput, type AdminCategoryRow, type AdminCategoryTreeReply, type AdminCategoryUpdate, type CategoryTree } from '@shotlib/contract/admin-content';
import type { Handle } from '../../db/transaction';
import { BadRequestError, NotFoundError, RuleError } from '../../lib/errors';
import { ensureRoot } from './catalog-admin';
import * as repo from './category-admin.repo';

/**
 * The category trees' rules for the admin console (decision 041), reached through catalog.service
 * (`categoryAdmin`). Each function takes a handle, so the admin module runs it in the transaction
 * that writes the audit row. The four roots (9 list, 11 screen, 10 business, 8 flow) are fixed and
 * created on demand; every other category stays in its tree, below its root, at most
 * CATEGORY_MAX_DEPTH levels down, without cycles.
 */

function toRow(row: repo.AdminCategoryRow): AdminCategoryRow {
  return { id: row.id, tree: row.kind, preId: row.preId, nameEn: row.nameEn, nameCn: row.nameCn, nameTw: row.nameTw, sort: row.sort, uses: row.uses };
}

/** `GET /admin/categories?tree=`: the whole tree below its root, siblings by sort then id, with their uses. */
export async function categoryTree(db: Handle, tree: CategoryTree): Promise<AdminCategoryTreeReply> {
  const rows = await repo.treeRows(db, tree);
  const byParent = new Map<number, repo.AdminCategoryRow[]>();
  for (const row of rows) byParent.set(row.preId, [...(byParent.get(row.preId) ?? []), row]);
  let total = 0;
  const seen = new Set<number>();
  // Rows arrive sorted, so each sibling list is in order; `seen` guards against a cycle in hand-edited data.
  const build = (parent: number): AdminCategory[] =>
    (byParent.get(parent) ?? [])
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map((row) => {
        total += 1;
        const { kind: _kind, ...fields } = row;
        return { ...fields, children: build(row.id) };
      });
  const rootId = CATEGORY_TREE_ROOT[tree];
  seen.add(rootId);
  const arr = build(rootId);
  return { tree, rootId, arr, total };
}

const ROOT_IDS = new Set(Object.values(CATEGORY_TREE_ROOT));

/** One category, for a write: 404 when missing, refused for a root. */
async function editable(tx: Handle, id: number): Promise<repo.AdminCategoryRow> {
  const row = await repo.categoryRow(tx, id);
  if (!row) throw new NotFoundError(AdminContentMessage.categoryMissing);
  if (row.preId === 0 || ROOT_IDS.has(row.id)) throw new RuleError(AdminContentMessage.categoryRoot);
  return row;
}

type Parents = Map<number, number>;

/** How many levels `id` sits below its tree's root (children of the root: 1), or null when it is not in the tree. */
function depthOf(parents: Parents, rootId: number, id: number): number | null {
  let depth = 0;
  for (let current = id; current !== rootId; depth++) {
    const parent = parents.get(current);
    if (parent === undefined || depth > parents.size) return null; // outside the tree, or a cycle in stored data
    current = parent;
  }
  return depth;
}

/** How many levels the subtree of `id` has (a leaf: 1). */
function heightOf(parents: Parents, id: number): number {
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents) children.set(parent, [...(children.get(parent) ?? []), child]);
  const walk = (node: number, guard: number): number =>
    guard > parents.size ? 0 : 1 + Math.max(0, ...(children.get(node) ?? []).map((child) => walk(child, guard + 1)));
  return walk(id, 0);
}

/**
 * Check `parentId` as the parent of a category of `tree` whose subtree has `height` levels
 * (`moving`: the category being moved, which may not go below itself).
 */
async function checkedParent(tx: Handle, tree: CategoryTree, parentId: number, height: number, moving?: number): Promise<void> {
  const rootId = CATEGORY_TREE_ROOT[tree];
  const parents: Parents = new Map((await repo.treeParents(tx, tree)).map((row) => [row.id, row.preId]));
  if (moving !== undefined) {
    for (let current: number | undefined = parentId, guard = 0; current !== undefined && current !== rootId && guard <= parents.size; guard++) {
      if (current === moving) throw new BadRequestError(AdminContentMessage.categoryCycle);
      current = parents.get(current);
    }
  }
  const depth = parentId === rootId ? 0 : parents.has(parentId) ? depthOf(parents, rootId, parentId) : null;
  if (depth === null) throw new BadRequestError(AdminContentMessage.parentOutsideTree);
  if (depth + height > CATEGORY_MAX_DEPTH) throw new BadRequestError(AdminContentMessage.categoryTooDeep);
}

/** Create a category below the tree root or below one of its categories. */
export async function createCategory(tx: Handle, input: AdminCategoryInput): Promise<AdminCategoryRow> {
  const rootId = await ensureRoot(tx, input.tree);
  await repo.lockCategory(tx, rootId);
  const parentId = input.parentId ?? rootId;
  await checkedParent(tx, input.tree, parentId, 1);
  const id = await repo.insertCategory(tx, {
    preId: parentId,
    kind: input.tree,
    nameEn: input.nameEn,
    nameCn: input.nameCn,
    nameTw: input.nameTw,
    sort: input.sort,
  });
  return toRow((await repo.categoryRow(tx, id))!);
}

export type CategoryChange = { before: AdminCategoryRow; after: AdminCategoryRow };

/** Rename, re-sort or move a category within its tree (never a root, never below itself). */
export async function updateCategory(tx: Handle, id: number, update: AdminCategoryUpdate): Promise<CategoryChange> {
  if (Object.values(update).every((value) => value === undefined)) throw new BadRequestError(AdminMessage.emptyUpdate);
  const found = await repo.categoryRow(tx, id);
  if (!found) throw new NotFoundError(AdminContentMessage.categoryMissing);
  // Lock the tree (its root) before reading its structure, then the category itself.
  await repo.lockCategory(tx, CATEGORY_TREE_ROOT[found.kind]);
  await repo.lockCategory(tx, id);
  const before = await editable(tx, id);
  const { parentId, ...fields } = update;
  const changes: Parameters<typeof repo.updateCategory>[2] = { ...fields };
  if (parentId !== undefined && parentId !== before.preId) {
    const parents: Parents = new Map((await repo.treeParents(tx, before.kind)).map((row) => [row.id, row.preId]));
    await checkedParent(tx, before.kind, parentId, heightOf(parents, id), id);
    changes.preId = parentId;
  }
  await repo.updateCategory(tx, id, changes);
  return { before: toRow(before), after: toRow((await repo.categoryRow(tx, id))!) };
}

/** Delete a category that nothing uses and that has no subcategories; returns it as it was. */
export async function deleteCategory(tx: Handle, id: number): Promise<AdminCategoryRow> {
  const found = await repo.categoryRow(tx, id);
  if (!found) throw new NotFoundError(AdminContentMessage.categoryMissing);
  await repo.lockCategory(tx, CATEGORY_TREE_ROOT[found.kind]);
  await repo.lockCategory(tx, id);
  const before = await editable(tx, id);
  if ((await repo.childCount(tx, id)) > 0) throw new RuleError(AdminContentMessage.categoryHasChildren);
  if (before.uses > 0) throw new RuleError(AdminContentMessage.categoryInUse(before.uses, before.kind));
  await repo.deleteCategory(tx, id);
  return toRow(before);
}
