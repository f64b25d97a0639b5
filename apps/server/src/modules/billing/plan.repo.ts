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

/** Lock a plan's row until the transaction ends (price edits queue up). */
export async function lockPlan(tx: Handle, grade: number): Promise<PlanRow | null> {
  const rows = await tx.select().from(plan).where(eq(plan.grade, grade)).for('update');
  return rows[0] ?? null;
}

/** New prices (cents) of a plan. Orders keep the amount they were created with. */
export async function updatePlanPrices(tx: Handle, grade: number, prices: { money?: number; usdMoney?: number }): Promise<void> {
  if (Object.keys(prices).length === 0) return;
  await tx.update(plan).set(prices).where(eq(plan.grade, grade));
}
