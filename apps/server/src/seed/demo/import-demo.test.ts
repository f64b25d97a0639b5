import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, category, item, itemActivity, preview } from '../../db/schema';
import { localMediaStore, type MediaStore } from '../../lib/storage';
import { openTestDatabase, type TestDatabase } from '../../test/test-db';
import { registerIngestJobs } from '../../modules/ingest/ingest.service';
import { createJobQueue, type JobQueue } from '../../modules/jobs/jobs.service';
import { importDemo } from './import-demo';

let database: TestDatabase;
let media: MediaStore;
let jobs: JobQueue;
let dir: string;
const log = { info: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-demo-import-'));
  media = localMediaStore(path.join(dir, 'media'));
  jobs = createJobQueue({ db: database.db, log: { warn: () => undefined, error: () => undefined } });
  registerIngestJobs(jobs, { db: database.db, media });
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the demo through the importer', () => {
  it('imports the generated folder: items by key with three names, screens in order with their categories, activity, articles; a second run adds nothing', async () => {
    const keys = ['ledgerly', 'taxnest'];
    const first = await importDemo({ db: database.db, media, log, jobs }, path.join(dir, 'cache'), { keys });
    expect(first.generated?.items).toBe(2);
    expect(first.imported.rejected).toEqual([]);
    expect(first.imported.items.created).toBe(2);
    const rows = await database.db.select().from(item).where(inArray(item.key, keys));
    expect(rows.map((r) => [r.name, r.nameCn, r.isSite]).sort()).toEqual([
      ['Ledgerly', '小账本', false],
      ['Taxnest', expect.any(String), true],
    ]);
    const ledgerly = rows.find((r) => r.name === 'Ledgerly');
    if (!ledgerly) throw new Error('Ledgerly');
    const screens = await database.db.select().from(preview).where(eq(preview.itemId, ledgerly.id)).orderBy(preview.sort);
    expect(screens.length).toBeGreaterThan(10);
    expect(screens.every((s) => s.width === 1170 && s.height === 2532)).toBe(true);
    const categories = new Map((await database.db.select().from(category)).map((c) => [c.id, c.nameEn]));
    // Fixed ids of the category trees, as the direct seed has them.
    expect(categories.get(12)).toBe('Finance');
    expect(categories.get(27)).toBe('Login');
    expect(screens.every((s) => s.categoryId !== null && categories.has(s.categoryId))).toBe(true);
    expect((await database.db.select().from(itemActivity).where(eq(itemActivity.itemId, ledgerly.id))).length).toBe(60);
    expect((await database.db.select().from(article)).length).toBeGreaterThan(0);

    const again = await importDemo({ db: database.db, media, log, jobs }, path.join(dir, 'cache'), { keys });
    expect(again.generated).toBeNull();
    expect(again.imported.added).toBe(0);
    expect(again.imported.items.created).toBe(0);
  }, 180_000);
});
