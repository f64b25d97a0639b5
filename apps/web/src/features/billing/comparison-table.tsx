import {
  DETAIL_PAGE_SIZE,
  ENTITLEMENT_ROWS,
  EntitlementStatus,
  LIMITS,
  MARKETING,
  openableScreens,
  SCREEN_PAGE_SIZE,
  type EntitlementRowKey,
  type Tier,
} from '@shotlib/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/data-table';
import { formatMonth } from './billing-format';
import { StatusMark } from './status-mark';
import styles from './sub.module.css';

type EntitlementRow = (typeof ENTITLEMENT_ROWS)[number];

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
      // Regular callers: what of it is free, by the one rule of free screens (issue 28); subscribers:
      // everything, updated since the launch month.
      case 'bEnd':
        return tier === 'regular'
          ? t('billing.sub.compare.details.bEndFree', { count: openableScreens(false) })
          : t('billing.sub.compare.details.bEnd', { date: formatMonth(MARKETING.bEndFrom) });
      case 'flows':
        return tier === 'regular'
          ? t('billing.sub.compare.details.flowsFree', { count: openableScreens(false) })
          : t('billing.sub.compare.details.flows', { date: formatMonth(MARKETING.flowsFrom) });
      // Regular callers: the first pages of the Screens view and its search (issue 14); subscribers: all of it ('yes').
      case 'screenSearch':
        return t('billing.sub.compare.details.screenSearchFree', { count: limits.screenListMaxPage * SCREEN_PAGE_SIZE });
      case 'portfolio':
        return t('billing.sub.compare.details.portfolio', { count: limits.portfolioPerYear });
    }
  };

  const column = (key: 'regular' | 'subscribed', tier: Tier): Column<EntitlementRow> => ({
    key,
    header: t(`billing.sub.compare.${key}`),
    highlight: tier === 'vip',
    cell: (row) => {
      const status = row[tier];
      return <StatusMark status={status} detail={hasDetail(status) ? detail(row.key, tier) : undefined} />;
    },
  });

  return (
    <DataTable
      caption={t('billing.sub.compare.caption')}
      className={styles.comparison}
      rows={ENTITLEMENT_ROWS}
      rowKey={(row) => row.key}
      columns={[
        { key: 'feature', header: t('billing.sub.compare.feature'), rowHeader: true, cell: (row) => t(`billing.sub.compare.rows.${row.key}`) },
        column('regular', 'regular'),
        column('subscribed', 'vip'),
      ]}
    />
  );
}
