import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import * as repo from './catalog.repo';

/**
 * Views and collects feed the Hot ranking (decision record 005). Counting each one with its own
 * writes would put three writes (activity row, item row and its index entries) behind every detail
 * view; instead they are summed in memory for a moment and written together, five items to a statement:
 * an upsert of the day rows and the touched items' scores moved by what was added (in log space,
 * without reading their history). The score formula needs no periodic pass (see hot-score.ts), so
 * after a flush every touched item is exact.
 *
 * What may be lost: the counts since the last flush (`flushMs`, longer under load: FLUSH_SPACING)
 * if the process dies without closing (a graceful close flushes). Several processes each flush their own counts; each adds to the shared rows and
 * scores, so the result does not depend on which process flushes last.
 */
export type ActivityRecorder = {
  /** Count activity of an item now (in today's UTC day). */
  record(itemId: number, activity: { views?: number; collects?: number }): void;
  /** Write what is pending now. */
  flush(): Promise<void>;
  /** Stop the timer and write what is pending. */
  close(): Promise<void>;
};

/** How long counts gather before they are written. */
export const FLUSH_MS = 500;
/** Most item days one statement of a flush writes. */
export const BATCH_ITEMS = 5;
/**
 * The next flush waits at least this many times as long as the last one took (up to
 * MAX_FLUSH_DELAY_MS): under a flood of views of many items, writing them never takes more than
 * about a tenth of the time, instead of one flush starting as soon as the last one ended.
 */
export const FLUSH_SPACING = 9;
export const MAX_FLUSH_DELAY_MS = 10_000;

export function createActivityRecorder(options: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** How long counts gather before they are written (default FLUSH_MS). */
  flushMs?: number;
  /** Most rows (item days) written by one statement (default BATCH_ITEMS). */
  batchItems?: number;
  now?: () => Date;
  /** Called after the scores of the Hot ranking moved. */
  onScoresChanged?: () => void;
}): ActivityRecorder {
  const { db, log, flushMs = FLUSH_MS, batchItems = BATCH_ITEMS, now = () => new Date(), onScoresChanged } = options;
  let pending = new Map<string, repo.ActivityRow>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  // In batches of `batchItems` rows, each its own statement, with a turn of the event loop between
  // them: on PGlite a statement runs on this very thread, and moving the scores of two thousand
  // items in one went on for hundreds of milliseconds with every request waiting behind it.
  let lastWriteMs = 0;
  let busy = false;
  const write = async (rows: repo.ActivityRow[]) => {
    busy = true;
    const started = performance.now();
    for (let start = 0; start < rows.length; start += batchItems) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      try {
        await repo.addItemActivity(db, rows.slice(start, start + batchItems));
      } catch (err) {
        log.warn({ err }, 'recording item activity failed');
      }
    }
    lastWriteMs = performance.now() - started;
    busy = false;
    onScoresChanged?.();
  };

  // The timer's flush waits while a write is under way (counts keep gathering meanwhile), so
  // writes never queue up behind each other; an explicit flush() (close) queues.
  const schedule = () => {
    timer = setTimeout(() => (busy ? schedule() : void flush()), Math.max(flushMs, Math.min(MAX_FLUSH_DELAY_MS, FLUSH_SPACING * lastWriteMs)));
    timer.unref();
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return writing;
    const rows = [...pending.values()];
    pending = new Map();
    // One flush at a time, in order: a later flush never overtakes an earlier one.
    writing = writing.then(() => write(rows));
    return writing;
  };

  return {
    record(itemId, { views = 0, collects = 0 }) {
      if (views === 0 && collects === 0) return;
      const day = now().toISOString().slice(0, 10);
      const key = `${itemId}:${day}`;
      const row = pending.get(key) ?? { itemId, day, views: 0, collects: 0 };
      row.views += views;
      row.collects += collects;
      pending.set(key, row);
      if (!timer) schedule();
    },
    flush,
    close: flush,
  };
}
