import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MANIFEST_VERSION, type Manifest } from '@shotlib/contract/ingest';
import { asc, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { item, preview } from '../../db/schema';
import { localMediaStore, type MediaStore } from '../../lib/storage';
import { svgDocument, text } from '../../seed/svg';
import { insertReferenceData } from '../../seed/seed';
import { openTestDatabase, type TestDatabase } from '../../test/test-db';
import { createJobQueue, type JobQueue } from '../jobs/jobs.service';
import { importManifest, readManifest } from './importer';
import { createScreenReader, detectOcr, hashDistance, registerIngestJobs, type Ocr, type ScreenReader } from './ingest.service';

/**
 * The OCR of imported screens as queued jobs: queued with each new screen, read by the reader's own
 * worker into preview.ocr_text; nothing queued when OCR is off, and a later start with OCR on
 * queues the screens left without text. Reading needs tesseract: in CI its absence fails the test.
 */
let database: TestDatabase;
let media: MediaStore;
let jobs: JobQueue;
let dir: string;
const tesseract = await detectOcr({ mode: 'on' });
const logged: string[] = [];
const log = { info: (msg: string) => void logged.push(msg), warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.transaction((tx) => insertReferenceData(tx));
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-ocr-'));
  media = localMediaStore(path.join(dir, 'media'));
  jobs = createJobQueue({ db: database.db, log });
  registerIngestJobs(jobs, { db: database.db, media });
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const reader = (ocr: Ocr): ScreenReader => createScreenReader({ db: database.db, media, ocr, log, flushMs: 50 });

/** A folder with one app of two phone screens (3×, 1170 px wide) showing these words, and its manifest. */
async function folderWith(key: string, words: readonly [string, string]): Promise<string> {
  const folder = path.join(dir, key);
  await mkdir(path.join(folder, 'shots'), { recursive: true });
  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    categories: [{ tree: 'list', name: { en: 'Read Things' } }],
    items: [{ key, kind: 'app', name: { en: key }, published: true, categories: ['Read Things'], screens: [], flows: [] }],
  };
  for (const [n, word] of words.entries()) {
    const body = `<rect width="390" height="844" fill="#ffffff"/>${text(24, 120, word, { size: 26, weight: 'bold', fill: '#202430' })}${text(24, 170, 'Restore purchases', { size: 18, fill: '#202430' })}`;
    const file = `shots/${n}.png`;
    await writeFile(path.join(folder, file), await sharp(Buffer.from(svgDocument(390, 844, body, '', { width: 1170, height: 2532 }))).png().toBuffer());
    manifest.items[0]!.screens.push({ file, elements: [] });
  }
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
  return folder;
}

async function importFolder(folder: string, screenReader: ScreenReader) {
  const summary = await importManifest({ db: database.db, media, jobs, reader: screenReader }, await readManifest(path.join(folder, 'manifest.json')), folder);
  expect(summary.rejected).toEqual([]);
  const [row] = await database.db.select({ id: item.id }).from(item).where(eq(item.key, path.basename(folder)));
  return () => database.db.select().from(preview).where(eq(preview.itemId, row!.id)).orderBy(asc(preview.sort));
}

describe('screen.ocr jobs', () => {
  it('queue nothing when OCR is off (or tesseract is missing): screens are imported without text, and the reason is given', async () => {
    const absent = await detectOcr({ mode: 'on', binary: path.join(dir, 'no-tesseract') });
    expect(absent.status).toMatch(/^OCR off: .*no-tesseract was not found/);
    const screens = await importFolder(await folderWith('ocr-absent', ['Marigold', 'Juniper']), reader(absent));
    const off = reader(await detectOcr({ mode: 'off' }));
    expect(await off.pending()).toBe(0);
    await jobs.runUntilIdle();
    const rows = await screens();
    expect(rows.map((row) => [row.status, row.ocrText])).toEqual([
      ['ready', null],
      ['ready', null],
    ]);
    // screen.process gave each its perceptual hash; the two differ by their word only.
    expect(rows.every((row) => typeof row.phash === 'bigint')).toBe(true);
    expect(hashDistance(rows[0]!.phash!, rows[1]!.phash!)).toBeLessThan(16);
    expect(await off.queueUnread()).toBe(0);
  });

  (tesseract.enabled || process.env.CI ? it : it.skip)(
    `are queued with each imported screen and fill ocr_text, apart from screen.process; a later start queues the screens left unread, once${tesseract.enabled ? '' : ' (needs tesseract-ocr: not installed here)'}`,
    async () => {
      expect(tesseract.enabled, tesseract.status).toBe(true);
      const on = reader(tesseract);
      const screens = await importFolder(await folderWith('ocr-on', ['Quarterly', 'Kumquat']), on);
      expect(await on.pending()).toBe(2);
      // The processing queue neither runs nor counts OCR jobs (readiness waits for it alone).
      await jobs.runUntilIdle();
      expect(await jobs.pending()).toBe(0);
      expect(await on.pending()).toBe(2);
      expect((await screens()).map((row) => row.ocrText)).toEqual([null, null]);

      expect(await on.runUntilIdle()).toBe(2);
      const texts = (await screens()).map((row) => row.ocrText ?? '');
      expect(texts[0]).toMatch(/Quarterly Restore purchases/);
      expect(texts[1]).toMatch(/Kumquat Restore purchases/);

      // Imported while OCR was off: a start with OCR on queues those screens (and only those), once.
      const unread = await importFolder(await folderWith('ocr-later', ['Marmalade', 'Saffron']), reader(await detectOcr({ mode: 'off' })));
      const later = reader(tesseract);
      // The two screens of the import with OCR off, and the two of the first test (tesseract missing).
      expect(await later.queueUnread()).toBe(4);
      expect(await later.queueUnread()).toBe(0);
      await later.runUntilIdle();
      expect((await unread()).map((row) => row.ocrText)).toEqual([expect.stringContaining('Marmalade'), expect.stringContaining('Saffron')]);
      expect(await later.pending()).toBe(0);
      // Every screen has been read now: nothing is queued again.
      expect(await later.queueUnread()).toBe(0);
      expect(await database.db.select({ id: preview.id }).from(preview).where(isNull(preview.ocrText))).toEqual([]);
    },
    120_000,
  );
});
