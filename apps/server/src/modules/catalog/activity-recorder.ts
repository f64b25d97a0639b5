import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import * as repo from './catalog.repo';

/**
 * Views and collects feed the Hot ranking (decision record 005). Counting each one with its own
 * writes would put three writes (activity row, item row and its index entries) behind every detail
 * view; instead they are summed in memory for a moment and written together, in one statement:
 * an upsert of the day rows and the touched items' scores moved by what was added (in log space,
 * without reading their history). The score formula needs no periodic pass (see hot-score.ts), so
 * after a flush every touched item is exact.
 *
 * What may be lost: at most `flushMs` of counts if the process dies without closing (a graceful
 * close flushes). Several processes each flush their own counts; each adds to the shared rows and
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

export function createActivityRecorder(options: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** How long counts gather before they are written (default 500 ms). */
  flushMs?: number;
  now?: () => Date;
  /** Called after the scores of the Hot ranking moved. */
  onScoresChanged?: () => void;
}): ActivityRecorder {
  const { db, log, flushMs = 500, now = () => new Date(), onScoresChanged } = options;
  let pending = new Map<string, repo.ActivityRow>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = async (rows: repo.ActivityRow[]) => {
    try {
      await repo.addItemActivity(db, rows);
      onScoresChanged?.();
    } catch (err) {
      log.warn({ err }, 'recording item activity failed');
    }
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
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
