import type { AdminScreen, ScreenUploadResult } from '@shotlib/contract/ingest';
import { describe, expect, it, vi } from 'vitest';
import { percentOf, UploadQueue, type Uploader } from './upload-queue';

const screen = (id: number): AdminScreen => ({
  id,
  itemId: 1,
  path: `screens/${id}.png`,
  width: 390,
  height: 844,
  group: null,
  sort: id,
  hash: 'h',
  status: 'processing',
  colors: [],
  blurhash: null,
  elements: [],
  text: null,
});

/** An uploader whose calls the test finishes by hand, reporting progress in between. */
function manualUploader() {
  const calls: { file: File; progress: (loaded: number, total: number) => void; resolve: (r: ScreenUploadResult) => void; reject: (e: Error) => void }[] = [];
  const upload: Uploader = (file, progress) => new Promise((resolve, reject) => calls.push({ file, progress, resolve, reject }));
  return { upload, calls };
}

const files = (...names: string[]) => names.map((name) => new File([new Uint8Array(100)], name, { type: 'image/png' }));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('UploadQueue', () => {
  it('sends a few files at a time and starts the next as one finishes', async () => {
    const { upload, calls } = manualUploader();
    const queue = new UploadQueue({ upload, concurrency: 2 });
    queue.add(files('a.png', 'b.png', 'c.png'));

    expect(calls.map((call) => call.file.name)).toEqual(['a.png', 'b.png']);
    expect(queue.getSnapshot().map((entry) => entry.status)).toEqual(['uploading', 'uploading', 'queued']);

    calls[0]!.resolve({ screen: screen(1), duplicate: false });
    await flush();
    expect(calls.map((call) => call.file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(queue.getSnapshot().map((entry) => entry.status)).toEqual(['done', 'uploading', 'uploading']);
  });

  it('reports each file’s progress as a percentage', () => {
    const { upload, calls } = manualUploader();
    const queue = new UploadQueue({ upload });
    queue.add(files('a.png'));
    calls[0]!.progress(50, 200);
    const [entry] = queue.getSnapshot();
    expect(entry).toMatchObject({ loaded: 50, total: 200 });
    expect(percentOf(entry!)).toBe(25);
  });

  it('keeps the server’s reason beside a refused file and goes on with the others', async () => {
    const { upload, calls } = manualUploader();
    const onUploaded = vi.fn();
    const onIdle = vi.fn();
    const queue = new UploadQueue({ upload, concurrency: 1, onUploaded, onIdle });
    queue.add(files('bad.txt', 'good.png'));

    calls[0]!.reject(new Error('Not an image: expected PNG, JPEG, WebP, GIF, AVIF or HEIF.'));
    await flush();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'failed', error: 'Not an image: expected PNG, JPEG, WebP, GIF, AVIF or HEIF.' });
    expect(onIdle).not.toHaveBeenCalled();

    calls[1]!.resolve({ screen: screen(2), duplicate: true });
    await flush();
    expect(queue.getSnapshot()[1]).toMatchObject({ status: 'duplicate' });
    expect(percentOf(queue.getSnapshot()[1]!)).toBe(100);
    expect(onUploaded).toHaveBeenCalledWith({ screen: screen(2), duplicate: true });
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('tells subscribers of every change with a new snapshot, and clears the finished entries', async () => {
    const { upload, calls } = manualUploader();
    const queue = new UploadQueue({ upload });
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.add(files('a.png', 'b.png'));
    const before = queue.getSnapshot();
    calls[0]!.resolve({ screen: screen(1), duplicate: false });
    await flush();
    expect(queue.getSnapshot()).not.toBe(before);
    expect(listener).toHaveBeenCalled();

    queue.clearFinished();
    expect(queue.getSnapshot().map((entry) => entry.name)).toEqual(['b.png']);
  });
});
