import { COLOR_SWATCHES } from '@shotlib/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-db';
import { category, item, preview, previewElement } from './schema';

/**
 * Migration 0013 (issue 14): the columns the database keeps for the Screens view, whatever path
 * writes a screen: its swatches (color_swatches), its position in its item, and the Hamming
 * distance of perceptual hashes that both databases compute alike.
 */
let database: TestDatabase;
let itemId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const [row] = await database.db
    .insert(item)
    .values({ isSite: false, name: 'Positions', logo: 'logos/p.webp' })
    .returning();
  itemId = row!.id;
});
afterAll(() => database.close());

const swatchesOf = async (colors: string[]) => {
  const rows = await database.db.execute(sql`select color_swatches(${`{${colors.join(',')}}`}::text[]) as s`);
  return (rows as unknown as { rows: { s: string[] }[] }).rows[0]!.s;
};

const positions = async () =>
  database.db
    .select({ sort: preview.sort, position: preview.position })
    .from(preview)
    .where(eq(preview.itemId, itemId))
    .orderBy(asc(preview.sort), asc(preview.id));

describe('color_swatches', () => {
  it('puts each swatch of the contract in its own swatch', async () => {
    for (const swatch of COLOR_SWATCHES) expect(await swatchesOf([swatch.hex])).toEqual([swatch.key]);
  });

  it('matches near colours, and skips malformed entries', async () => {
    expect(await swatchesOf(['#ff0000', '#d32f2f'])).toEqual(['red']);
    expect(await swatchesOf(['#1e88e5', '#4fc3f7'])).toEqual(['blue']);
    expect(await swatchesOf(['#fafafa', '#000000', '#777777'])).toEqual(['black', 'grey', 'white']);
    expect(await swatchesOf(['#8b4513', '#ff9800'])).toEqual(['brown', 'orange']);
    expect(await swatchesOf(['red', '#12345', '#GGGGGG'])).toEqual([]);
  });

  it('is stored with the screen and follows its colours', async () => {
    const [row] = await database.db
      .insert(preview)
      .values({ itemId, path: 'shots/c.webp', width: 10, height: 10, sort: 50, colors: ['#30a46c', '#ffffff'] })
      .returning();
    expect(row!.swatches).toEqual(['green', 'white']);
    const [updated] = await database.db.update(preview).set({ colors: ['#8e4ec6'] }).where(eq(preview.id, row!.id)).returning();
    expect(updated!.swatches).toEqual(['purple']);
    await database.db.delete(preview).where(eq(preview.id, row!.id));
  });
});

describe('preview.position', () => {
  it('is the 0-based ordinal by sort, then id, after inserts, reorders, moves and deletes', async () => {
    const rows = await database.db
      .insert(preview)
      .values([30, 10, 20].map((sort) => ({ itemId, path: `shots/p${sort}.webp`, width: 10, height: 10, sort })))
      .returning();
    expect(await positions()).toEqual([
      { sort: 10, position: 0 },
      { sort: 20, position: 1 },
      { sort: 30, position: 2 },
    ]);

    await database.db.update(preview).set({ sort: 5 }).where(eq(preview.id, rows[0]!.id));
    expect((await positions()).map((p) => p.position)).toEqual([0, 1, 2]);
    expect((await positions()).map((p) => p.sort)).toEqual([5, 10, 20]);

    await database.db.delete(preview).where(eq(preview.id, rows[0]!.id));
    expect(await positions()).toEqual([
      { sort: 10, position: 0 },
      { sort: 20, position: 1 },
    ]);

    const [other] = await database.db.insert(item).values({ isSite: true, name: 'Other', logo: 'logos/o.webp' }).returning();
    await database.db.insert(preview).values({ itemId: other!.id, path: 'shots/o.webp', width: 10, height: 10, sort: 1 });
    await database.db.update(preview).set({ itemId: other!.id, sort: 0 }).where(eq(preview.id, rows[1]!.id));
    expect(await positions()).toEqual([{ sort: 20, position: 0 }]);
    const moved = await database.db.select({ position: preview.position }).from(preview).where(eq(preview.itemId, other!.id)).orderBy(asc(preview.sort));
    expect(moved.map((p) => p.position)).toEqual([0, 1]);
  });
});

describe('preview.element_ids', () => {
  it('follows preview_element on inserts, deletes and updates, and on the deletion of an element', async () => {
    const [screen] = await database.db.insert(preview).values({ itemId, path: 'shots/e.webp', width: 10, height: 10, sort: 99 }).returning();
    const id = screen!.id;
    const elementsOf = async () => (await database.db.select({ ids: preview.elementIds }).from(preview).where(eq(preview.id, id)))[0]!.ids;
    const made = await database.db
      .insert(category)
      .values(['Zeta', 'Alpha', 'Mu'].map((nameEn, sort) => ({ kind: 'element' as const, preId: 7, nameEn, nameCn: nameEn, nameTw: nameEn, sort })))
      .returning();
    const [a, b, c] = made.map((row) => row.id) as [number, number, number];
    expect(await elementsOf()).toEqual([]);

    await database.db.insert(previewElement).values([c, a].map((categoryId) => ({ previewId: id, categoryId })));
    expect(await elementsOf()).toEqual([a, c].sort((x, y) => x - y));
    await database.db.delete(previewElement).where(and(eq(previewElement.previewId, id), eq(previewElement.categoryId, a)));
    expect(await elementsOf()).toEqual([c]);
    await database.db.update(previewElement).set({ categoryId: b }).where(eq(previewElement.previewId, id));
    expect(await elementsOf()).toEqual([b]);
    // An element deleted from the tree leaves the screens it was on (a cascaded delete).
    await database.db.delete(category).where(eq(category.id, b));
    expect(await elementsOf()).toEqual([]);
  });
});

describe('perceptual hash distance', () => {
  it('counts differing bits of two bigints, negative ones included', async () => {
    const result = await database.db.execute(
      sql`select bit_count((${'-1'}::bigint # ${'0'}::bigint)::bit(64))::int as all_bits, bit_count((${'5'}::bigint # ${'6'}::bigint)::bit(64))::int as two`,
    );
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ all_bits: 64, two: 2 });
  });
});
