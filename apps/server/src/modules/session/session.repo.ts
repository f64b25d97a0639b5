import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, session } from '../../db/schema';
import type { AuthMember } from '../../lib/auth';

/** Sessions: the only place that reads or writes the session table. Tokens are kept as hashes. */

export async function insertSession(
  db: Db,
  values: { memberId: number; tokenHash: string; expiresAt: Date; codeVerifiedAt: Date | null; createdAt: Date },
): Promise<void> {
  await db.insert(session).values(values);
}

/** The member of a live session (it exists, is not revoked and has not expired), and when it expires. */
export async function liveSessionMember(db: Db, tokenHash: string, now: Date): Promise<(AuthMember & { sessionExpiresAt: Date }) | null> {
  const rows = await db
    .select({
      id: member.id,
      email: member.email,
      role: member.role,
      vipExpiresAt: member.vipExpiresAt,
      codeVerifiedAt: session.codeVerifiedAt,
      sessionExpiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(member, eq(member.id, session.memberId))
    .where(and(eq(session.tokenHash, tokenHash), isNull(session.revokedAt), gt(session.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

/** Revoke one session by its token hash (a no-op when it is unknown or already revoked). */
export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: now })
    .where(and(eq(session.tokenHash, tokenHash), isNull(session.revokedAt)));
}

/** End every live session of a member except the one whose token hash is `keep`. */
export async function revokeOtherSessions(db: Db, memberId: number, keep: string, now: Date): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: now })
    .where(and(eq(session.memberId, memberId), ne(session.tokenHash, keep), isNull(session.revokedAt)));
}

/** This session's e-mailed code no longer stands in for the current password. */
export async function endPasswordReset(db: Db, tokenHash: string): Promise<void> {
  await db.update(session).set({ codeVerifiedAt: null }).where(eq(session.tokenHash, tokenHash));
}
