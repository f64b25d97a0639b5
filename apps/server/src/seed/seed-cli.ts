/**
 * `npm run seed` seeds the demo catalogue when the database has no items.
 * `npm run seed -- --scale N` also adds N generated items (apps and sites 2:1, 15 screenshots
 * each over a shared pool of images) for benchmarks, and prints how long it took;
 * `--screens-per-item M` gives each of them M screenshots instead (the benchmark's catalogue:
 * 2,000 items and 400,000 screenshots, see bench/run.mjs).
 * Uses the same configuration, database and media store as the server (DATA_DIR, DATABASE_URL, S3_*).
 */
import { parseArgs } from 'node:util';
import { openCliContext } from '../cli-context';
import { MAX_SCREENS_PER_ITEM, seedDemoIfEmpty, seedScale } from './seed';

const USAGE = `usage: npm run seed [-- --scale N [--screens-per-item M]]
  (no flags)             seed the demo catalogue if the database has no items
  --scale N              then add N generated items for benchmarks (apps and sites 2:1)
  --screens-per-item M   screenshots of each generated item (default 15, at most ${MAX_SCREENS_PER_ITEM})`;

/** A positive whole number from a flag's text, or an error naming the flag. */
function wholeNumber(flag: string, text: string, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${flag} needs a whole number from 1 to ${max}, got "${text}"`);
  return value;
}

async function main(): Promise<number> {
  let scale: number | undefined;
  let shotsPerItem: number | undefined;
  try {
    const { values } = parseArgs({
      options: { scale: { type: 'string' }, 'screens-per-item': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (values.scale !== undefined) scale = wholeNumber('--scale', values.scale);
    if (values['screens-per-item'] !== undefined) {
      if (scale === undefined) throw new Error('--screens-per-item only applies with --scale');
      shotsPerItem = wholeNumber('--screens-per-item', values['screens-per-item'], MAX_SCREENS_PER_ITEM);
    }
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }

  const started = performance.now();
  const context = await openCliContext('npm run seed');
  if (context === 1) return 1;
  const { database, media } = context;
  const log = { info: (msg: string) => console.log(msg) };
  console.log(`database (${database.kind}) opened in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const seeded = await seedDemoIfEmpty({ db: database.db, media, log });
    if (!seeded) log.info('demo seed skipped: the catalogue already has items');
    if (scale) await seedScale({ db: database.db, media, log }, scale, { shotsPerItem });
  } finally {
    await context.close();
  }
  console.log(`seed finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
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
