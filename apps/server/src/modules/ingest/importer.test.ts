import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_ROOT, SiteUrlMessage } from '@shotlib/contract';
import { IngestMessage, MANIFEST_VERSION, type Manifest, type ManifestFlow } from '@shotlib/contract/ingest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { category, flow, flowStep, item, itemCategory, job, preview, previewElement } from '../../db/schema';
import { localMediaStore, type MediaStore } from '../../lib/storage';
import { CATEGORY, insertFixtures } from '../../test/fixtures';
import { openTestDatabase, type TestDatabase } from '../../test/test-db';
import { createJobQueue, type JobQueue } from '../jobs/jobs.service';
import { ManifestError, importManifest, manifestPathOf, readManifest } from './importer';
import { relativeLuminance } from './screen-image';
import { SCREEN_JOB, SCREEN_PRIORITY, createScreenReader, detectOcr, registerIngestJobs, type ScreenReader } from './ingest.service';

let database: TestDatabase;
let media: MediaStore;
let jobs: JobQueue;
let reader: ScreenReader;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-import-'));
  media = localMediaStore(path.join(dir, 'media'));
  jobs = createJobQueue({ db: database.db, log: { warn: () => undefined, error: () => undefined } });
  registerIngestJobs(jobs, { db: database.db, media });
  // OCR is off here (screen-reader.test.ts reads imported screens).
  reader = createScreenReader({ db: database.db, media, ocr: await detectOcr({ mode: 'off' }), log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const deps = () => ({ db: database.db, media, jobs, reader });

/** A folder with `items` items of `screens` generated screenshots each, and its manifest. */
async function makeManifest(name: string, items: number, screens: number, extra: (m: Manifest) => void = () => undefined): Promise<string> {
  const folder = path.join(dir, name);
  await mkdir(path.join(folder, 'shots'), { recursive: true });
  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    categories: [
      { tree: 'list', name: { en: 'Imported Things', zhCN: '导入', zhTW: '導入' } },
      { tree: 'list', name: { en: 'Imported Child' }, parent: 'Imported Things' },
      { tree: 'screen', name: { en: 'Checkout' } },
    ],
    items: [],
  };
  for (let i = 0; i < items; i++) {
    const entry: Manifest['items'][number] = {
      key: `${name}-${i}`,
      kind: i % 2 === 0 ? 'app' : 'site',
      name: { en: `${name} ${i}`, zhCN: `导入 ${i}` },
      briefing: { en: `Imported item ${i}` },
      published: true,
      categories: ['Imported Child', 'finance'],
      screens: [],
      flows: [],
    };
    for (let k = 0; k < screens; k++) {
      const file = `shots/${i}-${k}.png`;
      const image = await sharp({ create: { width: 120, height: 200, channels: 3, background: { r: (i * 40 + k * 7) % 256, g: (k * 53) % 256, b: (i * 11) % 256 } } })
        .png()
        .toBuffer();
      await writeFile(path.join(folder, file), image);
      entry.screens.push({ file, category: k === 0 ? 'checkout' : 'Login', elements: [] });
    }
    manifest.items.push(entry);
  }
  extra(manifest);
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return folder;
}

async function run(folder: string, options: Parameters<typeof importManifest>[3] = {}) {
  const file = await manifestPathOf(folder);
  return importManifest(deps(), await readManifest(file), path.dirname(file), options);
}

async function screensOf(key: string) {
  const [row] = await database.db.select({ id: item.id }).from(item).where(eq(item.key, key));
  return database.db.select().from(preview).where(eq(preview.itemId, row!.id)).orderBy(preview.sort);
}

describe('import', () => {
  it('adds items, categories and screens in order; a second run adds nothing', async () => {
    const folder = await makeManifest('first', 3, 4);
    const progress: number[] = [];
    const summary = await run(folder, { onProgress: (p) => progress.push(p.done) });
    expect(summary).toMatchObject({ items: { created: 3, updated: 0, unchanged: 0 }, categoriesCreated: 3, added: 12, skipped: 0, rejected: [], aborted: false });
    expect(progress.at(-1)).toBe(12);

    const [created] = await database.db.select().from(item).where(eq(item.key, 'first-1'));
    expect(created).toMatchObject({ name: 'first 1', nameCn: '导入 1', isSite: true, briefing: 'Imported item 1', unpublishedAt: null });
    const groups = await database.db.select().from(itemCategory).where(eq(itemCategory.itemId, created!.id));
    const child = await database.db.select().from(category).where(eq(category.nameEn, 'Imported Child'));
    expect(groups.map((g) => g.categoryId).sort()).toEqual([CATEGORY.finance, child[0]!.id].sort());

    const screens = await screensOf('first-1');
    expect(screens.map((s) => s.sort)).toEqual([1, 2, 3, 4]);
    expect(screens.map((s) => s.path)).toEqual(screens.map((s) => `shots/${created!.id}/${s.contentHash}.png`));
    const checkout = await database.db.select().from(category).where(and(eq(category.kind, 'screen'), eq(category.nameEn, 'Checkout')));
    expect(screens[0]!.categoryId).toBe(checkout[0]!.id);
    expect(screens[1]!.categoryId).toBe(CATEGORY.screenLogin);
    expect(screens.every((s) => s.status === 'processing')).toBe(true);
    // An operator's import is processed after console uploads and before the demo (issue 29).
    expect(new Set((await database.db.select({ priority: job.priority }).from(job).where(eq(job.kind, SCREEN_JOB))).map((row) => row.priority))).toEqual(new Set([SCREEN_PRIORITY.import]));

    // The queued processing: variants, colours, placeholder.
    expect(await jobs.runUntilIdle()).toBe(12);
    const ready = await screensOf('first-1');
    expect(ready.every((s) => s.status === 'ready' && s.colors.length > 0 && s.blurhash)).toBe(true);
    // The mean luminance of the pixels (decision 056): these screens are of one colour each.
    for (const [k, s] of ready.entries()) expect(s.luminance).toBeCloseTo(relativeLuminance((40 + k * 7) % 256, (k * 53) % 256, 11), 3);
    expect(await media.exists(`variants/w160/${ready[0]!.path}.webp`)).toBe(true);

    const again = await run(folder);
    expect(again).toMatchObject({ items: { created: 0, updated: 0, unchanged: 3 }, categoriesCreated: 0, added: 0, skipped: 12, rejected: [] });
    expect(await jobs.pending()).toBe(0);
    expect((await screensOf('first-1')).length).toBe(4);
  });

  it('resumes after being stopped midway: the second run finishes without duplicates', async () => {
    const folder = await makeManifest('resume', 2, 5);
    const controller = new AbortController();
    const stopped = await run(folder, { signal: controller.signal, onProgress: (p) => p.done >= 4 && controller.abort() });
    expect(stopped.aborted).toBe(true);
    expect(stopped.added).toBe(4);
    // The process "dies" with its jobs queued: they are in the database.
    expect(await jobs.pending()).toBe(4);

    const resumed = await run(folder);
    expect(resumed).toMatchObject({ aborted: false, added: 6, skipped: 4, rejected: [] });
    expect(await jobs.runUntilIdle()).toBe(10);
    for (const key of ['resume-0', 'resume-1']) {
      const screens = await screensOf(key);
      expect(screens.length).toBe(5);
      expect(new Set(screens.map((s) => s.contentHash)).size).toBe(5);
      expect(screens.map((s) => s.sort)).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('reports refused files with their reason and imports the rest', async () => {
    const folder = await makeManifest('mixed', 1, 2, (m) => {
      m.items[0]!.screens.push({ file: 'shots/missing.png', elements: [] }, { file: 'shots/text.png', elements: [] }, { file: 'shots/0-0.png', category: 'No Such Screen', elements: [] });
      m.items.push({ key: 'mixed-unknown', kind: 'app', name: { en: 'Unknown category' }, published: true, categories: ['Nope'], screens: [{ file: 'shots/0-1.png', elements: [] }], flows: [] });
    });
    await writeFile(path.join(folder, 'shots/text.png'), 'not an image');
    const summary = await run(folder);
    expect(summary.added).toBe(2);
    expect(summary.rejected).toEqual([
      { file: 'shots/missing.png', reason: IngestMessage.missingFile },
      { file: 'shots/text.png', reason: IngestMessage.notAnImage },
      { file: 'shots/0-0.png', reason: IngestMessage.unknownCategory },
      { file: 'items.mixed-unknown', reason: IngestMessage.unknownCategory },
    ]);
    expect(await database.db.select().from(item).where(eq(item.key, 'mixed-unknown'))).toEqual([]);
    await jobs.runUntilIdle();
  });

  it('imports business software (flag, platform, business categories) and flows by key; a re-import replaces a flow', async () => {
    const signUp = (steps: ManifestFlow['steps']): ManifestFlow => ({ key: 'sign-up', type: 'sign-up', name: { en: 'Sign up', zhCN: '注册', zhTW: '註冊' }, steps });
    const shape = (m: Manifest, flows: ManifestFlow[]) => {
      m.categories.push({ tree: 'business', name: { en: 'CRM', zhCN: '客户管理' } }, { tree: 'flow', name: { en: 'Sign-up', zhCN: '注册' } });
      m.items[0]!.kind = 'business';
      m.items[0]!.categories = ['crm'];
      m.items[0]!.flows = flows;
      m.items[1]!.kind = 'business-app';
      m.items[1]!.categories = ['CRM'];
      // A list category is not a business one.
      m.items.push({ key: 'biz-wrong-tree', kind: 'business', name: { en: 'Wrong tree' }, published: true, categories: ['finance'], screens: [], flows: [] });
    };
    const flows: ManifestFlow[] = [
      signUp([{ file: 'shots/0-0.png', caption: { en: 'Start', zhCN: '开始' } }, { file: 'shots/0-2.png' }, { file: 'shots/0-0.png', caption: { en: 'Back' } }]),
      { key: 'bad-step', type: 'Sign-up', name: { en: 'Bad step' }, steps: [{ file: 'shots/0-1.png' }, { file: 'shots/1-0.png' }] },
      { key: 'bad-type', type: 'No Such Flow', name: { en: 'Bad type' }, steps: [{ file: 'shots/0-1.png' }] },
    ];
    const folder = await makeManifest('biz', 2, 3, (m) => shape(m, flows));
    const summary = await run(folder);
    expect(summary).toMatchObject({ items: { created: 2 }, flows: { created: 1, updated: 0, unchanged: 0 }, added: 6 });
    expect(summary.rejected).toEqual([
      { file: 'items.biz-0.flows.bad-step: shots/1-0.png', reason: IngestMessage.flowStepUnknown },
      { file: 'items.biz-0.flows.bad-type', reason: IngestMessage.unknownFlowType },
      { file: 'items.biz-wrong-tree', reason: IngestMessage.unknownCategory },
    ]);

    const rows = await database.db.select().from(item).where(inArray(item.key, ['biz-0', 'biz-1'])).orderBy(asc(item.key));
    expect(rows.map((row) => [row.business, row.isSite, row.segment])).toEqual([
      [true, true, 2],
      [true, false, 2],
    ]);
    const [crm] = await database.db.select().from(category).where(eq(category.nameEn, 'CRM'));
    // Below the business and flow roots (created on demand when the database has none).
    expect(crm).toMatchObject({ kind: 'business', preId: CATEGORY_ROOT.business });
    const [type] = await database.db.select().from(category).where(eq(category.nameEn, 'Sign-up'));
    expect(type).toMatchObject({ kind: 'flow', preId: CATEGORY_ROOT.flow });
    expect((await database.db.select().from(itemCategory).where(eq(itemCategory.itemId, rows[0]!.id))).map((g) => g.categoryId)).toEqual([crm!.id]);

    const screens = await screensOf('biz-0');
    const flowRows = await database.db.select().from(flow).where(eq(flow.itemId, rows[0]!.id));
    expect(flowRows).toHaveLength(1);
    expect(flowRows[0]).toMatchObject({ key: 'sign-up', categoryId: type!.id, name: 'Sign up', nameCn: '注册', nameTw: '註冊', sort: 1 });
    const steps = () => database.db.select().from(flowStep).where(eq(flowStep.flowId, flowRows[0]!.id)).orderBy(asc(flowStep.position));
    expect((await steps()).map((step) => [step.position, step.previewId, step.caption, step.captionCn])).toEqual([
      [1, screens[0]!.id, 'Start', '开始'],
      [2, screens[2]!.id, '', null],
      [3, screens[0]!.id, 'Back', null],
    ]);

    // Unchanged: nothing written.
    const again = await run(folder);
    expect(again).toMatchObject({ items: { created: 0, updated: 0, unchanged: 2 }, flows: { created: 0, updated: 0, unchanged: 1 }, added: 0 });

    // The flow of the same key is replaced (same row, new steps).
    const changed = await makeManifest('biz', 2, 3, (m) => shape(m, [signUp([{ file: 'shots/0-1.png', caption: { en: 'Form' } }, { file: 'shots/0-2.png' }])]));
    expect(await run(changed)).toMatchObject({ flows: { created: 0, updated: 1, unchanged: 0 } });
    const replaced = await database.db.select().from(flow).where(eq(flow.itemId, rows[0]!.id));
    expect(replaced.map((row) => row.id)).toEqual([flowRows[0]!.id]);
    expect((await steps()).map((step) => [step.position, step.previewId, step.caption])).toEqual([
      [1, screens[1]!.id, 'Form'],
      [2, screens[2]!.id, ''],
    ]);
    await jobs.runUntilIdle();
  });

  it('tags screens with their UI elements by English name (declared in tree "element"); an unknown one is reported, the screen imported', async () => {
    const folder = await makeManifest('elements', 1, 2, (m) => {
      m.categories.push({ tree: 'element', name: { en: 'Import button', zhCN: '按钮', zhTW: '按鈕' } }, { tree: 'element', name: { en: 'Import card' } });
      m.items[0]!.screens[0]!.elements = ['import BUTTON', 'Import card'];
      m.items[0]!.screens[1]!.elements = ['Import card', 'No such element'];
    });
    const first = await run(folder);
    expect(first).toMatchObject({ added: 2, categoriesCreated: 2 });
    expect(first.rejected).toEqual([{ file: 'shots/0-1.png: No such element', reason: IngestMessage.unknownCategory }]);
    const elements = await database.db.select().from(category).where(eq(category.kind, 'element'));
    expect(elements.find((c) => c.id === CATEGORY_ROOT.element)).toBeDefined();
    const idOf = (name: string) => elements.find((c) => c.nameEn === name)!.id;
    const tagsOf = async () => {
      const screens = await screensOf('elements-0');
      const tags = await database.db.select().from(previewElement).where(inArray(previewElement.previewId, screens.map((s) => s.id)));
      return screens.map((s) => tags.filter((t) => t.previewId === s.id).map((t) => t.categoryId).sort((a, b) => a - b));
    };
    expect(await tagsOf()).toEqual([[idOf('Import button'), idOf('Import card')].sort((a, b) => a - b), [idOf('Import card')]]);
    // Positions follow the manifest's order.
    expect((await screensOf('elements-0')).map((s) => s.position)).toEqual([0, 1]);
    const again = await run(folder);
    expect(again).toMatchObject({ added: 0, skipped: 2, categoriesCreated: 0 });
    expect(await tagsOf()).toEqual([[idOf('Import button'), idOf('Import card')].sort((a, b) => a - b), [idOf('Import card')]]);
    expect(await jobs.runUntilIdle()).toBe(2);
  });

  it('refuses files and folders linked from outside the import folder, reports each, and imports the rest (links inside are followed)', async () => {
    // Outside the import folder: a screenshot, a folder of screenshots and a logo someone linked in.
    const outside = path.join(dir, 'outside');
    await mkdir(path.join(outside, 'shots'), { recursive: true });
    const png = (r: number) => sharp({ create: { width: 120, height: 200, channels: 3, background: { r, g: 1, b: 2 } } }).png().toBuffer();
    await writeFile(path.join(outside, 'secret.png'), await png(201));
    await writeFile(path.join(outside, 'shots', 'a.png'), await png(202));
    await writeFile(path.join(outside, 'logo.png'), await png(203));
    const ok = await makeManifest('links', 1, 2, (m) => {
      m.categories.push({ tree: 'flow', name: { en: 'Sign-up' } });
      m.items[0]!.logo = 'logo.png';
      m.items[0]!.screens.push({ file: 'shots/linked-file.png', elements: [] }, { file: 'linked-folder/a.png', elements: [] }, { file: 'shots/inside-link.png', elements: [] });
      m.items[0]!.flows = [{ key: 'leak', type: 'Sign-up', name: { en: 'Leak' }, steps: [{ file: 'shots/linked-file.png' }] }];
      m.items.push({ key: 'links-logo', kind: 'app', name: { en: 'Inside logo' }, published: true, categories: [], logo: 'shots/inside-logo.png', screens: [], flows: [] });
    });
    await symlink(path.join(outside, 'secret.png'), path.join(ok, 'shots', 'linked-file.png'));
    await symlink(path.join(outside, 'shots'), path.join(ok, 'linked-folder'));
    await symlink(path.join(outside, 'logo.png'), path.join(ok, 'logo.png'));
    // Links that stay inside the folder (relative and absolute) are followed.
    await symlink('0-1.png', path.join(ok, 'shots', 'inside-link.png'));
    await writeFile(path.join(ok, 'real-logo.png'), await png(204));
    await symlink(path.join(ok, 'real-logo.png'), path.join(ok, 'shots', 'inside-logo.png'));

    const summary = await run(ok);
    expect(summary.rejected).toEqual([
      { file: 'logo.png', reason: IngestMessage.outsideFolder },
      { file: 'shots/linked-file.png', reason: IngestMessage.outsideFolder },
      { file: 'linked-folder/a.png', reason: IngestMessage.outsideFolder },
      { file: 'items.links-0.flows.leak: shots/linked-file.png', reason: IngestMessage.flowStepUnknown },
    ]);
    // The two screens and the inside link (the same content as shots/0-1.png: skipped).
    expect(summary).toMatchObject({ added: 2, skipped: 1 });
    const hashOf = async (file: string) => createHash('sha256').update(await readFile(file)).digest('hex');
    const outsideHashes = await Promise.all(['secret.png', 'shots/a.png'].map((file) => hashOf(path.join(outside, file))));
    const stored = await screensOf('links-0');
    expect(stored).toHaveLength(2);
    for (const screen of stored) expect(outsideHashes).not.toContain(screen.contentHash);
    const [linked] = await database.db.select().from(item).where(eq(item.key, 'links-0'));
    expect(linked!.logo).toBe('');
    // The logo linked from inside the folder is imported.
    const [inside] = await database.db.select().from(item).where(eq(item.key, 'links-logo'));
    expect(inside!.logo).toMatch(/^logos\//);

    // The base folder itself may be reached through a link.
    const alias = path.join(dir, 'links-alias');
    await symlink(ok, alias);
    const again = await run(alias);
    expect(again).toMatchObject({ added: 0, skipped: 3 });
    expect(again.rejected.map((r) => r.reason)).toEqual([IngestMessage.outsideFolder, IngestMessage.outsideFolder, IngestMessage.outsideFolder, IngestMessage.flowStepUnknown]);
    await jobs.runUntilIdle();
  });

  it('refuses a manifest whose site URL is not an absolute http(s) address', async () => {
    const bad = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      '\tjavascript:alert(1)',
      '\njavascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example',
      'https://user:pass@evil.example',
      'https:evil.example',
      `https://x.example/${'a'.repeat(2000)}`,
    ];
    for (const site of bad) {
      const folder = await makeManifest('bad-site', 1, 0, (m) => (m.items[0]!.site = site));
      const error = await readManifest(await manifestPathOf(folder)).catch((err: unknown) => err);
      expect(error, JSON.stringify(site)).toBeInstanceOf(ManifestError);
      expect((error as ManifestError).problems, JSON.stringify(site)).toEqual([`items.0.site: ${SiteUrlMessage}`]);
    }
    for (const site of ['https://skyhop.example', 'http://skyhop.example/path?q=1#x', ' https://skyhop.example ', '']) {
      const folder = await makeManifest('good-site', 1, 0, (m) => (m.items[0]!.site = site));
      expect((await readManifest(await manifestPathOf(folder))).items[0]!.site, JSON.stringify(site)).toBe(site.trim());
    }
  });

  it('refuses a manifest naming a flow key twice in one item', async () => {
    const folder = await makeManifest('twice', 1, 1, (m) => {
      const steps = [{ file: 'shots/0-0.png' }];
      m.items[0]!.flows = [
        { key: 'same', type: 'Sign-up', name: { en: 'One' }, steps },
        { key: 'same', type: 'Sign-up', name: { en: 'Two' }, steps },
      ];
    });
    const error = await readManifest(await manifestPathOf(folder)).catch((err: unknown) => err);
    expect((error as ManifestError).problems).toEqual(['items.twice-0.flows: the key "same" appears more than once']);
  });

  it('refuses an invalid manifest with every problem listed', async () => {
    const folder = path.join(dir, 'invalid');
    await mkdir(folder, { recursive: true });
    await writeFile(
      path.join(folder, 'manifest.json'),
      JSON.stringify({ version: 1, items: [{ key: 'Bad Key', kind: 'tv', name: { en: '' }, screens: [{ file: '../x.png' }] }] }),
    );
    const error = await readManifest(await manifestPathOf(folder)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ManifestError);
    const problems = (error as ManifestError).problems.join('\n');
    expect(problems).toMatch(/items\.0\.key/);
    expect(problems).toMatch(/items\.0\.kind/);
    expect(problems).toMatch(/items\.0\.name\.en/);
    expect(problems).toMatch(/items\.0\.screens\.0\.file/);
    await writeFile(path.join(folder, 'manifest.json'), '{ not json');
    expect(await readManifest(path.join(folder, 'manifest.json')).catch((err: unknown) => err)).toBeInstanceOf(ManifestError);
    // Nothing was queued by a refused manifest.
    expect(await database.db.select().from(job).where(inArray(job.kind, ['screen.process']))).toEqual([]);
  });
});
