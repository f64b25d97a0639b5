import type { AdminArticle, AdminArticleInput, AdminArticleListItem, AdminArticleListQuery, AdminArticleUpdate, AdminCategoryInput, AdminCategoryRow, AdminCategoryTreeReply, AdminCategoryUpdate, AdminOrder, AdminOrderQuery, AdminPlan, AdminPlanUpdate, CategoryTree, OrderResolve } from '@shotlib/contract/admin-content';
import { articleAdmin } from '../article/article.service';
import * as audit from '../audit/audit.service';
import { billingAdmin } from '../billing/billing.service';
import { categoryAdmin } from '../catalog/catalog.service';
import { catalogWrite, type AdminCaller, type AdminDeps } from './admin.service';

/**
 * The admin console's content and money sections (decision 041): category trees, articles, plan
 * prices and flagged orders. As in admin.service.ts, the rows belong to their modules (catalog,
 * article, billing) and each write runs in one transaction with its audit row.
 */

type List<T> = { arr: T[]; total: number };

// ---- categories -------------------------------------------------------------------------------

export function categoryTree(deps: AdminDeps, tree: CategoryTree): Promise<AdminCategoryTreeReply> {
  return categoryAdmin.categoryTree(deps.db, tree);
}

export async function createCategory(deps: AdminDeps, caller: AdminCaller, input: AdminCategoryInput): Promise<AdminCategoryRow> {
  const now = deps.now();
  return catalogWrite(deps, () =>
    audit.audited(deps.db, { actor: caller, action: 'category.create', target: 'category', at: now }, async (tx) => ({
      before: null,
      after: await categoryAdmin.createCategory(tx, input),
    })),
  );
}

export async function updateCategory(deps: AdminDeps, caller: AdminCaller, id: number, update: AdminCategoryUpdate): Promise<AdminCategoryRow> {
  const now = deps.now();
  return catalogWrite(deps, () =>
    audit.audited(deps.db, { actor: caller, action: 'category.update', target: 'category', at: now }, (tx) => categoryAdmin.updateCategory(tx, id, update)),
  );
}

export async function deleteCategory(deps: AdminDeps, caller: AdminCaller, id: number): Promise<AdminCategoryRow> {
  const now = deps.now();
  return catalogWrite(deps, () =>
    audit.audited(deps.db, { actor: caller, action: 'category.delete', target: 'category', at: now }, async (tx) => ({
      before: await categoryAdmin.deleteCategory(tx, id),
      after: null,
    })),
  );
}

// ---- articles ---------------------------------------------------------------------------------

export function listArticles(deps: AdminDeps, query: AdminArticleListQuery): Promise<List<AdminArticleListItem>> {
  return articleAdmin.listArticles(deps.db, query);
}

export function getArticle(deps: AdminDeps, id: number): Promise<AdminArticle> {
  return articleAdmin.getArticle(deps.db, id);
}

/** What saving `html` would store (the sanitiser of the save path). */
export function previewArticleHtml(html: string): { html: string } {
  return { html: articleAdmin.cleanHtml(html) };
}

export async function createArticle(deps: AdminDeps, caller: AdminCaller, input: AdminArticleInput): Promise<AdminArticle> {
  const now = deps.now();
  return audit.audited(deps.db, { actor: caller, action: 'article.create', target: 'article', at: now }, async (tx) => ({
    before: null,
    after: await articleAdmin.createArticle(tx, input, now),
  }));
}

export async function updateArticle(deps: AdminDeps, caller: AdminCaller, id: number, update: AdminArticleUpdate): Promise<AdminArticle> {
  const now = deps.now();
  return audit.audited(deps.db, { actor: caller, action: 'article.update', target: 'article', at: now }, (tx) => articleAdmin.updateArticle(tx, id, update, now));
}

export async function setArticlePublished(deps: AdminDeps, caller: AdminCaller, id: number, published: boolean): Promise<AdminArticle> {
  const now = deps.now();
  const action = published ? 'article.publish' : 'article.unpublish';
  return audit.audited(deps.db, { actor: caller, action, target: 'article', at: now }, (tx) => articleAdmin.setPublished(tx, id, published, now));
}

/** Delete an unpublished article; the audit row keeps it whole (before). */
export async function deleteArticle(deps: AdminDeps, caller: AdminCaller, id: number): Promise<AdminArticle> {
  const now = deps.now();
  return audit.audited(deps.db, { actor: caller, action: 'article.delete', target: 'article', at: now }, async (tx) => ({
    before: await articleAdmin.deleteArticle(tx, id),
    after: null,
  }));
}

// ---- plans ------------------------------------------------------------------------------------

export function listPlans(deps: AdminDeps): Promise<List<AdminPlan>> {
  return billingAdmin.listPlans(deps.db);
}

export async function updatePlan(deps: AdminDeps, caller: AdminCaller, grade: number, update: AdminPlanUpdate): Promise<AdminPlan> {
  const now = deps.now();
  return audit.audited(deps.db, { actor: caller, action: 'plan.update', target: 'plan', id: grade, at: now }, (tx) => billingAdmin.updatePlan(tx, grade, update));
}

// ---- orders -----------------------------------------------------------------------------------

export function listOrders(deps: AdminDeps, query: AdminOrderQuery): Promise<List<AdminOrder>> {
  return billingAdmin.listOrders(deps.db, query, deps.now());
}

/** Record how a flagged order was dealt with and why (the note is also the audit row's reason). */
export async function resolveOrder(deps: AdminDeps, caller: AdminCaller, id: number, change: OrderResolve): Promise<AdminOrder> {
  const now = deps.now();
  return audit.audited(deps.db, { actor: caller, action: 'order.resolve', target: 'order', reason: change.note, at: now }, (tx) =>
    billingAdmin.resolveOrder(tx, id, caller, change, now),
  );
}
