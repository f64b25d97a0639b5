import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SiteUrlMessage } from '@shotlib/contract';
import { IngestMessage, MANIFEST_VERSION, type Manifest } from '@shotlib/contract/ingest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client';
import { item, preview } from './db/schema';
import { openTestDatabase, type TestDatabase } from './test/test-db';

/**
 * `npm run import` as an operator runs it, on the embedded database (its own DATA_DIR/db) or on
 * the suite's PostgreSQL: killed (SIGKILL, no chance to clean up) in the middle of an import, then
 * run again, it finishes without duplicates; a third run adds nothing.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENS = 60;

let dir: string;
let folder: string;
let dataDir: string;
/** The suite's PostgreSQL database, shared with the CLI; null on the embedded one. */
let postgres: TestDatabase | null = null;
beforeAll(async () => {
  if (inject('testDbKind') === 'postgres') postgres = await openTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-import-cli-'));
  folder = path.join(dir, 'folder');
  dataDir = path.join(dir, 'data');
  await mkdir(path.join(folder, 'shots'), { recursive: true });
  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    categories: [
      { tree: 'list', name: { en: 'Killed Imports' } },
      { tree: 'screen', name: { en: 'Resumed Screens' } },
    ],
    items: [{ key: 'kill-me', kind: 'app', name: { en: 'Kill me' }, published: true, categories: ['Killed Imports'], screens: [], flows: [] }],
  };
  for (let k = 0; k < SCREENS; k++) {
    const file = `shots/${k}.png`;
    // Noise, so each file takes a moment to decode and the kill lands mid-import.
    const noise = Buffer.alloc(600 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 31 + k * 97 + ((i * k) >> 7)) & 0xff;
    await writeFile(path.join(folder, file), await sharp(noise, { raw: { width: 600, height: 1200, channels: 3 } }).png().toBuffer());
    manifest.items[0]!.screens.push({ file, category: 'Resumed Screens', elements: [] });
  }
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
}, 120_000);
afterAll(async () => {
  await postgres?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the import CLI from source; `killWhen` is polled and SIGKILLs it once true. */
function importCli(killWhen?: () => Promise<boolean>, target = folder): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  // As on a machine without tesseract: the import works, says OCR is off and queues no reading.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', TESSERACT: '/nonexistent/tesseract' };
  delete env.S3_BUCKET;
  if (postgres?.url) env.DATABASE_URL = postgres.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'import-cli.ts'), target, '--workers', '1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let watching = Boolean(killWhen);
  const watch = async () => {
    while (watching) {
      if (await killWhen!()) {
        child.kill('SIGKILL');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  void watch();
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      watching = false;
      resolve({ code, signal, output });
    }),
  );
}

/** Screens stored so far (the originals under DATA_DIR/media/shots). */
async function storedFiles(): Promise<number> {
  try {
    const entries = await readdir(path.join(dataDir, 'media', 'shots'), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

describe('npm run import', () => {
  it('resumes after a kill: the next run adds what is missing, without duplicates, and the one after adds nothing', async () => {
    const killed = await importCli(async () => (await storedFiles()) >= 10);
    expect(killed.signal).toBe('SIGKILL');
    const storedAtKill = await storedFiles();
    expect(storedAtKill).toBeGreaterThanOrEqual(10);
    expect(storedAtKill).toBeLessThan(SCREENS);

    const resumed = await importCli();
    expect(resumed.code, resumed.output).toBe(0);
    const [, added, skipped] = /screens: (\d+) added, (\d+) skipped \(already there\), 0 rejected/.exec(resumed.output) ?? [];
    expect(Number(added) + Number(skipped)).toBe(SCREENS);
    // What the killed run committed is skipped; the rest (perhaps the file it was storing) is added now.
    expect(Number(skipped)).toBeGreaterThanOrEqual(1);
    expect(Number(added)).toBeGreaterThanOrEqual(1);
    expect(resumed.output).toMatch(/\d+(\.\d)? screens\/s/);
    expect(resumed.output).toContain('OCR off: /nonexistent/tesseract was not found');

    const again = await importCli();
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain(`screens: 0 added, ${SCREENS} skipped (already there), 0 rejected`);

    const database = postgres ?? (await openDatabase({ dataDir: path.join(dataDir, 'db') }));
    try {
      const [row] = await database.db.select({ id: item.id }).from(item).where(eq(item.key, 'kill-me'));
      const screens = await database.db.select().from(preview).where(eq(preview.itemId, row!.id)).orderBy(preview.sort);
      expect(screens).toHaveLength(SCREENS);
      expect(new Set(screens.map((screen) => screen.contentHash)).size).toBe(SCREENS);
      expect(screens.map((screen) => screen.sort)).toEqual(Array.from({ length: SCREENS }, (_, k) => k + 1));
      expect(screens.every((screen) => screen.ocrText === null)).toBe(true);
      // Processed, except the job the killed run held: its lease (60 s) keeps it until it runs out,
      // then any process takes it; the CLI says so rather than waiting.
      const unprocessed = screens.filter((screen) => screen.status !== 'ready');
      expect(unprocessed.length).toBeLessThanOrEqual(1);
      if (unprocessed.length > 0) expect(again.output).toContain('processing job(s) left in the queue');
    } finally {
      if (!postgres) await database.close();
    }
  }, 240_000);

  it('refuses a manifest with a javascript: site before touching anything, and reports a screenshot linked from outside the folder', async () => {
    const links = path.join(dir, 'links');
    await mkdir(path.join(links, 'shots'), { recursive: true });
    const png = (r: number) => sharp({ create: { width: 120, height: 200, channels: 3, background: { r, g: 9, b: 9 } } }).png().toBuffer();
    await writeFile(path.join(dir, 'outside.png'), await png(10));
    await writeFile(path.join(links, 'shots', 'inside.png'), await png(20));
    await symlink(path.join(dir, 'outside.png'), path.join(links, 'shots', 'linked.png'));
    const manifest = (site: string): Manifest => ({
      version: MANIFEST_VERSION,
      categories: [],
      items: [
        {
          key: 'cli-links',
          kind: 'site',
          name: { en: 'Links' },
          site,
          published: true,
          categories: [],
          screens: [{ file: 'shots/inside.png', elements: [] }, { file: 'shots/linked.png', elements: [] }],
          flows: [],
        },
      ],
    });
    await writeFile(path.join(links, 'manifest.json'), JSON.stringify(manifest('javascript:alert(1)')));
    const refused = await importCli(undefined, links);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(`items.0.site: ${SiteUrlMessage}`);

    await writeFile(path.join(links, 'manifest.json'), JSON.stringify(manifest('https://links.example')));
    const imported = await importCli(undefined, links);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain('screens: 1 added, 0 skipped (already there), 1 rejected');
    expect(imported.output).toContain(`rejected shots/linked.png: ${IngestMessage.outsideFolder}`);
  }, 120_000);
});
