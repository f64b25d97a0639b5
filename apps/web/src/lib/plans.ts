import { GRADE, type Plan } from '@shotlib/contract';

/**
 * Plan kinds (docs/product-spec.md §3, §9): grade 1 year, 2 season (a quarter), 3 month. Shared because the plans
 * page, the checkout and the account's order history all name plans, each by its kind's texts.
 */
export type PlanKind = keyof typeof GRADE;

const KIND_BY_GRADE = new Map<number, PlanKind>(Object.entries(GRADE).map(([kind, grade]) => [grade, kind as PlanKind]));

/** The kind of a plan grade, or null for a grade the product does not know. */
export const planKind = (grade: number): PlanKind | null => KIND_BY_GRADE.get(grade) ?? null;

/** What a plan costs per month (and per day), in cents of each currency, rounded to the cent. */
export function pricePer(plan: Pick<Plan, 'money' | 'usdMoney' | 'period'>, unit: 'month' | 'day'): Pick<Plan, 'money' | 'usdMoney'> {
  const divisor = unit === 'month' ? plan.period : (plan.period * 365) / 12;
  return { money: Math.round(plan.money / divisor), usdMoney: Math.round(plan.usdMoney / divisor) };
}
