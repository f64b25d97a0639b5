// The web app's figures: the first-load JavaScript of /app (gzip) from the build output, and
// Lighthouse (mobile, its default settings) on /app and /detail/{id} against the running server,
// five runs per page, the median run's figures (docs/decisions/034-honest-benchmark.md).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './processes.mjs';

const dist = path.join(root, 'apps/web/dist');
export const FIRST_LOAD_TARGET_KB = 120;
export const LIGHTHOUSE_TARGET = 0.95;

/** Relative JS files a module imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
function staticImports(code) {
  const found = new Set();
  // Minified output: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{c}from"./x.js"`; `import("./x.js")` is lazy.
  for (const match of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(match[1]);
  return found;
}

/** `files` (under dist/assets) and everything they import statically. */
async function closure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(path.join(dist, file), 'utf8');
    for (const relative of staticImports(code)) queue.push(path.posix.join(path.posix.dirname(file), relative));
  }
  return [...seen];
}

const gzipKb = async (file) => gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length / 1024;

/**
 * First-load JS of /app, gzip: the scripts index.html loads (module entry and modulepreloads) with
 * their static imports, plus the lazy chunk of the /app route (features/catalog/apps-page) with its
 * static imports. Null when the web app is not built.
 */
export async function firstLoadJs() {
  const indexHtml = path.join(dist, 'index.html');
  if (!existsSync(indexHtml)) return null;
  const html = await readFile(indexHtml, 'utf8');
  const entry = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  const route = (await readdir(path.join(dist, 'assets'))).filter((name) => /^apps-page-[\w-]+\.js$/.test(name)).map((name) => `assets/${name}`);
  const files = await closure([...entry, ...route]);
  let kb = 0;
  for (const file of files) kb += await gzipKb(file);
  return { kb, files: files.length, routeChunkFound: route.length > 0 };
}

/** Gzip size of the JS files a Lighthouse run saw the page request (from the build, by name). */
async function requestedJsKb(report) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const names = [...new Set(requests.filter((r) => r.resourceType === 'Script').map((r) => new URL(r.url).pathname.replace(/^\//, '')))];
  let kb = 0;
  for (const name of names) if (existsSync(path.join(dist, name))) kb += await gzipKb(name);
  return { kb, files: names.length };
}

const lighthouseBin = path.join(root, 'node_modules/lighthouse/cli/index.js');
export const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** Whether Lighthouse and Chromium are here; a reason when not. */
export function lighthouseMissing() {
  if (!existsSync(lighthouseBin)) return 'lighthouse is not installed (npm install -w @shotlib/bench)';
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  return null;
}

/** Lighthouse runs per page: Lighthouse's own guidance (docs/variability.md) is the median of five, about twice as stable as one. */
export const LIGHTHOUSE_RUNS = 5;
/** Runs that end in a Lighthouse runtime error (e.g. "Something went wrong with recording the trace") tried again, at most. */
const LIGHTHOUSE_RETRIES = 2;

/** One Lighthouse run with its default (mobile, simulated throttling) settings, in a process of its own: its report. */
async function lighthouseRun(url) {
  const dir = await mkdtemp(path.join(tmpdir(), 'shotlib-lh-'));
  const output = path.join(dir, 'report.json');
  try {
    const child = spawn(
      process.execPath,
      [lighthouseBin, url, '--quiet', '--output=json', `--output-path=${output}`, '--only-categories=performance,accessibility,best-practices', `--chrome-flags=${CHROME_FLAGS}`],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    if (code !== 0 || !existsSync(output)) throw new Error(`lighthouse ${url} exited with ${code}: ${stderr.slice(-400)}`);
    const report = JSON.parse(await readFile(output, 'utf8'));
    if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse on one page, `runs` times: the three category scores and the JS the page requested of the median run as
 * Lighthouse picks it (`computeMedianRun`: the run nearest the median FCP and time to interactive), with every run's
 * performance score and the median run's metrics beside them. A run that fails is tried again (at most
 * LIGHTHOUSE_RETRIES times in all) and named in `failures`.
 */
export async function lighthouse(url, runs = LIGHTHOUSE_RUNS) {
  const reports = [];
  const failures = [];
  while (reports.length < runs) {
    try {
      reports.push(await lighthouseRun(url));
    } catch (err) {
      failures.push(err.message);
      if (failures.length > LIGHTHOUSE_RETRIES) throw new Error(`${failures.length} runs failed, the last: ${err.message}`);
    }
  }
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const median = computeMedianRun(reports);
  const score = (id) => median.categories[id]?.score ?? null;
  const metric = (id) => median.audits[id]?.numericValue ?? null;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    js: await requestedJsKb(median),
    runs: reports.map((report) => report.categories.performance?.score ?? null),
    metrics: { fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift') },
    failures,
  };
}
