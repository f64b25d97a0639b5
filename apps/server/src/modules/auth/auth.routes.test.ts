import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { API_PREFIX, PASSWORD_RESET_WINDOW_MS, TOKEN_LIFETIME_MS, type MemberInfo } from '@shotlib/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCode, member } from '../../db/schema';
import { codeFromMail, parseMail } from '../../test/mime';
import { startRedisServer, type RedisTestServer } from '../../test/redis-server';
import { startSmtpServer, type SmtpTestServer } from '../../test/smtp';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { MESSAGES as MEMBER_MESSAGES } from '../member/member.service';
import { DEFAULT_AUTH_LIMITS, MESSAGES } from './auth.service';

const MINUTE = 60_000;
const GENEROUS = [{ max: 10_000, windowMs: MINUTE }];

let smtp: SmtpTestServer;
let t: TestApp;
/** The server's clock runs `offset` ms away from the real one. */
let offset = 0;
let seq = 0;
const fresh = (label: string) => `${label}.${++seq}.${Date.now()}@Example.com`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url },
    services: {
      now: () => new Date(Date.now() + offset),
      limits: { auth: { signPerIp: GENEROUS, signPerAddress: GENEROUS, loginPerIp: GENEROUS, loginPerAddress: GENEROUS, codeMailPerAddress: GENEROUS } },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const sign = (emailAddr: string, extra: Record<string, unknown> = {}, remoteAddress?: string) =>
  call<{ next: boolean }>(t.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr, ...extra }, remoteAddress });
const login = (payload: Record<string, unknown>, app = t.app, remoteAddress?: string) =>
  call<{ token: string }>(app, { method: 'POST', url: `${API_PREFIX}/login`, payload, remoteAddress });
const info = (token: string) => call<MemberInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/member/info`, token });
const update = (token: string, payload: Record<string, unknown>) =>
  call<MemberInfo>(t.app, { method: 'PUT', url: `${API_PREFIX}/member`, token, payload });

/** Ask for a code and read it from the mail the SMTP server receives. */
async function requestCode(email: string, extra: Record<string, unknown> = {}) {
  const after = smtp.received.length;
  const res = await sign(email, extra);
  expect(res.body).toEqual({ code: 0, message: 'ok', data: { next: true } });
  const mail = await smtp.nextMailTo(email, after);
  return { mail, code: codeFromMail(mail) };
}

async function signUp(email: string): Promise<string> {
  const { code } = await requestCode(email);
  const res = await login({ emailAddr: email, code });
  expect(res.body.code).toBe(0);
  return res.body.data.token;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const codeRows = (email: string) => t.db.select().from(loginCode).where(sql`lower(${loginCode.email}) = ${email.toLowerCase()}`);

describe('sign-up and sign-in with an e-mailed code', () => {
  it('mails a six-digit code to a new address and creates the account on the first code login', async () => {
    const email = fresh('new');
    const { mail, code } = await requestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.envelopeTo).toEqual([email.toLowerCase()]);
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toContain(`>${code}<`);
    expect(mail.html).toContain('<html lang="en">');
    // Only an HMAC of the code is stored.
    const [row] = await codeRows(email);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);

    expect(await t.db.select().from(member).where(sql`lower(${member.email}) = ${email.toLowerCase()}`)).toHaveLength(0);
    const res = await login({ emailAddr: email, code });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await info(res.body.data.token);
    expect(me.body.data).toMatchObject({ emailAddr: email, avatar: '', expired: null, role: 'member', hasPassword: false });
    expect(me.body.data.nickname.length).toBeGreaterThanOrEqual(3);
  });

  it('sends a code to an existing account without a password too', async () => {
    const { code } = await requestCode('member@example.com');
    const res = await login({ emailAddr: 'MEMBER@example.com', code });
    expect((await info(res.body.data.token)).body.data.id).toBe(t.fixtures.members.regular);
  });

  it('takes each code once', async () => {
    const email = fresh('once');
    const { code } = await requestCode(email);
    expect((await login({ emailAddr: email, code })).body.code).toBe(0);
    const again = await login({ emailAddr: email, code });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ code: 1001, message: MESSAGES.codeFailed, data: null });
  });

  it('accepts only the newest code', async () => {
    const email = fresh('newest');
    const first = await requestCode(email);
    offset += MINUTE + 1000; // past the resend cooldown
    const second = await requestCode(email);
    expect((await login({ emailAddr: email, code: first.code })).body.message).toBe(MESSAGES.codeFailed);
    expect((await login({ emailAddr: email, code: second.code })).body.code).toBe(0);
  });

  it('refuses a code after ten minutes', async () => {
    const email = fresh('late');
    const { code } = await requestCode(email);
    offset += 10 * MINUTE + 1000;
    const res = await login({ emailAddr: email, code });
    expect(res.body).toEqual({ code: 1001, message: MESSAGES.codeFailed, data: null });
  });

  it('voids a code after five wrong tries, even for the right code', async () => {
    const email = fresh('guess');
    const { code } = await requestCode(email);
    for (let i = 0; i < 5; i++) {
      expect((await login({ emailAddr: email, code: otherCode(code) })).body.message).toBe(MESSAGES.codeFailed);
    }
    expect((await login({ emailAddr: email, code })).body.message).toBe(MESSAGES.codeFailed);
  });

  it('lets the fifth try succeed when it is right', async () => {
    const email = fresh('fifth');
    const { code } = await requestCode(email);
    for (let i = 0; i < 4; i++) await login({ emailAddr: email, code: otherCode(code) });
    expect((await login({ emailAddr: email, code })).body.code).toBe(0);
  });

  it('does not mail again while the last code is fresh and unused', async () => {
    const email = fresh('cooldown');
    const first = await requestCode(email);
    const res = await sign(email);
    expect(res.body.data).toEqual({ next: true });
    // A mail to someone else queued after it has arrived: the second request's work is done.
    await requestCode(fresh('marker'));
    expect(await codeRows(email)).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes(email.toLowerCase()))).toHaveLength(1);
    expect((await login({ emailAddr: email, code: first.code })).body.code).toBe(0);
  });

  it('answers before the mail is delivered (the same timing for new and existing addresses)', async () => {
    const email = fresh('async');
    const after = smtp.received.length;
    smtp.hold();
    try {
      const res = await sign(email);
      expect(res.body.data).toEqual({ next: true });
      expect(smtp.received.slice(after).some((mail) => mail.envelopeTo.includes(email.toLowerCase()))).toBe(false);
    } finally {
      smtp.release();
    }
    await smtp.nextMailTo(email, after);
  });

  it('writes the mail in the language asked for', async () => {
    const cn = await requestCode(fresh('cn'), { locale: 'zhCN' });
    expect(cn.mail.subject).toBe(`${cn.code} 是你的 Shotlib 验证码`);
    expect(cn.mail.text).toContain('10 分钟内有效');
    expect(cn.mail.html).toContain('<html lang="zh-CN">');
    const tw = await requestCode(fresh('tw'), { locale: 'zhTW' });
    expect(tw.mail.subject).toBe(`${tw.code} 是你的 Shotlib 驗證碼`);
    expect(tw.mail.text).toContain('10 分鐘內有效');
    expect(tw.mail.html).toContain('<html lang="zh-TW">');
  });
});

describe('passwords', () => {
  it('signs in with a password once one is set, and says nothing about unknown addresses', async () => {
    const email = fresh('pw');
    const token = await signUp(email);
    const set = await update(token, { password: 'secret-1' });
    expect(set.body.data.hasPassword).toBe(true);

    const after = smtp.received.length;
    expect((await sign(email)).body.data).toEqual({ next: false });
    const res = await login({ emailAddr: email.toUpperCase(), password: 'secret-1' });
    expect(res.body.code).toBe(0);
    expect((await info(res.body.data.token)).body.data.emailAddr).toBe(email);

    const wrong = await login({ emailAddr: email, password: 'secret-2' });
    const unknown = await login({ emailAddr: fresh('nobody'), password: 'secret-1' });
    const noPassword = await login({ emailAddr: 'vip@example.com', password: 'secret-1' });
    for (const failed of [wrong, unknown, noPassword]) {
      expect(failed.status).toBe(200);
      expect(failed.body).toEqual({ code: 1001, message: MESSAGES.passwordFailed, data: null });
    }
    // Asking for the password step sent no mail.
    await requestCode(fresh('marker'));
    expect(smtp.received.slice(after).some((mail) => mail.envelopeTo.includes(email.toLowerCase()))).toBe(false);
  });

  it('needs the current password to change it, and ends the other sessions', async () => {
    const email = fresh('change');
    const first = await signUp(email);
    expect((await update(first, { password: 'first-pass' })).body.code).toBe(0);
    const second = (await login({ emailAddr: email, password: 'first-pass' })).body.data.token;
    const third = (await login({ emailAddr: email, password: 'first-pass' })).body.data.token;

    expect((await update(second, { password: 'second-pass' })).body).toMatchObject({ code: 1001, message: MEMBER_MESSAGES.currentPasswordRequired });
    expect((await update(second, { password: 'second-pass', currentPassword: 'nope-nope' })).body).toMatchObject({
      code: 1001,
      message: MEMBER_MESSAGES.currentPasswordWrong,
    });
    const changed = await update(second, { password: 'second-pass', currentPassword: 'first-pass' });
    expect(changed.body.code).toBe(0);

    expect((await info(second)).status).toBe(200);
    expect((await info(first)).status).toBe(401);
    expect((await info(third)).status).toBe(401);
    expect((await login({ emailAddr: email, password: 'first-pass' })).body.message).toBe(MESSAGES.passwordFailed);
    expect((await login({ emailAddr: email, password: 'second-pass' })).body.code).toBe(0);
  });

  it('a forgotten password: a code asked for with via=code signs in and may set a new password once, without the old one', async () => {
    const email = fresh('forgot');
    const other = await signUp(email);
    expect((await update(other, { password: 'old-pass' })).body.code).toBe(0);
    const byPassword = (await login({ emailAddr: email, password: 'old-pass' })).body.data.token;
    expect((await info(byPassword)).body.data.passwordResetUntil).toBeNull();

    const { code } = await requestCode(email, { via: 'code' });
    const signedIn = await login({ emailAddr: email, code });
    expect(signedIn.body.code).toBe(0);
    const token = signedIn.body.data.token;
    const until = Date.parse((await info(token)).body.data.passwordResetUntil!);
    const serverNow = Date.now() + offset;
    expect(until - serverNow).toBeGreaterThan(PASSWORD_RESET_WINDOW_MS - MINUTE);
    expect(until - serverNow).toBeLessThanOrEqual(PASSWORD_RESET_WINDOW_MS);

    const reset = await update(token, { password: 'new-pass' });
    expect(reset.body).toMatchObject({ code: 0, data: { hasPassword: true, passwordResetUntil: null } });
    expect((await info(other)).status).toBe(401);
    expect((await info(byPassword)).status).toBe(401);
    expect((await login({ emailAddr: email, password: 'old-pass' })).body.message).toBe(MESSAGES.passwordFailed);
    expect((await login({ emailAddr: email, password: 'new-pass' })).body.code).toBe(0);
    // The code was good for one reset: the next change needs the (new) current password.
    expect((await update(token, { password: 'third-pass' })).body).toMatchObject({ code: 1001, message: MEMBER_MESSAGES.currentPasswordRequired });
  });

  it('the reset window closes fifteen minutes after the code login', async () => {
    const email = fresh('late');
    const first = await signUp(email);
    expect((await update(first, { password: 'old-pass' })).body.code).toBe(0);
    const { code } = await requestCode(email, { via: 'code' });
    const serverClock = offset;
    offset = serverClock - PASSWORD_RESET_WINDOW_MS - MINUTE;
    const token = (await login({ emailAddr: email, code })).body.data.token;
    offset = serverClock;
    expect((await info(token)).body.data.passwordResetUntil).toBeNull();
    expect((await update(token, { password: 'new-pass' })).body).toMatchObject({ code: 1001, message: MEMBER_MESSAGES.currentPasswordRequired });
  });

  it('refuses short passwords with the spec message', async () => {
    const token = await signUp(fresh('short'));
    const res = await update(token, { password: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Password must be at least 6 characters long.');
  });
});

describe('sessions', () => {
  it('logout revokes the session; logging out without one is harmless', async () => {
    const token = await signUp(fresh('logout'));
    expect((await info(token)).status).toBe(200);
    const res = await call(t.app, { method: 'POST', url: `${API_PREFIX}/logout`, token });
    expect(res.body).toEqual({ code: 0, message: 'ok', data: null });
    expect((await info(token)).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: `${API_PREFIX}/logout` })).body.code).toBe(0);
  });

  it('a token stops working 43,000,000 ms after the login', async () => {
    offset = -TOKEN_LIFETIME_MS + MINUTE;
    const live = await signUp(fresh('live'));
    offset = -TOKEN_LIFETIME_MS - MINUTE;
    const dead = await signUp(fresh('dead'));
    offset = 0;
    expect((await info(live)).status).toBe(200);
    const res = await info(dead);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, message: 'Please log in.', data: null });
  });
});

describe('bad input', () => {
  it('validates the address with the spec messages', async () => {
    const missing = await call(t.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Email is required.');
    const invalid = await sign('not-an-address');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('not-an-address is not a valid email address.');
    const shortCode = await login({ emailAddr: 'a@example.com', code: '123' });
    expect(shortCode.status).toBe(400);
  });

  it('accepts the address as a query parameter on /sign (docs/product-spec.md §7)', async () => {
    const email = fresh('query');
    const after = smtp.received.length;
    const res = await call<{ next: boolean }>(t.app, { method: 'POST', url: `${API_PREFIX}/sign?emailAddr=${encodeURIComponent(email)}` });
    expect(res.body.data).toEqual({ next: true });
    await smtp.nextMailTo(email, after);
  });

  it('refuses credentials in the query string of /login', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: `${API_PREFIX}/login?emailAddr=a%40example.com&password=secret-1`,
      payload: { emailAddr: 'a@example.com', password: 'secret-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send credentials in the JSON body, never in the URL.');
  });
});

describe('abuse limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { SMTP_URL: smtp.url },
      services: {
        limits: {
          auth: {
            signPerIp: [{ max: 3, windowMs: MINUTE }],
            signPerAddress: [{ max: 2, windowMs: MINUTE }],
            loginPerIp: [{ max: 100, windowMs: MINUTE }],
            loginPerAddress: [{ max: 3, windowMs: MINUTE }],
            codeMailPerAddress: [{ max: 1, windowMs: 60 * MINUTE }],
            codeMailCooldownMs: 0,
          },
        },
      },
    });
  });
  afterAll(() => limited.close());

  const signAt = (emailAddr: string, remoteAddress: string) =>
    call(limited.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr }, remoteAddress });
  const generic = { code: 429, message: 'Too many requests, please try again later.', data: null };

  it('limits /sign per IP', async () => {
    for (let i = 0; i < 3; i++) expect((await signAt(fresh('ip'), '10.0.0.1')).body.code).toBe(0);
    const res = await signAt(fresh('ip'), '10.0.0.1');
    expect(res.status).toBe(429);
    expect(res.body).toEqual(generic);
    // The wait is the rest of the one-minute window: whole seconds, 1..60.
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await signAt(fresh('ip'), '10.0.0.2')).body.code).toBe(0);
  });

  it('limits /sign per address, whatever the IP, with the same answer for known and unknown addresses', async () => {
    for (const email of ['member@example.com', fresh('addr')]) {
      expect((await signAt(email, '10.1.0.1')).body.code).toBe(0);
      expect((await signAt(email, '10.1.0.2')).body.code).toBe(0);
      const res = await signAt(email, '10.1.0.3');
      expect(res.body).toEqual(generic);
    }
  });

  it('limits code mails per address: the reply stays the same, no further mail goes out', async () => {
    const email = fresh('quota');
    const after = smtp.received.length;
    expect((await signAt(email, '10.2.0.1')).body).toMatchObject({ data: { next: true } });
    await smtp.nextMailTo(email, after);
    expect((await signAt(email, '10.2.0.2')).body).toMatchObject({ data: { next: true } });
    await requestCodeOn(limited, fresh('marker'));
    expect(smtp.received.slice(after).filter((mail) => mail.envelopeTo.includes(email.toLowerCase()))).toHaveLength(1);
    expect(await limited.db.select().from(loginCode).where(eq(loginCode.email, email.toLowerCase()))).toHaveLength(1);
  });

  it('limits password guesses per address, even from many IPs', async () => {
    const email = 'vip@example.com';
    for (let i = 0; i < 3; i++) {
      const res = await login({ emailAddr: email, password: `guess-${i}` }, limited.app, `10.3.0.${i}`);
      expect(res.body.message).toBe(MESSAGES.passwordFailed);
    }
    const res = await login({ emailAddr: email, password: 'guess-x' }, limited.app, '10.3.0.9');
    expect(res.status).toBe(429);
    expect(res.body).toEqual(generic);
  });

  async function requestCodeOn(app: TestApp, email: string) {
    const after = smtp.received.length;
    await call(app.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr: email }, remoteAddress: '10.9.9.9' });
    return smtp.nextMailTo(email, after);
  }
});

describe('abuse limits behind a proxy (TRUST_PROXY=1)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '1' } });
  });
  afterAll(() => proxied.close());

  it('counts the client the proxy saw, not an X-Forwarded-For hop the client wrote itself', async () => {
    const perMinute = DEFAULT_AUTH_LIMITS.signPerIp[0]!.max;
    const codes: number[] = [];
    for (let i = 0; i < perMinute + 6; i++) {
      const forged = `198.51.${i}.${(i * 7) % 250}`;
      const res = await call(proxied.app, {
        method: 'POST',
        url: `${API_PREFIX}/sign`,
        payload: { emailAddr: fresh('proxied') },
        // The proxy (10.0.0.5) appends the address it got the request from to what the client sent.
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
      });
      codes.push(res.status);
    }
    expect(codes.filter((status) => status === 200)).toHaveLength(perMinute);
    expect(codes.slice(perMinute).every((status) => status === 429)).toBe(true);
  });
});

describe('abuse limits over a frozen Redis', () => {
  let redis: RedisTestServer;
  let shared: TestApp;
  beforeAll(async () => {
    redis = await startRedisServer();
    shared = await createTestApp({ env: { SMTP_URL: smtp.url, REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await shared.close();
    await redis.close();
  });

  it('answers /sign within a second while Redis is stopped, and its limits stay in force', async () => {
    expect((await call(shared.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr: fresh('redis') }, remoteAddress: '10.7.0.1' })).body.code).toBe(0);
    redis.freeze();
    try {
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await call(shared.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr: fresh('frozen') }, remoteAddress: '10.7.0.2' });
        expect(performance.now() - started).toBeLessThan(1000);
        expect(res.body).toEqual({ code: 0, message: 'ok', data: { next: true } });
      }
      // The limits stay in force (in process): the per-address one refuses the 11th try.
      const email = fresh('frozen-limit');
      const max = DEFAULT_AUTH_LIMITS.signPerAddress[0]!.max;
      for (let i = 0; i < max; i++) {
        expect((await call(shared.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr: email }, remoteAddress: `10.7.1.${i}` })).status).toBe(200);
      }
      const started = performance.now();
      expect((await call(shared.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr: email }, remoteAddress: '10.7.1.99' })).status).toBe(429);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      redis.resume();
    }
  });
});

describe('without SMTP: the outbox', () => {
  it('writes the mail as an .eml file in DATA_DIR/outbox and logs the code', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const offline = await createTestApp({ logger: { level: 'info', stream } });
    try {
      const email = fresh('outbox');
      const res = await call(offline.app, { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr: email } });
      expect(res.body.data).toEqual({ next: true });
      const outbox = path.join(offline.dataDir, 'outbox');
      let files: string[] = [];
      for (let i = 0; i < 200 && files.length === 0; i++) {
        files = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
        if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(files).toHaveLength(1);
      const mail = parseMail(await readFile(path.join(outbox, files[0]!)));
      expect(mail.to.toLowerCase()).toBe(email.toLowerCase());
      const code = codeFromMail(mail);
      expect(mail.html).toContain(code);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.code === code);
      expect(logged).toMatchObject({ to: email });
      const token = await call<{ token: string }>(offline.app, { method: 'POST', url: `${API_PREFIX}/login`, payload: { emailAddr: email, code } });
      expect(token.body.code).toBe(0);
    } finally {
      await offline.close();
    }
  });
});
