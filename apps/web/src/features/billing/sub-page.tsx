import { catalogueFigure, formatPrice, GRADE, MARKETING, PORTFOLIO_GUIDANCE_PER_YEAR, type CatalogStats } from '@shotlib/contract';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import { CheckIcon } from '../../components/icons';
import { NoticePanel } from '../../components/panel';
import { currentLocale } from '../../i18n/i18n';
import { useCatalogStats } from '../../lib/catalog-stats';
import { pricePer } from '../../lib/plans';
import { pathTo } from '../../lib/routes';
import { useSessionStore } from '../../lib/session-store';
import { usePayWays } from './api/list-pay-ways';
import { usePlans } from './api/list-plans';
import { formatFigure, formatLongDate } from './billing-format';
import { ComparisonTable } from './comparison-table';
import { Faq } from './faq';
import { PlanCard } from './plan-card';
import styles from './sub.module.css';
import { Testimonials } from './testimonials';

type Figure = { key: 'apps' | 'business' | 'flows' | 'screenshots'; value: number | null };

/**
 * The headline figures, every one from the catalogue's live counts (`GET /platform/stats`), rounded
 * down (`catalogueFigure`), so the page never promises more than the library holds; a count of
 * nothing is not shown. No figure the catalogue cannot back (designers, interface pages): decision 053.
 * `value` is null while the counts load.
 */
function headlineFigures(stats: CatalogStats | undefined): Figure[] {
  const live = (count: number, claim = Number.POSITIVE_INFINITY) => (stats ? catalogueFigure(count, claim) : null);
  const figures: Figure[] = [
    { key: 'apps', value: live((stats?.apps ?? 0) + (stats?.sites ?? 0), MARKETING.apps) },
    { key: 'business', value: live(stats?.business ?? 0) },
    { key: 'flows', value: live(stats?.flows ?? 0) },
    { key: 'screenshots', value: live(stats?.screenshots ?? 0, MARKETING.screenshots) },
  ];
  return figures.filter((figure) => figure.value === null || figure.value > 0);
}

const INCLUDED = ['screens', 'filters', 'collections', 'updates'] as const;

/**
 * Route /sub (Sub): the subscription plans (docs/product-spec.md §2). A headline with the library's figures, the
 * plan cards from GET /grade (the year plan marked best), what every plan includes, the
 * testimonials the console keeps (none: no section), the comparison of regular and subscribed drawn from the entitlement
 * table, five questions and answers, and a word about Shotlib.
 */
export default function SubPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { data, isPending, isError, refetch } = usePlans();
  const figures = headlineFigures(useCatalogStats().data);
  const testMode = usePayWays().data?.arr.some((way) => way.sandbox) ?? false;
  const user = useSessionStore((state) => state.user);
  const headingId = useId();
  const plansId = useId();
  const compareId = useId();
  const aboutId = useId();

  const plans = data?.arr ?? [];
  const year = plans.find((plan) => plan.grade === GRADE.year);
  const perDay = year ? formatPrice(pricePer(year, 'day'), locale) : null;

  return (
    <div className={styles.page}>
      <DocumentTitle title={t('billing.sub.title')} />

      <section className={styles.hero} aria-labelledby={headingId}>
        <p className={styles.eyebrow}>{t('billing.sub.eyebrow')}</p>
        <h1 id={headingId} className={styles.headline}>
          {t('billing.sub.headline')}
        </h1>
        <p className={styles.lead}>
          {perDay ? t('billing.sub.lead', { perDay }) : <span className={styles.leadSkeleton} aria-hidden="true" />}
        </p>
        <dl className={styles.figures} aria-label={t('billing.sub.figuresLabel')} style={{ '--figures': figures.length } as CSSProperties}>
          {figures.map((figure) => (
            <div key={figure.key} className={styles.figure}>
              <dt className={styles.figureLabel}>{t(`billing.sub.figures.${figure.key}`)}</dt>
              <dd className={styles.figureValue}>
                {figure.value === null ? <span className={styles.figureSkeleton} aria-hidden="true" /> : formatFigure(figure.value, true)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {testMode && (
        <p className={styles.testMode} role="note">
          {t('billing.sandboxNotice')}
        </p>
      )}

      {user?.vip && user.expired && (
        <p className={styles.memberNote} role="note">
          <span>{t('billing.sub.memberNote', { date: formatLongDate(user.expired) })}</span>
          <Link to={pathTo('MineSub')} className={buttons.secondary}>
            {t('billing.sub.manage')}
          </Link>
        </p>
      )}

      <section className={styles.plansSection} aria-labelledby={plansId}>
        <h2 id={plansId} className="visually-hidden">
          {t('billing.sub.plansTitle')}
        </h2>
        {isError ? (
          <NoticePanel
            alert
            className={styles.refusal}
            message={t('billing.sub.loadFailed')}
            action={
              <button type="button" className={buttons.secondary} onClick={() => void refetch()}>
                {t('billing.sub.retry')}
              </button>
            }
          />
        ) : (
          <div className={styles.plans} aria-busy={isPending}>
            {isPending
              ? [0, 1, 2].map((n) => <div key={n} className={styles.planSkeleton} aria-hidden="true" />)
              : plans.map((plan) => <PlanCard key={plan.grade} plan={plan} />)}
          </div>
        )}
        <div className={styles.included}>
          <h3 className={styles.includedTitle}>{t('billing.sub.includedTitle')}</h3>
          <ul role="list" className={styles.includedList}>
            {INCLUDED.map((key) => (
              <li key={key}>
                <CheckIcon size={16} className={styles.includedIcon} />
                {t(`billing.sub.included.${key}`)}
              </li>
            ))}
            <li>
              <CheckIcon size={16} className={styles.includedIcon} />
              {t('billing.sub.included.guidance', { count: PORTFOLIO_GUIDANCE_PER_YEAR })}
            </li>
          </ul>
          <p className={styles.renewNote}>{t('billing.sub.renewNote')}</p>
        </div>
      </section>

      <Testimonials />

      <section className={styles.section} aria-labelledby={compareId}>
        <h2 id={compareId} className={styles.sectionTitle}>
          {t('billing.sub.compare.title')}
        </h2>
        <ComparisonTable />
      </section>

      <Faq />

      <section className={`${styles.section} ${styles.about}`} aria-labelledby={aboutId}>
        <h2 id={aboutId} className={styles.sectionTitle}>
          {t('billing.sub.about.title')}
        </h2>
        <p>{t('billing.sub.about.body1')}</p>
        <p>{t('billing.sub.about.body2')}</p>
      </section>
    </div>
  );
}
