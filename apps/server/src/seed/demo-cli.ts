/**
 * `npm run demo -- <out-folder>` writes the demo catalogue as an import folder (manifest.json, logos
 * and screens) and prints how long it took. `--items a,b` writes only those item keys (slugs such as
 * `ledgerly`); `--concurrency N` encodes N images at once; `--english` draws every item in English.
 * `npm run demo -- --import` loads the demo into the configured database through the ingestion
 * pipeline instead (folder cached in DATA_DIR/demo-cache), runs the queued processing and prints
 * the time of each step.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCliContext } from '../cli-context';
import { createScreenReader, detectOcr, registerIngestJobs } from '../modules/ingest/ingest.service';
import { createJobQueue } from '../modules/jobs/jobs.service';
import { generateDemo } from './demo/generate';
import { importDemo } from './demo/import-demo';

const USAGE = `usage: npm run demo -- <out-folder> [--items key,key] [--concurrency N] [--english]
       npm run demo -- --import     (generate or reuse DATA_DIR/demo-cache, import it into the database)`;

async function importIntoDatabase(concurrency: number | undefined): Promise<number> {
  const context = await openCliContext('npm run demo -- --import');
  if (context === 1) return 1;
  const { config, database, media } = context;
  const log = { info: (message: string) => console.log(message) };
  const quiet = { warn: (_: object, msg: string) => console.warn(msg), error: (_: object, msg: string) => console.error(msg) };
  const jobs = createJobQueue({ db: database.db, log: quiet, concurrency: 2, pollMs: 200 });
  registerIngestJobs(jobs, { db: database.db, media });
  // The OCR of the screens is queued for the server (as `npm run import` does), not run here.
  const reader = createScreenReader({ db: database.db, media, ocr: await detectOcr({ mode: config.OCR, binary: config.TESSERACT }), log: { ...quiet, ...log } });
  try {
    log.info(reader.ocr.status);
    const summary = await importDemo({ db: database.db, media, log, jobs, reader }, path.join(config.dataDir, 'demo-cache'), { concurrency });
    const started = performance.now();
    let processed = 0;
    await Promise.all([0, 1].map(() => jobs.runUntilIdle({ onJob: () => void processed++ })));
    const processing = Math.round((performance.now() - started) / 100) / 10;
    console.log(
      `demo import: generate ${summary.seconds.generate} s, import ${summary.seconds.import} s, ` +
        `then ${processed} processing jobs (variants, colours, blurhash) in ${processing} s`,
    );
    return summary.imported.rejected.length > 0 ? 1 : 0;
  } finally {
    await jobs.stop();
    await context.close();
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      items: { type: 'string' },
      concurrency: { type: 'string' },
      english: { type: 'boolean' },
      import: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.import && !values.help) return importIntoDatabase(values.concurrency === undefined ? undefined : Number(values.concurrency));
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)) {
    console.error(`--concurrency needs a whole number from 1 to 64\n${USAGE}`);
    return 2;
  }
  const out = path.resolve(positionals[0]);
  const summary = await generateDemo({
    out,
    keys: values.items?.split(',').map((key) => key.trim()).filter(Boolean),
    concurrency,
    chinese: values.english ? false : undefined,
    log: (message) => console.log(message),
  });
  const mb = (summary.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `demo: wrote ${summary.items} items, ${summary.screens} screens (${summary.phoneScreens} phone at 1170x2532, ` +
      `${summary.sitePages} full website pages, ${summary.businessScreens} business web screens at 1440x900), ` +
      `${summary.businessItems} business products, ${summary.flows} flows, ${mb} MB to ${out} in ${summary.seconds} s` +
      `${summary.chinese ? '' : ' (no CJK font: Chinese-market items drawn in English)'}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
