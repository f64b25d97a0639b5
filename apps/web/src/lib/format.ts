/** Formatting shared by pages. Prices: `formatPrice` in @shotlib/contract. */

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as month/day/year (docs/product-spec.md §2, article page), e.g. '09/18/2025'; '' when not a date. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** One formatter per language: making one loads the language's number data (milliseconds on a phone, per figure). */
const counts = new Map<string, Intl.NumberFormat>();

/**
 * The languages this app speaks group whole numbers by a comma every three digits, as Intl does for them. Their
 * counts are grouped here without Intl: the page's first NumberFormat loads the number data, 40–60 ms of one task
 * at start on a fast machine (four times that on Lighthouse's phone), for the list banner's three figures
 * (docs/decisions/035, "Lighthouse ≥ 0.95"). format.test.ts checks the two agree.
 */
const COMMA_GROUPED = new Set(['en', 'zh-CN', 'zh-TW']);

/** A count for marketing figures and totals, grouped for the reader's language (147,603). */
export function formatCount(value: number, locale: string): string {
  if (COMMA_GROUPED.has(locale) && Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  let format = counts.get(locale);
  if (!format) counts.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}
