import { PORTFOLIO_PAGE_SIZE, PORTFOLIO_STATES, type PortfolioState, type ReviewSummary } from '@shotlib/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { DocumentTitle } from '../../components/document-title';
import { SelectField } from '../../components/form-controls';
import { PageHeader } from '../../components/page-header';
import { formatPortfolioDate, PortfolioPager, PortfolioStateBadge } from '../../components/portfolio-request';
import { StatePanel } from '../../components/state-panel';
import '../../lib/portfolio';
import { pathTo } from '../../lib/routes';
import { useReviews } from './api/list-reviews';
import { ReviewerOnly } from './reviewer-only';
import styles from './review.module.css';

/** Route /review (Review): the requests an admin assigned to the signed-in reviewer, open ones first. */
export default function ReviewListPage() {
  return (
    <ReviewerOnly>
      <ReviewList />
    </ReviewerOnly>
  );
}

function ReviewList() {
  const { t } = useTranslation('portfolio');
  const { t: common } = useTranslation();
  const [state, setState] = useState<PortfolioState | ''>('assigned');
  const [page, setPage] = useState(1);
  const list = useReviews(state || undefined, page, true);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PORTFOLIO_PAGE_SIZE));

  return (
    <section className={styles.page} aria-labelledby="review-title">
      <DocumentTitle title={t('review.title')} />
      <PageHeader titleId="review-title" title={t('review.title')} lead={t('review.lead')} />
      <div className={styles.filters}>
        <SelectField
          label={t('details.state')}
          value={state}
          onChange={(event) => {
            setState(event.target.value as PortfolioState | '');
            setPage(1);
          }}
        >
          <option value="">{t('review.anyState')}</option>
          {PORTFOLIO_STATES.filter((value) => value !== 'requested').map((value) => (
            <option key={value} value={value}>
              {t(`states.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isPending ? (
        <p className={styles.state} role="status">
          {t('common.loading')}
        </p>
      ) : list.isError ? (
        <StatePanel title={t('common.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.arr.length === 0 ? (
        <StatePanel title={state === 'assigned' ? t('review.emptyOpen') : t('review.empty')} />
      ) : (
        <>
          <DataTable<ReviewSummary>
            caption={t('review.caption')}
            cardsWhenNarrow
            rows={list.data.arr}
            rowKey={(request) => request.id}
            columns={[
              {
                key: 'role',
                header: t('details.role'),
                rowHeader: true,
                cell: (request) => <Link to={pathTo('ReviewRequest', { id: request.id })}>{request.role}</Link>,
              },
              { key: 'member', header: t('details.member'), cell: (request) => request.member.nickname },
              { key: 'level', header: t('details.level'), nowrap: true, cell: (request) => t(`levels.${request.level}`) },
              { key: 'language', header: t('details.language'), nowrap: true, cell: (request) => common(`language.${request.locale}`) },
              { key: 'assigned', header: t('details.assigned'), nowrap: true, cell: (request) => (request.assignedAt ? formatPortfolioDate(request.assignedAt) : '') },
              { key: 'state', header: t('details.state'), nowrap: true, cell: (request) => <PortfolioStateBadge state={request.state} /> },
            ]}
          />
          <PortfolioPager page={page} pages={pages} onPage={setPage} label={t('review.paging')} className={styles.actions} />
        </>
      )}
    </section>
  );
}
