import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginCode, oauthState } from '../../db/schema';
import { LOGIN_CODE_MAX_ATTEMPTS } from './login-code';

/** Sign-in's own tables: one-time codes and OAuth states. */

// ---- one-time codes ------------------------------------------------------------------------

export type LoginCodeRow = typeof loginCode.$inferSelect;

/** The newest code of an address: only this one counts. */
export async function newestLoginCode(db: Db, email: string): Promise<LoginCodeRow | null> {
  const rows = await db
    .select()
    .from(loginCode)
    .where(sql`lower(${loginCode.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(loginCode.createdAt), desc(loginCode.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertLoginCode(db: Db, values: { email: string; codeHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
  await db.insert(loginCode).values({ ...values, email: values.email.toLowerCase() });
}

/**
 * Take one try of a live code, atomically: the counter goes up only while the code is unused,
 * unexpired and below the attempt limit. Parallel guesses therefore cannot exceed the limit.
 */
export async function reserveCodeAttempt(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginCode)
    .set({ attempts: sql`${loginCode.attempts} + 1` })
    .where(
      and(
        eq(loginCode.id, id),
        isNull(loginCode.usedAt),
        gt(loginCode.expiresAt, now),
        lt(loginCode.attempts, LOGIN_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  return rows.length > 0;
}

/** Mark a code used; false when someone else used it first. */
export async function consumeLoginCode(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginCode)
    .set({ usedAt: now })
    .where(and(eq(loginCode.id, id), isNull(loginCode.usedAt)))
    .returning();
  return rows.length > 0;
}

// ---- OAuth states ---------------------------------------------------------------------------

export async function insertOauthState(
  db: Db,
  values: { state: string; codeVerifier: string; nonce: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(oauthState).values(values);
}

/** A started sign-in that has not been confirmed yet and has not expired. */
export async function pendingOauthState(db: Db, state: string, now: Date) {
  const rows = await db
    .select()
    .from(oauthState)
    .where(and(eq(oauthState.state, state), isNull(oauthState.memberId), isNull(oauthState.usedAt), gt(oauthState.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

/** Record who the provider signed in; false when the state was confirmed already. */
export async function bindOauthState(db: Db, state: string, memberId: number): Promise<boolean> {
  const rows = await db
    .update(oauthState)
    .set({ memberId })
    .where(and(eq(oauthState.state, state), isNull(oauthState.memberId)))
    .returning();
  return rows.length > 0;
}

/** Use a confirmed state once: its member, or null when unknown, unconfirmed, used or expired. */
export async function consumeOauthState(db: Db, state: string, now: Date): Promise<number | null> {
  const rows = await db
    .update(oauthState)
    .set({ usedAt: now })
    .where(and(eq(oauthState.state, state), isNotNull(oauthState.memberId), isNull(oauthState.usedAt), gt(oauthState.expiresAt, now)))
    .returning();
  return rows[0]?.memberId ?? null;
}

// ---- housekeeping ---------------------------------------------------------------------------

/** Forget codes and OAuth states that expired more than a day ago. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 86_400_000);
  await db.delete(loginCode).where(lt(loginCode.expiresAt, before));
  await db.delete(oauthState).where(lt(oauthState.expiresAt, before));
}
