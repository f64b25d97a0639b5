import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInside, openImportFolder } from './import-folder';

/** Reading an import folder's files: only from inside it, whatever links say (importer.test.ts imports through it). */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-import-folder-'));
  await mkdir(path.join(dir, 'folder', 'shots'), { recursive: true });
  await mkdir(path.join(dir, 'folder-sibling'), { recursive: true });
  await writeFile(path.join(dir, 'folder', 'shots', 'a.png'), 'inside');
  await writeFile(path.join(dir, 'folder-sibling', 'b.png'), 'next door');
  await writeFile(path.join(dir, 'outside.png'), 'outside');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('import folder', () => {
  it('tells inside from outside by path, not by prefix', () => {
    expect(isInside('/data/folder', '/data/folder/a.png')).toBe(true);
    expect(isInside('/data/folder', '/data/folder/x/../a.png')).toBe(true);
    expect(isInside('/data/folder', '/data/folder')).toBe(false);
    expect(isInside('/data/folder', '/data/folder-sibling/a.png')).toBe(false);
    expect(isInside('/data/folder', '/data/a.png')).toBe(false);
    expect(isInside('/data/folder', '/data/folder/..a.png')).toBe(true);
    expect(isInside('/', '/etc/passwd')).toBe(true);
  });

  it('reads files inside, follows links that stay inside, refuses links out (file, folder, a sibling with the same prefix)', async () => {
    const root = path.join(dir, 'folder');
    await symlink(path.join(dir, 'outside.png'), path.join(root, 'out.png'));
    await symlink(path.join(dir, 'folder-sibling'), path.join(root, 'sibling'));
    await symlink('../..', path.join(root, 'shots', 'up'));
    await symlink('shots/a.png', path.join(root, 'in.png'));
    await symlink(path.join(root, 'missing.png'), path.join(root, 'dangling.png'));
    const folder = await openImportFolder(root);
    expect(await folder.read('shots/a.png')).toEqual({ ok: true, bytes: Buffer.from('inside') });
    expect(await folder.read('in.png')).toEqual({ ok: true, bytes: Buffer.from('inside') });
    expect(await folder.read('out.png')).toEqual({ ok: false, problem: 'outside' });
    expect(await folder.read('sibling/b.png')).toEqual({ ok: false, problem: 'outside' });
    expect(await folder.read('shots/up/outside.png')).toEqual({ ok: false, problem: 'outside' });
    expect(await folder.read('nothing.png')).toEqual({ ok: false, problem: 'missing' });
    expect(await folder.read('dangling.png')).toEqual({ ok: false, problem: 'missing' });
    // A folder is not a file.
    expect(await folder.read('shots')).toEqual({ ok: false, problem: 'missing' });

    // Reached through a link to the folder: the same rules on its real path.
    await symlink(root, path.join(dir, 'alias'));
    const alias = await openImportFolder(path.join(dir, 'alias'));
    expect(await alias.read('in.png')).toEqual({ ok: true, bytes: Buffer.from('inside') });
    expect(await alias.read('out.png')).toEqual({ ok: false, problem: 'outside' });
  });

  it.skipIf(process.platform === 'win32')('does not hang on a FIFO (only regular files are read)', async () => {
    const root = path.join(dir, 'folder');
    execFileSync('mkfifo', [path.join(root, 'pipe.png')]);
    const folder = await openImportFolder(root);
    expect(await folder.read('pipe.png')).toEqual({ ok: false, problem: 'missing' });
  });
});
