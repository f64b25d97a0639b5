import { TOKEN_LIFETIME_MS } from '@shotlib/contract';
import type { Db } from '../../db/client';
import type { AuthMember } from '../../lib/auth';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './session.repo';

/**
 * Sessions, for the modules that open and end them (auth, member) and for the auth hook of every
 * request. A token is 32 random bytes; only its hash is stored, so a leaked table leaks no session.
 */

/** Open a session for a member; it expires TOKEN_LIFETIME_MS after `now`. Returns the token. */
export async function createSession(db: Db, memberId: number, now: Date, options: { codeVerified?: boolean } = {}): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, {
    memberId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    codeVerifiedAt: options.codeVerified ? now : null,
    createdAt: now,
  });
  return token;
}

/** Look a token up: its member when the session exists, is not revoked and has not expired. */
export function memberForToken(db: Db, token: string, now: Date): Promise<AuthMember | null> {
  return repo.liveSessionMember(db, hashToken(token), now);
}

/** End the session of a token (logout); unknown or ended tokens change nothing. */
export function endSession(db: Db, token: string, now: Date): Promise<void> {
  return repo.revokeSession(db, hashToken(token), now);
}

/**
 * A new password was set in the session of `token`: every other session of the member ends, and
 * this one's e-mailed code no longer stands in for the current password.
 */
export async function afterPasswordChange(db: Db, memberId: number, token: string, now: Date): Promise<void> {
  const keep = hashToken(token);
  await repo.revokeOtherSessions(db, memberId, keep, now);
  await repo.endPasswordReset(db, keep);
}
