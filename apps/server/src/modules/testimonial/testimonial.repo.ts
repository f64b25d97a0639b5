import { asc, eq, sql } from 'drizzle-orm';
import { testimonial } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/** Testimonials of the plans page (decision 053): the only code that queries their table. */

export type TestimonialRow = typeof testimonial.$inferSelect;
export type TestimonialValues = Pick<TestimonialRow, 'locale' | 'quote' | 'name' | 'role'>;

/** The ones in a language, in the console's order. */
export async function inLocale(db: Handle, locale: TestimonialRow['locale']): Promise<TestimonialRow[]> {
  return db.select().from(testimonial).where(eq(testimonial.locale, locale)).orderBy(asc(testimonial.sort), asc(testimonial.id));
}

/** Every testimonial, in the console's order. */
export async function all(db: Handle): Promise<TestimonialRow[]> {
  return db.select().from(testimonial).orderBy(asc(testimonial.sort), asc(testimonial.id));
}

export async function byId(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<TestimonialRow | null> {
  const query = db.select().from(testimonial).where(eq(testimonial.id, id)).limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** A new one, after the last. */
export async function insert(db: Handle, values: TestimonialValues, now: Date): Promise<TestimonialRow> {
  const rows = await db
    .insert(testimonial)
    .values({ ...values, sort: sql<number>`(select coalesce(max(${testimonial.sort}), 0) + 1 from ${testimonial})`, createdAt: now, updatedAt: now })
    .returning();
  return rows[0]!;
}

export async function update(db: Handle, id: number, values: TestimonialValues, now: Date): Promise<TestimonialRow | null> {
  const rows = await db.update(testimonial).set({ ...values, updatedAt: now }).where(eq(testimonial.id, id)).returning();
  return rows[0] ?? null;
}

export async function setSort(db: Handle, id: number, sort: number, now: Date): Promise<TestimonialRow> {
  const rows = await db.update(testimonial).set({ sort, updatedAt: now }).where(eq(testimonial.id, id)).returning();
  return rows[0]!;
}

export async function remove(db: Handle, id: number): Promise<TestimonialRow | null> {
  const rows = await db.delete(testimonial).where(eq(testimonial.id, id)).returning();
  return rows[0] ?? null;
}

/** Serialise order changes: every testimonial row locked. */
export async function lockAll(db: Handle): Promise<TestimonialRow[]> {
  return db.select().from(testimonial).orderBy(asc(testimonial.sort), asc(testimonial.id)).for('update');
}
