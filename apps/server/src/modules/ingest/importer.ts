import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_MAX_SIDE_PX } from '@shotlib/contract/admin';
import { IngestMessage, ManifestSchema, type Manifest, type ManifestFlow, type ManifestItem } from '@shotlib/contract/ingest';
import { inTransaction } from '../../db/transaction';
import { reencodeImage, storeByContent } from '../../lib/uploaded-image';
import { itemAdmin } from '../catalog/catalog.service';
import { flowAdmin } from '../flow/flow.service';
import { openImportFolder, type FolderRead, type ImportFolder } from './import-folder';
import { SCREEN_PRIORITY, ScreenRejected, addScreenElements, ingestScreen, listScreens, sha256, type IngestDeps } from './ingest.service';

/**
 * `npm run import`: a manifest (docs/import-manifest.md) through the ingestion pipeline. Items are
 * matched by their stable key, categories by tree and English name, screens by content hash, flows
 * by their key within the item: a second run adds nothing, and a run cut short (a kill, Ctrl-C) is
 * finished by running it again — every screen added is in the database with its queued job, so
 * nothing is done twice. Business software (kinds `business`, `business-app`) is flagged and takes
 * its categories from the business tree; an item's flows are imported after its screens, each step
 * naming one of the item's screen files.
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

type Counts = { created: number; updated: number; unchanged: number };

export type ImportSummary = {
  items: Counts;
  /** Flows created, replaced (a re-import that changed them) or unchanged; refused ones are in `rejected`. */
  flows: Counts;
  categoriesCreated: number;
  /** Screens added, skipped (already there: same content), refused (with the file, or the item or flow, and why). */
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
  for (const entry of parsed.data.items) {
    const flowKeys = new Set<string>();
    for (const flow of entry.flows) {
      if (flowKeys.size === flowKeys.add(flow.key).size) duplicates.push(`items.${entry.key}.flows: the key "${flow.key}" appears more than once`);
    }
  }
  if (duplicates.length > 0) throw new ManifestError(duplicates);
  return parsed.data;
}

export type ImportOptions = {
  /** Checked between files: the import stops there (and `aborted` is set). */
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  now?: () => Date;
  /** The priority of the screens' processing jobs (default an operator's import: SCREEN_PRIORITY). */
  priority?: number;
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

const isBusiness = (entry: ManifestItem): boolean => entry.kind === 'business' || entry.kind === 'business-app';

/** The category ids by lower-cased English name, of each tree the import reads. */
type Trees = Record<'list' | 'business' | 'screen' | 'flow' | 'element', Map<string, number>>;

const countInto = (counts: Counts, outcome: { created: boolean; changed: boolean }): void => {
  if (outcome.created) counts.created += 1;
  else if (outcome.changed) counts.updated += 1;
  else counts.unchanged += 1;
};

/** Why a file of the folder was not read, as the summary says it. */
const folderProblem = (read: Exclude<FolderRead, { ok: true }>): typeof IngestMessage.outsideFolder | typeof IngestMessage.missingFile => (read.problem === 'outside' ? IngestMessage.outsideFolder : IngestMessage.missingFile);

/**
 * Import a validated manifest whose files are relative to `baseDir`. Files are read only from
 * inside that folder: one whose real path (through links) is outside it is refused
 * (`outsideFolder`) and reported like any refused file (import-folder.ts).
 */
export async function importManifest(deps: IngestDeps, manifest: Manifest, baseDir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const now = options.now ?? (() => new Date());
  const summary: ImportSummary = {
    items: { created: 0, updated: 0, unchanged: 0 },
    flows: { created: 0, updated: 0, unchanged: 0 },
    categoriesCreated: 0,
    added: 0,
    skipped: 0,
    rejected: [],
    aborted: false,
  };
  const total = manifest.items.reduce((sum, entry) => sum + entry.screens.length, 0);
  let done = 0;
  const report = () => options.onProgress?.({ done, total, added: summary.added, skipped: summary.skipped, rejected: summary.rejected.length });

  const folder = await openImportFolder(baseDir);
  summary.categoriesCreated = await ensureCategories(deps, manifest);
  const trees: Trees = {
    list: await itemAdmin.categoryIdsByName(deps.db, 'list'),
    business: await itemAdmin.categoryIdsByName(deps.db, 'business'),
    screen: await itemAdmin.categoryIdsByName(deps.db, 'screen'),
    flow: await itemAdmin.categoryIdsByName(deps.db, 'flow'),
    element: await itemAdmin.categoryIdsByName(deps.db, 'element'),
  };
  report();

  for (const entry of manifest.items) {
    if (options.signal?.aborted) break;
    const label = `items.${entry.key}`;
    const business = isBusiness(entry);
    const listTree = business ? trees.business : trees.list;
    const groups = entry.categories.map((name) => listTree.get(name.toLowerCase()));
    if (groups.some((id) => id === undefined)) {
      summary.rejected.push({ file: label, reason: IngestMessage.unknownCategory });
      done += entry.screens.length;
      report();
      continue;
    }
    const text = entry.briefing;
    const outcome = await inTransaction(deps.db, (tx) =>
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
          platform: entry.kind === 'site' || entry.kind === 'business',
          business,
          publishedAt: entry.publishedAt,
          published: entry.published,
          group: groups as number[],
        },
        now(),
      ),
    );
    countInto(summary.items, outcome);
    const itemId = outcome.id;

    if (entry.logo) await importLogo(deps, itemId, folder, entry.logo, summary);

    /** The item's screens by content hash, and the screen of each file of this manifest. */
    const known = new Map((await listScreens(deps.db, itemId)).flatMap((row) => (row.contentHash ? [[row.contentHash, row.id] as const] : [])));
    const screenOfFile = new Map<string, number>();
    for (const [index, screen] of entry.screens.entries()) {
      if (options.signal?.aborted) break;
      try {
        const read = await folder.read(screen.file);
        if (!read.ok) throw new ScreenRejected(folderProblem(read));
        const bytes = read.bytes;
        let group: number | null = null;
        if (screen.category) {
          group = trees.screen.get(screen.category.toLowerCase()) ?? null;
          if (group === null) throw new ScreenRejected(IngestMessage.unknownCategory);
        }
        const hash = sha256(bytes);
        const existing = known.get(hash);
        if (existing !== undefined) {
          summary.skipped += 1;
          screenOfFile.set(screen.file, existing);
        } else {
          const added = await ingestScreen(deps, itemId, bytes, { group, sort: index + 1, priority: options.priority ?? SCREEN_PRIORITY.import });
          known.set(hash, added.screen.id);
          screenOfFile.set(screen.file, added.screen.id);
          if (added.duplicate) summary.skipped += 1;
          else summary.added += 1;
        }
        await tagElements(deps, screenOfFile.get(screen.file)!, screen.file, screen.elements, trees.element, summary);
      } catch (err) {
        if (!(err instanceof ScreenRejected)) throw err;
        summary.rejected.push({ file: screen.file, reason: err.reason });
      }
      done += 1;
      report();
    }
    if (options.signal?.aborted) break;
    for (const flow of entry.flows) await importItemFlow(deps, itemId, `${label}.flows.${flow.key}`, flow, { types: trees.flow, screenOfFile }, summary);
  }
  summary.aborted = options.signal?.aborted ?? false;
  return summary;
}

/**
 * A screen's UI elements by English name (the element tree), added to those it has (a re-import
 * adds nothing, and keeps the console's tags). An unknown name is reported like an unknown
 * category; the screen stays imported with the elements that are known.
 */
async function tagElements(deps: IngestDeps, screenId: number, file: string, names: readonly string[], elements: Map<string, number>, summary: ImportSummary): Promise<void> {
  const ids: number[] = [];
  for (const name of names) {
    const id = elements.get(name.toLowerCase());
    if (id === undefined) summary.rejected.push({ file: `${file}: ${name}`, reason: IngestMessage.unknownCategory });
    else ids.push(id);
  }
  await addScreenElements(deps.db, [screenId], ids);
}

/**
 * One flow of an item, after its screens: its type by English name (the flow tree), each step by
 * the file of one of the item's screens imported in this run. A flow naming an unknown type or a
 * file that is not one of the item's screens (or was refused) is reported and left as it was.
 */
async function importItemFlow(
  deps: IngestDeps,
  itemId: number,
  label: string,
  flow: ManifestFlow,
  lookup: { types: Map<string, number>; screenOfFile: Map<string, number> },
  summary: ImportSummary,
): Promise<void> {
  const type = lookup.types.get(flow.type.toLowerCase());
  if (type === undefined) {
    summary.rejected.push({ file: label, reason: IngestMessage.unknownFlowType });
    return;
  }
  const unknown = flow.steps.find((step) => !lookup.screenOfFile.has(step.file));
  if (unknown) {
    summary.rejected.push({ file: `${label}: ${unknown.file}`, reason: IngestMessage.flowStepUnknown });
    return;
  }
  const outcome = await inTransaction(deps.db, (tx) =>
    flowAdmin.importFlow(tx, itemId, flow.key, {
      type,
      name: flow.name.en,
      nameCn: flow.name.zhCN ?? null,
      nameTw: flow.name.zhTW ?? null,
      steps: flow.steps.map((step) => ({
        previewId: lookup.screenOfFile.get(step.file)!,
        caption: step.caption?.en ?? '',
        captionCn: step.caption?.zhCN ?? null,
        captionTw: step.caption?.zhTW ?? null,
      })),
    }),
  );
  countInto(summary.flows, outcome);
}

/** An item's logo from a file of the folder: re-encoded like console uploads (decision 037); refused files are reported. */
async function importLogo(deps: IngestDeps, itemId: number, folder: ImportFolder, file: string, summary: ImportSummary): Promise<void> {
  const read = await folder.read(file);
  if (!read.ok) {
    summary.rejected.push({ file, reason: folderProblem(read) });
    return;
  }
  let webp: Buffer;
  try {
    webp = await reencodeImage(read.bytes, { maxSide: LOGO_MAX_SIDE_PX, fit: 'inside', quality: 90 });
  } catch {
    summary.rejected.push({ file, reason: IngestMessage.notAnImage });
    return;
  }
  const key = await storeByContent(deps.media, 'logos', webp);
  const current = await itemAdmin.getItem(deps.db, itemId);
  if (current.logo !== key) await inTransaction(deps.db, (tx) => itemAdmin.setLogo(tx, itemId, key));
}
