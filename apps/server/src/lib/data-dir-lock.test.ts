import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from './data-dir-lock';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-lock-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('data dir lock', () => {
  it('is held by one process: another live one is refused with its role and pid', async () => {
    const file = path.join(dir, 'a', 'db.lock');
    const release = await lockDataDir(file, 'server');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ pid: process.pid, role: 'server' });
    // A live process of another pid holds it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await writeFile(file, JSON.stringify({ pid: other.pid, role: 'server' }));
      const refused = await lockDataDir(file, 'npm run import').catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(DataDirBusyError);
      expect((refused as Error).message).toMatch(new RegExp(`in use by another process \\(server, pid ${other.pid}`));
    } finally {
      other.kill();
    }
    await release();
    const again = await lockDataDir(file, 'npm run import');
    await again();
  });

  it('takes over the lock of a process that is gone', async () => {
    const file = path.join(dir, 'b.lock');
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(file, JSON.stringify({ pid: gone.pid, role: 'server' }));
    const release = await lockDataDir(file, 'npm run import');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
  });
});
