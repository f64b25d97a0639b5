import { MAX_PAGE_SIZE, PORTFOLIO_STATES, type PortfolioState } from '@shotlib/contract';
import { type AdminPortfolioSummary } from '@shotlib/contract/admin-portfolio';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column } from '../../components/data-table';
import { PortfolioStateBadge } from '../../components/portfolio-request';
import '../../lib/portfolio';
import { pathTo } from '../../lib/routes';
import { useAdminPortfolio, type PortfolioQueueFilters } from './api/list-portfolio';
import { useAdminReviewers } from './api/list-reviewers';
import { FilterForm, formatInstant, PagedTable, SelectField, useFilters, useLanguageTag } from './controls';
import styles from './admin.module.css';

const NONE: PortfolioQueueFilters = { state: 'requested', reviewerId: null, page: 1 };

/**
 * Route /admin/portfolio: the portfolio guidance requests, the waiting ones first (oldest first) —
 * who asked, for what, in which language, the state and the reviewer; each opens to assign it to
 * a reviewer or decline it.
 */
export default function PortfolioQueuePage() {
  const { t: p } = useTranslation('portfolio');
  const { t: common } = useTranslation();
  const tag = useLanguageTag();
  const { draft, filters, set, apply, reset, setPage } = useFilters(NONE);
  const queue = useAdminPortfolio(filters);
  const reviewers = useAdminReviewers('', 1, MAX_PAGE_SIZE);

  const columns: Column<AdminPortfolioSummary>[] = [
    {
      key: 'role',
      header: p('details.role'),
      rowHeader: true,
      cell: (request) => <Link to={pathTo('AdminPortfolioRequest', { id: request.id })}>{request.role}</Link>,
    },
    { key: 'member', header: p('details.member'), cell: (request) => request.member.email },
    { key: 'level', header: p('details.level'), nowrap: true, cell: (request) => p(`levels.${request.level}`) },
    { key: 'language', header: p('details.language'), nowrap: true, cell: (request) => common(`language.${request.locale}`) },
    { key: 'state', header: p('details.state'), nowrap: true, cell: (request) => <PortfolioStateBadge state={request.state} /> },
    { key: 'reviewer', header: p('details.reviewer'), cell: (request) => request.reviewer?.name ?? '—' },
    { key: 'sent', header: p('details.sent'), nowrap: true, cell: (request) => formatInstant(request.createdAt, tag) },
  ];

  return (
    <section className={styles.content} aria-labelledby="admin-portfolio-title">
      <h1 id="admin-portfolio-title" className={styles.title}>
        {p('admin.queue.title')}
      </h1>
      <p className={styles.note}>{p('admin.queue.intro')}</p>
      <FilterForm label={p('admin.queue.filters')} onSubmit={apply} onReset={reset}>
        <SelectField label={p('details.state')} value={draft.state} onChange={(event) => set('state', event.target.value as PortfolioState | '')}>
          <option value="">{p('admin.queue.anyState')}</option>
          {PORTFOLIO_STATES.map((state) => (
            <option key={state} value={state}>
              {p(`states.${state}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={p('details.reviewer')}
          value={draft.reviewerId ?? ''}
          onChange={(event) => set('reviewerId', event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{p('admin.queue.anyReviewer')}</option>
          {reviewers.data?.arr.map((reviewer) => (
            <option key={reviewer.id} value={reviewer.id}>
              {reviewer.name}
            </option>
          ))}
        </SelectField>
      </FilterForm>
      <PagedTable
        query={queue}
        caption={p('admin.queue.caption')}
        columns={columns}
        rowKey={(request) => request.id}
        empty={p('admin.queue.empty')}
        page={filters.page}
        onPage={setPage}
        pagingLabel={p('admin.queue.paging')}
      />
    </section>
  );
}
