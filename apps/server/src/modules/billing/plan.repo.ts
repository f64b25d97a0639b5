import { asc, eq } from 'drizzle-orm';
import { plan } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/** Plans: the only place that reads or writes the plan table. */

export type PlanRow = typeof plan.$inferSelect;

export async function listPlans(db: Handle): Promise<PlanRow[]> {
  return db.select().from(plan).orderBy(asc(plan.grade));
}

export async function findPlan(db: Handle, grade: number): Promise<PlanRow | null> {
  const rows = await db.select().from(plan).where(eq(plan.grade, grade)).limit(1);
  return rows[0] ?? null;
}
