import type { ScreenUploadResult } from '@shotlib/contract/ingest';

/** How many files go up at once. */
export const UPLOAD_CONCURRENCY = 3;

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'duplicate' | 'failed';

/** One file of the upload list. */
export type UploadEntry = {
  key: number;
  name: string;
  size: number;
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  /** The request's size once known, else the file's. */
  total: number;
  /** Why it failed (the server's message), for status 'failed'. */
  error: string | null;
};

export type Uploader = (file: File, onProgress: (loaded: number, total: number) => void) => Promise<ScreenUploadResult>;

type Options = {
  upload: Uploader;
  concurrency?: number;
  /** A file went up (new or a duplicate of a screen the item has). */
  onUploaded?: (result: ScreenUploadResult) => void;
  /** Every file added so far has finished. */
  onIdle?: () => void;
};

/** The percentage of an entry sent, 0–100. */
export const percentOf = (entry: UploadEntry): number =>
  entry.status === 'done' || entry.status === 'duplicate' ? 100 : entry.total > 0 ? Math.min(100, Math.round((entry.loaded / entry.total) * 100)) : 0;

/**
 * The screens' upload list: files wait in order and go up a few at a time, each with its progress
 * and, when refused, the server's reason. A plain store (subscribe / getSnapshot) so a component
 * reads it with useSyncExternalStore and tests drive it without React.
 */
export class UploadQueue {
  private entries: readonly UploadEntry[] = [];
  private readonly files = new Map<number, File>();
  private readonly listeners = new Set<() => void>();
  private running = 0;
  private nextKey = 1;

  constructor(private readonly options: Options) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly UploadEntry[] => this.entries;

  /** Queue files; they start as soon as a slot is free. */
  add(files: Iterable<File>): void {
    const added: UploadEntry[] = [];
    for (const file of files) {
      const key = this.nextKey++;
      this.files.set(key, file);
      added.push({ key, name: file.name, size: file.size, status: 'queued', loaded: 0, total: file.size, error: null });
    }
    if (added.length === 0) return;
    this.entries = [...this.entries, ...added];
    this.emit();
    this.pump();
  }

  /** Forget the finished entries (kept: those waiting or on their way). */
  clearFinished(): void {
    this.entries = this.entries.filter((entry) => entry.status === 'queued' || entry.status === 'uploading');
    this.emit();
  }

  private update(key: number, change: Partial<UploadEntry>): void {
    this.entries = this.entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private pump(): void {
    const limit = this.options.concurrency ?? UPLOAD_CONCURRENCY;
    while (this.running < limit) {
      const next = this.entries.find((entry) => entry.status === 'queued');
      if (!next) break;
      const file = this.files.get(next.key);
      if (!file) break;
      this.running++;
      this.update(next.key, { status: 'uploading' });
      void this.run(next.key, file);
    }
  }

  private async run(key: number, file: File): Promise<void> {
    try {
      const result = await this.options.upload(file, (loaded, total) => this.update(key, { loaded, total }));
      this.update(key, { status: result.duplicate ? 'duplicate' : 'done' });
      this.options.onUploaded?.(result);
    } catch (error) {
      this.update(key, { status: 'failed', error: error instanceof Error && error.message ? error.message : String(error) });
    } finally {
      this.files.delete(key);
      this.running--;
      this.pump();
      if (this.running === 0 && !this.entries.some((entry) => entry.status === 'queued')) this.options.onIdle?.();
    }
  }
}
