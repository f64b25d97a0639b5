import { LANGUAGE_TAGS, currentLocale } from '../../i18n/i18n';
import { formatCount } from '../../lib/format';

/** Language tag of the current locale for Intl formatting. */
export const languageTag = (): string => LANGUAGE_TAGS[currentLocale()];

/** A year-month ('2025-11') as the reader says it: 'November 2025', '2025年11月'. */
export function formatMonth(yearMonth: string): string {
  const date = new Date(`${yearMonth}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return yearMonth;
  return new Intl.DateTimeFormat(languageTag(), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
}

/** A marketing figure, grouped for the reader ('147,603+'). */
export const formatFigure = (value: number, plus = true): string => `${formatCount(value, languageTag())}${plus ? '+' : ''}`;

/** A point in time as the reader says a clock time ('14:32'). */
export const formatTime = (iso: string): string =>
  new Intl.DateTimeFormat(languageTag(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** A date as the reader says it in full ('November 21, 2026'). */
export const formatLongDate = (iso: string): string => new Intl.DateTimeFormat(languageTag(), { dateStyle: 'long' }).format(new Date(iso));
