import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, LANGUAGE_TAGS } from '../../i18n/i18n';
import styles from './admin.module.css';

type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'className'> & { label: ReactNode; children: ReactNode };

/** A labelled select (Field, the shared one, holds inputs only). */
export function SelectField({ label, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={styles.control}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select {...select} id={id} className={styles.select}>
        {children}
      </select>
    </div>
  );
}

type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & {
  label: ReactNode;
  error?: ReactNode;
};

/** A labelled textarea; the error, when there is one, describes it. */
export function TextAreaField({ label, error, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const invalid = Boolean(error);
  return (
    <div className={styles.control}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea {...textarea} id={id} className={styles.textarea} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : undefined} />
      {invalid && (
        <p id={`${id}-error`} className={styles.errorText}>
          {error}
        </p>
      )}
    </div>
  );
}

type PagerProps = { page: number; total: number; pageSize: number; onPage: (page: number) => void; label: string };

/** Previous / next under a table, and where the reader is. */
export function Pager({ page, total, pageSize, onPage, label }: PagerProps) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pager} aria-label={label}>
      <p className={styles.note} aria-live="polite">
        {t('common.pageOf', { page, pages, total })}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.small} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('common.previous')}
        </button>
        <button type="button" className={styles.small} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('common.next')}
        </button>
      </div>
    </nav>
  );
}

/** A list's loading note, said once. */
export function Loading() {
  const { t } = useTranslation('admin');
  return (
    <p className={styles.state} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {t('common.loading')}
    </p>
  );
}

/** An instant as the reader's locale writes a date and time. */
export function formatInstant(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** An instant as a yyyy-mm-dd day (for date inputs), in the reader's time zone. */
export function toDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The BCP 47 tag of the language shown, for Intl formatting. */
export function useLanguageTag(): string {
  const { i18n } = useTranslation();
  return LANGUAGE_TAGS[isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'enUS'];
}
