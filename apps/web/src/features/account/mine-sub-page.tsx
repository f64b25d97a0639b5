import { formatMoney, type Order, type Subscription } from '@shotlib/contract';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { DataTable } from '../../components/data-table';
import { Modal } from '../../components/modal';
import { NoticePanel, Panel } from '../../components/panel';
import { LANGUAGE_TAGS, currentLocale } from '../../i18n/i18n';
import { refreshSessionUser } from '../../lib/member-info';
import { planKind } from '../../lib/plans';
import { pathTo } from '../../lib/routes';
import { isReplyError, translatedReplyMessage } from '../../lib/server-message';
import { useSessionStore } from '../../lib/session-store';
import { toast } from '../../lib/toast';
import { AccountSection } from './account-section';
import styles from './account.module.css';
import { useCancelRenewal } from './api/cancel-renewal';
import { useSubscription } from './api/get-subscription';
import { useOrders } from './api/list-orders';
import sub from './mine-sub.module.css';

const formatDate = (iso: string, dateStyle: 'long' | 'medium') =>
  new Intl.DateTimeFormat(LANGUAGE_TAGS[currentLocale()], { dateStyle }).format(new Date(iso));
const longDate = (iso: string) => formatDate(iso, 'long');

/** The plan's name (Year plan, Season plan, Month plan) for a grade. */
function usePlanName() {
  const { t } = useTranslation();
  return (grade: number) => {
    const kind = planKind(grade);
    return kind ? t(`billing.plans.${kind}.name`) : String(grade);
  };
}

/** How the subscription renews, in one sentence. */
function renewalText(t: TFunction<'translation'>, subscription: Subscription, expired: string | null): string {
  const end = subscription.currentPeriodEnd ?? expired;
  const date = end ? longDate(end) : '';
  if (subscription.status === 'ended') return t('account.sub.ended', { date });
  if (subscription.cancelAtPeriodEnd || subscription.status === 'canceled') return t('account.sub.canceled', { date });
  if (subscription.autoRenew) return t('account.sub.renewsOn', { date });
  return t('account.sub.manual', { date });
}

function CancelDialog({ until, onClose }: { until: string; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelRenewal();
  const titleId = useId();
  const bodyId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('account.sub.canceledToast'));
        onClose();
      },
      onError: (error) => {
        if (isReplyError(error)) toast.error(translatedReplyMessage(error));
      },
    });

  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={onClose} initialFocus={keepRef} className={sub.dialog}>
      <h2 id={titleId} className={sub.dialogTitle}>
        {t('account.sub.cancelTitle')}
      </h2>
      <p id={bodyId} className={styles.hint}>
        {t('account.sub.cancelBody', { date: longDate(until) })}
      </p>
      <div className={sub.dialogActions}>
        <button ref={keepRef} type="button" className={buttons.secondary} onClick={onClose}>
          {t('account.sub.keep')}
        </button>
        <button type="button" className={buttons.danger} onClick={confirm} disabled={cancel.isPending} aria-busy={cancel.isPending}>
          {cancel.isPending ? t('account.sub.canceling') : t('account.sub.cancelConfirm')}
        </button>
      </div>
    </Modal>
  );
}

/** What became of the order, as the server names it (decision 051), with a short why for the unpaid ones. */
function OrderStatus({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { state } = order;
  return (
    <>
      <span className={state === 'paid' ? styles.badgeOn : styles.badge}>{t(`account.sub.orderStatus.${state}`)}</span>
      {(state === 'unpaid' || state === 'expired' || state === 'failed') && <span className={sub.orderMeta}>{t(`account.sub.statusHint.${state}`)}</span>}
    </>
  );
}

function History() {
  const { t } = useTranslation();
  const planName = usePlanName();
  const { data, isPending, isError, refetch } = useOrders();
  const orders = data?.arr ?? [];

  if (isPending) return <div className={sub.tableSkeleton} aria-hidden="true" />;
  if (isError) {
    return (
      <NoticePanel
        alert
        className={sub.refusal}
        message={t('account.sub.loadFailed')}
        action={
          <button type="button" className={buttons.secondary} onClick={() => void refetch()}>
            {t('account.sub.retry')}
          </button>
        }
      />
    );
  }
  if (orders.length === 0) {
    return (
      <Panel as="p" tone="dashed" className={styles.empty}>
        {t('account.sub.historyEmpty')}
      </Panel>
    );
  }

  return (
    <DataTable
      caption={t('account.sub.historyCaption')}
      cardsWhenNarrow
      rows={orders}
      rowKey={(order) => order.tno}
      columns={[
        {
          key: 'name',
          header: t('account.sub.columns.name'),
          rowHeader: true,
          cell: (order) => (
            <>
              <span className={sub.orderName}>{planName(order.grade)}</span>
              <span className={sub.orderMeta}>
                {t(`billing.ways.${order.way}.name`)}
                {order.renewal ? ` · ${t('account.sub.renewalOrder')}` : ''}
              </span>
            </>
          ),
        },
        { key: 'date', header: t('account.sub.columns.date'), nowrap: true, cell: (order) => formatDate(order.createTime, 'medium') },
        {
          key: 'amount',
          header: t('account.sub.columns.amount'),
          numeric: true,
          nowrap: true,
          cell: (order) => formatMoney({ amount: order.amount, currency: order.currency }),
        },
        { key: 'status', header: t('account.sub.columns.status'), cell: (order) => <OrderStatus order={order} /> },
      ]}
    />
  );
}

/**
 * Route /mine/sub (MineSub): whether the member is subscribed and until when, the current
 * subscription (plan, way, renewal) with its Cancel renewal action, and the order history
 * (subscription name, purchase date, amount, and each order's state: Unpaid, Paid, Failed, Expired,
 * Refunded; decision 051).
 */
export default function MineSubPage() {
  const { t } = useTranslation();
  const planName = usePlanName();
  const user = useSessionStore((state) => state.user);
  const { data: info } = useSubscription();
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  // The server knows best: a payment (or an expiry) since the member was stored updates the session,
  // so the header and the paywall follow at once.
  const storedVip = user?.vip;
  useEffect(() => {
    if (info && storedVip !== undefined && info.vip !== storedVip) void refreshSessionUser().catch(() => null);
  }, [info, storedVip]);

  const vip = info?.vip ?? user?.vip ?? false;
  const expired = info ? info.expired : (user?.expired ?? null);
  const subscription = info?.subscription ?? null;
  const canCancel = subscription !== null && subscription.status === 'active' && subscription.autoRenew && !subscription.cancelAtPeriodEnd;
  const until = subscription?.currentPeriodEnd ?? expired;

  return (
    <AccountSection title={t('nav.subscription')}>

      <Panel layout="stack" className={styles.card}>
        <div className={styles.statusRow}>
          <span className={styles.label}>{t('account.sub.status')}</span>
          <span className={vip ? styles.badgeOn : styles.badge}>
            {vip ? t('account.sub.subscribed') : t('account.sub.notSubscribed')}
          </span>
        </div>
        <p className={styles.hint}>
          {vip && expired
            ? t('account.sub.until', { date: longDate(expired) })
            : expired
              ? t('account.sub.lapsed', { date: longDate(expired) })
              : t('account.sub.none')}
        </p>
        {subscription && (
          <dl className={sub.facts}>
            <div>
              <dt>{t('account.sub.plan')}</dt>
              <dd>{planName(subscription.grade)}</dd>
            </div>
            <div>
              <dt>{t('account.sub.paidWith')}</dt>
              <dd>
                {t(`billing.ways.${subscription.way}.name`)} · {formatMoney({ amount: subscription.amount, currency: subscription.currency })}
              </dd>
            </div>
            <div>
              <dt>{t('account.sub.renewal')}</dt>
              <dd>{renewalText(t, subscription, expired)}</dd>
            </div>
          </dl>
        )}
        {subscription?.sandbox && <p className={sub.sandbox}>{t('account.sub.sandbox')}</p>}
        <div className={sub.actions}>
          {!vip && (
            <Link to={pathTo('Sub')} className={buttons.primary}>
              {t('account.sub.viewPlans')}
            </Link>
          )}
          {canCancel && until && (
            <button ref={cancelRef} type="button" className={buttons.secondary} onClick={() => setConfirming(true)}>
              {t('account.sub.cancel')}
            </button>
          )}
        </div>
      </Panel>

      <div className={styles.group}>
        <h3 className={styles.groupTitle}>{t('account.sub.history')}</h3>
        <History />
      </div>

      {confirming && until && <CancelDialog until={until} onClose={() => setConfirming(false)} />}
    </AccountSection>
  );
}
