import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The files of an import folder, read only from inside it (issue 28, decision 048). The manifest's
 * paths are relative and free of `..` (its schema), but a symbolic link — a file, a folder on the
 * way, or a logo — may point anywhere; such a file is refused (`outside`) unless its real path
 * stays under the folder's real path. Links that stay inside are followed.
 *
 * Check and read are one step: the file is opened first, then the real path of its name is
 * checked and must be the very file opened (same device and inode), so a link swapped between
 * the check and the read is caught. Only regular files are read (a FIFO or a device is not opened
 * for blocking reads). A hard link cannot be told from the file itself and is read as it is.
 */

export type FolderRead = { ok: true; bytes: Buffer } | { ok: false; problem: 'missing' | 'outside' };

export type ImportFolder = {
  /** The folder's real path. */
  readonly root: string;
  /** The bytes of `relative` (a path of the manifest), or why not. */
  read(relative: string): Promise<FolderRead>;
};

/** Whether `target` (a real path) is `root` or below it. */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The import folder `baseDir` (which may itself be reached through a link). */
export async function openImportFolder(baseDir: string): Promise<ImportFolder> {
  const root = await realpath(baseDir);
  return {
    root,
    async read(relative) {
      const file = path.resolve(baseDir, relative);
      let handle;
      try {
        // Non-blocking, so a FIFO does not hang the import; a regular file reads as usual.
        handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
      } catch {
        return { ok: false, problem: 'missing' };
      }
      try {
        const opened = await handle.stat();
        let real: string;
        try {
          real = await realpath(file);
        } catch {
          // Gone (or swapped for a dangling link) since it was opened.
          return { ok: false, problem: 'missing' };
        }
        if (!isInside(root, real)) return { ok: false, problem: 'outside' };
        const named = await stat(real).catch(() => null);
        if (!named || named.dev !== opened.dev || named.ino !== opened.ino) return { ok: false, problem: 'outside' };
        if (!opened.isFile()) return { ok: false, problem: 'missing' };
        return { ok: true, bytes: await handle.readFile() };
      } finally {
        await handle.close();
      }
    },
  };
}
