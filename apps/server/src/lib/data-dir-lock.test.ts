import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from './data-dir-lock';

describe('the embedded database lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes a DATA_DIR that does not exist yet (a first `npm run import`)', async () => {
    const file = path.join(dir, 'new', 'data', 'db.lock');
    const release = await lockDataDir(file, 'npm run import');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ pid: process.pid, role: 'npm run import' });
    await release();
  });

  it('refuses while another live process holds it, and lets one in once released', async () => {
    const file = path.join(dir, 'db.lock');
    // The lock as a running server (this test's parent process, alive) leaves it.
    await writeFile(file, JSON.stringify({ pid: process.ppid, role: 'server' }));
    await expect(lockDataDir(file, 'npm run import')).rejects.toBeInstanceOf(DataDirBusyError);
    await rm(file);
    const release = await lockDataDir(file, 'npm run import');
    await release();
  });

  it('takes over a lock whose process is gone', async () => {
    const file = path.join(dir, 'db.lock');
    // A pid far above any live one: no such process.
    await writeFile(file, JSON.stringify({ pid: 2 ** 22 + 12_345, role: 'server' }));
    const release = await lockDataDir(file, 'server');
    expect(JSON.parse(await readFile(file, 'utf8')).pid).toBe(process.pid);
    await release();
  });
});
