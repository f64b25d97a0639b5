import type { Db } from '../../db/client';
import { createGroupCommit } from '../../lib/group-commit';
import * as repo from './collect.repo';

/**
 * The collects of collectors without limits and every un-collect, written by group commit
 * (lib/group-commit.ts): the ones that arrive together go in one statement of each kind, in
 * arrival order (a collect and an un-collect of one screen keep their order). Per process: built once
 * in the composition root.
 */
export type CollectWrites = {
  /** Collect for a collector without limits: the preview's item and whether a row was added, or null when there is no such published preview. */
  collect(write: repo.CollectWrite): Promise<{ itemId: number; added: boolean } | null>;
  /** Remove a collected preview (nothing when it is not collected). */
  uncollect(write: repo.CollectWrite): Promise<void>;
};

type Queued = repo.CollectWrite & { kind: 'collect' | 'uncollect' };
type Answer = { itemId: number; added: boolean } | null;

export function createCollectWrites(db: Db): CollectWrites {
  const submit = createGroupCommit<Queued, Answer>(async (batch) => {
    const answers: Answer[] = [];
    // Runs of one kind, in order: each is one statement.
    for (let start = 0; start < batch.length; ) {
      const { kind } = batch[start]!;
      let end = start + 1;
      while (end < batch.length && batch[end]!.kind === kind) end++;
      const run = batch.slice(start, end);
      if (kind === 'collect') answers.push(...(await repo.collectUnlimitedMany(db, run)));
      else {
        await repo.deleteCollects(db, run);
        answers.push(...run.map(() => null));
      }
      start = end;
    }
    return answers;
  });
  return {
    collect: ({ memberId, previewId }) => submit({ kind: 'collect', memberId, previewId }),
    uncollect: async ({ memberId, previewId }) => {
      await submit({ kind: 'uncollect', memberId, previewId });
    },
  };
}
