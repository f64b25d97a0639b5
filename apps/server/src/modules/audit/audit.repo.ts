import type { AuditTarget } from '@shotlib/contract/admin';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/** The audit log: the only code that reads or writes audit_log (decision 037). Rows are never changed. */

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;

export async function insertAudit(tx: Handle, row: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

export type AuditFilter = {
  actorId?: number | undefined;
  actorEmail?: string | undefined;
  action?: string | undefined;
  targetType?: AuditTarget | undefined;
  targetId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.actorId !== undefined) parts.push(eq(auditLog.actorId, filter.actorId));
  if (filter.actorEmail !== undefined) parts.push(sql`lower(${auditLog.actorEmail}) = lower(${filter.actorEmail})`);
  if (filter.action !== undefined) parts.push(eq(auditLog.action, filter.action));
  if (filter.targetType !== undefined) parts.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId !== undefined) parts.push(eq(auditLog.targetId, filter.targetId));
  if (filter.from !== undefined) parts.push(gte(auditLog.at, filter.from));
  if (filter.to !== undefined) parts.push(lt(auditLog.at, filter.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** A page of rows, newest first, with the filter's total. */
export async function listAudit(
  db: Handle,
  filter: AuditFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = conditions(filter);
  const [rows, totals] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
