import { inDateRange, isVip, ValidationMessage } from '@shotlib/contract';
import { AdminMessage, type AdminItem, type AdminItemInput, type AdminItemListEntry, type AdminItemListQuerySchema, type AdminItemUpdate, type AdminMember, type AdminMemberQuerySchema, type AuditEntry, type AuditQuery, type RoleChange, type VipChange } from '@shotlib/contract/admin';
import { AdminPortfolioMessage } from '@shotlib/contract/admin-portfolio';
import { IngestMessage, type AdminScreen, type ScreenUploadResult } from '@shotlib/contract/ingest';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction, type Handle } from '../../db/transaction';
import { AppError, BadRequestError, NotFoundError, RuleError } from '../../lib/errors';
import type { MediaSigner } from '../../lib/media-signature';
import { pageWindow } from '../../lib/paging';
import type { ReplyCache } from '../../lib/reply-cache';
import type { MediaStore } from '../../lib/storage';
import * as audit from '../audit/audit.service';
import { addMonthsUtc } from '../billing/billing.service';
import { itemAdmin } from '../catalog/catalog.service';
import { flowAdmin } from '../flow/flow.service';
import * as ingest from '../ingest/ingest.service';
import type { JobQueue } from '../jobs/jobs.service';
import * as members from '../member/member.service';
import { NotAnImageError, normaliseLogo, storeLogo } from './logo-image';

/**
 * The admin console's rules (decision 037). Routes reach these only after `requireAdmin`; every
 * write runs in one transaction with its audit row (who, what, when, before and after). Item rows
 * belong to the catalog module, member rows to the member module, audit rows to the audit module:
 * this module orchestrates them through their services.
 */

/**
 * `catalogCache`: this process's catalogue read cache. Category writes drop it once committed, so
 * the admin's next read here shows them at once; other processes hear the table's notification
 * (decision 036) within milliseconds.
 */
export type AdminDeps = {
  db: Db;
  media: MediaStore;
  now: () => Date;
  signer: MediaSigner;
  jobs: JobQueue;
  /** Reads the text of uploaded screens (before the import backlog). */
  reader: Pick<ingest.ScreenReader, 'enqueue'>;
  catalogCache?: Pick<ReplyCache, 'invalidate'> | undefined;
};
/** The admin making a change. */
export type AdminCaller = { id: number; email: string };

/**
 * Run a catalogue write and drop this process's catalogue cache once it has committed, so the next
 * read here (e.g. `/group/child`, `POST /flow`) shows it; other processes drop theirs on the
 * tables' notification (migrations 0007 and 0011, decision 036).
 */
export async function catalogWrite<T>(deps: Pick<AdminDeps, 'catalogCache'>, write: () => Promise<T>): Promise<T> {
  const result = await write();
  deps.catalogCache?.invalidate();
  return result;
}

type AdminItemListQuery = z.output<typeof AdminItemListQuerySchema>;
type AdminMemberQuery = z.output<typeof AdminMemberQuerySchema>;

// ---- items ------------------------------------------------------------------------------------

export async function listItems(deps: AdminDeps, query: AdminItemListQuery): Promise<{ arr: AdminItemListEntry[]; total: number }> {
  const { arr, total } = await itemAdmin.listItems(deps.db, query);
  // The first screen is signed as every screen the console shows (a protected path: decision 028).
  return { arr: arr.map((entry) => ({ ...entry, cover: entry.cover && { ...entry.cover, path: deps.signer.sign(entry.cover.path) } })), total };
}

/** One app or website, published or not (the console's edit page). */
export function getItem(deps: AdminDeps, id: number): Promise<AdminItem> {
  return itemAdmin.getItem(deps.db, id);
}

export async function createItem(deps: AdminDeps, caller: AdminCaller, input: AdminItemInput): Promise<AdminItem> {
  const now = deps.now();
  return audit.audited(deps.db, { actor: caller, action: 'item.create', target: 'item', at: now }, async (tx) => ({
    before: null,
    after: await itemAdmin.createItem(tx, input, now),
  }));
}

export async function updateItem(deps: AdminDeps, caller: AdminCaller, id: number, update: AdminItemUpdate): Promise<AdminItem> {
  if (Object.values(update).every((value) => value === undefined)) throw new BadRequestError(AdminMessage.emptyUpdate);
  const now = deps.now();
  return audit.audited(deps.db, { actor: caller, action: 'item.update', target: 'item', at: now }, (tx) => itemAdmin.updateItem(tx, id, update));
}

/** Unpublish (published=false) or publish an item: it leaves or rejoins every public read. */
export async function setPublished(deps: AdminDeps, caller: AdminCaller, id: number, published: boolean): Promise<AdminItem> {
  const now = deps.now();
  const action = published ? 'item.publish' : 'item.unpublish';
  return audit.audited(deps.db, { actor: caller, action, target: 'item', at: now }, (tx) => itemAdmin.setPublished(tx, id, published, now));
}

/**
 * `POST /admin/items/{id}/logo`: decode the upload, re-encode it as WebP, store it under its
 * content hash (`logos/<sha-256>.webp`) and make it the item's logo. The file is read only for an
 * item that exists.
 */
export async function uploadLogo(deps: AdminDeps, caller: AdminCaller, id: number, read: () => Promise<Buffer>): Promise<AdminItem> {
  await itemAdmin.getItem(deps.db, id);
  let webp: Buffer;
  try {
    webp = await normaliseLogo(await read());
  } catch (err) {
    if (err instanceof NotAnImageError) throw new BadRequestError(AdminMessage.notAnImage);
    throw err;
  }
  const key = await storeLogo(deps.media, webp);
  const now = deps.now();
  return audit.audited(deps.db, { actor: caller, action: 'item.logo', target: 'item', at: now }, (tx) => itemAdmin.setLogo(tx, id, key));
}

// ---- flows (the editor's calls are in admin-flows.service.ts) ----

/** Record a flow's change (before null: created; after null: deleted). */
export function recordFlowAudit(
  tx: Handle,
  caller: AdminCaller,
  action: 'flow.create' | 'flow.update' | 'flow.delete',
  change: { before: flowAdmin.FlowRow | null; after: flowAdmin.FlowRow | null },
  at: Date,
): Promise<void> {
  const id = (change.after ?? change.before)!.id;
  return audit.recordAudit(tx, {
    actor: caller,
    action,
    target: { type: 'flow', id },
    before: change.before && flowAdmin.auditFlow(change.before),
    after: change.after && flowAdmin.auditFlow(change.after),
    at,
  });
}

// ---- screens ----------------------------------------------------------------------------------

const adminScreen = (deps: AdminDeps) => (row: ingest.ScreenRow): AdminScreen => ingest.toAdminScreen(row, (key) => deps.signer.sign(key));
/** What an audit row keeps of a screen. */
const auditScreen = (row: ingest.ScreenRow) => ({ id: row.id, path: row.path, group: row.categoryId, elements: row.elements, sort: row.sort, hash: row.contentHash });

/** Rows grouped by their item, for one audit row per item. */
function byItem(rows: readonly ingest.ScreenRow[]): Map<number, ingest.ScreenRow[]> {
  const groups = new Map<number, ingest.ScreenRow[]>();
  for (const row of rows) groups.set(row.itemId, [...(groups.get(row.itemId) ?? []), row]);
  return groups;
}

/** `GET /admin/items/{id}/screens`: an item's screens in order, with their processing state. */
export async function listScreens(deps: AdminDeps, itemId: number): Promise<AdminScreen[]> {
  await itemAdmin.getItem(deps.db, itemId);
  return (await ingest.listScreens(deps.db, itemId)).map(adminScreen(deps));
}

/**
 * `POST /admin/items/{id}/screens`: one file through the ingestion pipeline. A refused file is a
 * rule failure with its reason (413 when too large); the same content again is `duplicate: true`
 * and writes nothing. The screen and its audit row ('screen.add', target the item) commit together.
 */
export async function uploadScreen(
  deps: AdminDeps,
  caller: AdminCaller,
  itemId: number,
  read: () => Promise<{ file: Buffer; group: number | null }>,
): Promise<ScreenUploadResult> {
  await itemAdmin.getItem(deps.db, itemId);
  const { file, group } = await read();
  await ingest.checkScreenGroup(deps.db, group);
  const now = deps.now();
  try {
    const { screen, duplicate } = await ingest.ingestScreen(deps, itemId, file, {
      group,
      priority: ingest.SCREEN_PRIORITY.upload,
      ocrPriority: ingest.OCR_PRIORITY.upload,
      onAdded: (tx, added) =>
        audit.recordAudit(tx, { actor: caller, action: 'screen.add', target: { type: 'item', id: itemId }, before: null, after: auditScreen(added), at: now }),
    });
    return { screen: adminScreen(deps)(screen), duplicate };
  } catch (err) {
    if (err instanceof ingest.ScreenRejected) {
      if (err.reason === IngestMessage.tooLarge) throw new AppError(413, 413, err.reason);
      throw new RuleError(err.reason);
    }
    throw err;
  }
}

/** `PUT /admin/items/{id}/screens/order`: every screen of the item once, in the new order; audited. */
export async function orderScreens(deps: AdminDeps, caller: AdminCaller, itemId: number, ids: readonly number[]): Promise<AdminScreen[]> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    await itemAdmin.getItem(tx, itemId, { lock: true });
    const { before, after } = await ingest.reorderScreens(tx, itemId, ids);
    await audit.recordAudit(tx, {
      actor: caller,
      action: 'screen.order',
      target: { type: 'item', id: itemId },
      before: before.map((row) => row.id),
      after: after.map((row) => row.id),
      at: now,
    });
    return after.map(adminScreen(deps));
  });
}

/** `POST /admin/screens/category`: set or clear the screen category of screens; one audit row per item. */
export async function changeScreenCategory(deps: AdminDeps, caller: AdminCaller, ids: readonly number[], group: number | null): Promise<AdminScreen[]> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const { before, after } = await ingest.setScreenCategory(tx, ids, group);
    await recordScreenChanges(tx, caller, before, after, now);
    return after.map(adminScreen(deps));
  });
}

/** One `screen.category` audit row per item: its changed screens before and after. */
async function recordScreenChanges(
  tx: Handle,
  caller: AdminCaller,
  before: readonly ingest.ScreenRow[],
  after: readonly ingest.ScreenRow[],
  now: Date,
): Promise<void> {
  const afterById = new Map(after.map((row) => [row.id, row]));
  for (const [itemId, rows] of byItem(before)) {
    await audit.recordAudit(tx, {
      actor: caller,
      action: 'screen.category',
      target: { type: 'item', id: itemId },
      before: rows.map(auditScreen),
      after: rows.map((row) => auditScreen(afterById.get(row.id)!)),
      at: now,
    });
  }
}

/**
 * `POST /admin/screens/elements`: tag and untag UI elements on screens. Audited as a change of the
 * screens' categories (`screen.category`: UI elements are the element tree's categories), one row
 * per item, with each screen's elements before and after.
 */
export async function changeScreenElements(
  deps: AdminDeps,
  caller: AdminCaller,
  change: { ids: readonly number[]; add: readonly number[]; remove: readonly number[] },
): Promise<AdminScreen[]> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const { before, after } = await ingest.setScreenElements(tx, change.ids, change);
    await recordScreenChanges(tx, caller, before, after, now);
    return after.map(adminScreen(deps));
  });
}

/**
 * `POST /admin/screens/delete`: delete screens (and the collects of them); one audit row per item.
 * The flows that used them lose those steps (renumbered 1..n), and a flow left without a step is
 * deleted: one audit row per flow changed or deleted. Their files and variants are removed once
 * the delete committed.
 */
export async function deleteScreens(deps: AdminDeps, caller: AdminCaller, ids: readonly number[]): Promise<{ deleted: number }> {
  const now = deps.now();
  const rows = await catalogWrite(deps, () =>
    inTransaction(deps.db, async (tx) => {
      const { result: deleted, changed, deleted: dropped } = await flowAdmin.removeScreens(tx, ids, () => ingest.deleteScreens(tx, ids));
      for (const [itemId, group] of byItem(deleted)) {
        await audit.recordAudit(tx, { actor: caller, action: 'screen.delete', target: { type: 'item', id: itemId }, before: group.map(auditScreen), after: null, at: now });
      }
      for (const change of changed) await recordFlowAudit(tx, caller, 'flow.update', change, now);
      for (const flow of dropped) await recordFlowAudit(tx, caller, 'flow.delete', { before: flow, after: null }, now);
      return deleted;
    }),
  );
  await ingest.deleteScreenFiles(deps, rows);
  return { deleted: rows.length };
}

// ---- members ----------------------------------------------------------------------------------

function toAdminMember(row: members.AdminMemberRow, now: Date): AdminMember {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    role: row.role,
    vipExpiresAt: row.vipExpiresAt ? row.vipExpiresAt.toISOString() : null,
    vip: isVip(row.vipExpiresAt, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /admin/members?email=`: members whose address contains the text; the newest members without one. */
export async function searchMembers(deps: AdminDeps, query: AdminMemberQuery): Promise<{ arr: AdminMember[]; total: number }> {
  const { rows, total } = await members.searchMembers(deps.db, query.email, pageWindow(query));
  const now = deps.now();
  return { arr: rows.map((row) => toAdminMember(row, now)), total };
}

/** The expiry a vip change leads to (or a refusal). */
function newExpiry(change: VipChange, current: Date | null, now: Date): Date {
  const running = current !== null && current.getTime() > now.getTime();
  if (change.action === 'revoke') {
    if (!running) throw new RuleError(AdminMessage.notVip);
    return now;
  }
  if (change.action === 'grant' && running) throw new RuleError(AdminMessage.alreadyVip);
  const base = running ? current : now;
  if (change.months !== undefined) {
    const extended = addMonthsUtc(base, change.months);
    // From an expiry near DATE_MAX, months would reach a year the database cannot hold.
    if (!inDateRange(extended)) throw new BadRequestError(ValidationMessage.dateRange);
    return extended;
  }
  const until = new Date(change.until!);
  if (until.getTime() <= base.getTime()) throw new RuleError(AdminMessage.untilNotLater);
  return until;
}

/** `POST /admin/members/{id}/vip`: grant, extend or revoke a membership, with a reason. */
export async function changeVip(deps: AdminDeps, caller: AdminCaller, id: number, change: VipChange): Promise<AdminMember> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await members.adminMember(tx, id, { lock: true });
    if (!row) throw new NotFoundError(AdminMessage.memberMissing);
    const before = toAdminMember(row, now);
    await members.setMembershipExpiry(tx, id, newExpiry(change, row.vipExpiresAt, now), now);
    const after = toAdminMember((await members.adminMember(tx, id))!, now);
    await audit.recordAudit(tx, {
      actor: caller,
      action: `member.vip.${change.action}`,
      target: { type: 'member', id },
      reason: change.reason,
      before,
      after,
      at: now,
    });
    return after;
  });
}

/**
 * `POST /admin/members/{id}/role`: name an admin or take the role back, with a reason. The last
 * admin cannot stop being one (the console would have nobody left). The admins' rows are locked
 * first, so two admins demoting each other cannot both succeed.
 */
export async function changeRole(deps: AdminDeps, caller: AdminCaller, id: number, change: RoleChange): Promise<AdminMember> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const admins = await members.lockAdmins(tx);
    const row = await members.adminMember(tx, id, { lock: true });
    if (!row) throw new NotFoundError(AdminMessage.memberMissing);
    if (row.role === change.role) throw new RuleError(AdminMessage.sameRole);
    // A reviewer's role is given and taken with their profile, in Reviewers (decision 046).
    if (row.role === 'reviewer') throw new RuleError(AdminPortfolioMessage.reviewerRole);
    if (change.role === 'member' && admins.filter((adminId) => adminId !== id).length === 0) throw new RuleError(AdminMessage.lastAdmin);
    const before = toAdminMember(row, now);
    await members.setMemberRole(tx, id, change.role, now);
    const after = { ...before, role: change.role };
    await audit.recordAudit(tx, { actor: caller, action: 'member.role', target: { type: 'member', id }, reason: change.reason, before, after, at: now });
    return after;
  });
}

// ---- audit ------------------------------------------------------------------------------------

export function listAudit(deps: AdminDeps, query: AuditQuery): Promise<{ arr: AuditEntry[]; total: number }> {
  return audit.listAudit(deps.db, query);
}

// ---- ADMIN_EMAIL ------------------------------------------------------------------------------

/**
 * At start: the member of ADMIN_EMAIL is an admin, created when the address has no account yet
 * (they sign in with an e-mailed code). A promotion is logged and audited (actor: the server).
 */
export async function promoteConfiguredAdmin(deps: Pick<AdminDeps, 'db' | 'now'> & { log: FastifyBaseLogger }, email: string): Promise<void> {
  const now = deps.now();
  const outcome = await inTransaction(deps.db, async (tx) => {
    const { id, created } = await members.ensureMember(tx, email);
    const row = (await members.adminMember(tx, id, { lock: true }))!;
    if (row.role === 'admin') return { id, created, promoted: false };
    await members.setMemberRole(tx, id, 'admin', now);
    const before = created ? null : toAdminMember(row, now);
    const after = { ...toAdminMember(row, now), role: 'admin' as const };
    await audit.recordAudit(tx, { actor: null, action: 'member.role', target: { type: 'member', id }, reason: 'ADMIN_EMAIL at start', before, after, at: now });
    return { id, created, promoted: true };
  });
  if (outcome.promoted) {
    deps.log.info({ memberId: outcome.id, created: outcome.created }, `ADMIN_EMAIL: ${email} is an admin${outcome.created ? ' (account created)' : ''}`);
  } else {
    deps.log.info({ memberId: outcome.id }, `ADMIN_EMAIL: ${email} is an admin already`);
  }
}
