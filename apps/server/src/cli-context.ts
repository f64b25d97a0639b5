import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirBusyError, lockDataDir } from './lib/data-dir-lock';
import { createMediaStore } from './lib/media-store';
import type { MediaStore } from './lib/storage';

/** What a command-line tool works on: the server's configuration, database and media store. */
export type CliContext = {
  config: Config;
  database: Database;
  media: MediaStore;
  /** Closes the database and the media store and releases the data dir's lock. */
  close(): Promise<void>;
};

/**
 * Opens what the server would (same environment: DATA_DIR, DATABASE_URL, S3_*) for a command-line
 * tool named `role`. On the embedded database it first takes DATA_DIR/db.lock, so a tool never
 * opens PGlite while a server (or another tool) has it. A bad configuration or a busy data dir is
 * printed and answered with exit code 1 instead of a context.
 */
export async function openCliContext(role: string): Promise<CliContext | 1> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  let unlock: (() => Promise<void>) | null = null;
  if (!config.DATABASE_URL) {
    await mkdir(config.dataDir, { recursive: true });
    try {
      unlock = await lockDataDir(path.join(config.dataDir, 'db.lock'), role);
    } catch (err) {
      if (!(err instanceof DataDirBusyError)) throw err;
      console.error(err.message);
      return 1;
    }
  }
  try {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'db') });
    const media = createMediaStore(config);
    return {
      config,
      database,
      media,
      async close() {
        await database.close();
        await media.close();
        await unlock?.();
      },
    };
  } catch (err) {
    await unlock?.();
    throw err;
  }
}
