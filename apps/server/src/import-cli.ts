/**
 * `npm run import -- <folder or manifest.json>`: import apps and websites with their screens
 * through the ingestion pipeline (docs/import-manifest.md). Idempotent (a second run adds nothing)
 * and resumable (run it again after a kill). Prints progress, then what was added, skipped and
 * refused. It runs the queued processing jobs (variants, colours, placeholder) itself until they are
 * done; with DATABASE_URL a running server shares them. The OCR of the screens is queued, not waited
 * for: a server reads them in the background at nice 19 (docs/decisions/047). Same configuration as
 * the server (DATA_DIR, DATABASE_URL, S3_*, OCR, TESSERACT).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCliContext } from './cli-context';
import { ManifestError, importManifest, manifestPathOf, readManifest, type ImportProgress } from './modules/ingest/importer';
import { SCREEN_JOB, createScreenReader, detectOcr, registerIngestJobs } from './modules/ingest/ingest.service';
import { createJobQueue } from './modules/jobs/jobs.service';

const USAGE = `usage: npm run import -- <folder with manifest.json | manifest.json> [--workers N]
  --workers N   processing jobs run at once by this command (default 2)`;

/** "1m 05s" */
function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--';
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** A progress line: a bar on a terminal, plain lines every few seconds otherwise. */
function progressPrinter(label: string) {
  const tty = process.stdout.isTTY === true;
  const started = performance.now();
  let lastPlain = 0;
  return {
    update(p: { done: number; total: number; extra?: string }, force = false) {
      const elapsed = (performance.now() - started) / 1000;
      const rate = elapsed > 0 ? p.done / elapsed : 0;
      const eta = rate > 0 ? (p.total - p.done) / rate : Number.POSITIVE_INFINITY;
      const share = p.total > 0 ? p.done / p.total : 1;
      const text = `${label} ${p.done}/${p.total} (${Math.floor(share * 100)}%) ${rate.toFixed(1)}/s ETA ${duration(eta)}${p.extra ? `  ${p.extra}` : ''}`;
      if (tty) {
        const width = 24;
        const filled = Math.round(share * width);
        process.stdout.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}\x1b[K`);
      } else if (force || performance.now() - lastPlain > 2000) {
        lastPlain = performance.now();
        console.log(text);
      }
    },
    end() {
      if (tty) process.stdout.write('\n');
    },
  };
}

async function main(): Promise<number> {
  let target: string;
  let workers = 2;
  try {
    const { values, positionals } = parseArgs({ allowPositionals: true, options: { workers: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new Error('name one folder or manifest file');
    target = path.resolve(positionals[0]!);
    if (values.workers !== undefined) {
      workers = Number(values.workers);
      if (!Number.isInteger(workers) || workers < 1 || workers > 16) throw new Error(`--workers needs a whole number from 1 to 16, got "${values.workers}"`);
    }
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }

  let manifestFile: string;
  let manifest;
  try {
    manifestFile = await manifestPathOf(target);
    manifest = await readManifest(manifestFile);
  } catch (err) {
    if (err instanceof ManifestError) {
      console.error(err.message);
      return 1;
    }
    console.error(`Cannot read ${target}: ${(err as Error).message}`);
    return 1;
  }

  const started = performance.now();
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    console.log('\nstopping after the current file (run the same command again to finish; Ctrl-C again to quit now)');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const context = await openCliContext('npm run import');
  if (context === 1) return 1;
  const { config, database, media } = context;
  const silent = { warn: (obj: object, msg: string) => console.warn(`\n${msg}`, (obj as { err?: Error }).err?.message ?? ''), error: (obj: object, msg: string) => console.error(`\n${msg}`, (obj as { err?: Error }).err?.message ?? '') };
  const jobs = createJobQueue({ db: database.db, log: silent, concurrency: workers, pollMs: 200 });
  registerIngestJobs(jobs, { db: database.db, media });
  // Queues the OCR of new screens (when tesseract is here); a server reads them, not this command.
  const reader = createScreenReader({ db: database.db, media, ocr: await detectOcr({ mode: config.OCR, binary: config.TESSERACT }), log: { ...silent, info: (msg) => console.log(msg) } });
  try {
    console.log(`importing ${manifestFile} into ${database.kind === 'pglite' ? `the embedded database (${config.dataDir})` : 'PostgreSQL'}`);
    console.log(reader.ocr.status);
    // Processing runs beside the import (its own workers), then the rest is drained below.
    jobs.start();
    const importStarted = performance.now();
    const bar = progressPrinter('screens');
    let last: ImportProgress | null = null;
    const summary = await importManifest({ db: database.db, media, jobs, reader }, manifest, path.dirname(manifestFile), {
      signal: controller.signal,
      onProgress: (p) => {
        last = p;
        bar.update({ done: p.done, total: p.total, extra: `added ${p.added}, skipped ${p.skipped}, rejected ${p.rejected}` });
      },
    });
    if (last) bar.update({ done: (last as ImportProgress).done, total: (last as ImportProgress).total }, true);
    bar.end();
    const importSeconds = (performance.now() - importStarted) / 1000;

    // The workers that ran beside the import stop after their current job; the rest is drained here.
    await jobs.stop();
    if (!controller.signal.aborted) {
      const pending = await jobs.pending([SCREEN_JOB]);
      if (pending > 0) {
        const jobsBar = progressPrinter('processing');
        let finished = 0;
        const onJob = () => jobsBar.update({ done: ++finished, total: pending });
        await Promise.all(Array.from({ length: workers }, () => jobs.runUntilIdle({ signal: controller.signal, onJob })));
        jobsBar.update({ done: finished, total: pending }, true);
        jobsBar.end();
        const left = await jobs.pending([SCREEN_JOB]);
        // Jobs waiting for a retry (or held by another process) are not waited for.
        if (left > 0) console.log(`${left} processing job(s) left in the queue: a running server (or the next import) finishes them`);
      }
    }

    const seconds = (performance.now() - started) / 1000;
    const looked = summary.added + summary.skipped + summary.rejected.length;
    console.log(
      `\nitems: ${summary.items.created} created, ${summary.items.updated} updated, ${summary.items.unchanged} unchanged` +
        (summary.categoriesCreated > 0 ? `; categories created: ${summary.categoriesCreated}` : ''),
    );
    console.log(`screens: ${summary.added} added, ${summary.skipped} skipped (already there), ${summary.rejected.length} rejected (screens, items or flows)`);
    console.log(`flows: ${summary.flows.created} created, ${summary.flows.updated} replaced, ${summary.flows.unchanged} unchanged`);
    for (const rejected of summary.rejected) console.log(`  rejected ${rejected.file}: ${rejected.reason}`);
    const unread = reader.ocr.enabled ? await reader.pending() : 0;
    if (unread > 0) console.log(`OCR: ${unread} screen(s) queued for reading their text: the server reads them in the background (nice 19)`);
    console.log(
      `${(looked / Math.max(importSeconds, 0.001)).toFixed(1)} screens/s over ${duration(importSeconds)} of import; ${duration(seconds)} in all`,
    );
    if (summary.aborted) {
      console.log('stopped before the end: run the same command again to finish');
      return 130;
    }
    return 0;
  } catch (err) {
    if (err instanceof ManifestError) {
      console.error(`\n${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await jobs.stop();
    await context.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
