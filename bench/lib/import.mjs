// The ingestion figure of issue 12: `npm run import` of a 1,000-screen manifest into a fresh
// embedded database, as an operator runs it (the CLI's own process, its own workers making the
// variants, colours and placeholders), then the same manifest again, which must add nothing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { rng } from './cases.mjs';
import { root } from './processes.mjs';

/** Screens in the manifest: 20 apps of 50 phone screens each. */
export const IMPORT_SCREENS = 1000;
const ITEMS = 20;
/** Phone screenshots at 3×, as the demo's and real captures are. */
const WIDTH = 1170;
const HEIGHT = 2532;
/** Bump when the generated files change, so a kept folder is made again. */
const FORMAT = 1;

/** One screen: a status bar, a header, cards and a tab bar in the app's colours, different on every screen. */
function screenSvg(item, screen) {
  const random = rng(item * 1000 + screen + 1);
  const hue = (item * 37) % 360;
  const colour = (l) => `hsl(${hue} 60% ${l}%)`;
  const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour(97)}"/>`, `<rect width="${WIDTH}" height="300" fill="${colour(45)}"/>`];
  let y = 360;
  while (y < HEIGHT - 400) {
    const h = 180 + Math.floor(random() * 420);
    const inset = 48 + Math.floor(random() * 60);
    parts.push(`<rect x="${inset}" y="${y}" width="${WIDTH - 2 * inset}" height="${h}" rx="36" fill="${colour(80 + Math.floor(random() * 15))}"/>`);
    for (let line = 0; line < 3; line++) {
      const w = 200 + Math.floor(random() * (WIDTH - 2 * inset - 300));
      parts.push(`<rect x="${inset + 48}" y="${y + 48 + line * 60}" width="${w}" height="28" rx="14" fill="${colour(30 + line * 15)}"/>`);
    }
    y += h + 48;
  }
  parts.push(`<rect y="${HEIGHT - 260}" width="${WIDTH}" height="260" fill="${colour(99)}"/>`);
  for (let tab = 0; tab < 4; tab++) parts.push(`<circle cx="${146 + tab * 292}" cy="${HEIGHT - 150}" r="40" fill="${colour(tab === screen % 4 ? 45 : 75)}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${parts.join('')}</svg>`;
}

/**
 * The manifest folder (made once into `dir` and kept): 20 apps × 50 PNG screenshots of
 * 1170 × 2532, every one different.
 */
export async function importFolder(dir) {
  const manifestFile = path.join(dir, 'manifest.json');
  const stamp = path.join(dir, `.complete-${FORMAT}`);
  if (existsSync(stamp)) return dir;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const perItem = IMPORT_SCREENS / ITEMS;
  const items = [];
  for (let item = 0; item < ITEMS; item++) {
    const key = `bench-import-${item + 1}`;
    await mkdir(path.join(dir, key), { recursive: true });
    const screens = [];
    for (let screen = 0; screen < perItem; screen++) {
      const file = `${key}/${String(screen + 1).padStart(2, '0')}.png`;
      await sharp(Buffer.from(screenSvg(item, screen))).png({ compressionLevel: 3 }).toFile(path.join(dir, file));
      screens.push({ file });
    }
    items.push({ key, kind: 'app', name: { en: `Bench Import ${item + 1}` }, briefing: { en: 'Screens made by the benchmark for the import figure.' }, screens });
  }
  await writeFile(manifestFile, JSON.stringify({ version: 1, categories: [], items }, null, 2));
  await writeFile(stamp, '');
  return dir;
}

/** Run the import CLI on `folder` with `env`; its output and exit code. */
function runImport(folder, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/import-cli.js'), folder], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The CLI's summary lines, read back. */
function summaryOf({ code, output }, seconds) {
  const screens = /screens: (\d+) added, (\d+) skipped \(already there\), (\d+) rejected/.exec(output);
  const rate = /([\d.]+) screens\/s over/.exec(output);
  if (code !== 0 || !screens) return { ok: false, seconds, note: `exit ${code}: ${output.trim().split('\n').slice(-3).join(' | ')}` };
  return { ok: true, seconds, added: Number(screens[1]), skipped: Number(screens[2]), rejected: Number(screens[3]), screensPerSecond: rate ? Number(rate[1]) : null };
}

/**
 * Import the folder twice into a fresh embedded database in `dataDir` (removed first): the first
 * run's screens per second (reading, checking, storing and queueing each file) and its whole time
 * with the processing jobs drained, and what the second run added.
 */
export async function measureImport({ folder, dataDir, env }) {
  await rm(dataDir, { recursive: true, force: true });
  const runEnv = { ...env, DATA_DIR: dataDir, SEED_DEMO: 'false' };
  delete runEnv.DATABASE_URL;
  const timed = async () => {
    const started = performance.now();
    const result = await runImport(folder, runEnv);
    return summaryOf(result, (performance.now() - started) / 1000);
  };
  const first = await timed();
  const second = first.ok ? await timed() : null;
  return { first, second, manifest: JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')).items.length };
}
