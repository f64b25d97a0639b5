import type { Locale } from '@shotlib/contract';
import {
  TestimonialMessage,
  type AdminTestimonial,
  type AdminTestimonialInput,
  type Testimonial,
} from '@shotlib/contract/testimonials';
import type { Db } from '../../db/client';
import { inTransaction, type Handle } from '../../db/transaction';
import { NotFoundError, RuleError } from '../../lib/errors';
import * as audit from '../audit/audit.service';
import * as repo from './testimonial.repo';

/**
 * Testimonials of the plans page (issue 29.6, decision 053): read by everyone in their language,
 * written by admins in the console, each write in one transaction with its audit row (target
 * `testimonial`; a new order writes one row per testimonial whose place moved).
 */

export type TestimonialDeps = { db: Db; now: () => Date };
type Caller = { id: number; email: string };

const toTestimonial = (row: repo.TestimonialRow): Testimonial => ({ id: row.id, quote: row.quote, name: row.name, role: row.role });
const toAdmin = (row: repo.TestimonialRow): AdminTestimonial => ({
  ...toTestimonial(row),
  locale: row.locale,
  sort: row.sort,
  updatedAt: row.updatedAt.toISOString(),
});
const auditValue = (row: repo.TestimonialRow) => ({ locale: row.locale, quote: row.quote, name: row.name, role: row.role, sort: row.sort });

function record(tx: Handle, caller: Caller, action: 'testimonial.create' | 'testimonial.update' | 'testimonial.delete', before: repo.TestimonialRow | null, after: repo.TestimonialRow | null, at: Date) {
  return audit.recordAudit(tx, {
    actor: caller,
    action,
    target: { type: 'testimonial', id: (after ?? before)!.id },
    before: before && auditValue(before),
    after: after && auditValue(after),
    at,
  });
}

/** `GET /testimonials?locale=`: the reader's language's, in order (none: the page hides the section). */
export async function listForReaders(deps: TestimonialDeps, locale: Locale): Promise<{ arr: Testimonial[]; total: number }> {
  const arr = (await repo.inLocale(deps.db, locale)).map(toTestimonial);
  return { arr, total: arr.length };
}

/** `GET /admin/testimonials`: every one, in order. */
export async function listAll(deps: TestimonialDeps): Promise<{ arr: AdminTestimonial[]; total: number }> {
  const arr = (await repo.all(deps.db)).map(toAdmin);
  return { arr, total: arr.length };
}

export async function create(deps: TestimonialDeps, caller: Caller, input: AdminTestimonialInput): Promise<AdminTestimonial> {
  const now = deps.now();
  const row = await inTransaction(deps.db, async (tx) => {
    await repo.lockAll(tx); // one new place at a time
    const created = await repo.insert(tx, input, now);
    await record(tx, caller, 'testimonial.create', null, created, now);
    return created;
  });
  return toAdmin(row);
}

export async function replace(deps: TestimonialDeps, caller: Caller, id: number, input: AdminTestimonialInput): Promise<AdminTestimonial> {
  const now = deps.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const before = await repo.byId(tx, id, { lock: true });
    if (!before) throw new NotFoundError(TestimonialMessage.missing);
    const after = (await repo.update(tx, id, input, now))!;
    await record(tx, caller, 'testimonial.update', before, after, now);
    return after;
  });
  return toAdmin(row);
}

export async function remove(deps: TestimonialDeps, caller: Caller, id: number): Promise<AdminTestimonial> {
  const now = deps.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const deleted = await repo.remove(tx, id);
    if (!deleted) throw new NotFoundError(TestimonialMessage.missing);
    await record(tx, caller, 'testimonial.delete', deleted, null, now);
    return deleted;
  });
  return toAdmin(row);
}

/** `PUT /admin/testimonials/order`: every testimonial once, in the new order. */
export async function order(deps: TestimonialDeps, caller: Caller, ids: readonly number[]): Promise<{ arr: AdminTestimonial[]; total: number }> {
  const now = deps.now();
  const rows = await inTransaction(deps.db, async (tx) => {
    const current = await repo.lockAll(tx);
    const known = new Set(current.map((row) => row.id));
    if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new RuleError(TestimonialMessage.orderMismatch);
    }
    const byId = new Map(current.map((row) => [row.id, row]));
    const after: repo.TestimonialRow[] = [];
    for (const [index, id] of ids.entries()) {
      const before = byId.get(id)!;
      if (before.sort === index + 1) {
        after.push(before);
        continue;
      }
      const moved = await repo.setSort(tx, id, index + 1, now);
      await record(tx, caller, 'testimonial.update', before, moved, now);
      after.push(moved);
    }
    return after;
  });
  const arr = rows.map(toAdmin);
  return { arr, total: arr.length };
}
