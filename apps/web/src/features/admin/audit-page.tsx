import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditEntry, type AuditTarget } from '@shotlib/contract/admin';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { Field } from '../../components/field';
import type adminTexts from '../../i18n/admin.enUS.json';
import { useAudit, type AuditFilters } from './api/list-audit';
import { DAY_RANGE, FilterForm, formatInstant, PagedTable, SelectField, useFilters, useLanguageTag } from './controls';
import styles from './admin.module.css';

const NO_FILTERS: AuditFilters = { actorEmail: '', action: '', targetType: '', targetId: '', from: '', to: '', page: 1 };

type ActionKey = keyof typeof adminTexts.audit.actions;
/** The text key of a known audit action ('item.create' → 'item_create': dots separate keys). */
const actionKey = (action: string): ActionKey | null =>
  AUDIT_ACTIONS.some((known) => known === action) ? (action.replaceAll('.', '_') as ActionKey) : null;

/** The text key of a known audit target. */
const targetKey = (target: string): AuditTarget | null => AUDIT_TARGETS.find((known) => known === target) ?? null;

/** Route /admin/audit: who changed what and when, newest first, filtered by actor, action, target and days. */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const tag = useLanguageTag();
  const { draft, filters, set, apply, reset, setPage } = useFilters(NO_FILTERS);
  const audit = useAudit(filters);
  const actionLabel = (action: string) => {
    const key = actionKey(action);
    return key ? t(`audit.actions.${key}`) : action;
  };
  const targetLabel = (target: string) => {
    const key = targetKey(target);
    return key ? t(`audit.targets.${key}`) : target;
  };

  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: t('audit.at'), rowHeader: true, cell: (entry) => formatInstant(entry.at, tag) },
    { key: 'actor', header: t('audit.actor'), cell: (entry) => entry.actorEmail },
    { key: 'action', header: t('audit.action'), cell: (entry) => actionLabel(entry.action) },
    { key: 'target', header: t('audit.target'), cell: (entry) => `${targetLabel(entry.targetType)} #${entry.targetId}` },
    { key: 'reason', header: t('audit.reason'), cell: (entry) => entry.reason ?? '' },
    {
      key: 'change',
      header: t('audit.change'),
      cell: (entry) => (
        <details>
          <summary>{t('audit.show')}</summary>
          <p className={styles.label}>{t('audit.before')}</p>
          <pre className={styles.json}>{JSON.stringify(entry.before, null, 2)}</pre>
          <p className={styles.label}>{t('audit.after')}</p>
          <pre className={styles.json}>{JSON.stringify(entry.after, null, 2)}</pre>
        </details>
      ),
    },
  ];

  return (
    <section className={styles.content} aria-labelledby="admin-audit-title">
      <h1 id="admin-audit-title" className={styles.title}>
        {t('audit.title')}
      </h1>
      <FilterForm label={t('audit.filters')} onSubmit={apply} onReset={reset}>
        <Field label={t('audit.actorEmail')} type="email" value={draft.actorEmail} onChange={(event) => set('actorEmail', event.target.value)} />
        <SelectField label={t('audit.action')} value={draft.action} onChange={(event) => set('action', event.target.value as AuditFilters['action'])}>
          <option value="">{t('audit.anyAction')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('audit.targetType')} value={draft.targetType} onChange={(event) => set('targetType', event.target.value as AuditFilters['targetType'])}>
          <option value="">{t('audit.anyTarget')}</option>
          {AUDIT_TARGETS.map((target) => (
            <option key={target} value={target}>
              {t(`audit.targets.${target}`)}
            </option>
          ))}
        </SelectField>
        <Field label={t('audit.targetId')} inputMode="numeric" value={draft.targetId} onChange={(event) => set('targetId', event.target.value)} />
        <Field label={t('audit.from')} type="date" {...DAY_RANGE} value={draft.from} onChange={(event) => set('from', event.target.value)} />
        <Field label={t('audit.to')} type="date" {...DAY_RANGE} value={draft.to} onChange={(event) => set('to', event.target.value)} />
      </FilterForm>
      <PagedTable
        query={audit}
        caption={t('audit.caption')}
        columns={columns}
        rowKey={(entry) => entry.id}
        empty={t('audit.empty')}
        page={filters.page}
        onPage={setPage}
        pagingLabel={t('audit.paging')}
      />
    </section>
  );
}
