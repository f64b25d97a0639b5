import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_MAX_SIDE_PX } from '@shotlib/contract/admin';
import { IngestMessage, ManifestSchema, type Manifest } from '@shotlib/contract/ingest';
import { inTransaction } from '../../db/transaction';
import { reencodeImage, storeByContent } from '../../lib/uploaded-image';
import { itemAdmin } from '../catalog/catalog.service';
import { ScreenRejected, ingestScreen, itemHashes, sha256, type IngestDeps } from './ingest.service';

/**
 * `npm run import`: a manifest (docs/import-manifest.md) through the ingestion pipeline. Items are
 * matched by their stable key, categories by tree and English name, screens by content hash: a
 * second run adds nothing, and a run cut short (a kill, Ctrl-C) is finished by running it again —
 * every screen added is in the database with its queued job, so nothing is done twice.
 */

/** The manifest did not parse or validate: one line per problem. */
export class ManifestError extends Error {
  constructor(readonly problems: string[]) {
    super(`The manifest is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ManifestError';
  }
}

export type Rejected = { file: string; reason: string };

export type ImportProgress = {
  /** Screens looked at so far, of `total`. */
  done: number;
  total: number;
  added: number;
  skipped: number;
  rejected: number;
};

export type ImportSummary = {
  items: { created: number; updated: number; unchanged: number };
  categoriesCreated: number;
  /** Screens added, skipped (already there: same content), refused (with the file and why). */
  added: number;
  skipped: number;
  rejected: Rejected[];
  /** Stopped by the signal before the end: run it again to finish. */
  aborted: boolean;
};

/** `<folder>/manifest.json` for a folder, the file itself otherwise. */
export async function manifestPathOf(target: string): Promise<string> {
  const info = await stat(target);
  return info.isDirectory() ? path.join(target, 'manifest.json') : target;
}

/** Read and validate a manifest (ManifestError lists every problem). */
export async function readManifest(file: string): Promise<Manifest> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new ManifestError([`${file}: ${(err as Error).message}`]);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new ManifestError(parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(top)'}: ${issue.message}`));
  }
  const keys = new Set<string>();
  const duplicates = parsed.data.items.filter((entry) => keys.size === keys.add(entry.key).size).map((entry) => `items: the key "${entry.key}" appears more than once`);
  if (duplicates.length > 0) throw new ManifestError(duplicates);
  return parsed.data;
}

export type ImportOptions = {
  /** Checked between files: the import stops there (and `aborted` is set). */
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  now?: () => Date;
};

/** Create the declared categories that do not exist yet, parents before children. */
async function ensureCategories(deps: IngestDeps, manifest: Manifest): Promise<number> {
  let created = 0;
  let pending = [...manifest.categories];
  while (pending.length > 0) {
    const next: typeof pending = [];
    for (const declared of pending) {
      const outcome = await inTransaction(deps.db, (tx) => itemAdmin.ensureCategory(tx, declared.tree, declared.name, declared.parent));
      if (outcome === null) next.push(declared);
      else if (outcome.created) created += 1;
    }
    if (next.length === pending.length) {
      throw new ManifestError(next.map((declared) => `categories: "${declared.name.en}" names a parent "${declared.parent ?? ''}" that is neither declared nor existing in the ${declared.tree} tree`));
    }
    pending = next;
  }
  return created;
}

/** Import a validated manifest whose files are relative to `baseDir`. */
export async function importManifest(deps: IngestDeps, manifest: Manifest, baseDir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const now = options.now ?? (() => new Date());
  const summary: ImportSummary = { items: { created: 0, updated: 0, unchanged: 0 }, categoriesCreated: 0, added: 0, skipped: 0, rejected: [], aborted: false };
  const total = manifest.items.reduce((sum, entry) => sum + entry.screens.length, 0);
  let done = 0;
  const report = () => options.onProgress?.({ done, total, added: summary.added, skipped: summary.skipped, rejected: summary.rejected.length });

  summary.categoriesCreated = await ensureCategories(deps, manifest);
  const listCategories = await itemAdmin.categoryIdsByName(deps.db, 'list');
  const screenCategories = await itemAdmin.categoryIdsByName(deps.db, 'screen');
  report();

  for (const entry of manifest.items) {
    if (options.signal?.aborted) break;
    const label = `items.${entry.key}`;
    const groups = entry.categories.map((name) => listCategories.get(name.toLowerCase()));
    if (groups.some((id) => id === undefined)) {
      summary.rejected.push({ file: label, reason: IngestMessage.unknownCategory });
      done += entry.screens.length;
      report();
      continue;
    }
    const text = entry.briefing;
    const { id: itemId, created, changed } = await inTransaction(deps.db, (tx) =>
      itemAdmin.upsertItemByKey(
        tx,
        entry.key,
        {
          name: entry.name.en,
          nameCn: entry.name.zhCN ?? null,
          nameTw: entry.name.zhTW ?? null,
          briefing: text?.en ?? '',
          briefingCn: text?.zhCN ?? null,
          briefingTw: text?.zhTW ?? null,
          site: entry.site ?? '',
          rating: entry.rating ?? 0,
          platform: entry.kind === 'site',
          publishedAt: entry.publishedAt,
          published: entry.published,
          group: groups as number[],
        },
        now(),
      ),
    );
    if (created) summary.items.created += 1;
    else if (changed) summary.items.updated += 1;
    else summary.items.unchanged += 1;

    if (entry.logo) await importLogo(deps, itemId, path.join(baseDir, entry.logo), entry.logo, summary);

    const known = await itemHashes(deps.db, itemId);
    for (const [index, screen] of entry.screens.entries()) {
      if (options.signal?.aborted) break;
      try {
        let bytes: Buffer;
        try {
          bytes = await readFile(path.join(baseDir, screen.file));
        } catch {
          throw new ScreenRejected(IngestMessage.missingFile);
        }
        let group: number | null = null;
        if (screen.category) {
          group = screenCategories.get(screen.category.toLowerCase()) ?? null;
          if (group === null) throw new ScreenRejected(IngestMessage.unknownCategory);
        }
        const hash = sha256(bytes);
        if (known.has(hash)) {
          summary.skipped += 1;
        } else {
          const outcome = await ingestScreen(deps, itemId, bytes, { group, sort: index + 1 });
          known.add(hash);
          if (outcome.duplicate) summary.skipped += 1;
          else summary.added += 1;
        }
      } catch (err) {
        if (!(err instanceof ScreenRejected)) throw err;
        summary.rejected.push({ file: screen.file, reason: err.reason });
      }
      done += 1;
      report();
    }
  }
  summary.aborted = options.signal?.aborted ?? false;
  return summary;
}

/** An item's logo from a file: re-encoded like console uploads (decision 037); refused files are reported. */
async function importLogo(deps: IngestDeps, itemId: number, file: string, label: string, summary: ImportSummary): Promise<void> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    summary.rejected.push({ file: label, reason: IngestMessage.missingFile });
    return;
  }
  let webp: Buffer;
  try {
    webp = await reencodeImage(bytes, { maxSide: LOGO_MAX_SIDE_PX, fit: 'inside', quality: 90 });
  } catch {
    summary.rejected.push({ file: label, reason: IngestMessage.notAnImage });
    return;
  }
  const key = await storeByContent(deps.media, 'logos', webp);
  const current = await itemAdmin.getItem(deps.db, itemId);
  if (current.logo !== key) await inTransaction(deps.db, (tx) => itemAdmin.setLogo(tx, itemId, key));
}
