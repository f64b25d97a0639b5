/**
 * `npm run demo -- <out-folder>` writes the demo catalogue as an import folder (manifest.json, logos
 * and screens) and prints how long it took. `--items a,b` writes only those item keys (slugs such as
 * `ledgerly`); `--concurrency N` encodes N images at once; `--english` draws every item in English.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateDemo } from './demo/generate';

const USAGE = `usage: npm run demo -- <out-folder> [--items key,key] [--concurrency N] [--english]`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      items: { type: 'string' },
      concurrency: { type: 'string' },
      english: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
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
      `${summary.sitePages} full website pages), ${mb} MB to ${out} in ${summary.seconds} s` +
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
