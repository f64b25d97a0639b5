import type { AuditAction, AuditEntry, AuditQuery, AuditTarget } from '@shotlib/contract/admin';
import type { Db } from '../../db/client';
import { inTransaction, type Handle } from '../../db/transaction';
import { pageWindow } from '../../lib/paging';
import * as repo from './audit.repo';

/**
 * The audit log (decision 037): who changed what, when, with the target before and after. Written
 * by the admin module inside the transaction of the change itself, so a change and its row commit
 * or roll back together.
 */

/** Who made a change: an admin, or the server itself (actor null: the ADMIN_EMAIL promotion at start). */
export type Actor = { id: number; email: string } | null;

/** The actor e-mail of rows the server writes on its own. */
export const SYSTEM_ACTOR = 'system (ADMIN_EMAIL)';

export type AuditRecord = {
  actor: Actor;
  action: AuditAction;
  target: { type: AuditTarget; id: number };
  reason?: string | null;
  before: unknown;
  after: unknown;
  at: Date;
};

/** Write one audit row in the change's transaction. */
export async function recordAudit(tx: Handle, record: AuditRecord): Promise<void> {
  await repo.insertAudit(tx, {
    actorId: record.actor?.id ?? null,
    actorEmail: record.actor?.email ?? SYSTEM_ACTOR,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    reason: record.reason ?? null,
    // JSON values (undefined is not one): a creation has no before, a deletion no after.
    before: record.before ?? null,
    after: record.after ?? null,
    at: record.at,
  });
}

/** An audited change as its caller describes it: the target's id defaults to that of the row changed. */
export type AuditedWrite = Omit<AuditRecord, 'target' | 'before' | 'after'> & { target: AuditTarget; id?: number };

/**
 * Runs `change` in one transaction with its audit row. `change` gives the target's row before and
 * after (before is null for a creation, after for a deletion); the reply is the row after, or the
 * one deleted.
 */
export async function audited<T extends object>(
  db: Db,
  write: AuditedWrite,
  change: (tx: Handle) => Promise<{ before: T | null; after: T | null }>,
): Promise<T> {
  const { target, id, ...record } = write;
  return inTransaction(db, async (tx) => {
    const { before, after } = await change(tx);
    const row = (after ?? before)!;
    const targetId = id ?? (row as { id?: unknown }).id;
    if (typeof targetId !== 'number') throw new Error(`audited ${record.action}: the row has no id, name the target's`);
    await recordAudit(tx, { ...record, target: { type: target, id: targetId }, before, after });
    return row;
  });
}

/** `GET /admin/audit`: rows newest first, filtered by actor, action, target and time range. */
export async function listAudit(db: Handle, query: AuditQuery): Promise<{ arr: AuditEntry[]; total: number }> {
  const { rows, total } = await repo.listAudit(
    db,
    {
      actorId: query.actorId,
      actorEmail: query.actorEmail,
      action: query.action,
      targetType: query.targetType,
      targetId: query.targetId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    pageWindow(query),
  );
  return {
    arr: rows.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      reason: row.reason,
      before: row.before,
      after: row.after,
      at: row.at.toISOString(),
    })),
    total,
  };
}
