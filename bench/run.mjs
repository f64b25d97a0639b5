// Benchmarks: throughput and latency of the main API calls at catalogue scale, printed beside a
// bare Fastify route measured in the same run, plus the web bundle sizes.
//
//   npm run bench                      # demo catalogue
//   npm run bench -- --scale 20000     # first adds 20,000 items to bench/.data (once; kept between runs)
//   BENCH_SECONDS=5 npm run bench      # shorter runs
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'bench', '.data');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = 18181;
const barePort = 18182;
const scaleArg = process.argv.indexOf('--scale');
const scale = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : 0;

const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' };

if (scale > 0) {
  console.log(`seeding ${scale} more items into ${dataDir} ...`);
  const seeded = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/seed-cli.js'), '--scale', String(scale)], { env, stdio: 'inherit' });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

async function waitFor(url, timeoutMs = 180_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

function run(title, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...opts }, (err, result) => (err ? reject(err) : resolve({ title, result })));
  });
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ code: 0, message: 'ok', data: { hello: 'world' } }));
await bare.listen({ port: barePort, host: '127.0.0.1' });

try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  const api = `${base}/ui/c-api/v1`;
  const first = await (await fetch(`${api}/platform`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":1,"pageSize":8,"platform":false,"rank":"N"}' })).json();
  const itemId = first.data.arr[0]?.id ?? 1;
  const total = first.data.total;
  const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const cases = [
    ['bare Fastify route (baseline)', { url: `http://127.0.0.1:${barePort}/bare` }],
    ['GET /healthz', { url: `${base}/healthz` }],
    ['POST /platform News p1', { url: `${api}/platform`, ...json, body: '{"page":1,"pageSize":8,"platform":false,"rank":"N"}' }],
    ['POST /platform Hot p3', { url: `${api}/platform`, ...json, body: '{"page":3,"pageSize":8,"platform":false,"rank":"H"}' }],
    ['POST /platform search "pay"', { url: `${api}/platform`, ...json, body: '{"page":1,"pageSize":8,"platform":false,"rank":"N","name":"pay"}' }],
    ['POST /platform search "app" (most match)', { url: `${api}/platform`, ...json, body: '{"page":1,"pageSize":8,"platform":false,"rank":"H","name":"app"}' }],
    ['POST /platform search "记账" (2 CJK)', { url: `${api}/platform`, ...json, body: '{"page":1,"pageSize":8,"platform":false,"rank":"N","name":"记账"}' }],
    ['POST /platform search "琥珀记账" (4 CJK)', { url: `${api}/platform`, ...json, body: '{"page":1,"pageSize":8,"platform":false,"rank":"N","name":"琥珀记账"}' }],
    [`GET /platform/${itemId}`, { url: `${api}/platform/${itemId}` }],
    ['POST /platform/app p1', { url: `${api}/platform/app?page=1&pageSize=10&appSiteId=${itemId}`, method: 'POST' }],
    ['GET /group/child?preId=9', { url: `${api}/group/child?preId=9` }],
    ['GET /platform/stats', { url: `${api}/platform/stats` }],
  ];
  console.log(`\ncatalogue: ${total} apps; ${connections} connections, ${seconds} s per case, load generator on the same 2 cores\n`);
  const rows = [];
  let baseline = 0;
  for (const [title, opts] of cases) {
    const { result } = await run(title, opts);
    const rps = result.requests.average;
    if (!baseline) baseline = rps;
    const errors = result.errors + result.non2xx;
    rows.push({ case: title, 'req/s': Math.round(rps), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99, 'vs bare': `${((rps / baseline) * 100).toFixed(1)} %`, errors });
  }
  console.table(rows);

  const assets = path.join(root, 'apps/web/dist/assets');
  if (!existsSync(assets)) {
    console.log('\nweb bundle: web not built (apps/web/dist/assets is missing)');
  } else {
    const files = readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
    const sizes = files.map((f) => {
      const buf = readFileSync(path.join(assets, f));
      return { file: f, 'raw kB': +(statSync(path.join(assets, f)).size / 1024).toFixed(1), 'gzip kB': +(gzipSync(buf).length / 1024).toFixed(1) };
    });
    sizes.sort((a, b) => b['gzip kB'] - a['gzip kB']);
    console.log('\nweb bundle (largest first):');
    console.table(sizes.slice(0, 10));
  }
} finally {
  server.kill('SIGTERM');
  await bare.close();
}
