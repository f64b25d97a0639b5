import { TOKEN_LIFETIME_MS } from '@shotlib/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { member, session } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { openTestDatabase } from '../../test/test-db';
import { createSession, memberForToken } from './session.service';

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
