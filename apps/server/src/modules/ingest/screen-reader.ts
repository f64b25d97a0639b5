import type { Db } from '../../db/client';
import type { Handle } from '../../db/transaction';
import type { MediaStore } from '../../lib/storage';
import { createJobQueue, type JobQueue } from '../jobs/jobs.service';
import * as repo from './ingest.repo';
import type { Ocr } from './ocr';

/**
 * The OCR of new screens as queued jobs (`screen.ocr`, docs/decisions/047): a queue of its own with
 * one worker, so a long backlog (the demo's 1,500 screens are half an hour of one core) never holds
 * up `screen.process` jobs nor `/readyz`, and tesseract runs at nice 19. The texts read are written
 * in batches (every `flushMs`): each write of `preview` empties the catalogue reply cache, which
 * should not happen for every screen. A batch lost in a crash is read again: the start after finds
 * the screens without text (`queueUnread`).
 */

export const OCR_JOB = 'screen.ocr';
/** A console upload's text is read before the import or demo backlog. */
export const OCR_PRIORITY = { upload: 10, backlog: 0 } as const;
/** A screen whose reading fails (tesseract crashed or timed out) is tried this many times. */
const OCR_ATTEMPTS = 3;
const HAN = /\p{Script=Han}/u;

export type ScreenReaderOptions = {
  db: Db;
  media: MediaStore;
  ocr: Ocr;
  log: { info(msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => Date;
  /** How often the texts read are written (default 2 s). */
  flushMs?: number;
  /** How often the start log tells the backlog's progress (default 60 s). */
  progressMs?: number;
  pollMs?: number;
};

export type ScreenReader = {
  readonly ocr: Ocr;
  /** Queue the reading of a new screen in the caller's transaction (nothing when OCR is off). */
  enqueue(tx: Handle, screenId: number, priority: number): Promise<void>;
  /**
   * Queue every screen without text, unless a backlog is queued already (an import's, or one this
   * start made): what a start with OCR on does once, for screens ingested while it was off.
   * Returns how many were queued.
   */
  queueUnread(): Promise<number>;
  /** Write the texts read so far. */
  flush(): Promise<void>;
  /** Read every queued screen now and write the texts (the import CLI's choice, tests). Returns how many jobs ran. */
  runUntilIdle(): Promise<number>;
  /** Screens queued and not read yet. */
  pending(): Promise<number>;
  /** Start the worker and the progress lines (nothing when OCR is off). */
  start(): void;
  /** Stop the worker, write what was read. */
  stop(): Promise<void>;
};

export function createScreenReader(options: ScreenReaderOptions): ScreenReader {
  const { db, media, ocr, log } = options;
  const flushMs = options.flushMs ?? 2000;
  const progressMs = options.progressMs ?? 60_000;
  const queue: JobQueue = createJobQueue({ db, log, now: options.now, concurrency: 1, pollMs: options.pollMs });
  let batch = new Map<number, string>();
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let progressTimer: NodeJS.Timeout | null = null;
  let readSinceReport = 0;
  let reported = false;

  const flush = (): Promise<void> => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const texts = [...batch].map(([id, text]) => ({ id, text }));
    batch = new Map();
    // One write after another: a later batch never lands before an earlier one.
    flushing = flushing.then(() =>
      repo.setOcrTexts(db, texts).catch((err: unknown) => log.error({ err }, `OCR: writing ${texts.length} texts failed (read again at the next start)`)),
    );
    return flushing;
  };

  queue.register(OCR_JOB, async (payload) => {
    const { screenId } = payload as { screenId: number };
    const source = await repo.ocrSource(db, screenId);
    // Deleted meanwhile, or read already (a second job of one screen: the backlog of a later start).
    if (!source || source.ocrText !== null || batch.has(screenId)) return;
    const file = await media.open(source.path);
    if (!file) throw new Error(`screen ${screenId}: original ${source.path} is missing`);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const text = await ocr.read(Buffer.concat(chunks), {
      simplified: source.chinese.simplified.some((value) => value !== null && HAN.test(value)),
      traditional: source.chinese.traditional.some((value) => value !== null && HAN.test(value)),
    });
    batch.set(screenId, text);
    readSinceReport += 1;
    flushTimer ??= setTimeout(() => void flush(), flushMs);
  });

  const report = async () => {
    const left = await queue.pending();
    if (left > 0) {
      log.info(`OCR: ${readSinceReport} screens read in the last ${Math.round(progressMs / 1000)} s, ${left} left (nice 19, one thread)`);
      reported = true;
    } else if (reported) {
      log.info('OCR: every queued screen read');
      reported = false;
    }
    readSinceReport = 0;
  };

  return {
    ocr,
    async enqueue(tx, screenId, priority) {
      if (ocr.enabled) await queue.enqueue(tx, OCR_JOB, { screenId }, { priority, maxAttempts: OCR_ATTEMPTS });
    },
    async queueUnread() {
      if (!ocr.enabled || (await queue.pending()) > 0) return 0;
      const ids = await repo.unreadScreenIds(db);
      await queue.enqueueMany(
        db,
        OCR_JOB,
        ids.map((screenId) => ({ screenId })),
        { priority: OCR_PRIORITY.backlog, maxAttempts: OCR_ATTEMPTS },
      );
      return ids.length;
    },
    flush,
    async runUntilIdle() {
      const ran = await queue.runUntilIdle();
      await flush();
      return ran;
    },
    pending: () => queue.pending(),
    start() {
      if (!ocr.enabled) return;
      queue.start();
      progressTimer ??= setInterval(() => void report().catch(() => undefined), progressMs);
      progressTimer.unref();
    },
    async stop() {
      if (progressTimer) clearInterval(progressTimer);
      progressTimer = null;
      await queue.stop();
      await flush();
    },
  };
}
