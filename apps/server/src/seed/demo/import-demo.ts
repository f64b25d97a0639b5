import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import type { Queryable } from '../queryable';
import { item, itemActivity } from '../../db/schema';
import { refreshHotScores } from '../../modules/catalog/catalog.repo';
import { importManifest, readManifest, type ImportSummary } from '../../modules/ingest/importer';
import { SCREEN_PRIORITY, type ScreenReader } from '../../modules/ingest/ingest.service';
import type { JobQueue } from '../../modules/jobs/jobs.service';
import type { SeedDeps } from '../seed';
import { catalogueIsEmpty, insertReferenceData, refreshPlannerStatistics, seedDemoActivity, seedDemoArticles } from '../seed';
import { DEMO_BASE_DATE, activityDay } from '../demo-plan';
import { ensureDemoFolder } from './cache';
import type { GenerateSummary } from './generate';
import { planDemo } from './plan';

/**
 * The demo catalogue through the ingestion pipeline (issue 12 item 5): the category trees and
 * plans (fixed ids, as the direct seed writes them), the demo folder generated once into
 * `cacheRoot` (or reused), imported like any manifest (items by key, screens by content hash, their
 * WebP variants left to the job queue), then the articles and 60 days of activity behind the Hot
 * ranking. Idempotent: run on a catalogue that has the items, it adds nothing.
 */
export type DemoImportDeps = SeedDeps & { jobs: JobQueue; reader: Pick<ScreenReader, 'enqueue'> };

export type DemoImportSummary = {
  folder: string;
  generated: GenerateSummary | null;
  imported: ImportSummary;
  activityRows: number;
  articles: boolean;
  seconds: { generate: number; import: number; total: number };
};

const since = (start: number) => Math.round((performance.now() - start) / 100) / 10;

export async function importDemo(
  deps: DemoImportDeps,
  cacheRoot: string,
  options: { concurrency?: number; /** Only these item keys (tests). */ keys?: readonly string[] } = {},
): Promise<DemoImportSummary> {
  const started = performance.now();
  await deps.db.transaction((tx) => insertReferenceData(tx));
  const { folder, generated } = await ensureDemoFolder(cacheRoot, { concurrency: options.concurrency, keys: options.keys, log: deps.log.info });
  const generatedAt = performance.now();
  const manifest = await readManifest(path.join(folder, 'manifest.json'));
  // Its processing jobs last: an operator's upload or import made meanwhile goes first (issue 29).
  const imported = await importManifest({ db: deps.db, media: deps.media, jobs: deps.jobs, reader: deps.reader }, manifest, folder, { priority: SCREEN_PRIORITY.demo });
  const importedAt = performance.now();
  const keys = manifest.items.map((entry) => entry.key);
  const rows = await deps.db.select({ id: item.id, name: item.name, key: item.key }).from(item).where(inArray(item.key, keys));
  const activityRows =
    (await seedDemoActivity(deps.db, new Map(rows.map((row) => [row.name, row.id])))) +
    (await seedBusinessActivity(deps.db, new Map(rows.flatMap((row) => (row.key ? [[row.key, row.id] as const] : [])))));
  const articles = await seedDemoArticles(deps, options.concurrency);
  await refreshPlannerStatistics(deps.db);
  const summary: DemoImportSummary = {
    folder,
    generated,
    imported,
    activityRows,
    articles,
    seconds: { generate: since(started), import: Math.round((importedAt - generatedAt) / 100) / 10, total: since(started) },
  };
  summary.seconds.generate = Math.round((generatedAt - started) / 100) / 10;
  deps.log.info(
    `demo import: folder ${generated ? `generated (${generated.screens} screens) in ${summary.seconds.generate} s` : 'reused'}; ` +
      `items ${imported.items.created} created, screens ${imported.added} added, ${imported.skipped} skipped, ${imported.rejected.length} rejected ` +
      `in ${summary.seconds.import} s; ${activityRows} activity rows; total ${summary.seconds.total} s (variants are queued jobs)`,
  );
  return summary;
}

/**
 * The 60 days of activity of the demo's business software (seedDemoActivity covers the apps and
 * sites of the direct seed's plan), so the business list's Hot order has a signal too.
 */
async function seedBusinessActivity(db: Queryable, idsByKey: ReadonlyMap<string, number>): Promise<number> {
  const business = planDemo({ chinese: false }).filter((entry) => (entry.kind === 'business' || entry.kind === 'business-app') && idsByKey.has(entry.key));
  const rows = business.flatMap((entry) =>
    entry.plan.activity.map((d) => ({ itemId: idsByKey.get(entry.key) as number, day: activityDay(DEMO_BASE_DATE, d.ageDays), views: d.views, collects: d.collects })),
  );
  if (rows.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (let at = 0; at < rows.length; at += 500) await tx.insert(itemActivity).values(rows.slice(at, at + 500)).onConflictDoNothing();
    await refreshHotScores(tx, [...new Set(rows.map((row) => row.itemId))]);
  });
  return rows.length;
}

/**
 * importDemo on an empty catalogue, or to finish one cut short (some demo items imported, not all:
 * the importer resumes where it stopped); true when it ran.
 */
export async function importDemoIfEmpty(deps: DemoImportDeps, cacheRoot: string): Promise<boolean> {
  const keys = planDemo({ chinese: false }).map((entry) => entry.key);
  const [row] = await deps.db.select({ n: count() }).from(item).where(inArray(item.key, keys));
  const imported = row?.n ?? 0;
  if (imported === keys.length) return false;
  if (imported === 0 && !(await catalogueIsEmpty(deps.db))) return false;
  await importDemo(deps, cacheRoot);
  return true;
}
