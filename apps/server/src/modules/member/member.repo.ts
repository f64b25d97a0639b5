import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, session } from '../../db/schema';

/** The member's own profile: the only place that reads or writes it. */

const profileColumns = {
  id: member.id,
  email: member.email,
  nickname: member.nickname,
  avatar: member.avatar,
  role: member.role,
  vipExpiresAt: member.vipExpiresAt,
  passwordHash: member.passwordHash,
};

export type MemberProfile = {
  id: number;
  email: string;
  nickname: string;
  avatar: string;
  role: 'member' | 'admin';
  vipExpiresAt: Date | null;
  passwordHash: string | null;
};

export async function profile(db: Db, memberId: number): Promise<MemberProfile | null> {
  const rows = await db.select(profileColumns).from(member).where(eq(member.id, memberId)).limit(1);
  return rows[0] ?? null;
}

export async function updateProfile(
  db: Db,
  memberId: number,
  changes: { nickname?: string; avatar?: string; passwordHash?: string },
  now: Date,
): Promise<void> {
  await db.update(member).set({ ...changes, updatedAt: now }).where(eq(member.id, memberId));
}

/** End every live session of a member except the one whose token hash is `keep`. */
export async function revokeOtherSessions(db: Db, memberId: number, keep: string, now: Date): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: now })
    .where(and(eq(session.memberId, memberId), ne(session.tokenHash, keep), isNull(session.revokedAt)));
}

/** A password was set: this session's e-mailed code no longer stands in for the current password. */
export async function endPasswordReset(db: Db, tokenHash: string): Promise<void> {
  await db.update(session).set({ codeVerifiedAt: null }).where(eq(session.tokenHash, tokenHash));
}
