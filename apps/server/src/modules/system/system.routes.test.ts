import { API_PREFIX, type PublicConfig } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MEDIA_BASE_URL: 'https://cdn.example.com/m', SUPPORT_EMAIL: 'help@example.com' } });
});
afterAll(() => t.close());

describe('GET /config', () => {
  it('tells the web app the media host, support address and whether Google is set up', async () => {
    const res = await call<PublicConfig>(t.app, { method: 'GET', url: `${API_PREFIX}/config` });
    expect(res.body).toEqual({
      code: 0,
      message: 'ok',
      data: { mediaBase: 'https://cdn.example.com/m', supportEmail: 'help@example.com', google: false },
    });
  });

  it('reports Google only when both issuer and client id are set', async () => {
    const google = await createTestApp({ env: { GOOGLE_ISSUER: 'https://accounts.google.com', GOOGLE_CLIENT_ID: 'abc', PUBLIC_URL: 'http://localhost:8080' } });
    try {
      const res = await call<PublicConfig>(google.app, { method: 'GET', url: `${API_PREFIX}/config` });
      expect(res.body.data).toEqual({ mediaBase: '/media', supportEmail: 'support@shotlib.app', google: true });
    } finally {
      await google.close();
    }
  });
});

/** Runs `ask` against an app whose database has been closed. */
async function withoutDatabase<T>(ask: (app: TestApp['app']) => Promise<T>): Promise<T> {
  const broken = await createTestApp();
  await broken.database.close();
  try {
    return await ask(broken.app);
  } finally {
    await broken.app.close();
    await broken.database.close().catch(() => undefined);
  }
}

describe('GET /healthz', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const res = await withoutDatabase((app) => app.inject({ method: 'GET', url: '/healthz' }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});

describe('GET /readyz', () => {
  it('answers ready when the database answers and no start-up work is left', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 starting, naming what it waits for, until that work releases it', async () => {
    const demo = t.services.readiness.hold('demo');
    const other = t.services.readiness.hold('warm-up');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'starting', waitingFor: ['demo', 'warm-up'] });
      demo();
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'starting', waitingFor: ['warm-up'] });
    } finally {
      demo();
      other();
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 unavailable when the database does not', async () => {
    const res = await withoutDatabase((app) => app.inject({ method: 'GET', url: '/readyz' }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});
