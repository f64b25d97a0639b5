import { formatPrice, GRADE, type Plan } from '@shotlib/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../i18n/i18n';
import { planKind, pricePer } from '../../lib/plans';
import { pathTo } from '../../lib/routes';
import styles from './sub.module.css';

/**
 * One plan: its name and period, the price in the reader's currency (¥ with the CNY price in
 * Chinese, $ with the USD price otherwise), what it comes to per month, and the way to checkout.
 * The year plan is the best value (the lowest price a month); no count badge: we cannot back the
 * spec's '5w+' (decision 053).
 */
export function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const titleId = useId();
  const kind = planKind(plan.grade);
  if (!kind) return null;
  const best = plan.grade === GRADE.year;
  const name = t(`billing.plans.${kind}.name`);
  const perMonth = formatPrice(pricePer(plan, 'month'), locale);

  return (
    <article className={best ? `${styles.plan} ${styles.planBest}` : styles.plan} aria-labelledby={titleId} data-grade={plan.grade}>
      <header className={styles.planHead}>
        <h3 id={titleId} className={styles.planName}>
          {name}
        </h3>
        {best && (
          <p className={styles.planBadges}>
            <span className={styles.bestBadge}>{t('billing.sub.best')}</span>
          </p>
        )}
      </header>
      <p className={styles.planPeriod}>{t(`billing.plans.${kind}.period`)}</p>
      <p className={styles.planPrice}>
        <span className={styles.planAmount}>{formatPrice(plan, locale)}</span>
        <span className={styles.planPer}>{t(`billing.plans.${kind}.per`)}</span>
      </p>
      <p className={styles.planBilling}>{t(`billing.plans.${kind}.billing`, { perMonth })}</p>
      <Link
        to={pathTo('Cfm', { grade: plan.grade })}
        className={best ? styles.planCtaBest : styles.planCta}
        aria-label={t('billing.sub.chooseLabel', { plan: name })}
      >
        {t('billing.sub.choose')}
      </Link>
    </article>
  );
}
