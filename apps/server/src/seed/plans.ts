import { GRADE, GRADE_PERIOD_MONTHS } from '@shotlib/contract';

/**
 * The three membership plans, in cents. The yearly plan is ¥219.00 ≈ ¥0.60 a day, the figure the
 * marketing copy quotes; USD prices are set separately rather than converted.
 */
export const PLAN_PRICES = [
  { grade: GRADE.year, periodMonths: GRADE_PERIOD_MONTHS[GRADE.year], money: 21900, usdMoney: 2999 },
  { grade: GRADE.season, periodMonths: GRADE_PERIOD_MONTHS[GRADE.season], money: 6900, usdMoney: 999 },
  { grade: GRADE.month, periodMonths: GRADE_PERIOD_MONTHS[GRADE.month], money: 2900, usdMoney: 499 },
] as const;
