import { API_PREFIX, type MemberInfo, type OauthStart } from '@shotlib/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../db/schema';
import { startOidcProvider } from '../../test/oidc-provider';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { MESSAGES } from './auth.service';

const PUBLIC_URL = 'http://127.0.0.1:4321';
const REDIRECT_URI = `${PUBLIC_URL}/callback`;

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;
let offset = 0;

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: 'shotlib-web',
    clientSecret: 'client-secret-for-tests',
    redirectUri: REDIRECT_URI,
    accounts: {
      alice: { email: 'alice@example.com', emailVerified: true, name: 'Alice Liddell' },
      member: { email: 'Member@Example.com', emailVerified: true, name: 'Regular Member' },
      mallory: { email: 'vip@example.com', emailVerified: false, name: 'Not Verified' },
      bob: { email: 'bob@example.com', emailVerified: true, name: 'Bob' },
    },
  });
  t = await createTestApp({
    env: {
      GOOGLE_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: 'shotlib-web',
      GOOGLE_CLIENT_SECRET: 'client-secret-for-tests',
      PUBLIC_URL,
    },
    services: { now: () => new Date(Date.now() + offset) },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const start = () => call<OauthStart>(t.app, { method: 'GET', url: `${API_PREFIX}/oauth` });
const confirm = (code: string, state: string) =>
  call(t.app, { method: 'GET', url: `${API_PREFIX}/oauth-call?${new URLSearchParams({ code, state })}` });
const loginWithState = (state: string) => call<{ token: string }>(t.app, { method: 'POST', url: `${API_PREFIX}/login`, payload: { state } });

/** What the popup does: start, sign in at the provider, come back with code and state. */
async function popup(login: string) {
  const started = await start();
  expect(started.body.code).toBe(0);
  const back = await provider.authorize(started.body.data.url, login);
  expect(back.searchParams.get('error')).toBeNull();
  return { state: started.body.data.state, code: back.searchParams.get('code')!, returnedState: back.searchParams.get('state')! };
}

describe('Google sign-in against a real OpenID Connect provider', () => {
  it('returns to PUBLIC_URL/callback whatever Host the request names', async () => {
    const res = await call<{ url: string }>(t.app, { method: 'GET', url: `${API_PREFIX}/oauth`, headers: { host: 'evil.example' } });
    expect(new URL(res.body.data.url).searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
  });

  it('starts with PKCE (S256), state and nonce, returning to /callback', async () => {
    const res = await start();
    const url = new URL(res.body.data.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('client_id')).toBe('shotlib-web');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBe(res.body.data.state);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('signs a new person in: popup, /oauth-call, then POST /login {state}', async () => {
    const { state, code, returnedState } = await popup('alice');
    expect(returnedState).toBe(state);
    expect((await confirm(code, state)).body).toEqual({ code: 0, message: 'ok', data: null });
    const res = await loginWithState(state);
    expect(res.body.code).toBe(0);
    const me = await call<MemberInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/member/info`, token: res.body.data.token });
    expect(me.body.data).toMatchObject({ emailAddr: 'alice@example.com', nickname: 'Alice Liddell', hasPassword: false });
  });

  it('links an existing account by its verified e-mail address', async () => {
    const { state, code } = await popup('member');
    expect((await confirm(code, state)).body.code).toBe(0);
    const res = await loginWithState(state);
    const me = await call<MemberInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/member/info`, token: res.body.data.token });
    expect(me.body.data.id).toBe(t.fixtures.members.regular);
    const [row] = await t.db.select().from(member).where(eq(member.id, t.fixtures.members.regular));
    expect(row!.googleSub).toBe('member');

    // Next time the subject alone finds the member.
    const again = await popup('member');
    expect((await confirm(again.code, again.state)).body.code).toBe(0);
    const token = (await loginWithState(again.state)).body.data.token;
    const me2 = await call<MemberInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/member/info`, token });
    expect(me2.body.data.id).toBe(t.fixtures.members.regular);
  });

  it('refuses a wrong state, and a state that was never confirmed', async () => {
    const { state, code } = await popup('bob');
    const wrong = await confirm(code, 'not-the-state');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ code: 1001, message: MESSAGES.googleState, data: null });
    expect((await loginWithState(state)).body).toEqual({ code: 1001, message: MESSAGES.googleState, data: null });
    expect((await loginWithState('not-the-state')).body.message).toBe(MESSAGES.googleState);
    // The real pair still works once.
    expect((await confirm(code, state)).body.code).toBe(0);
    expect((await loginWithState(state)).body.code).toBe(0);
    expect((await loginWithState(state)).body).toEqual({ code: 1001, message: MESSAGES.googleState, data: null });
  });

  it('refuses a replayed code, with its own state or a new one', async () => {
    const { state, code } = await popup('bob');
    expect((await confirm(code, state)).body.code).toBe(0);
    expect((await confirm(code, state)).body).toEqual({ code: 1001, message: MESSAGES.googleState, data: null });
    const fresh = await start();
    const replay = await confirm(code, fresh.body.data.state);
    expect(replay.body).toEqual({ code: 1001, message: MESSAGES.googleFailed, data: null });
    expect((await loginWithState(fresh.body.data.state)).body.message).toBe(MESSAGES.googleState);
  });

  it('refuses an address the provider has not verified', async () => {
    const { state, code } = await popup('mallory');
    expect((await confirm(code, state)).body).toEqual({ code: 1001, message: MESSAGES.googleUnverified, data: null });
    expect((await loginWithState(state)).body.message).toBe(MESSAGES.googleState);
  });

  it('refuses a state older than ten minutes', async () => {
    const { state, code } = await popup('bob');
    offset = 10 * 60_000 + 1000;
    try {
      expect((await confirm(code, state)).body).toEqual({ code: 1001, message: MESSAGES.googleState, data: null });
    } finally {
      offset = 0;
    }
  });
});

describe('without Google configured', () => {
  it('says so instead of failing silently', async () => {
    const plain = await createTestApp();
    try {
      const config = await call<{ google: boolean }>(plain.app, { method: 'GET', url: `${API_PREFIX}/config` });
      expect(config.body.data.google).toBe(false);
      const res = await call(plain.app, { method: 'GET', url: `${API_PREFIX}/oauth` });
      expect(res.body).toEqual({ code: 1001, message: MESSAGES.googleNotConfigured, data: null });
      const confirmRes = await call(plain.app, { method: 'GET', url: `${API_PREFIX}/oauth-call?code=x&state=y` });
      expect(confirmRes.body.message).toBe(MESSAGES.googleNotConfigured);
    } finally {
      await plain.close();
    }
  });
});
