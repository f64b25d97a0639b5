// Child processes of the benchmark: the product's server as `npm run serve` starts it, the bare
// baseline, the seed CLI and the load generator. Each is a `node` process of its own (the Node 24
// that runs this script), so no two share an event loop.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const API = '/ui/c-api/v1';
const here = path.dirname(fileURLToPath(import.meta.url));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the child's exit code; rejects if it cannot start. */
function exited(child) {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * The environment of the product's processes for one database: its own DATA_DIR (media, outbox,
 * secret, and the PGlite files), PostgreSQL when `databaseUrl` is given, mail to the outbox,
 * the sandbox payment provider, no shared counters, and no per-IP sign-in limits (the bench signs
 * in from one address), the direct demo seed. Settings of the caller's shell that would send it elsewhere are dropped.
 */
export function productEnv({ dataDir, databaseUrl, port, adminEmail }) {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'PUBLIC_URL', 'MEDIA_BASE_URL', 'PAYMENT_PROVIDERS', 'TRUST_PROXY', 'WEB_DIST', 'GOOGLE_CLIENT_ID', 'ADMIN_EMAIL']) {
    delete env[name];
  }
  return {
    ...env,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(port ? { PORT: String(port) } : {}),
    ...(adminEmail ? { ADMIN_EMAIL: adminEmail } : {}),
    PAYMENT_PROVIDERS: 'sandbox',
    PAYMENT_RECONCILE_SECONDS: '0',
    AUTH_IP_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    // The demo written before the server listens: the realistic one (the default) is imported and
    // processed after it listens, and that work would share the two cores with the measurements.
    DEMO_SOURCE: 'direct',
    // Nor any OCR: a start with OCR on reads the screens without text in the background (decision
    // 047), at nice 19 but with its decoding in the server process.
    OCR: 'off',
  };
}

/** Run the seed CLI to the end with `args`; throws if it fails. */
export async function runSeed(env, args) {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/seed-cli.js'), ...args], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await exited(child);
  if (code !== 0) throw new Error(`seed-cli ${args.join(' ')} exited with ${code}`);
}

/** GET `url` until it answers 2xx (or the process dies, or `timeoutMs` passes). */
async function waitUntilUp(url, child, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process ended (code ${child.exitCode}, signal ${child.signalCode}) before ${url} answered`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Start the product's server (apps/server/dist/main.js) and wait for /healthz. Returns its origin,
 * pid, ended() (null while it runs) and a stop() that ends it with SIGTERM (SIGKILL after 15 s).
 */
export async function startServer(env) {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const done = exited(child);
  const origin = `http://127.0.0.1:${env.PORT}`;
  let stopping = false;
  // Not ours to end: say so at once (the cases that follow would only count connection errors).
  child.once('exit', (code, signal) => {
    // (The server shuts down with code 0 on SIGTERM or SIGINT once started: code 0 here means a signal from elsewhere.)
    if (!stopping) console.error(`  !! the server (pid ${child.pid}) ended, not stopped by the bench: code ${code}, signal ${signal}`);
  });
  /** Null while the server runs; how it ended otherwise. */
  const ended = () => (child.exitCode === null && child.signalCode === null ? null : `ended (code ${child.exitCode}, signal ${child.signalCode})`);
  const stop = async () => {
    stopping = true;
    if (ended()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await done;
    clearTimeout(timer);
  };
  try {
    await waitUntilUp(`${origin}/healthz`, child, 300_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, pid: child.pid, stop, ended };
}

/** Start the bare baseline server (bench/lib/bare-server.mjs) on a free port. */
export async function startBareServer() {
  const child = spawn(process.execPath, [path.join(here, 'bare-server.mjs'), '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code}) before listening`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/**
 * Run one case in a load-generator process (bench/lib/load.mjs) and return its figures.
 * `spec`: { url, connections, seconds, warmupSeconds, requests }.
 */
export async function runLoad(spec) {
  const child = spawn(process.execPath, [path.join(here, 'load.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stdin.end(JSON.stringify(spec));
  const code = await exited(child);
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status), or null where there is no /proc. */
export async function residentMb(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

export { sleep };
