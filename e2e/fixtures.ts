import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL } from './accounts';
import { codeOf, hasCode, mailsTo } from './mail';

/** The time one axe-core pass adds to a test's budget. */
const AXE_PASS_MS = 15_000;

/** Scan the page with axe-core and fail on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A whole-page analysis takes 2–10 s on two shared cores: each one a test runs adds to its time, not to its flow's.
  base.info().setTimeout(base.info().timeout + AXE_PASS_MS);
  // The page as a person sees it once it has settled: an element fading in (a toast's entrance) has, mid-way, the
  // contrast of its opacity, which axe would report. Animations that never end (a spinner) are not waited for, and a
  // paused one not past 3 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe-core serious/critical violations').toEqual([]);
}

export const test = base;
export { expect };

/**
 * For "nothing was asked for" checks, instead of a fixed sleep: returns once every request the page
 * started before the call has been reported to `page.on('request')` listeners. The page fetches a
 * marker of its own last, and requests are reported in the order the page starts them.
 * With `frames`, the page first draws that many frames: what a scroll sets off (intersection
 * observers report at the next frame) has then been asked for. Not with a paused `page.clock`,
 * which holds animation frames back.
 */
export async function requestsStartedSoFar(page: Page, { frames = 0 }: { frames?: number } = {}): Promise<void> {
  const marker = `/healthz?requests-so-far=${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate(
    async ({ url, frames }) => {
      for (let frame = 0; frame < frames; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      await fetch(url, { cache: 'no-store' });
    },
    { url: marker, frames },
  );
  await seen;
}

// ---- Accounts: signing in through the API -------------------------------------------------------

/**
 * The mail outbox of the server under test. E2E runs without SMTP, so every mail is an .eml file
 * in DATA_DIR/outbox, and DATA_DIR is e2e/.data/<port> (see playwright.config.ts).
 */
export const outboxDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.data', String(Number(process.env.E2E_PORT ?? 18080)), 'outbox');

const API = '/ui/c-api/v1';
/** docs/product-spec.md §9: a token lives 43,000,000 ms; the web app keeps it as {value, expire} under 'token'. */
const TOKEN_LIFETIME_MS = 43_000_000;

let emailCounter = 0;
/** A new address for each call (each address may receive at most five codes an hour). */
export function uniqueEmail(label = 'member'): string {
  return `${label}.${Date.now().toString(36)}.${process.pid}.${++emailCounter}@e2e.example`;
}

/**
 * Wait (up to 10 s) for the newest code mailed to `email` since `since` (ms), and return the code. Other mails to
 * the address (a reviewer's portfolio mail written a moment before) are passed over.
 */
export async function readCode(email: string, since: number): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mails = (await mailsTo(outboxDir, email, since)).filter(hasCode);
    if (mails.length > 0) return codeOf(mails.at(-1)!);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mail for ${email} in ${outboxDir}`);
}

export type SignedIn = {
  email: string;
  token: string;
  user: { id: number; emailAddr: string; nickname: string; avatar: string; expired: string | null; hasPassword: boolean; role?: 'member' | 'admin' };
};

/**
 * Sign in as a member through the API, the way a person signs up: POST /sign, the code from the
 * outbox, POST /login. Returns the token and the member. Without `email` a new account is made.
 * The address must not have a password (its /sign step would ask for the password instead).
 */
export async function signInByApi(request: APIRequestContext, email: string = uniqueEmail()): Promise<SignedIn> {
  const since = Date.now();
  const step = await (await request.post(`${API}/sign`, { data: { emailAddr: email, locale: 'enUS' } })).json();
  if (step.code !== 0) throw new Error(`POST /sign failed: ${JSON.stringify(step)}`);
  if (step.data.next !== true) throw new Error(`${email} has a password: use an address without one`);
  const code = await readCode(email, since);
  const login = await (await request.post(`${API}/login`, { data: { emailAddr: email, code } })).json();
  if (login.code !== 0) throw new Error(`POST /login failed: ${JSON.stringify(login)}`);
  const token: string = login.data.token;
  const info = await (await request.get(`${API}/member/info`, { headers: { Authorization: token } })).json();
  return { email, token, user: info.data };
}

/**
 * A signed-in page for any suite: `const me = await loginAs(page, request)` (a new member) or
 * `loginAs(page, request, 'someone@e2e.example')`. It signs in through the API (signInByApi) and
 * puts the session where the web app keeps it (local storage: token, user, authenticated) before
 * the page's next navigation — call it before `page.goto`, or reload afterwards. The session is
 * seeded once per tab, so logging out in the test sticks.
 */
export async function loginAs(page: Page, request: APIRequestContext, email?: string): Promise<SignedIn> {
  const session = await signInByApi(request, email);
  await seedSession(page, session);
  return session;
}

/** The admin's session, kept beside the outbox so runs and workers reuse it (each address gets five codes an hour). */
const adminSessionFile = path.join(path.dirname(outboxDir), 'e2e-admin-session.json');

/**
 * Run `work` while holding `lockFile` (created exclusively), so that workers take turns. A lock older
 * than `staleMs` is a crashed worker's and is taken over.
 */
async function withFileLock<T>(lockFile: string, work: () => Promise<T>, staleMs = 60_000): Promise<T> {
  await mkdir(path.dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      await (await open(lockFile, 'wx')).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await stat(lockFile).then((info) => Date.now() - info.mtimeMs, () => 0);
      if (held > staleMs) await rm(lockFile, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockFile, { force: true });
  }
}

/**
 * Sign in as the admin through the API, reusing the stored session while the server still accepts it.
 * Workers take turns: two sign-ins of one address at once would each ask for a code, and the second
 * code replaces the first.
 */
function adminSession(request: APIRequestContext): Promise<SignedIn> {
  return withFileLock(`${adminSessionFile}.lock`, () => storedOrNewAdminSession(request));
}

async function storedOrNewAdminSession(request: APIRequestContext): Promise<SignedIn> {
  try {
    const stored = JSON.parse(await readFile(adminSessionFile, 'utf8')) as SignedIn;
    const info = await (await request.get(`${API}/member/info`, { headers: { Authorization: stored.token } })).json();
    if (info.code === 0 && info.data.role === 'admin') return { ...stored, user: info.data };
  } catch {
    // none stored yet, or unreadable: sign in
  }
  const session = await signInByApi(request, ADMIN_EMAIL);
  if ((session.user as { role?: string }).role !== 'admin') throw new Error(`${ADMIN_EMAIL} is not an admin: is ADMIN_EMAIL set for the server?`);
  await mkdir(path.dirname(adminSessionFile), { recursive: true });
  await writeFile(adminSessionFile, JSON.stringify(session));
  return session;
}

/** A signed-in admin page for any suite (ADMIN_EMAIL's member): call it before `page.goto`. */
export async function loginAsAdmin(page: Page, request: APIRequestContext): Promise<SignedIn> {
  const session = await adminSession(request);
  await seedSession(page, session);
  return session;
}

/** Put a signed-in session where the web app keeps it, before the page's next navigation (once per tab). */
async function seedSession(page: Page, session: SignedIn): Promise<void> {
  const { user, token } = session;
  const stored = {
    token: { value: token, expire: Date.now() + TOKEN_LIFETIME_MS },
    user: {
      id: user.id,
      email: user.emailAddr,
      nickname: user.nickname,
      avatar: user.avatar,
      vip: user.expired !== null && Date.parse(user.expired) > Date.now(),
      expired: user.expired,
      token,
      role: user.role ?? 'member',
    },
  };
  await page.addInitScript((values) => {
    if (sessionStorage.getItem('e2e-session-seeded')) return;
    sessionStorage.setItem('e2e-session-seeded', '1');
    localStorage.setItem('token', JSON.stringify(values.token));
    localStorage.setItem('user', JSON.stringify(values.user));
    localStorage.setItem('authenticated', 'true');
  }, stored);
}

// ---- Payments: buying a plan through the sandbox ----------------------------------------------

export type PayReply = { url: string; tno: string; way: string; action: 'qr' | 'redirect'; amount: number; currency: string; sandbox: boolean };

/**
 * Buy a plan as `session` through the API and the sandbox provider's checkout page, as a person
 * would: GET /pay?way&grade, then the sandbox page's Pay (its form posts `action=pay` to the
 * page's own URL). The sandbox delivers its signed notification to the server, which marks the
 * order paid. Returns the order's reply of GET /pay.
 */
export async function buyPlanByApi(
  request: APIRequestContext,
  session: SignedIn,
  { way = 'paypal', grade = 3 }: { way?: 'wechat' | 'paypal' | 'card'; grade?: number } = {},
): Promise<PayReply> {
  const headers = { Authorization: session.token };
  const pay = await (await request.get(`${API}/pay`, { params: { way, grade }, headers })).json();
  if (pay.code !== 0) throw new Error(`GET /pay failed: ${JSON.stringify(pay)}`);
  const reply = pay.data as PayReply;
  if (!reply.sandbox) throw new Error(`GET /pay (${way}) is not on the sandbox: ${reply.url}`);
  const paid = await request.post(reply.url, { form: { action: 'pay' }, maxRedirects: 0 });
  if (paid.status() >= 400) throw new Error(`the sandbox page refused Pay: HTTP ${paid.status()}`);
  const order = await (await request.get(`${API}/order/${reply.tno}`, { headers })).json();
  if (order.code !== 0 || order.data.status !== 1) throw new Error(`order ${reply.tno} is not paid: ${JSON.stringify(order)}`);
  return reply;
}

/**
 * A signed-in subscriber for any suite: `const me = await loginAsVip(page, request)`. A new member
 * buys the month plan with PayPal through the sandbox (buyPlanByApi), then the session, now vip,
 * is seeded like loginAs's — call it before `page.goto`.
 */
export async function loginAsVip(page: Page, request: APIRequestContext): Promise<SignedIn> {
  const session = await signInByApi(request, uniqueEmail('vip'));
  await buyPlanByApi(request, session, { way: 'paypal', grade: 3 });
  const info = await (await request.get(`${API}/member/info`, { headers: { Authorization: session.token } })).json();
  const vip: SignedIn = { ...session, user: info.data };
  if (!vip.user.expired || Date.parse(vip.user.expired) <= Date.now()) throw new Error(`${session.email} is not vip after paying`);
  await seedSession(page, vip);
  return vip;
}
