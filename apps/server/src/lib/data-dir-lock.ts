import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database (PGlite in DATA_DIR/db) belongs to one process: two opening it at once
 * would corrupt it. Whoever opens it (the server, `npm run import`) first takes this lock file,
 * `DATA_DIR/db.lock`, holding its pid and role; a lock whose process is gone is taken over.
 */

export class DataDirBusyError extends Error {
  constructor(
    readonly holder: { pid: number; role: string },
    file: string,
  ) {
    super(
      `The embedded database is in use by another process (${holder.role}, pid ${holder.pid}; ${file}). ` +
        'PGlite serves one process: stop it first, or set DATABASE_URL to a PostgreSQL server that both can share.',
    );
    this.name = 'DataDirBusyError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Take the lock (DataDirBusyError when a live process holds it); the returned function releases it. */
export async function lockDataDir(file: string, role: string): Promise<() => Promise<void>> {
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, role }));
      await handle.close();
      return async () => {
        await unlink(file).catch(() => undefined);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: { pid: number; role: string } | null = null;
    try {
      holder = JSON.parse(await readFile(file, 'utf8')) as { pid: number; role: string };
    } catch {
      holder = null;
    }
    if (holder && typeof holder.pid === 'number' && holder.pid !== process.pid && alive(holder.pid)) throw new DataDirBusyError(holder, file);
    await unlink(file).catch(() => undefined); // stale: its process is gone
  }
  throw new Error(`could not take the lock ${file}`);
}
