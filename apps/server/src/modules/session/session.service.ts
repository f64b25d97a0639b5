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
export async function memberForToken(db: Db, token: string, now: Date): Promise<AuthMember | null> {
  const row = await repo.liveSessionMember(db, hashToken(token), now);
  return row ? (({ sessionExpiresAt: _expires, ...found }) => found)(row) : null;
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

/** How long a process may answer a token from memory (a session ended elsewhere is seen within it). */
export const SESSION_CACHE_MS = 2000;

export type SessionLookup = {
  /** The member of a live session token, or null: from memory when looked up less than SESSION_CACHE_MS ago. */
  identify(token: string): Promise<AuthMember | null>;
  /**
   * What `identify` would answer from memory, at once; undefined when it would have to look the token up. The
   * cached-read lane answers a signed-in reader's hit in the very task its request arrived in.
   */
  remembered(token: string): AuthMember | null | undefined;
  /** Forget every looked-up token (after a request that may have ended a session or changed a member). */
  forget(): void;
};

/**
 * The auth hook's lookup, with a short per-process memory: a catalogue page read again and again
 * by a signed-in designer costs a session query every SESSION_CACHE_MS / 2 (made in the background,
 * while the remembered answer serves), not one per request. The
 * app forgets everything whenever a request that may change a session or a member is answered
 * (every request but the catalogue's reads), so this process never serves an ended session or an
 * old membership; another process, or a background job, is seen within SESSION_CACHE_MS. A
 * session's own expiry is checked on every hit.
 */
export function createSessionLookup(db: Db, now: () => Date, options: { ttlMs?: number; maxEntries?: number } = {}): SessionLookup {
  const { ttlMs = SESSION_CACHE_MS, maxEntries = 10_000 } = options;
  type Entry = { member: AuthMember | null; sessionExpiresAt: number; at: number };
  let entries = new Map<string, Entry>();
  // Lookups under way, shared by the requests of one token that arrive meanwhile (a signed-in page
  // fires several calls at once, and after a forget() every one of them would query). Forgotten
  // with the entries: a lookup begun before a forget() is never handed to a request after it.
  let loading = new Map<string, Promise<Entry>>();
  const lookUp = async (key: string, t: number): Promise<Entry> => {
    const generation = entries;
    const row = await repo.liveSessionMember(db, key, new Date(t));
    const member = row ? (({ sessionExpiresAt: _expires, ...found }) => found)(row) : null;
    const entry = { member, sessionExpiresAt: row?.sessionExpiresAt.getTime() ?? 0, at: t };
    // Not kept when everything was forgotten while it was read: it may predate that change.
    if (entries === generation) {
      entries.delete(key);
      entries.set(key, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    }
    return entry;
  };
  /** The entry's member for a request at `t`: none once the session has expired. */
  const memberAt = (entry: Entry, t: number) => (entry.member === null || t < entry.sessionExpiresAt ? entry.member : null);
  /** Look `key` up as of `t`, shared with the requests that arrive meanwhile. */
  const start = (key: string, t: number): Promise<Entry> => {
    const shared = loading;
    const load = lookUp(key, t);
    shared.set(key, load);
    const done = () => {
      if (shared.get(key) === load) shared.delete(key);
    };
    load.then(done, done);
    return load;
  };
  /**
   * The member of a fresh entry for `key` at `t`, or undefined. An entry past half its time is looked up again in the
   * background (its answer replaces it): a reader who keeps reading never waits for their session's query, which on
   * the embedded database would wait behind whatever statement runs (a detail read's p99 at 32 connections: 15 ms).
   */
  const fresh = (key: string, t: number): AuthMember | null | undefined => {
    const hit = entries.get(key);
    if (!hit || t < hit.at || t - hit.at >= ttlMs || (hit.member !== null && t >= hit.sessionExpiresAt)) return undefined;
    if (t - hit.at >= ttlMs / 2 && !loading.has(key)) void start(key, t);
    return hit.member;
  };
  return {
    remembered: (token) => fresh(hashToken(token), now().getTime()),
    identify(token) {
      const key = hashToken(token);
      const t = now().getTime();
      const hit = fresh(key, t);
      if (hit !== undefined) return Promise.resolve(hit);
      const pending = loading.get(key);
      if (pending) return pending.then((entry) => memberAt(entry, t));
      return start(key, t).then((entry) => entry.member);
    },
    forget() {
      entries = new Map();
      loading = new Map();
    },
  };
}
