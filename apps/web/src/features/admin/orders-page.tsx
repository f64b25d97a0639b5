import { PAY_WAYS } from '@shotlib/contract';
import { ORDER_RESOLUTIONS, OrderResolveSchema, type AdminOrder, type OrderResolution } from '@shotlib/contract/admin-content';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { Field } from '../../components/field';
import { toast } from '../../lib/toast';
import { useAdminOrders, type OrderFilters } from './api/list-orders';
import { useResolveAdminOrder } from './api/resolve-order';
import { DAY_RANGE, FilterForm, formatInstant, PagedTable, SelectField, TextAreaField, useFilters, useLanguageTag } from './controls';
import styles from './admin.module.css';

const NO_FILTERS: OrderFilters = { status: '', way: '', from: '', to: '', review: '', email: '', page: 1 };
const STATUSES = ['0', '1', '2', '3'] as const;

const amountOf = (order: AdminOrder) => `${order.currency === 'CNY' ? '¥' : '$'}${(order.amount / 100).toFixed(2)}`;

/** Route /admin/orders: every order, filtered by status, way, dates and review; flagged ones get a resolution. */
export default function OrdersPage() {
  const { t } = useTranslation('admin');
  const tag = useLanguageTag();
  const { draft, filters, set, apply, reset, setPage } = useFilters(NO_FILTERS);
  const [resolving, setResolving] = useState<number | null>(null);
  const orders = useAdminOrders(filters);
  const current = orders.data?.arr.find((order) => order.id === resolving);

  const columns: Column<AdminOrder>[] = [
    { key: 'tno', header: t('orders.number'), rowHeader: true, cell: (order) => order.tno },
    { key: 'email', header: t('members.email'), cell: (order) => order.email },
    { key: 'plan', header: t('plans.plan'), cell: (order) => t(`orders.grades.${order.grade === 1 ? 'year' : order.grade === 2 ? 'season' : 'month'}`) },
    { key: 'way', header: t('orders.way'), cell: (order) => `${t(`orders.ways.${order.way}`)}${order.provider === 'sandbox' ? ` (${t('orders.sandbox')})` : ''}` },
    { key: 'amount', header: t('orders.amount'), numeric: true, cell: amountOf },
    {
      key: 'state',
      header: t('orders.state'),
      // What became of it, as its member reads it in their order history (decision 051), not the stored 0–3.
      cell: (order) => (
        <div className={styles.control}>
          <span className={order.state === 'paid' ? styles.badgeOn : styles.badgeQuiet}>{t(`orders.states.${order.state}`)}</span>
          {order.state !== 'paid' && order.state !== 'refunded' && <span className={styles.note}>{t(`orders.stateHints.${order.state}`)}</span>}
        </div>
      ),
    },
    { key: 'created', header: t('orders.created'), cell: (order) => formatInstant(order.createdAt, tag) },
    {
      key: 'review',
      header: t('orders.review'),
      cell: (order) =>
        order.reviewReason === null ? (
          ''
        ) : (
          <div className={styles.control}>
            <span className={order.resolution ? styles.badgeQuiet : styles.badgeOn}>
              {order.resolution ? t(`orders.resolutions.${order.resolution}`) : t('orders.flagged')}
            </span>
            <span className={styles.note}>{order.reviewReason}</span>
            {order.resolutionNote && <span className={styles.note}>{t('orders.resolvedNote', { note: order.resolutionNote, by: order.resolvedBy ?? '' })}</span>}
            <button type="button" className={styles.small} aria-label={t('orders.resolveNamed', { tno: order.tno })} onClick={() => setResolving(order.id)}>
              {order.resolution ? t('orders.changeResolution') : t('orders.resolve')}
            </button>
          </div>
        ),
    },
  ];

  return (
    <section className={styles.content} aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title" className={styles.title}>
        {t('orders.title')}
      </h1>
      <FilterForm label={t('orders.filters')} onSubmit={apply} onReset={reset}>
        <SelectField label={t('items.status')} value={draft.status} onChange={(e) => set('status', e.target.value as OrderFilters['status'])}>
          <option value="">{t('items.anyStatus')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`orders.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('orders.way')} value={draft.way} onChange={(e) => set('way', e.target.value as OrderFilters['way'])}>
          <option value="">{t('orders.anyWay')}</option>
          {PAY_WAYS.map((way) => (
            <option key={way} value={way}>
              {t(`orders.ways.${way}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('orders.review')} value={draft.review} onChange={(e) => set('review', e.target.value as OrderFilters['review'])}>
          <option value="">{t('orders.reviewAny')}</option>
          <option value="flagged">{t('orders.reviewFlagged')}</option>
          <option value="open">{t('orders.reviewOpen')}</option>
          <option value="resolved">{t('orders.reviewResolved')}</option>
        </SelectField>
        <Field label={t('orders.email')} type="search" value={draft.email} onChange={(e) => set('email', e.target.value)} />
        <Field label={t('audit.from')} type="date" {...DAY_RANGE} value={draft.from} onChange={(e) => set('from', e.target.value)} />
        <Field label={t('audit.to')} type="date" {...DAY_RANGE} value={draft.to} onChange={(e) => set('to', e.target.value)} />
      </FilterForm>
      <PagedTable
        query={orders}
        caption={t('orders.caption')}
        columns={columns}
        rowKey={(order) => order.id}
        empty={t('orders.empty')}
        page={filters.page}
        onPage={setPage}
        pagingLabel={t('orders.paging')}
      />
      {current && <ResolveForm key={current.id} order={current} onDone={() => setResolving(null)} />}
    </section>
  );
}

function ResolveForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const resolve = useResolveAdminOrder();
  const [resolution, setResolution] = useState<OrderResolution>(order.resolution ?? 'accepted');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = OrderResolveSchema.safeParse({ resolution, note });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    resolve.mutate(
      { id: order.id, resolution: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('orders.resolved'));
          onDone();
        },
      },
    );
  };
  return (
    <form className={styles.manage} onSubmit={submit} noValidate aria-labelledby="admin-resolve-title">
      <h2 id="admin-resolve-title" className={styles.subtitle}>
        {t('orders.resolveTitle', { tno: order.tno })}
      </h2>
      <p className={styles.note}>{t('orders.resolveHint')}</p>
      <SelectField label={t('orders.resolution')} value={resolution} onChange={(e) => setResolution(e.target.value as OrderResolution)}>
        {ORDER_RESOLUTIONS.map((value) => (
          <option key={value} value={value}>
            {t(`orders.resolutions.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('orders.note')} value={note} onChange={(e) => setNote(e.target.value)} error={invalid ? t('orders.noteError') : undefined} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={resolve.isPending}>
          {t('orders.record')}
        </button>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
