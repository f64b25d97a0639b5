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

const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
const fileSizes = new Map<string, Intl.NumberFormat>();

/**
 * A file's size in the unit that reads best, in the reader's language: '512 B', '37 KB', '2.4 MB'
 * (1 KB = 1024 B, as the upload limits count). One decimal below 10 of a unit, none above; a size
 * that rounds to 1024 of a unit is said in the next one. The unit symbols are the same in the three
 * languages (Intl's own unit names differ between them: '500 byte', '500 B').
 */
export function formatFileSize(bytes: number, locale: string): string {
  let format = fileSizes.get(locale);
  if (!format) fileSizes.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })));
  let value = Math.max(0, bytes);
  let unit = 0;
  while (unit < FILE_SIZE_UNITS.length - 1 && (unit === 0 ? value >= 1024 : roundFor(value) >= 1024)) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? Math.round(value) : roundFor(value);
  return `${format.format(shown)} ${FILE_SIZE_UNITS[unit]}`;
}

/** One decimal below 10, whole numbers from 10 on. */
const roundFor = (value: number) => (value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value));
