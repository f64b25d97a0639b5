import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteUrl, loadConfig, runningAt } from './config';
import { openDatabase } from './db/client';
import { plan } from './db/schema';
import { eventually } from './test/helpers';

/**
 * Issue 29.3: the start log printed one address (127.0.0.1 with HOST=127.0.0.1) while payment returns
 * went to another (localhost), so a reader who followed the log came back from the sandbox to an
 * origin without their session. One origin now: the one printed. Decision 050.
 */
describe('the origin of a local run', () => {
  it('is the address the server listens on, localhost when it listens on every interface', () => {
    expect(defaultSiteUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(defaultSiteUrl('::', 8080)).toBe('http://localhost:8080');
    expect(defaultSiteUrl('127.0.0.1', 18080)).toBe('http://127.0.0.1:18080');
    expect(defaultSiteUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '9090' }).siteUrl).toBe('http://127.0.0.1:9090');
    expect(loadConfig({ PORT: '9090' }).siteUrl).toBe('http://localhost:9090');
    // PUBLIC_URL, when set, is the origin whatever the server listens on.
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:8080/' }).siteUrl).toBe('http://localhost:8080');
    expect(runningAt({ siteUrl: 'http://127.0.0.1:9090' })).toBe('Shotlib is running at http://127.0.0.1:9090');
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('a started server', () => {
  let child: ChildProcess | null = null;
  let dataDir = '';
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-origin-'));
    // The plans a checkout needs, written before the server opens the embedded database (it is one process's).
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await database.db.insert(plan).values([
      { grade: 1, periodMonths: 12, money: 19800, usdMoney: 2999 },
      { grade: 2, periodMonths: 3, money: 5800, usdMoney: 899 },
      { grade: 3, periodMonths: 1, money: 2500, usdMoney: 399 },
    ]);
    await database.close();
    const port = await freePort();
    const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      // No PUBLIC_URL: the default origin is what is tested.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        OCR: 'off',
        PAYMENT_RECONCILE_SECONDS: '0',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const complete = rest.split('\n');
      rest = complete.pop()!;
      for (const line of complete) {
        try {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          lines.push({ msg: line });
        }
      }
    });
    await eventually(async () => lines.some((line) => String(line.msg).startsWith('Shotlib is running at ')), 150_000, 100);
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the origin that sign-in mails and payment returns are built on, and answers there', { timeout: 60_000 }, async () => {
    const printed = String(lines.find((line) => String(line.msg).startsWith('Shotlib is running at '))!.msg).slice('Shotlib is running at '.length);
    expect(printed).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const api = `${printed}${API_PREFIX}`;
    const post = async (url: string, body: unknown) =>
      (await (await fetch(`${api}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
        code: number;
        data: Record<string, unknown>;
      };

    // Sign in with the e-mailed code (the outbox logs it); the mail links to the printed origin.
    const emailAddr = 'origin@example.com';
    expect((await post('/sign', { emailAddr })).data).toEqual({ next: true });
    await eventually(async () => lines.some((line) => typeof line.code === 'string' && line.to === emailAddr), 10_000, 50);
    const mail = lines.find((line) => typeof line.code === 'string' && line.to === emailAddr)!;
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(String(mail.file), 'utf8')).toContain(printed);
    const login = await post('/login', { emailAddr, code: mail.code });
    const token = String(login.data.token);

    // Sandbox checkouts come back to the printed origin, where the session is: a card payment that
    // failed (back to its plan), then a PayPal one that was paid (one renewing subscription at a time).
    for (const [way, action] of [['card', 'fail'], ['paypal', 'pay']] as const) {
      const started = (await (await fetch(`${api}/pay?way=${way}&grade=3`, { headers: { authorization: token } })).json()) as { code: number; message: string; data: { url: string } };
      expect(started, started.message).toMatchObject({ code: 0 });
      expect(new URL(started.data.url).origin).toBe(printed);
      const paid = await fetch(started.data.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${action}`,
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(new URL(paid.headers.get('location')!).origin).toBe(printed);
    }
  });
});
