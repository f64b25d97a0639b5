// The benchmark: throughput and latency of the catalogue's API at 2,000 items / 400,000 screenshots,
// each case compared with a bare `node:http` route measured the same way in the same run, plus
// memory at rest, the web app's first-load JS and Lighthouse scores. Why it is built this way:
// docs/decisions/034-honest-benchmark.md.
//
//   npm run bench                                    # embedded PGlite (+ PostgreSQL if BENCH_DATABASE_URL is set)
//   npm run bench -- --db postgres                   # only PostgreSQL (needs BENCH_DATABASE_URL)
//   npm run bench -- --seconds 4 --connections 32    # shorter cases (BENCH_SECONDS, BENCH_CONNECTIONS)
//   npm run bench -- --skip-lighthouse
//   npm run bench -- --skip-import                   # no import figure (npm run import of a 1,000-screen manifest, twice)
//   npm run bench -- --cases mixed,detail            # only these cases (by key; anonymous and subscriber alike)
//   BENCH_LOG_LEVEL=info npm run bench -- --cases mixed   # the server logs every request with its time (default warn)
//
// The server, the bare route and the load generator (autocannon) are separate processes, so no
// two share an event loop; on a 2-core machine they still share the cores, which is why every
// figure is read as a ratio to the bare route. Every reply is checked: a status other than 2xx or
// an envelope code other than 0 is an error. The catalogue is seeded once into bench/.data and
// kept. The bench measures and reports; it exits 0 whether or not the targets are met.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gatherFixtures, mixedCase, P99_TARGET_MS, readCases } from './lib/cases.mjs';
import { productEnv, residentMb, root, runLoad, runSeed, sleep, startBareServer, startServer } from './lib/processes.mjs';
import { call, signIn, signInAsSubscriber } from './lib/session.mjs';
import { IMPORT_SCREENS, importFolder, measureImport } from './lib/import.mjs';
import { FIRST_LOAD_TARGET_KB, firstLoadJs, lighthouse, lighthouseMissing, LIGHTHOUSE_TARGET } from './lib/web.mjs';
import { measureWriteVisibility, WRITE_VISIBILITY_TARGET_MS } from './lib/write-visibility.mjs';

/** The catalogue of the issue's targets. */
const CATALOGUE = { items: 2000, screenshots: 400_000 };
/** Quiet time before reading the server's memory "at rest". */
const IDLE_MS = 5000;
/** Difference between the bare runs around a case beyond which its ratio is flagged as rough. */
const BASELINE_DRIFT = 0.2;
/** The operator whose admin API call is the write of the write-visibility figure (ADMIN_EMAIL of the server). */
const BENCH_ADMIN = `bench.admin.${Date.now().toString(36)}@bench.example`;

const USAGE = `usage: npm run bench [-- --db pglite|postgres|both] [--seconds N] [--connections N] [--cases K,K] [--skip-lighthouse] [--skip-import]
  --db            database(s) to measure (default pglite, and postgres too when BENCH_DATABASE_URL is set)
  --seconds       seconds per case (default BENCH_SECONDS or 8; a warm-up of a quarter of it, at most 2 s, comes first)
  --connections   concurrent connections (default BENCH_CONNECTIONS or 32)
  --cases         only the cases of these keys, comma-separated (list, search-latin, search-cjk, search-none, detail, previews, mixed, …)
  --skip-lighthouse  no Lighthouse run (the bundle figure is still printed)
  --skip-import   no import figure (npm run import of a ${IMPORT_SCREENS}-screen manifest into a fresh embedded database, then again)`;

function options() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      cases: { type: 'string' },
      'skip-lighthouse': { type: 'boolean' },
      'skip-import': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (text, name) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number, got "${text}"`);
    return value;
  };
  const postgresUrl = process.env.BENCH_DATABASE_URL || null;
  const db = values.db ?? (postgresUrl ? 'both' : 'pglite');
  if (!['pglite', 'postgres', 'both'].includes(db)) throw new Error(`--db is pglite, postgres or both, got "${db}"`);
  if (db !== 'pglite' && !postgresUrl) throw new Error('--db postgres needs BENCH_DATABASE_URL (a PostgreSQL database of its own)');
  const seconds = number(values.seconds ?? process.env.BENCH_SECONDS ?? 8, '--seconds');
  return {
    targets: [
      ...(db !== 'postgres' ? [{ kind: 'pglite', label: 'PGlite', databaseUrl: null }] : []),
      ...(db !== 'pglite' ? [{ kind: 'postgres', label: 'PostgreSQL', databaseUrl: postgresUrl }] : []),
    ],
    seconds,
    warmupSeconds: Math.min(2, Math.max(1, Math.round(seconds / 4))),
    // The bare route between cases: a quarter of a case (at least 1 s) after 1 s of warm-up.
    bare: { seconds: Math.max(1, Math.round(seconds / 4)), warmupSeconds: 1 },
    connections: Math.round(number(values.connections ?? process.env.BENCH_CONNECTIONS ?? 32, '--connections')),
    /** Keys of the cases to run; null: all of them. */
    cases: values.cases ? new Set(values.cases.split(',').map((key) => key.trim()).filter(Boolean)) : null,
    lighthouse: !values['skip-lighthouse'],
    import: !values['skip-import'],
  };
}

/** A TCP port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start the server on the bench catalogue of `target`, seeding what is missing first: the demo
 * (the server's first start seeds it), then generated items up to CATALOGUE.items, with as many
 * screens each as bring the total to CATALOGUE.screenshots. Kept in bench/.data between runs.
 */
async function serveCatalogue(target) {
  const dataDir = path.join(root, 'bench', '.data', target.kind);
  const env = productEnv({ dataDir, databaseUrl: target.databaseUrl, port: await freePort(), adminEmail: BENCH_ADMIN });
  let server = await startServer(env);
  let stats = await call(server.origin, 'GET', '/platform/stats');
  const missing = CATALOGUE.items - (stats.apps + stats.sites);
  if (missing > 0) {
    await server.stop();
    // 1..1000: the seed's bounds (MAX_SCREENS_PER_ITEM in apps/server/src/seed/seed.ts).
    const perItem = Math.min(1000, Math.max(1, Math.ceil((CATALOGUE.screenshots - stats.screenshots) / missing)));
    console.log(`${target.label}: seeding ${missing} items with ${perItem} screenshots each into ${dataDir} (once; kept for later runs) ...`);
    await runSeed(env, ['--scale', String(missing), '--screens-per-item', String(perItem)]);
    server = await startServer(env);
    stats = await call(server.origin, 'GET', '/platform/stats');
  }
  return { server, stats, dataDir };
}

/** Run one case in the load generator and keep its figures. */
async function measure(settings, origin, title, pool) {
  const figures = await runLoad({ url: origin, connections: settings.connections, seconds: settings.seconds, warmupSeconds: settings.warmupSeconds, requests: pool });
  process.stdout.write(
    `  ${title}: ${Math.round(figures.rps)} req/s, p99 ${figures.p99 ?? 'n/a'} ms, ${figures.errors} errors (first pass: ${firstPass(figures.first)})\n`,
  );
  if (figures.sample) process.stdout.write(`    first error: ${figures.sample}\n`);
  return { title, ...figures };
}

/** Everything measured against one database: the load cases, memory at rest, write visibility, and optionally the web figures. */
async function benchTarget(settings, target, bare, withWeb) {
  console.log(`\n== ${target.label} ==`);
  const { server, stats, dataDir } = await serveCatalogue(target);
  try {
    const token = await signInAsSubscriber(server.origin, dataDir);
    const fixtures = await gatherFixtures(server.origin, token);
    const catalogue = `${stats.apps} apps, ${stats.sites} sites, ${stats.screenshots} screenshots`;
    console.log(
      `catalogue: ${catalogue}; anonymous callers see ${fixtures.freeListPages.false} + ${fixtures.freeListPages.true} list pages and ` +
        `${fixtures.freeScreenPages} screens page(s); search terms: ${fixtures.terms.latin.length} Latin, ${fixtures.terms.cjk.length} Chinese, ${fixtures.terms.none.length} without a hit`,
    );

    // The bare route runs before the first case and after every case: each case's ratio is taken
    // against the runs on either side of it, so load from outside the bench moves both alike.
    const bareRun = () => measure({ ...settings, ...settings.bare }, bare.origin, 'bare node:http', [{ method: 'GET', path: '/bare' }]);
    // The machine's 1-minute load average around the cases: above the core count, others were busy too.
    const load = [loadavg()[0]];
    const bareRuns = [await bareRun()];
    const rows = [];
    let failed = null;
    const cases = [...readCases(fixtures, null), ...readCases(fixtures, token), mixedCase(fixtures, token)];
    for (const c of cases.filter((c) => !settings.cases || settings.cases.has(c.key))) {
      const figures = await measure(settings, server.origin, c.title, c.pool);
      bareRuns.push(await bareRun());
      const [left, right] = bareRuns.slice(-2).map((run) => run.rps);
      rows.push({ ...c, ...figures, bareRps: (left + right) / 2, bareSpread: Math.abs(left - right) / Math.max(left, right) });
      // A server that is gone would only add rows of connection errors: stop, keep what was measured.
      if (server.ended()) {
        failed = `the server ${server.ended()} during "${c.title}"`;
        break;
      }
    }
    const baseline = summarizeBare(bareRuns);
    load.push(loadavg()[0]);
    if (failed) return { target, catalogue, load, baseline, rows, failed };

    await sleep(IDLE_MS);
    const rssMb = await residentMb(server.pid);
    const write = await measureWriteVisibility({ origin: server.origin, adminToken: await signIn(server.origin, dataDir, BENCH_ADMIN) });
    const web = withWeb ? await webFigures(server.origin, fixtures.items[0].id, settings.lighthouse) : null;
    return { target, catalogue, load, baseline, rows, rssMb, write, web };
  } finally {
    await server.stop();
  }
}

/** The bare route's runs as one row: mean req/s, the median p50, the worst p99, all errors. */
function summarizeBare(runs) {
  const mean = runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
  const p50s = runs.map((run) => run.p50).sort((a, b) => a - b);
  return {
    runs: runs.length,
    rps: mean,
    min: Math.min(...runs.map((run) => run.rps)),
    max: Math.max(...runs.map((run) => run.rps)),
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/** Bundle figure, and Lighthouse on /app and /detail/{id} unless skipped or missing. */
async function webFigures(origin, detailId, withLighthouse) {
  const bundle = await firstLoadJs();
  const pages = [];
  const missing = withLighthouse ? lighthouseMissing() : 'skipped (--skip-lighthouse)';
  if (!missing) {
    for (const page of ['/app', `/detail/${detailId}`]) {
      console.log(`  lighthouse ${page} ...`);
      try {
        pages.push({ page, ...(await lighthouse(`${origin}${page}`)) });
      } catch (err) {
        pages.push({ page, error: err.message });
      }
    }
  }
  return { bundle, pages, lighthouseNote: missing };
}

// ---- Printing -----------------------------------------------------------------------------------

/** A plain-text table; `left` lists the columns aligned left (the others are numbers, aligned right). */
function printTable(columns, rows, left = [0]) {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((cell, i) => (left.includes(i) ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ').trimEnd();
  console.log(line(columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The first pass over a case's pool (a cold read cache): its rate, p99 and errors. */
const firstPass = (first) => `${first.requests} requests, ${Math.round(first.rps)} req/s, p99 ${first.p99} ms${first.errors ? `, ${first.errors} errors` : ''}`;

const verdict = (ok) => (ok === null ? '—' : ok ? 'met' : 'NOT MET');
const fixed = (value, digits) => (value === null || value === undefined ? 'n/a' : Number(value).toFixed(digits));

/** `npm run import` of the benchmark's 1,000-screen manifest into a fresh embedded database, twice. */
async function importFigures() {
  const dataDir = path.join(root, 'bench', '.data');
  console.log(`\n== import ==\nmaking (once) and importing a manifest of ${IMPORT_SCREENS} phone screenshots (1170 × 2532 PNG) ...`);
  try {
    const folder = await importFolder(path.join(dataDir, 'import-manifest'));
    return await measureImport({ folder, dataDir: path.join(dataDir, 'import-run'), env: productEnv({ dataDir: path.join(dataDir, 'import-run') }) });
  } catch (err) {
    return { error: err.message };
  }
}

/** The import figure's rows. */
function importRows(ingest) {
  if (ingest.error) return [['npm run import', `failed: ${ingest.error.slice(0, 120)}`, '', '—']];
  const { first, second } = ingest;
  if (!first.ok) return [[`npm run import, ${IMPORT_SCREENS} screens`, `failed: ${first.note.slice(0, 160)}`, '', '—']];
  const rows = [
    [
      `npm run import, ${IMPORT_SCREENS} screens in ${ingest.manifest} apps (PGlite, fresh)`,
      `${first.screensPerSecond ?? 'n/a'} screens/s read, checked, stored and queued; ${first.seconds.toFixed(1)} s in all with variants, colours and placeholders`,
      `${IMPORT_SCREENS} added, 0 rejected`,
      verdict(first.added === IMPORT_SCREENS && first.rejected === 0),
    ],
  ];
  rows.push(
    second?.ok
      ? ['  the same manifest again', `${second.added} added, ${second.skipped} skipped in ${second.seconds.toFixed(1)} s`, '0 added', verdict(second.added === 0)]
      : ['  the same manifest again', `failed: ${second?.note ?? 'not run'}`, '0 added', 'NOT MET'],
  );
  return rows;
}

function report(settings, sections, ingest) {
  console.log(
    `\nResults: ${settings.connections} connections, ${settings.seconds} s per case after ${settings.warmupSeconds} s of warm-up; ` +
      `${availableParallelism()} cores shared by the server, the bare route and the load generator (separate processes); Node ${process.versions.node}.`,
  );
  console.log(
    `× bare = the case's good replies per second / the bare node:http route's, run for ${settings.bare.seconds} s (after ${settings.bare.warmupSeconds} s of warm-up) ` +
      'right before and right after the case (the mean of the two).',
  );
  console.log(
    'Each case first sends every request of its pool once (the first pass: what the first callers after a start or a catalogue write meet, ' +
      'the read cache empty; shown in its own column, not in req/s), then warms up, then is measured: req/s, p50 and p99 are the steady state between writes.',
  );
  console.log('Errors = connection errors and timeouts + replies with a non-2xx status + 2xx replies whose envelope code is not 0 (the first pass\'s count in errors too).\n');
  const rows = [];
  for (const section of sections) {
    if (!section.baseline) {
      rows.push([`[${section.target.label}] FAILED (see below)`, '', '', '', '', '', '', '', '']);
      continue;
    }
    const { baseline } = section;
    const load = `load average ${section.load.map((value) => value.toFixed(1)).join(' → ')}`;
    rows.push([`[${section.target.label}] ${section.catalogue}; ${load}${section.failed ? ' — FAILED (see below)' : ''}`, '', '', '', '', '', '', '', '']);
    rows.push([
      `  bare node:http, mean of ${baseline.runs} runs`,
      Math.round(baseline.rps),
      '1.00',
      baseline.p50,
      baseline.p99,
      baseline.errors,
      '—',
      `baseline (${Math.round(baseline.min)}–${Math.round(baseline.max)})`,
      '—',
    ]);
    for (const row of section.rows) {
      const ratio = row.rps / row.bareRps;
      const ok = row.replied && row.errors + row.first.errors === 0 && row.p99 < P99_TARGET_MS && (row.ratioTarget === null || ratio >= row.ratioTarget);
      const target = `${row.ratioTarget === null ? '' : `≥ ${row.ratioTarget}×, `}p99 < ${P99_TARGET_MS}, 0 err`;
      const rough = row.bareSpread > BASELINE_DRIFT ? ' ~' : '';
      const title = `  ${row.title}${row.replied ? '' : ' (no reply in time)'}`;
      rows.push([title, Math.round(row.rps), `${ratio.toFixed(2)}${rough}`, row.p50 ?? 'n/a', row.p99 ?? 'n/a', row.errors + row.first.errors, firstPass(row.first), target, verdict(ok)]);
    }
  }
  printTable(['case', 'req/s', '× bare', 'p50 ms', 'p99 ms', 'errors', 'first pass', 'target', 'result'], rows, [0, 6, 7, 8]);
  if (sections.some((section) => section.rows?.some((row) => row.bareSpread > BASELINE_DRIFT))) {
    console.log(
      `~ the bare runs before and after this case differ by more than ${BASELINE_DRIFT * 100} %: something else used the cores meanwhile, ` +
        'so this ratio is rough; run again on a quieter machine.',
    );
  }
  for (const section of sections.filter((s) => s.failed)) console.log(`${section.target.label} FAILED: ${section.failed}`);
  if (settings.connections !== 32) console.log(`(the targets are set for 32 connections; this run used ${settings.connections})`);

  const figures = [];
  for (const section of sections.filter((s) => !s.failed)) {
    figures.push([`memory at rest, server RSS (${section.target.label})`, section.rssMb === null ? 'n/a' : `${section.rssMb.toFixed(0)} MB`, `after the cases + ${IDLE_MS / 1000} s idle`, '—']);
    const { ms, note } = section.write;
    figures.push([`write visible in cached replies (${section.target.label})`, ms === null ? note : `${ms} ms (${note})`, `< ${WRITE_VISIBILITY_TARGET_MS} ms`, ms === null ? '—' : verdict(ms < WRITE_VISIBILITY_TARGET_MS)]);
  }
  const web = sections.find((s) => s.web)?.web;
  if (web) {
    const { bundle } = web;
    figures.push([
      'first-load JS of /app (gzip, from the build)',
      bundle ? `${bundle.kb.toFixed(1)} kB in ${bundle.files} files${bundle.routeChunkFound ? '' : ' (no apps-page chunk found)'}` : 'n/a: web not built',
      `≤ ${FIRST_LOAD_TARGET_KB} kB`,
      bundle ? verdict(bundle.kb <= FIRST_LOAD_TARGET_KB) : '—',
    ]);
    if (web.lighthouseNote) figures.push(['Lighthouse', `n/a: ${web.lighthouseNote}`, `≥ ${LIGHTHOUSE_TARGET}`, '—']);
    for (const page of web.pages) {
      if (page.error) {
        figures.push([`Lighthouse ${page.page}`, `failed: ${page.error.slice(0, 120)}`, '', '—']);
        continue;
      }
      const { fcp, lcp, tbt, cls } = page.metrics;
      const failed = page.failures.length > 0 ? `; ${page.failures.length} failed run(s) tried again, the first: ${page.failures[0].slice(0, 80)}` : '';
      figures.push([
        `Lighthouse ${page.page}, median of ${page.runs.length} runs`,
        `performance ${page.runs.map((score) => fixed(score, 2)).join(', ')}; median run: FCP ${(fcp / 1000).toFixed(1)} s, LCP ${(lcp / 1000).toFixed(1)} s, TBT ${tbt.toFixed(0)} ms, CLS ${cls.toFixed(3)}${failed}`,
        '',
        '—',
      ]);
      figures.push([`  JS ${page.page} requested under Lighthouse (gzip)`, `${page.js.kb.toFixed(1)} kB in ${page.js.files} files`, `≤ ${FIRST_LOAD_TARGET_KB} kB`, verdict(page.js.kb <= FIRST_LOAD_TARGET_KB)]);
      for (const [name, score] of [
        ['performance (mobile)', page.performance],
        ['accessibility', page.accessibility],
        ['best practices', page.bestPractices],
      ]) {
        figures.push([`  Lighthouse ${page.page} ${name}`, fixed(score, 2), `≥ ${LIGHTHOUSE_TARGET}`, score === null ? '—' : verdict(score >= LIGHTHOUSE_TARGET)]);
      }
    }
  }
  if (ingest) figures.push(...importRows(ingest));
  console.log('');
  printTable(['figure', 'value', 'target', 'result'], figures, [0, 1, 2, 3]);
}

// ---- Main ---------------------------------------------------------------------------------------

async function main() {
  let settings;
  try {
    settings = options();
  } catch (err) {
    console.error(`${err.message}\n${USAGE}`);
    return 2;
  }
  if (Number(process.versions.node.split('.')[0]) < 24) console.warn(`warning: Node ${process.versions.node}; the project runs on Node 24 (npm run bench uses it)`);
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    console.error('apps/server/dist is missing: run `npm run bench` (it builds first) or `npm run build`.');
    return 1;
  }

  const bare = await startBareServer();
  const sections = [];
  try {
    // A database that fails is reported as such; the others are still measured and printed.
    // The web figures need a running server: the first database's that gets that far.
    for (const target of settings.targets) {
      try {
        sections.push(await benchTarget(settings, target, bare, !sections.some((s) => s.web)));
      } catch (err) {
        console.error(`${target.label}: the benchmark failed: ${err.stack ?? err}`);
        sections.push({ target, failed: err.message });
      }
    }
  } finally {
    await bare.stop();
  }
  const ingest = settings.import ? await importFigures() : null;
  report(settings, sections, ingest);
  // Targets not met are a result, not a failure; not being able to measure is.
  return sections.every((s) => s.failed) ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
