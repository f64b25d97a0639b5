import {
  formatMoney,
  formatPrice,
  ORDER_STATUS,
  PAY_WAYS,
  wayPrice,
  type PaymentWay,
  type PayReply,
  type PayWay,
  type Plan,
} from '@shotlib/contract';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import { NoticePanel, Panel } from '../../components/panel';
import { currentLocale } from '../../i18n/i18n';
import { planKind } from '../../lib/plans';
import { useSupportEmail } from '../../lib/public-config';
import { pathTo } from '../../lib/routes';
import { isReplyError, translatedReplyMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { useOrderPolling } from './api/get-order';
import { usePlan } from './api/get-plan';
import { usePayWays } from './api/list-pay-ways';
import { useStartPayment } from './api/start-payment';
import { formatTime } from './billing-format';
import styles from './cfm.module.css';
import { QrCode } from './qr-code';
import { redirectTo } from './redirect';
import { WayIcon } from './way-icon';

/** The way chosen before the reader picks one: WeChat Pay in Chinese, PayPal otherwise, if offered. */
function defaultWay(ways: readonly PaymentWay[]): PayWay | null {
  const preferred: PayWay = currentLocale() === 'enUS' ? 'paypal' : 'wechat';
  if (ways.some((w) => w.way === preferred)) return preferred;
  return ways[0]?.way ?? null;
}

/** Whether a QR checkout can no longer be paid; updates itself when its time runs out. */
function useExpired(expiresAt: string | null): boolean {
  const [expiredAt, setExpiredAt] = useState<string | null>(null);
  useEffect(() => {
    if (!expiresAt) return;
    const left = new Date(expiresAt).getTime() - Date.now();
    // setTimeout holds at most ~24.8 days; a QR code lasts hours.
    const timer = setTimeout(() => setExpiredAt(expiresAt), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt !== null && expiredAt === expiresAt;
}

type QrPanelProps = { checkout: PayReply; onChangeWay: () => void };

/**
 * WeChat Pay: the QR code of the order (220 px, margin 2), the hint, and — while the order is
 * open — a poll of GET /order/{tno} every 3 s; once paid, on to Ok. The poll lives with this
 * panel: leaving the page (or choosing another way) stops it.
 */
function QrPanel({ checkout, onChangeWay }: QrPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const expired = useExpired(checkout.expiresAt);
  const { data: order } = useOrderPolling(expired ? null : checkout.tno);
  const paid = order?.status === ORDER_STATUS.paid;
  const closed = order !== undefined && !paid && order.status !== ORDER_STATUS.unpaid;
  const amount = formatMoney({ amount: checkout.amount, currency: checkout.currency });

  useEffect(() => {
    if (paid) void navigate(pathTo('Ok'), { replace: true });
  }, [paid, navigate]);

  return (
    <Panel as="section" layout="stack" className={styles.qr} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.qrTitle}>
        {t('billing.cfm.qrTitle')}
      </h3>
      <div className={styles.qrFrame} data-faded={expired || closed}>
        <QrCode value={checkout.url} label={t('billing.cfm.qrAlt', { amount })} className={styles.qrImage} />
      </div>
      <p className={styles.qrHint}>{t('billing.cfm.qrHint')}</p>
      <p className={styles.qrAmount}>{amount}</p>
      <div role="status" className={styles.qrStatus}>
        {closed ? (
          <p className={styles.error}>{t('billing.cfm.failed')}</p>
        ) : expired ? (
          <p className={styles.error}>{t('billing.cfm.qrExpired')}</p>
        ) : (
          <p className={styles.waiting}>
            <span className={styles.pulse} aria-hidden="true" />
            {t('billing.cfm.qrWaiting')}
          </p>
        )}
      </div>
      {!expired && !closed && checkout.expiresAt && <p className={styles.muted}>{t('billing.cfm.qrValid', { time: formatTime(checkout.expiresAt) })}</p>}
      {checkout.sandbox && !expired && !closed && (
        <div className={styles.sandbox}>
          <p>{t('billing.sandboxNotice')}</p>
          <a href={checkout.url} target="_blank" rel="noopener noreferrer" className={buttons.secondary}>
            {t('billing.cfm.openSandbox')}
            <span className="visually-hidden"> {t('common.newTab')}</span>
          </a>
        </div>
      )}
      <button type="button" className={buttons.ghost} onClick={onChangeWay}>
        {t('billing.cfm.changeWay')}
      </button>
    </Panel>
  );
}

type CheckoutProps = { plan: Plan; ways: readonly PaymentWay[] };

function Checkout({ plan, ways }: CheckoutProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const email = useSupportEmail();
  const start = useStartPayment();
  const [chosen, setChosen] = useState<PayWay | null>(null);
  const [checkout, setCheckout] = useState<PayReply | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const summaryId = useId();
  const legendId = useId();
  const failureId = useId();

  const kind = planKind(plan.grade) ?? 'month';
  const planName = t(`billing.plans.${kind}.name`);
  const way = chosen ?? defaultWay(ways);
  const wayInfo = ways.find((w) => w.way === way) ?? null;
  const due = way ? formatMoney(wayPrice(plan, way)) : null;
  const busy = start.isPending || redirecting;
  const locked = busy || checkout !== null;

  const subscribe = () => {
    if (!way || locked) return;
    setFailure(null);
    start.mutate(
      { way, grade: plan.grade },
      {
        onSuccess: (reply) => {
          if (reply.action === 'qr') {
            setCheckout(reply);
            return;
          }
          setRedirecting(true);
          redirectTo(reply.url);
        },
        onError: (error) => {
          if (isReplyError(error)) {
            const message = translatedReplyMessage(error);
            setFailure(message);
            toast.error(message);
          } else if (error instanceof ApiError && error.kind === 'http') {
            setFailure(t('billing.cfm.failed'));
          }
        },
      },
    );
  };

  return (
    <div className={styles.columns}>
      <Panel as="section" layout="stack" className={styles.summary} aria-labelledby={summaryId}>
        <p className={styles.summaryLabel}>{t('billing.cfm.summary')}</p>
        <h2 id={summaryId} className={styles.heading}>
          {t('billing.cfm.heading', { plan: planName })}
        </h2>
        <p className={styles.price}>
          {/* The price in the currency of the chosen way: the same money as "Due today". */}
          <span className={styles.amount}>{due ?? formatPrice(plan, locale)}</span>
          <span className={styles.per}>{t(`billing.plans.${kind}.per`)}</span>
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('billing.cfm.plan')}</dt>
            <dd>{planName}</dd>
          </div>
          <div>
            <dt>{t('billing.cfm.period')}</dt>
            <dd>{t(`billing.plans.${kind}.period`)}</dd>
          </div>
          {wayInfo && (
            <div>
              <dt>{t('billing.cfm.renewal')}</dt>
              <dd>{wayInfo.autoRenew ? t('billing.cfm.renewsAuto') : t('billing.cfm.renewsManual')}</dd>
            </div>
          )}
          {due && (
            <div className={styles.total}>
              <dt>{t('billing.cfm.total')}</dt>
              <dd>{due}</dd>
            </div>
          )}
        </dl>
      </Panel>

      <Panel as="section" tone="plain" layout="stack" className={styles.pay} aria-label={t('billing.cfm.wayLegend')}>
        <fieldset className={styles.ways} disabled={locked} aria-describedby={failure ? failureId : undefined}>
          <legend id={legendId} className={styles.legend}>
            {t('billing.cfm.wayLegend')}
          </legend>
          {PAY_WAYS.filter((w) => ways.some((offered) => offered.way === w)).map((w) => (
            <label key={w} className={styles.way} data-checked={w === way}>
              <input
                type="radio"
                name="way"
                value={w}
                checked={w === way}
                onChange={() => {
                  setChosen(w);
                  setFailure(null);
                }}
                className={styles.radio}
              />
              <WayIcon way={w} />
              <span className={styles.wayText}>
                <span className={styles.wayName}>{t(`billing.ways.${w}.name`)}</span>
                <span className={styles.wayDetail}>{t(`billing.ways.${w}.detail`)}</span>
              </span>
            </label>
          ))}
        </fieldset>

        {checkout ? (
          <QrPanel
            checkout={checkout}
            onChangeWay={() => {
              setCheckout(null);
              start.reset();
            }}
          />
        ) : (
          <>
            {wayInfo?.sandbox && <p className={styles.sandboxNote}>{t('billing.sandboxNotice')}</p>}
            {due && way && <p className={styles.charge}>{t('billing.cfm.charge', { amount: due, way: t(`billing.ways.${way}.name`) })}</p>}
          </>
        )}

        {failure && (
          <p id={failureId} className={styles.error} role="alert">
            {failure}
          </p>
        )}

        <button type="button" className={styles.subscribe} onClick={subscribe} disabled={locked || !way} aria-busy={busy}>
          {busy ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              {t('common.loading')}
            </>
          ) : (
            t('billing.cfm.subscribe')
          )}
        </button>
        {redirecting && way && (
          <p className={styles.muted} role="status">
            {t('billing.cfm.redirecting', { way: t(`billing.ways.${way}.name`) })}
          </p>
        )}

        {/* Only a renewing way authorises future charges; a one-time payment says so instead. */}
        {wayInfo && (
          <p className={styles.notice}>
            {wayInfo.autoRenew ? t('billing.cfm.authorise') : t('billing.cfm.oneTime', { amount: due, period: t(`billing.plans.${kind}.period`) })}
          </p>
        )}
        <p className={styles.notice}>
          <Trans i18nKey="billing.cfm.legal" components={{ terms: <Link to={pathTo('Terms')} />, privacy: <Link to={pathTo('Privacy')} /> }} />
        </p>
        <p className={styles.notice}>
          <Trans i18nKey="billing.cfm.support" values={{ email }} components={{ email: <a href={`mailto:${email}`} /> }} />
        </p>
      </Panel>
    </div>
  );
}

/**
 * Route /cfm/:grade (Cfm, login needed): the order confirmation for a plan (docs/product-spec.md §2, §4). The
 * plan and its price, the way to pay (WeChat Pay, PayPal, card; locked while an order is under
 * way), the Subscribe button; WeChat Pay shows a QR code and waits for the payment, the other
 * ways send the browser to the provider's page.
 */
export default function CfmPage() {
  const { t } = useTranslation();
  const params = useParams();
  const grade = Number(params.grade);
  const valid = Number.isInteger(grade) && grade > 0;
  const plan = usePlan(grade, valid);
  const ways = usePayWays();
  const notFound = !valid || (plan.isError && plan.error instanceof ApiError && plan.error.kind === 'reply');

  return (
    <div className={styles.page}>
      <DocumentTitle title={t('billing.cfm.title')} />
      <BackLink to={pathTo('Sub')} iconSize={18}>
        {t('billing.cfm.back')}
      </BackLink>
      <h1 className={styles.title}>{t('billing.cfm.title')}</h1>
      {notFound ? (
        <NoticePanel
          alert
          message={t('billing.cfm.notFound')}
          action={
            <Link to={pathTo('Sub')} className={buttons.primary}>
              {t('billing.cfm.seePlans')}
            </Link>
          }
        />
      ) : plan.isError || ways.isError ? (
        <NoticePanel
          alert
          message={t('billing.cfm.loadFailed')}
          action={
            <button
              type="button"
              className={buttons.secondary}
              onClick={() => {
                void plan.refetch();
                void ways.refetch();
              }}
            >
              {t('billing.sub.retry')}
            </button>
          }
        />
      ) : plan.data && ways.data ? (
        <Checkout plan={plan.data} ways={ways.data.arr} />
      ) : (
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      )}
    </div>
  );
}
