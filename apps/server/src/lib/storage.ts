import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file, opened for reading. */
export type MediaFile = { stream: Readable; size: number };

/**
 * The media store: files addressed by a relative key (e.g. `shots/12/3.webp`). Local disk under
 * DATA_DIR/media by default (`localMediaStore`); an S3-compatible bucket when S3_BUCKET is set
 * (`s3MediaStore` in s3-media-store.ts; docs/decisions/039-media-store-s3.md). Both behave alike:
 * unsafe keys are refused, a missing key is `false`/`null`, a write replaces the whole file at once.
 */
export interface MediaStore {
  /** Store `body` under `key`, replacing what was there; a reader sees the old or the new file, never a part. */
  put(key: string, body: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file, or null when it does not exist (or the key is unsafe). */
  open(key: string): Promise<MediaFile | null>;
  /** Remove the file; nothing happens when it does not exist. */
  delete(key: string): Promise<void>;
  /** Release connections (the S3 client's sockets); the store is not used after. */
  close(): Promise<void>;
}

/**
 * Keys under this prefix are private (portfolio PDFs, decision 046): /media never serves them; the
 * module that owns them streams them to whoever may read them.
 */
export const PRIVATE_MEDIA_PREFIX = 'private/';
export const isPrivateMediaKey = (key: string): boolean => key.toLowerCase().startsWith(PRIVATE_MEDIA_PREFIX);

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Refuse keys that could escape the store (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`unsafe media key: ${key}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** The content type of an image key by its extension; undefined for anything that is not an image /media serves. */
export const mediaContentType = (key: string): string | undefined => CONTENT_TYPES[path.extname(key).toLowerCase()];

export function localMediaStore(root: string): MediaStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
    async open(key) {
      let file: string;
      try {
        file = resolve(key);
      } catch {
        return null;
      }
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      try {
        await unlink(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    async close() {},
  };
}
