import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { category, item, preview, previewElement } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/**
 * The ingestion pipeline's reads and writes of screens (`preview` rows): adding them once per
 * content hash, their processing state, and the admin console's order, category and delete.
 */

export type ScreenRow = {
  id: number;
  itemId: number;
  path: string;
  width: number;
  height: number;
  categoryId: number | null;
  sort: number;
  contentHash: string | null;
  status: 'processing' | 'ready' | 'failed';
  colors: string[];
  blurhash: string | null;
  /** Its UI elements (ids of the element tree), ascending. */
  elements: number[];
  ocrText: string | null;
};

const columns = {
  id: preview.id,
  itemId: preview.itemId,
  path: preview.path,
  width: preview.width,
  height: preview.height,
  categoryId: preview.categoryId,
  sort: preview.sort,
  contentHash: preview.contentHash,
  status: preview.status,
  colors: preview.colors,
  blurhash: preview.blurhash,
  elements: preview.elementIds,
  ocrText: preview.ocrText,
};

export async function screenByHash(db: Handle, itemId: number, hash: string): Promise<ScreenRow | null> {
  const rows = await db.select(columns).from(preview).where(and(eq(preview.itemId, itemId), eq(preview.contentHash, hash))).limit(1);
  return rows[0] ?? null;
}

export async function screenById(db: Handle, id: number): Promise<ScreenRow | null> {
  const rows = await db.select(columns).from(preview).where(eq(preview.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The content hashes an item has already (the importer skips those files without storing them). */
export async function itemHashes(db: Handle, itemId: number): Promise<Set<string>> {
  const rows = await db.select({ hash: preview.contentHash }).from(preview).where(eq(preview.itemId, itemId));
  return new Set(rows.map((row) => row.hash).filter((hash): hash is string => hash !== null));
}

/** The sort after the item's last screen. */
export async function nextSort(db: Handle, itemId: number): Promise<number> {
  const rows = await db
    .select({ next: sql<number>`coalesce(max(${preview.sort}), 0) + 1`.mapWith(Number) })
    .from(preview)
    .where(eq(preview.itemId, itemId));
  return rows[0]?.next ?? 1;
}

/** Insert a screen in 'processing'; null when the item has this content already (a concurrent add). */
export async function insertScreen(
  tx: Handle,
  values: { itemId: number; path: string; width: number; height: number; categoryId: number | null; sort: number; contentHash: string },
): Promise<ScreenRow | null> {
  const rows = await tx
    .insert(preview)
    .values({ ...values, status: 'processing' })
    .onConflictDoNothing({ target: [preview.itemId, preview.contentHash] })
    .returning(columns);
  return rows[0] ?? null;
}

export async function markProcessed(db: Handle, id: number, values: { colors: string[]; blurhash: string; phash: bigint; luminance: number }): Promise<void> {
  await db.update(preview).set({ ...values, status: 'ready' }).where(eq(preview.id, id));
}

export async function markFailed(db: Handle, id: number): Promise<void> {
  await db.update(preview).set({ status: 'failed' }).where(eq(preview.id, id));
}

/** An item's screens in their order. */
export async function listScreens(db: Handle, itemId: number): Promise<ScreenRow[]> {
  return db.select(columns).from(preview).where(eq(preview.itemId, itemId)).orderBy(asc(preview.sort), asc(preview.id));
}

/** These screens (those that exist), locked until the transaction ends when `lock`. */
export async function screensByIds(db: Handle, ids: readonly number[], options: { lock?: boolean } = {}): Promise<ScreenRow[]> {
  if (ids.length === 0) return [];
  const query = db.select(columns).from(preview).where(inArray(preview.id, [...ids])).orderBy(asc(preview.id));
  return options.lock ? query.for('update') : query;
}

/** Give the screens `ids` the sorts 1, 2, 3, … in that order (one statement). */
export async function setOrder(tx: Handle, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${preview} set sort = o.n
    from unnest(${`{${ids.join(',')}}`}::int4[]) with ordinality as o(id, n)
    where ${preview.id} = o.id`);
}

export async function setCategory(tx: Handle, ids: readonly number[], categoryId: number | null): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(preview).set({ categoryId }).where(inArray(preview.id, [...ids]));
}

export async function deleteScreens(tx: Handle, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(preview).where(inArray(preview.id, [...ids]));
}

/** Which of these paths no screen uses any more (their files may go). */
export async function unusedPaths(db: Handle, paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const rows = await db.select({ path: preview.path }).from(preview).where(inArray(preview.path, [...paths]));
  const used = new Set(rows.map((row) => row.path));
  return [...new Set(paths)].filter((path) => !used.has(path));
}

/** Tag screens with UI elements (those they have already are kept). */
export async function addElements(tx: Handle, ids: readonly number[], elements: readonly number[]): Promise<void> {
  if (ids.length === 0 || elements.length === 0) return;
  await tx
    .insert(previewElement)
    .values(ids.flatMap((previewId) => elements.map((categoryId) => ({ previewId, categoryId }))))
    .onConflictDoNothing();
}

/** Untag UI elements from screens. */
export async function removeElements(tx: Handle, ids: readonly number[], elements: readonly number[]): Promise<void> {
  if (ids.length === 0 || elements.length === 0) return;
  await tx.delete(previewElement).where(and(inArray(previewElement.previewId, [...ids]), inArray(previewElement.categoryId, [...elements])));
}

/** How many of these ids are UI elements (kind element, not the root). */
export async function countElements(db: Handle, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: category.id })
    .from(category)
    .where(and(inArray(category.id, [...ids]), eq(category.kind, 'element'), ne(category.preId, 0)));
  return rows.length;
}

/** Whether `id` is a screen category (kind screen, not the root). */
export async function isScreenCategory(db: Handle, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: category.id })
    .from(category)
    .where(and(eq(category.id, id), eq(category.kind, 'screen'), ne(category.preId, 0)))
    .limit(1);
  return rows.length > 0;
}

/** What OCR needs of a screen: its original, its text if read already, and its item's names and briefs in Chinese. */
export async function ocrSource(
  db: Handle,
  id: number,
): Promise<{ path: string; ocrText: string | null; chinese: { simplified: (string | null)[]; traditional: (string | null)[] } } | null> {
  const rows = await db
    .select({ path: preview.path, ocrText: preview.ocrText, nameCn: item.nameCn, briefingCn: item.briefingCn, nameTw: item.nameTw, briefingTw: item.briefingTw })
    .from(preview)
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(eq(preview.id, id))
    .limit(1);
  const row = rows[0];
  return row ? { path: row.path, ocrText: row.ocrText, chinese: { simplified: [row.nameCn, row.briefingCn], traditional: [row.nameTw, row.briefingTw] } } : null;
}

/** Store the texts read (one statement for a batch: one catalogue change notification). */
export async function setOcrTexts(db: Handle, texts: readonly { id: number; text: string }[]): Promise<void> {
  if (texts.length === 0) return;
  await db.execute(sql`
    update ${preview} set ocr_text = v.text
    from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) as v(id int, text text)
    where ${preview.id} = v.id`);
}

/** The screens whose text has not been read, oldest first. */
export async function unreadScreenIds(db: Handle): Promise<number[]> {
  const rows = await db.select({ id: preview.id }).from(preview).where(isNull(preview.ocrText)).orderBy(asc(preview.id));
  return rows.map((row) => row.id);
}
