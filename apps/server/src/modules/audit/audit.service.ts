import type { AuditAction, AuditEntry, AuditQuery, AuditTarget } from '@shotlib/contract/admin';
import type { Handle } from '../../db/transaction';
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
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
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
