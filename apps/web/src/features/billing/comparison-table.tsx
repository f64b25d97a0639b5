import {
  DETAIL_PAGE_SIZE,
  ENTITLEMENT_ROWS,
  EntitlementStatus,
  LIMITS,
  MARKETING,
  type EntitlementRowKey,
  type Tier,
} from '@shotlib/contract';
import { useTranslation } from 'react-i18next';
import { formatMonth } from './billing-format';
import { StatusMark } from './status-mark';
import styles from './sub.module.css';

/** Whether a status needs words beyond its name (partial, partial (50 pages), updating). */
const hasDetail = (status: EntitlementStatus) => status !== EntitlementStatus.none && status !== EntitlementStatus.yes;

/**
 * The comparison of a regular account and a subscription (docs/product-spec.md §2): generated from the
 * entitlement table the server enforces (ENTITLEMENT_ROWS), with the limits behind each partial
 * status (LIMITS) said in words. A real table: a caption, column and row headers.
 */
export function ComparisonTable() {
  const { t } = useTranslation();

  const detail = (key: EntitlementRowKey, tier: Tier): string => {
    const limits = LIMITS[tier];
    switch (key) {
      case 'library':
        return t('billing.sub.compare.details.library', { count: limits.listMaxPage });
      case 'screens':
        return t('billing.sub.compare.details.screens', { count: limits.previewMaxPage * DETAIL_PAGE_SIZE });
      case 'filters':
        return t('billing.sub.compare.details.filters');
      case 'collections':
        return t('billing.sub.compare.details.collections', { count: limits.collectMax });
      case 'bEnd':
        return t('billing.sub.compare.details.bEnd', { date: formatMonth(MARKETING.bEndFrom) });
      case 'flows':
        return t('billing.sub.compare.details.flows', { date: formatMonth(MARKETING.flowsFrom) });
    }
  };

  const cell = (key: EntitlementRowKey, tier: Tier, status: EntitlementStatus) => (
    <td className={tier === 'vip' ? styles.vipCell : undefined}>
      <StatusMark status={status} detail={hasDetail(status) ? detail(key, tier) : undefined} />
    </td>
  );

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('billing.sub.compare.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.sub.compare.feature')}</th>
            <th scope="col">{t('billing.sub.compare.regular')}</th>
            <th scope="col" className={styles.vipHead}>
              {t('billing.sub.compare.subscribed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {ENTITLEMENT_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{t(`billing.sub.compare.rows.${row.key}`)}</th>
              {cell(row.key, 'regular', row.regular)}
              {cell(row.key, 'vip', row.vip)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
