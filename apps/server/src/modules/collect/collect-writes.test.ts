import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collect, item, preview } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { createCollectWrites } from './collect-writes';
import { collectUnlimitedMany } from './collect.repo';

/** Collects by group commit (collect-writes.ts): what arrives together is written together, in order. */
const t = useTestApp();

async function collected(memberId: number, previewId: number): Promise<boolean> {
  const rows = await t.db.select().from(collect).where(and(eq(collect.memberId, memberId), eq(collect.previewId, previewId)));
  return rows.length > 0;
}

async function screensOf(itemId: number): Promise<number[]> {
  return (await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, itemId)).orderBy(preview.id)).map((row) => row.id);
}

describe('collect writes', () => {
  it('collects many in one statement: each answer in order, a repeat adds once, a missing or unpublished screen is null', async () => {
    const { vip, admin } = t.fixtures.members;
    const [a, b] = await screensOf(t.fixtures.appIds[4]!);
    const hiddenItem = t.fixtures.appIds[5]!;
    const [hidden] = await screensOf(hiddenItem);
    await t.db.update(item).set({ unpublishedAt: new Date() }).where(eq(item.id, hiddenItem));
    try {
      const answers = await collectUnlimitedMany(t.db, [
        { memberId: vip, previewId: a! },
        { memberId: admin, previewId: a! },
        { memberId: vip, previewId: a! },
        { memberId: vip, previewId: 999_999 },
        { memberId: vip, previewId: hidden! },
        { memberId: vip, previewId: b! },
      ]);
      const itemId = t.fixtures.appIds[4]!;
      expect(answers).toEqual([
        { itemId, added: true },
        { itemId, added: true },
        { itemId, added: false },
        null,
        null,
        { itemId, added: true },
      ]);
      expect(await collected(vip, a!)).toBe(true);
      expect(await collected(admin, a!)).toBe(true);
      expect(await collected(vip, b!)).toBe(true);
      expect(await collected(vip, hidden!)).toBe(false);
      // Collected already: not added again.
      expect(await collectUnlimitedMany(t.db, [{ memberId: vip, previewId: b! }])).toEqual([{ itemId, added: false }]);
    } finally {
      await t.db.update(item).set({ unpublishedAt: null }).where(eq(item.id, hiddenItem));
    }
  });

  it('keeps the order of a collect and an un-collect that arrive together', async () => {
    const writes = createCollectWrites(t.db);
    const memberId = t.fixtures.members.vip;
    const itemId = t.fixtures.alphaId;
    const [first, second, third] = await screensOf(itemId);
    // Sent in one turn, they go together in one batch: a statement per run of one kind, in order.
    const replies = await Promise.all([
      writes.collect({ memberId, previewId: first! }),
      writes.uncollect({ memberId, previewId: first! }),
      writes.collect({ memberId, previewId: second! }),
      writes.uncollect({ memberId, previewId: third! }),
      writes.collect({ memberId, previewId: third! }),
    ]);
    expect(replies).toEqual([{ itemId, added: true }, undefined, { itemId, added: true }, undefined, { itemId, added: true }]);
    expect(await collected(memberId, first!)).toBe(false);
    expect(await collected(memberId, second!)).toBe(true);
    expect(await collected(memberId, third!)).toBe(true);
  });
});
