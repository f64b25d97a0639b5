import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, category, flow, flowStep, item, itemActivity, job, preview, previewElement } from '../../db/schema';
import { localMediaStore, type MediaStore } from '../../lib/storage';
import { openTestDatabase, type TestDatabase } from '../../test/test-db';
import { SCREEN_JOB, SCREEN_PRIORITY, createScreenReader, detectOcr, registerIngestJobs, type ScreenReader } from '../../modules/ingest/ingest.service';
import { createJobQueue, type JobQueue } from '../../modules/jobs/jobs.service';
import { importDemo } from './import-demo';

let database: TestDatabase;
let media: MediaStore;
let jobs: JobQueue;
let reader: ScreenReader;
let dir: string;
const log = { info: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-demo-import-'));
  media = localMediaStore(path.join(dir, 'media'));
  jobs = createJobQueue({ db: database.db, log: { warn: () => undefined, error: () => undefined } });
  registerIngestJobs(jobs, { db: database.db, media });
  reader = createScreenReader({ db: database.db, media, ocr: await detectOcr({ mode: 'off' }), log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the demo through the importer', () => {
  it('imports the generated folder: items by key with three names, screens in order with their categories, flows, activity, articles; a second run adds nothing', async () => {
    const keys = ['ledgerly', 'taxnest', 'pipewise'];
    const first = await importDemo({ db: database.db, media, log, jobs, reader }, path.join(dir, 'cache'), { keys });
    expect(first.generated?.items).toBe(3);
    expect(first.imported.rejected).toEqual([]);
    expect(first.imported.items.created).toBe(3);
    expect(first.imported.flows.created).toBe(first.generated?.flows);
    // Its screens are processed after an operator's uploads and imports (issue 29).
    const priorities = await database.db.selectDistinct({ priority: job.priority }).from(job).where(eq(job.kind, SCREEN_JOB));
    expect(priorities).toEqual([{ priority: SCREEN_PRIORITY.demo }]);
    const rows = await database.db.select().from(item).where(inArray(item.key, keys));
    expect(rows.map((r) => [r.name, r.nameCn, r.isSite, r.business]).sort()).toEqual([
      ['Ledgerly', '小账本', false, false],
      ['Pipewise', '管道通', true, true],
      ['Taxnest', expect.any(String), true, false],
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

    // Each screen tagged with the UI elements the generator drew on it (issue 14).
    const tags = await database.db.select().from(previewElement).where(inArray(previewElement.previewId, screens.map((screen) => screen.id)));
    expect(new Set(tags.map((tag) => tag.previewId)).size).toBe(screens.length);
    const home = screens.find((screen) => categories.get(screen.categoryId!) === 'Home')!;
    const homeTags = tags.filter((tag) => tag.previewId === home.id).map((tag) => categories.get(tag.categoryId));
    expect(homeTags).toEqual(expect.arrayContaining(['Navigation bar', 'Tab bar', 'List', 'Search bar']));

    // Ledgerly's sign-up flow: five steps through its own screens, captions in three languages.
    const flows = await database.db.select().from(flow).where(eq(flow.itemId, ledgerly.id)).orderBy(flow.sort);
    expect(flows.map((f) => [f.name, f.nameCn, f.nameTw])).toEqual([
      ['Sign up with e-mail', '邮箱注册', '以電子郵件註冊'],
      ['Buy something found by search', '搜索后下单', '搜尋後下單'],
    ]);
    const steps = await database.db.select().from(flowStep).where(eq(flowStep.flowId, flows[0].id)).orderBy(flowStep.position);
    expect(steps.map((s) => s.position)).toEqual([1, 2, 3, 4, 5]);
    expect(steps.every((s) => screens.some((screen) => screen.id === s.previewId))).toBe(true);
    expect(steps[2]).toMatchObject({ caption: 'Verify the code', captionCn: '输入验证码', captionTw: '輸入驗證碼' });
    expect(flows[0].categoryId && categories.get(flows[0].categoryId)).toBe('Sign-up');
    const pipewise = rows.find((r) => r.name === 'Pipewise');
    if (!pipewise) throw new Error('Pipewise');
    expect((await database.db.select().from(flow).where(eq(flow.itemId, pipewise.id))).length).toBeGreaterThanOrEqual(2);
    expect((await database.db.select().from(itemActivity).where(eq(itemActivity.itemId, pipewise.id))).length).toBe(60);

    const again = await importDemo({ db: database.db, media, log, jobs, reader }, path.join(dir, 'cache'), { keys });
    expect(again.generated).toBeNull();
    expect(again.imported.added).toBe(0);
    expect(again.imported.items.created).toBe(0);
    expect(again.imported.flows.created).toBe(0);
  }, 180_000);
});
