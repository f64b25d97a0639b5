import { API_PREFIX } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { isVipMember, requireAdmin, requireMember } from './auth';
import { ok } from './envelope';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      // Routes behind the guards, registered in the API scope so its auth hook runs.
      app.register(
        async (api) => {
          api.get('/test/me', { preHandler: requireMember }, async (request) =>
            ok({ id: request.member!.id, email: request.member!.email, vip: isVipMember(request.member) }),
          );
          api.get('/test/admin', { preHandler: requireAdmin }, async () => ok(true));
          api.get('/test/who', async (request) => ok(request.member?.id ?? null));
        },
        { prefix: `${API_PREFIX}/x` },
      );
    },
  });
});
afterAll(() => t.close());

const me = (token?: string, headers: Record<string, string> = {}) =>
  call<{ id: number; email: string; vip: boolean }>(t.app, { method: 'GET', url: `${API_PREFIX}/x/test/me`, token, headers });

describe('requireMember', () => {
  it('answers 401 without a token', async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, message: 'Please log in.', data: null });
  });

  it('answers 401 for a garbage, expired or revoked token', async () => {
    for (const token of ['garbage', 'Bearer ', t.fixtures.tokens.expired, t.fixtures.tokens.revoked]) {
      const res = await me(token);
      expect(res.status, token).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });

  it('accepts a live token, raw or as Bearer', async () => {
    const raw = await me(t.fixtures.tokens.regular);
    expect(raw.status).toBe(200);
    expect(raw.body.data).toEqual({ id: t.fixtures.members.regular, email: 'member@example.com', vip: false });
    const bearer = await me(`Bearer ${t.fixtures.tokens.vip}`);
    expect(bearer.body.data).toMatchObject({ id: t.fixtures.members.vip, vip: true });
    const lapsed = await me(t.fixtures.tokens.lapsed);
    expect(lapsed.body.data).toMatchObject({ id: t.fixtures.members.lapsed, vip: false });
  });

  it('treats a dead token as a visitor on public routes', async () => {
    const res = await call(t.app, { method: 'GET', url: `${API_PREFIX}/x/test/who`, token: t.fixtures.tokens.expired });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });
});

describe('requireAdmin', () => {
  it('answers 401 to visitors, 403 to members and lets admins through', async () => {
    const url = `${API_PREFIX}/x/test/admin`;
    expect((await call(t.app, { method: 'GET', url })).status).toBe(401);
    const member = await call(t.app, { method: 'GET', url, token: t.fixtures.tokens.vip });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe(403);
    const admin = await call(t.app, { method: 'GET', url, token: t.fixtures.tokens.admin });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toBe(true);
  });
});
