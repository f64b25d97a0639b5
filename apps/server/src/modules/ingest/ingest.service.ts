import type { Readable } from 'node:stream';
import { ScreenMessage, type AdminScreen } from '@shotlib/contract/ingest';
import type { Db } from '../../db/client';
import { inTransaction, type Handle } from '../../db/transaction';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { MediaStore } from '../../lib/storage';
import type { JobQueue } from '../jobs/jobs.service';
import { decodeImage, deleteWithVariants, storeVariant } from '../media/media.service';
import * as repo from './ingest.repo';
import { blurhashOf, checkScreen, dominantColors, meanLuminance, perceptualHash, variantWidthsFor } from './screen-image';
import { OCR_PRIORITY, type ScreenReader } from './screen-reader';

export { ScreenRejected, checkScreen, hashDistance, perceptualHash, sha256, type CheckedScreen } from './screen-image';
export { detectOcr, type Ocr } from './ocr';
export { OCR_JOB, OCR_PRIORITY, createScreenReader, type ScreenReader } from './screen-reader';

/**
 * The ingestion pipeline (issue 12): one path for a screenshot, whether an admin uploads it or
 * `npm run import` reads it from a manifest. A file is decoded and validated, its original stored
 * once under its content hash (`shots/<item>/<sha-256>.<ext>`), its row added as 'processing', and
 * a queued job (`screen.process`) renders the WebP variants, finds the dominant colours, the
 * blurhash and the perceptual hash, and marks it 'ready'; another (`screen.ocr`, its own queue)
 * reads the text inside it. An item holds each content once: adding it again is a duplicate.
 */

export const SCREEN_JOB = 'screen.process';
/**
 * The priority of a screen's processing job (higher is claimed first): an operator's console upload
 * goes first, then an operator's import, then the first start's demo, so an upload never waits behind
 * the demo's 1,500 screens (issue 29). Within a priority, the oldest first.
 */
export const SCREEN_PRIORITY = { upload: 20, import: 10, demo: 0 } as const;

export type IngestDeps = {
  db: Db;
  media: MediaStore;
  jobs: JobQueue;
  /** Reads the text of new screens (queues nothing when OCR is off). */
  reader: Pick<ScreenReader, 'enqueue'>;
};
export type ScreenRow = repo.ScreenRow;

/** A screen as the console shows it; `sign` turns its protected path into a URL /media serves. */
export function toAdminScreen(row: ScreenRow, sign: (key: string) => string): AdminScreen {
  return {
    id: row.id,
    itemId: row.itemId,
    path: sign(row.path),
    width: row.width,
    height: row.height,
    group: row.categoryId,
    sort: row.sort,
    hash: row.contentHash ?? '',
    status: row.status,
    colors: row.colors,
    blurhash: row.blurhash,
    elements: row.elements,
    text: row.ocrText,
  };
}

/** 400 unless `group` is null or a screen category. */
export async function checkScreenGroup(db: Handle, group: number | null | undefined): Promise<void> {
  if (group === null || group === undefined) return;
  if (!(await repo.isScreenCategory(db, group))) throw new BadRequestError(ScreenMessage.unknownGroup);
}

export type IngestOptions = {
  /** Screen category id (checked by the caller). */
  group?: number | null;
  /** Position; default after the item's last screen. */
  sort?: number;
  /** Runs in the transaction that adds the screen (the admin module writes its audit row here). */
  onAdded?: (tx: Handle, screen: ScreenRow) => Promise<void>;
  /** The priority of its processing job (default an import's: SCREEN_PRIORITY). */
  priority?: number;
  /** The priority of its OCR job (default the backlog's; console uploads go first). */
  ocrPriority?: number;
};

/**
 * Add a screenshot to an item (which must exist): validate it (ScreenRejected with the reason),
 * then either find the item's screen of the same content (`duplicate`, nothing written) or store
 * the original, insert the row and enqueue its processing in one transaction.
 */
export async function ingestScreen(deps: IngestDeps, itemId: number, bytes: Buffer, options: IngestOptions = {}): Promise<{ screen: ScreenRow; duplicate: boolean }> {
  const checked = await checkScreen(bytes);
  const existing = await repo.screenByHash(deps.db, itemId, checked.hash);
  if (existing) return { screen: existing, duplicate: true };
  const path = `shots/${itemId}/${checked.hash}.${checked.ext}`;
  // Content-addressed: storing it again (a retry, a concurrent add) writes the same bytes.
  await deps.media.put(path, checked.original);
  return inTransaction(deps.db, async (tx) => {
    const sort = options.sort ?? (await repo.nextSort(tx, itemId));
    const added = await repo.insertScreen(tx, {
      itemId,
      path,
      width: checked.width,
      height: checked.height,
      categoryId: options.group ?? null,
      sort,
      contentHash: checked.hash,
    });
    if (!added) return { screen: (await repo.screenByHash(tx, itemId, checked.hash))!, duplicate: true };
    await deps.jobs.enqueue(tx, SCREEN_JOB, { screenId: added.id }, { priority: options.priority ?? SCREEN_PRIORITY.import });
    await deps.reader.enqueue(tx, added.id, options.ocrPriority ?? OCR_PRIORITY.backlog);
    await options.onAdded?.(tx, added);
    return { screen: added, duplicate: false };
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The queued step of a screen: its WebP variants (stored where /media looks for them, so no
 * request renders them), dominant colours, blurhash, perceptual hash and mean luminance (light or dark, decision 056); then 'ready'. A screen deleted meanwhile
 * is nothing to do; on the last failed attempt it is marked 'failed' (and keeps being served).
 */
export async function processScreen(deps: Pick<IngestDeps, 'db' | 'media'>, screenId: number): Promise<boolean> {
  const row = await repo.screenById(deps.db, screenId);
  if (!row) return false;
  const file = await deps.media.open(row.path);
  if (!file) throw new Error(`screen ${screenId}: original ${row.path} is missing`);
  // Decoded once: every variant, the colours and the placeholder are made from the same pixels.
  const decoded = await decodeImage(await readAll(file.stream));
  for (const width of variantWidthsFor(row.width)) await storeVariant(deps.media, row.path, decoded, width);
  const [colors, blurhash, phash, luminance] = [await dominantColors(decoded), await blurhashOf(decoded), await perceptualHash(decoded), await meanLuminance(decoded)];
  await repo.markProcessed(deps.db, screenId, { colors, blurhash, phash, luminance });
  return true;
}

/** Handle `screen.process` jobs with this queue. */
export function registerIngestJobs(queue: JobQueue, deps: Pick<IngestDeps, 'db' | 'media'>): void {
  queue.register(SCREEN_JOB, async (payload, context) => {
    const { screenId } = payload as { screenId: number };
    try {
      await processScreen(deps, screenId);
    } catch (err) {
      if (context.attempt >= context.maxAttempts) await repo.markFailed(deps.db, screenId);
      throw err;
    }
  });
}

// ---- the console's screen management (the admin module runs these in its audited transactions) ----

/** An item's screens in order. */
export const listScreens = (db: Handle, itemId: number): Promise<ScreenRow[]> => repo.listScreens(db, itemId);

/** The content hashes an item has already. */
export const itemHashes = (db: Handle, itemId: number): Promise<Set<string>> => repo.itemHashes(db, itemId);

/** Reorder an item's screens: `ids` must be every one of them, once. Returns before and after. */
export async function reorderScreens(tx: Handle, itemId: number, ids: readonly number[]): Promise<{ before: ScreenRow[]; after: ScreenRow[] }> {
  const before = await repo.listScreens(tx, itemId);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || wanted.size !== before.length || before.some((row) => !wanted.has(row.id))) {
    throw new BadRequestError(ScreenMessage.orderMismatch);
  }
  await repo.screensByIds(tx, ids, { lock: true });
  await repo.setOrder(tx, ids);
  return { before, after: await repo.listScreens(tx, itemId) };
}

/** Lock these screens; 404 unless every one exists. */
async function lockedScreens(tx: Handle, ids: readonly number[]): Promise<ScreenRow[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.screensByIds(tx, unique, { lock: true });
  if (rows.length !== unique.length) throw new NotFoundError(ScreenMessage.screenMissing);
  return rows;
}

/** Set (or clear) the screen category of screens. Returns them before and after. */
export async function setScreenCategory(tx: Handle, ids: readonly number[], group: number | null): Promise<{ before: ScreenRow[]; after: ScreenRow[] }> {
  await checkScreenGroup(tx, group);
  const before = await lockedScreens(tx, ids);
  await repo.setCategory(tx, before.map((row) => row.id), group);
  return { before, after: await repo.screensByIds(tx, before.map((row) => row.id)) };
}

/** Tag screens with UI elements (ids of the element tree, checked by the caller); tags they have are kept. */
export async function addScreenElements(db: Handle, ids: readonly number[], elements: readonly number[]): Promise<void> {
  await repo.addElements(db, ids, elements);
}

/**
 * Tag (`add`) and untag (`remove`) UI elements on screens; an element in both is removed. 400
 * (ScreenMessage.unknownElement) unless every id is a UI element (below root 7); 404 unless every
 * screen exists. Returns the screens before and after.
 */
export async function setScreenElements(
  tx: Handle,
  ids: readonly number[],
  change: { add: readonly number[]; remove: readonly number[] },
): Promise<{ before: ScreenRow[]; after: ScreenRow[] }> {
  const named = [...new Set([...change.add, ...change.remove])];
  if ((await repo.countElements(tx, named)) !== named.length) throw new BadRequestError(ScreenMessage.unknownElement);
  const before = await lockedScreens(tx, ids);
  const screens = before.map((row) => row.id);
  await repo.addElements(tx, screens, change.add.filter((id) => !change.remove.includes(id)));
  await repo.removeElements(tx, screens, change.remove);
  return { before, after: await repo.screensByIds(tx, screens) };
}

/** Delete screens (their collects go with them). Returns the rows; their files go by `deleteScreenFiles` after commit. */
export async function deleteScreens(tx: Handle, ids: readonly number[]): Promise<ScreenRow[]> {
  const rows = await lockedScreens(tx, ids);
  await repo.deleteScreens(tx, rows.map((row) => row.id));
  return rows;
}

/** After a delete committed: remove the files (and variants) no screen uses any more. */
export async function deleteScreenFiles(deps: Pick<IngestDeps, 'db' | 'media'>, rows: readonly ScreenRow[]): Promise<void> {
  const unused = await repo.unusedPaths(deps.db, rows.map((row) => row.path));
  for (const path of unused) await deleteWithVariants(deps.media, path);
}
