import { TOKEN_LIFETIME_MS } from '@shotlib/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { member, session } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { openTestDatabase } from '../../test/test-db';
import { createSession, createSessionLookup, endSession, memberForToken, SESSION_CACHE_MS } from './session.service';

describe('createSession', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('stores only the hash, expires after TOKEN_LIFETIME_MS and resolves to its member', async () => {
    const [created] = await database.db.insert(member).values({ email: 'Someone@Example.com' }).returning();
    const now = new Date('2030-01-01T00:00:00Z');
    const token = await createSession(database.db, created!.id, now);
    const rows = await database.db.select().from(session).where(eq(session.memberId, created!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime()).toBe(now.getTime() + TOKEN_LIFETIME_MS);

    const justBefore = new Date(now.getTime() + TOKEN_LIFETIME_MS - 1);
    expect(await memberForToken(database.db, token, justBefore)).toMatchObject({ id: created!.id, role: 'member' });
    const atExpiry = new Date(now.getTime() + TOKEN_LIFETIME_MS);
    expect(await memberForToken(database.db, token, atExpiry)).toBeNull();
    expect(await memberForToken(database.db, 'not-a-token', justBefore)).toBeNull();
  });
});

describe('createSessionLookup', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function newSession(email: string, now: Date) {
    const [created] = await database.db.insert(member).values({ email }).returning();
    return { id: created!.id, token: await createSession(database.db, created!.id, now) };
  }
  const setVip = (id: number, until: Date) => database.db.update(member).set({ vipExpiresAt: until }).where(eq(member.id, id));

  it('answers a token from memory for SESSION_CACHE_MS, then reads it again', async () => {
    const clock = { now: new Date('2030-02-01T00:00:00Z') };
    const lookup = createSessionLookup(database.db, () => clock.now);
    const { id, token } = await newSession('remembered@example.com', clock.now);
    expect(lookup.remembered(token)).toBeUndefined(); // never looked up: only identify can say
    expect(await lookup.identify(token)).toMatchObject({ id, vipExpiresAt: null });
    expect(lookup.remembered(token)).toMatchObject({ id, vipExpiresAt: null });

    // Changed behind its back (another process): still the remembered answer, for a moment.
    const until = new Date('2031-01-01T00:00:00Z');
    await setVip(id, until);
    const start = clock.now.getTime();
    clock.now = new Date(start + SESSION_CACHE_MS / 2 - 1);
    expect((await lookup.identify(token))!.vipExpiresAt).toBeNull();
    expect(lookup.remembered(token)!.vipExpiresAt).toBeNull();
    clock.now = new Date(start + SESSION_CACHE_MS);
    expect(lookup.remembered(token)).toBeUndefined();
    expect((await lookup.identify(token))!.vipExpiresAt).toEqual(until);
    expect(lookup.remembered(token)!.vipExpiresAt).toEqual(until);
  });

  it('looks a token up again in the background past half its time, so a reader who keeps reading never waits', async () => {
    const clock = { now: new Date('2030-02-15T00:00:00Z') };
    const start = clock.now.getTime();
    const lookup = createSessionLookup(database.db, () => clock.now);
    const { id, token } = await newSession('ahead@example.com', clock.now);
    expect((await lookup.identify(token))!.vipExpiresAt).toBeNull();
    const until = new Date('2031-01-01T00:00:00Z');
    await setVip(id, until);

    clock.now = new Date(start + SESSION_CACHE_MS / 2);
    expect(lookup.remembered(token)!.vipExpiresAt).toBeNull(); // at once, from memory; the lookup goes on behind
    await vi.waitFor(() => expect(lookup.remembered(token)!.vipExpiresAt).toEqual(until));
    // The new answer counts from its own lookup: still there when the first one would have run out.
    clock.now = new Date(start + SESSION_CACHE_MS);
    expect(lookup.remembered(token)!.vipExpiresAt).toEqual(until);
    // (That read began another lookup behind; a request after everything ran out waits for it.)
    clock.now = new Date(start + 2 * SESSION_CACHE_MS);
    expect((await lookup.identify(token))!.vipExpiresAt).toEqual(until);
  });

  it('forgets everything at once, so this process never serves an ended session', async () => {
    const now = new Date('2030-03-01T00:00:00Z');
    const lookup = createSessionLookup(database.db, () => now);
    const { id, token } = await newSession('forgotten@example.com', now);
    expect(await lookup.identify(token)).toMatchObject({ id });
    await endSession(database.db, token, now);
    lookup.forget();
    expect(lookup.remembered(token)).toBeUndefined();
    expect(await lookup.identify(token)).toBeNull();
    expect(lookup.remembered(token)).toBeNull(); // a dead token is remembered as one too
  });

  it('never answers from memory past the session’s own expiry', async () => {
    const start = new Date('2030-04-01T00:00:00Z');
    const clock = { now: new Date(start.getTime() + TOKEN_LIFETIME_MS - 10) };
    const lookup = createSessionLookup(database.db, () => clock.now);
    const { id, token } = await newSession('expiring@example.com', start);
    expect(await lookup.identify(token)).toMatchObject({ id });
    clock.now = new Date(start.getTime() + TOKEN_LIFETIME_MS);
    expect(lookup.remembered(token)).toBeUndefined();
    expect(await lookup.identify(token)).toBeNull();
  });

  it('does not keep a lookup that was under way when everything was forgotten', async () => {
    const now = new Date('2030-05-01T00:00:00Z');
    const lookup = createSessionLookup(database.db, () => now);
    const { token } = await newSession('racing@example.com', now);
    const underWay = lookup.identify(token); // reads the session before it ends
    lookup.forget();
    await endSession(database.db, token, now);
    await underWay;
    expect(await lookup.identify(token)).toBeNull();
  });

  it('shares one lookup among the concurrent requests of a token, but not across a forget()', async () => {
    const now = new Date('2030-06-01T00:00:00Z');
    const lookup = createSessionLookup(database.db, () => now);
    const { id, token } = await newSession('concurrent@example.com', now);
    // Both before the first answer: one query, one answer (the very same object).
    const [a, b] = await Promise.all([lookup.identify(token), lookup.identify(token)]);
    expect(a).toMatchObject({ id });
    expect(b).toBe(a);

    lookup.forget();
    const before = lookup.identify(token); // under way when the session ends and everything is forgotten
    await endSession(database.db, token, now);
    lookup.forget();
    const after = lookup.identify(token); // must not join the lookup begun before the forget()
    await before;
    expect(await after).toBeNull();
  });
});
