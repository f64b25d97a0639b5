import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The media store: files addressed by a relative key (e.g. `shots/12/3.webp`).
 * Local disk under DATA_DIR/media by default; an S3-compatible store can implement the same interface.
 */
export interface MediaStore {
  put(key: string, body: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Refuse keys that could escape the store (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`unsafe media key: ${key}`);
  }
}

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
  };
}
