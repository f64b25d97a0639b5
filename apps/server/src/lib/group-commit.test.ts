import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

describe('group commit', () => {
  it('writes the entries of one turn together, and those that arrive meanwhile together next, in order', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const submit = createGroupCommit<number, string>(async (batch) => {
      batches.push(batch);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return batch.map((n) => `wrote ${n}`);
    });
    const first = [submit(1), submit(2)];
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    const later = [submit(3), submit(4), submit(5)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    release();
    expect(await Promise.all([...first, ...later])).toEqual(['wrote 1', 'wrote 2', 'wrote 3', 'wrote 4', 'wrote 5']);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);

    // Quiet again: the next entry is written in a batch of its own.
    expect(await submit(6)).toBe('wrote 6');
    expect(batches.at(-1)).toEqual([6]);
  });

  it('fails the entries of a failed batch only', async () => {
    const submit = createGroupCommit<number, number>(async (batch) => {
      if (batch.includes(13)) throw new Error('unlucky batch');
      return batch;
    });
    const unlucky = [submit(12), submit(13)];
    await expect(unlucky[0]).rejects.toThrow('unlucky batch');
    await expect(unlucky[1]).rejects.toThrow('unlucky batch');
    expect(await submit(14)).toBe(14);
  });
});
