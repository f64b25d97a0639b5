import { DeclineInputSchema, MAX_PAGE_SIZE, PORTFOLIO_DECLINE_REASON_MAX } from '@shotlib/contract';
import { type AdminPortfolioRequest } from '@shotlib/contract/admin-portfolio';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PortfolioRequestDetails } from '../../components/portfolio-request';
import '../../lib/portfolio';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { useAssignAdminPortfolio, useDeclineAdminPortfolio } from './api/assign-portfolio';
import { useAdminPortfolioRequest } from './api/get-portfolio-request';
import { useAdminReviewers } from './api/list-reviewers';
import { Loading, MissingPanel, SelectField, TextAreaField, useEditorId } from './controls';
import styles from './admin.module.css';

/**
 * Route /admin/portfolio/:id: one request in full — who asked, the portfolio, the questions and what
 * came back; while it waits or is assigned, assign it to a reviewer (reviewers who review in the
 * request's language first) or decline it with a reason (the member's review comes back to them).
 */
export default function PortfolioRequestPage() {
  const { t: p } = useTranslation('portfolio');
  const id = useEditorId();
  if (typeof id !== 'number') return <MissingPanel title={p('admin.request.missing')} back={pathTo('AdminPortfolio')} backLabel={p('admin.request.back')} />;
  return <RequestView key={id} id={id} />;
}

function RequestView({ id }: { id: number }) {
  const { t: p } = useTranslation('portfolio');
  const request = useAdminPortfolioRequest(id);
  if (request.isPending) return <Loading />;
  if (request.isError) return <MissingPanel title={p('admin.request.missing')} back={pathTo('AdminPortfolio')} backLabel={p('admin.request.back')} />;
  const data = request.data;
  const open = data.state === 'requested' || data.state === 'assigned';
  return (
    <section className={styles.content} aria-labelledby="admin-portfolio-request-title">
      <Link to={pathTo('AdminPortfolio')} className={styles.note}>
        {p('admin.request.back')}
      </Link>
      <h1 id="admin-portfolio-request-title" className={styles.title}>
        {data.role}
      </h1>
      <PortfolioRequestDetails
        request={data}
        headingLevel={2}
        extraFacts={
          <div>
            <dt>{p('details.member')}</dt>
            <dd>
              {data.member.email} · {data.member.nickname}
            </dd>
          </div>
        }
      />
      {data.ratingComment !== null || data.rating !== null ? (
        <p className={styles.note}>{p('admin.request.rated', { count: data.rating ?? 0, comment: data.ratingComment ?? '' })}</p>
      ) : null}
      {open && (
        <div className={styles.twoForms}>
          <AssignForm request={data} />
          <DeclineForm request={data} />
        </div>
      )}
    </section>
  );
}

function AssignForm({ request }: { request: AdminPortfolioRequest }) {
  const { t: p } = useTranslation('portfolio');
  const { t: common } = useTranslation();
  const reviewers = useAdminReviewers('', 1, MAX_PAGE_SIZE);
  const assign = useAssignAdminPortfolio();
  const [reviewerId, setReviewerId] = useState<string>(request.reviewer ? String(request.reviewer.id) : '');
  const [missing, setMissing] = useState(false);
  // Reviewers who review in the request's language first, then the others; fewest open requests first within each.
  const options = [...(reviewers.data?.arr ?? [])].sort(
    (a, b) => Number(b.languages.includes(request.locale)) - Number(a.languages.includes(request.locale)) || a.open - b.open,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reviewerId) return setMissing(true);
    setMissing(false);
    assign.mutate({ id: request.id, reviewerId: Number(reviewerId) }, { onSuccess: () => toast.success(p('admin.request.assigned')) });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="admin-assign-title">
      <h2 id="admin-assign-title" className={styles.subtitle}>
        {request.state === 'assigned' ? p('admin.request.reassignTitle') : p('admin.request.assignTitle')}
      </h2>
      {reviewers.data && reviewers.data.arr.length === 0 ? (
        <p className={styles.note}>
          {p('admin.request.noReviewers')} <Link to={pathTo('AdminReviewers')}>{p('admin.reviewers.add')}</Link>
        </p>
      ) : (
        <SelectField label={p('details.reviewer')} value={reviewerId} onChange={(event) => setReviewerId(event.target.value)} aria-invalid={missing || undefined}>
          <option value="">{p('admin.request.chooseReviewer')}</option>
          {options.map((reviewer) => (
            <option key={reviewer.id} value={reviewer.id}>
              {p('admin.request.reviewerOption', {
                name: reviewer.name,
                company: reviewer.company,
                languages: reviewer.languages.map((locale) => common(`language.${locale}`)).join(', '),
                count: reviewer.open,
              })}
            </option>
          ))}
        </SelectField>
      )}
      {missing && <p className={styles.errorText}>{p('admin.request.chooseReviewer')}</p>}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={assign.isPending || (request.reviewer !== null && String(request.reviewer.id) === reviewerId)}>
          {p('admin.request.assign')}
        </button>
      </div>
    </form>
  );
}

function DeclineForm({ request }: { request: AdminPortfolioRequest }) {
  const { t: p } = useTranslation('portfolio');
  const decline = useDeclineAdminPortfolio();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DeclineInputSchema.safeParse({ reason });
    setError(!parsed.success);
    if (!parsed.success) return;
    decline.mutate({ id: request.id, decline: parsed.data }, { onSuccess: () => toast.success(p('decline.done')) });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="admin-decline-title">
      <h2 id="admin-decline-title" className={styles.subtitle}>
        {p('decline.title')}
      </h2>
      <p className={styles.note}>{p('decline.intro')}</p>
      <TextAreaField label={p('decline.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={PORTFOLIO_DECLINE_REASON_MAX} error={error ? p('decline.error') : undefined} />
      <div className={styles.actions}>
        <button type="submit" className={styles.danger} disabled={decline.isPending}>
          {p('decline.submit')}
        </button>
      </div>
    </form>
  );
}
