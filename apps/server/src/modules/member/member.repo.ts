import type { Locale, MemberRole } from '@shotlib/contract';
import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/**
 * Members: the only place that writes the member table (profile, credentials, membership expiry).
 * Other modules reach it through member.service.
 */

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
  role: MemberRole;
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

// ---- credentials (sign-in) -------------------------------------------------------------------

export type MemberCredentials = { id: number; email: string; passwordHash: string | null; locale: string; googleSub: string | null };

const credentialColumns = {
  id: member.id,
  email: member.email,
  passwordHash: member.passwordHash,
  locale: member.locale,
  googleSub: member.googleSub,
};

const sameEmail = (email: string) => sql`lower(${member.email}) = ${email.toLowerCase()}`;

export async function memberByEmail(db: Db, email: string): Promise<MemberCredentials | null> {
  const rows = await db.select(credentialColumns).from(member).where(sameEmail(email)).limit(1);
  return rows[0] ?? null;
}

export async function memberByGoogleSub(db: Db, sub: string): Promise<MemberCredentials | null> {
  const rows = await db.select(credentialColumns).from(member).where(eq(member.googleSub, sub)).limit(1);
  return rows[0] ?? null;
}

/** The member of this address, created when there is none (two simultaneous first logins make one). */
export async function findOrCreateMember(
  db: Db,
  values: { email: string; nickname: string; locale: Locale },
): Promise<MemberCredentials> {
  await db.insert(member).values(values).onConflictDoNothing();
  const found = await memberByEmail(db, values.email);
  if (!found) throw new Error('member missing after insert');
  return found;
}

/** Remember the Google subject of a member that has none yet; false when another is already linked. */
export async function linkGoogleSub(db: Db, memberId: number, sub: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(member)
    .set({ googleSub: sub, updatedAt: now })
    .where(and(eq(member.id, memberId), or(isNull(member.googleSub), eq(member.googleSub, sub))))
    .returning();
  return rows.length > 0;
}

export async function setPasswordHash(db: Db, memberId: number, passwordHash: string): Promise<void> {
  await db.update(member).set({ passwordHash }).where(eq(member.id, memberId));
}

// ---- membership expiry (billing) -----------------------------------------------------------

/** The member's expiry, with the row locked until the transaction ends (extensions queue up). */
export async function lockMemberExpiry(tx: Handle, memberId: number): Promise<{ vipExpiresAt: Date | null } | null> {
  const rows = await tx
    .select({ vipExpiresAt: member.vipExpiresAt })
    .from(member)
    .where(eq(member.id, memberId))
    .for('update');
  return rows[0] ?? null;
}

export async function setMemberExpiry(tx: Handle, memberId: number, vipExpiresAt: Date, now: Date): Promise<void> {
  await tx.update(member).set({ vipExpiresAt, updatedAt: now }).where(eq(member.id, memberId));
}

export async function memberExpiry(db: Handle, memberId: number): Promise<Date | null> {
  const rows = await db.select({ vipExpiresAt: member.vipExpiresAt }).from(member).where(eq(member.id, memberId)).limit(1);
  return rows[0]?.vipExpiresAt ?? null;
}

// ---- administration (the admin console, ADMIN_EMAIL) ----------------------------------------

export type AdminMemberRow = {
  id: number;
  email: string;
  nickname: string;
  role: MemberRole;
  vipExpiresAt: Date | null;
  createdAt: Date;
};

const adminColumns = {
  id: member.id,
  email: member.email,
  nickname: member.nickname,
  role: member.role,
  vipExpiresAt: member.vipExpiresAt,
  createdAt: member.createdAt,
};

/** Members whose address contains `fragment` (any case), by address; every member, the newest first, without one. */
export async function searchMembers(
  db: Handle,
  fragment: string,
  window: { limit: number; offset: number },
): Promise<{ rows: AdminMemberRow[]; total: number }> {
  // No fragment: the newest members first (the console's first view); else by address.
  const pattern = `%${fragment.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where = fragment === '' ? undefined : sql`lower(${member.email}) like lower(${pattern})`;
  const order = fragment === '' ? [desc(member.createdAt), desc(member.id)] : [asc(sql`lower(${member.email})`), asc(member.id)];
  const [rows, totals] = await Promise.all([
    db.select(adminColumns).from(member).where(where).orderBy(...order).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(member).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One member for the console; `lock` holds the row until the transaction ends. */
export async function adminMember(db: Handle, memberId: number, options: { lock?: boolean } = {}): Promise<AdminMemberRow | null> {
  const query = db.select(adminColumns).from(member).where(eq(member.id, memberId)).limit(1);
  const rows = await (options.lock ? query.for('update') : query);
  return rows[0] ?? null;
}

/** The ids of every admin, their rows locked until the transaction ends (role changes queue up). */
export async function lockAdmins(tx: Handle): Promise<number[]> {
  const rows = await tx.select({ id: member.id }).from(member).where(eq(member.role, 'admin')).orderBy(asc(member.id)).for('update');
  return rows.map((row) => row.id);
}

export async function setMemberRole(tx: Handle, memberId: number, role: MemberRole, now: Date): Promise<void> {
  await tx.update(member).set({ role, updatedAt: now }).where(eq(member.id, memberId));
}

/** The member of this address (any case), created with `nickname` when there is none; `created` says which. */
export async function ensureMember(tx: Handle, email: string, nickname: string): Promise<{ id: number; created: boolean }> {
  const inserted = await tx.insert(member).values({ email, nickname }).onConflictDoNothing().returning({ id: member.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const rows = await tx.select({ id: member.id }).from(member).where(sameEmail(email)).limit(1);
  if (!rows[0]) throw new Error('member missing after insert');
  return { id: rows[0].id, created: false };
}
