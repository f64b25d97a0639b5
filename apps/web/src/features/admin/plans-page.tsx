import { AdminPlanUpdateSchema, type AdminPlan } from '@shotlib/contract/admin-content';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/data-table';
import { StatePanel } from '../../components/state-panel';
import { toast } from '../../lib/toast';
import { useAdminPlans } from './api/list-plans';
import { useUpdateAdminPlan } from './api/update-plan';
import { Loading } from './controls';
import styles from './admin.module.css';

/** A price typed in units ("19.90") as cents, or NaN. */
export function toCents(value: string): number {
  const trimmed = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

const units = (cents: number) => (cents / 100).toFixed(2);

/** Route /admin/plans: the three plans and their prices (CNY for WeChat Pay, USD for PayPal and cards). */
export default function PlansPage() {
  const { t } = useTranslation('admin');
  const plans = useAdminPlans();

  const columns: Column<AdminPlan>[] = [
    { key: 'plan', header: t('plans.plan'), rowHeader: true, cell: (plan) => t('plans.months', { count: plan.period }) },
    { key: 'prices', header: t('plans.prices'), cell: (plan) => <PriceForm key={`${plan.money}-${plan.usdMoney}`} plan={plan} /> },
  ];
  return (
    <section className={styles.content} aria-labelledby="admin-plans-title">
      <h1 id="admin-plans-title" className={styles.title}>
        {t('plans.title')}
      </h1>
      <p className={styles.note}>{t('plans.hint')}</p>
      {plans.isPending ? (
        <Loading />
      ) : plans.isError ? (
        <StatePanel title={t('common.loadFailed')} onRetry={() => void plans.refetch()} />
      ) : (
        <DataTable caption={t('plans.caption')} columns={columns} rows={plans.data.arr} rowKey={(plan) => plan.grade} className={styles.table} />
      )}
    </section>
  );
}

function PriceForm({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation('admin');
  const update = useUpdateAdminPlan();
  const [cny, setCny] = useState(units(plan.money));
  const [usd, setUsd] = useState(units(plan.usdMoney));
  const [invalid, setInvalid] = useState(false);
  const name = t('plans.months', { count: plan.period });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AdminPlanUpdateSchema.safeParse({ money: toCents(cny), usdMoney: toCents(usd) });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    update.mutate({ grade: plan.grade, update: parsed.data }, { onSuccess: () => toast.success(t('plans.saved', { plan: name })) });
  };
  return (
    <form className={styles.actions} onSubmit={submit} noValidate aria-label={t('plans.pricesOf', { plan: name })}>
      <label className={styles.choice}>
        {t('plans.cny')}
        <input className={`${styles.input} ${styles.priceInput}`} inputMode="decimal" value={cny} onChange={(e) => setCny(e.target.value)} aria-invalid={invalid || undefined} />
      </label>
      <label className={styles.choice}>
        {t('plans.usd')}
        <input className={`${styles.input} ${styles.priceInput}`} inputMode="decimal" value={usd} onChange={(e) => setUsd(e.target.value)} aria-invalid={invalid || undefined} />
      </label>
      <button type="submit" className={styles.small} disabled={update.isPending}>
        {t('plans.save')}
      </button>
      {invalid && (
        <p className={styles.errorText} role="alert">
          {t('plans.priceError')}
        </p>
      )}
    </form>
  );
}
