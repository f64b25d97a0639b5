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

/** A count for marketing figures and totals, grouped for the reader's language (147,603). */
export function formatCount(value: number, locale: string): string {
  let format = counts.get(locale);
  if (!format) counts.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}
