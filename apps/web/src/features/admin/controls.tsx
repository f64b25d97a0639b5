import type { UseQueryResult } from '@tanstack/react-query';
import { DATE_MAX, DATE_MIN } from '@shotlib/contract';
import { ADMIN_PAGE_SIZE } from '@shotlib/contract/admin';
import { useId, useState, type ComponentProps, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import {
  SelectField as SharedSelectField,
  TextAreaField as SharedTextAreaField,
  type ControlLook,
} from '../../components/form-controls';
import { StatePanel } from '../../components/state-panel';
import { isLocale, LANGUAGE_TAGS } from '../../i18n/i18n';
import { wrapIndex } from '../../lib/wrap-index';
import styles from './admin.module.css';

/** The console's look for the shared labelled controls. */
const CONSOLE_LOOK: ControlLook = {
  field: styles.control,
  label: styles.label,
  hint: styles.note,
  error: styles.errorText,
  select: styles.select,
  textarea: styles.textarea,
};

/** A labelled select in the console's look (Field, the shared one, holds inputs only). */
export const SelectField = (props: ComponentProps<typeof SharedSelectField>) => <SharedSelectField look={CONSOLE_LOOK} {...props} />;

/** A labelled textarea in the console's look; the error, when there is one, describes it. */
export const TextAreaField = (props: ComponentProps<typeof SharedTextAreaField>) => <SharedTextAreaField look={CONSOLE_LOOK} {...props} />;

type TabsProps<V extends string> = {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  children: ReactNode;
};

/**
 * Pill tabs over one panel (the segmented track of the product): the tab list is one stop of the
 * Tab key, ←/→ move between its tabs (wrapping), Home/End go to the first and last.
 */
export function Tabs<V extends string>({ label, value, options, onChange, children }: TabsProps<V>) {
  const id = useId();
  const tabId = (option: V) => `${id}-tab-${option}`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = options.findIndex((option) => option.value === value);
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -index, End: options.length - 1 - index };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = options[wrapIndex(index, step, options.length)];
    if (!next) return;
    onChange(next.value);
    document.getElementById(tabId(next.value))?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs}>
        {options.map((option) => (
          <button
            key={option.value}
            id={tabId(option.value)}
            type="button"
            role="tab"
            aria-selected={option.value === value}
            aria-controls={`${id}-panel`}
            tabIndex={option.value === value ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(option.value)}
            onKeyDown={onKeyDown}
          >
            {option.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(value)} className={styles.content}>
        {children}
      </div>
    </>
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

/**
 * A filtered, paged list's filters: the form's draft, and the filters asked for (applied on submit,
 * from page 1). `setPage` moves through the results of the applied ones.
 */
export function useFilters<F extends { page: number }>(none: F) {
  const [draft, setDraft] = useState<F>(none);
  const [filters, setFilters] = useState<F>(none);
  return {
    draft,
    filters,
    set: <K extends keyof F>(key: K, value: F[K]) => setDraft((current) => ({ ...current, [key]: value })),
    apply: (event: FormEvent) => {
      event.preventDefault();
      setFilters({ ...draft, page: 1 });
    },
    reset: () => {
      setDraft(none);
      setFilters(none);
    },
    setPage: (page: number) => setFilters((current) => ({ ...current, page })),
  };
}

type FilterFormProps = { label: string; onSubmit: (event: FormEvent) => void; onReset: () => void; children: ReactNode };

/** The filters above a list: its fields, then Apply and Reset. */
export function FilterForm({ label, onSubmit, onReset, children }: FilterFormProps) {
  const { t } = useTranslation('admin');
  return (
    <form className={styles.filters} onSubmit={onSubmit} aria-label={label}>
      {children}
      <div className={styles.actions}>
        <button type="submit" className={styles.secondary}>
          {t('audit.apply')}
        </button>
        <button type="button" className={styles.small} onClick={onReset}>
          {t('audit.reset')}
        </button>
      </div>
    </form>
  );
}

type PagedTableProps<T> = {
  query: UseQueryResult<{ arr: T[]; total: number }>;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => number | string;
  empty: string;
  page: number;
  onPage: (page: number) => void;
  pagingLabel: string;
};

/** A page of a filtered list: loading, failed (with retry), empty, or the table and its pager. */
export function PagedTable<T>({ query, caption, columns, rowKey, empty, page, onPage, pagingLabel }: PagedTableProps<T>) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <Loading />;
  if (query.isError) return <StatePanel title={t('common.loadFailed')} onRetry={() => void query.refetch()} />;
  if (query.data.arr.length === 0) return <StatePanel title={empty} />;
  return (
    <>
      <DataTable caption={caption} columns={columns} rows={query.data.arr} rowKey={rowKey} className={styles.table} />
      <Pager page={page} total={query.data.total} pageSize={ADMIN_PAGE_SIZE} onPage={onPage} label={pagingLabel} />
    </>
  );
}

/** An editor route's `:id`: 'new' without one (the create route), null when it is not an id. */
export function useEditorId(): number | 'new' | null {
  const { id } = useParams();
  if (id === undefined) return 'new';
  const number = Number(id);
  return Number.isInteger(number) && number >= 1 ? number : null;
}

/** An editor's page when what it edits does not exist: the title, and the way back to the list. */
export function MissingPanel({ title, back, backLabel }: { title: string; back: string; backLabel: string }) {
  return (
    <StatePanel
      level={1}
      title={title}
      actions={
        <Link className={styles.secondary} to={back}>
          {backLabel}
        </Link>
      }
    />
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

/** The days a date input offers: the contract's date range (decision 029). */
export const DAY_RANGE = { min: DATE_MIN.slice(0, 10), max: DATE_MAX.slice(0, 10) } as const;

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
