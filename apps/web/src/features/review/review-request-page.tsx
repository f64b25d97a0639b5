import { DeclineInputSchema, HttpLinkSchema, PORTFOLIO_ANSWER_HTML_MAX, PORTFOLIO_DECLINE_REASON_MAX, type ReviewRequest } from '@shotlib/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import { Field } from '../../components/field';
import { TextAreaField } from '../../components/form-controls';
import { PageHeader } from '../../components/page-header';
import { PortfolioRequestDetails } from '../../components/portfolio-request';
import { StatePanel } from '../../components/state-panel';
import { LANGUAGE_TAGS } from '../../i18n/i18n';
import '../../lib/portfolio';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { AnswerEditor } from './answer-editor';
import { useAnswerReview, useDeclineReview } from './api/answer-review';
import { useReview } from './api/get-review';
import { ReviewerOnly } from './reviewer-only';
import styles from './review.module.css';

const idOf = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 ? id : null;
};

/**
 * Route /review/:id (ReviewRequest): a request assigned to the signed-in reviewer — the portfolio
 * (its link or its PDF), what the member aims at and asks; while it is theirs to answer, the
 * feedback editor with an optional call link, and the way to decline it with a reason.
 */
export default function ReviewRequestPage() {
  return (
    <ReviewerOnly>
      <ReviewRequestView />
    </ReviewerOnly>
  );
}

function ReviewRequestView() {
  const { t } = useTranslation('portfolio');
  const id = idOf(useParams().id);
  const review = useReview(id ?? 0, id !== null);
  const back = <BackLink to={pathTo('Review')}>{t('review.back')}</BackLink>;

  if (id === null || review.isError) {
    return (
      <section className={styles.page}>
        <DocumentTitle title={t('review.missing')} />
        {back}
        <StatePanel
          level={1}
          title={t('review.missing')}
          actions={
            <Link to={pathTo('Review')} className={buttons.secondary}>
              {t('review.back')}
            </Link>
          }
        />
      </section>
    );
  }
  if (review.isPending) {
    return (
      <section className={styles.page} aria-busy="true">
        {back}
        <p className={styles.state} role="status">
          {t('common.loading')}
        </p>
      </section>
    );
  }
  const request = review.data;
  return (
    <section className={styles.page} aria-labelledby="review-request-title">
      <DocumentTitle title={request.role} />
      {back}
      <PageHeader titleId="review-request-title" title={request.role} lead={t('review.from', { nickname: request.member.nickname })} />
      <PortfolioRequestDetails request={request} showReviewer={false} headingLevel={2} />
      {request.state === 'assigned' && (
        <>
          <AnswerForm request={request} />
          <DeclineForm request={request} />
        </>
      )}
    </section>
  );
}

function AnswerForm({ request }: { request: ReviewRequest }) {
  const { t } = useTranslation('portfolio');
  const answer = useAnswerReview();
  const [html, setHtml] = useState('');
  const [callLink, setCallLink] = useState('');
  const [errors, setErrors] = useState<{ html?: string; callLink?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const text = html.trim();
    if (text === '' || text.length > PORTFOLIO_ANSWER_HTML_MAX) next.html = t('editor.errors.html');
    const link = callLink.trim();
    if (link && !HttpLinkSchema.safeParse(link).success) next.callLink = t('editor.errors.callLink');
    setErrors(next);
    if (next.html || next.callLink) return;
    answer.mutate({ id: request.id, answer: { html: text, callLink: link || null } }, { onSuccess: () => toast.success(t('review.answered')) });
  };

  return (
    <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="review-answer-title">
      <h2 id="review-answer-title" className={styles.groupTitle}>
        {t('review.answerTitle')}
      </h2>
      <p className={styles.note}>{t('review.answerIntro')}</p>
      <AnswerEditor value={html} onChange={setHtml} error={errors.html} lang={LANGUAGE_TAGS[request.locale]} />
      <Field label={t('review.callLink')} hint={t('review.callLinkHint')} type="url" inputMode="url" placeholder="https://" value={callLink} onChange={(e) => setCallLink(e.target.value)} error={errors.callLink} />
      <div className={styles.actions}>
        <button type="submit" className={buttons.primary} disabled={answer.isPending} aria-busy={answer.isPending}>
          {t('review.sendAnswer')}
        </button>
      </div>
    </form>
  );
}

function DeclineForm({ request }: { request: ReviewRequest }) {
  const { t } = useTranslation('portfolio');
  const decline = useDeclineReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DeclineInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(t('decline.error'));
    setError(undefined);
    decline.mutate({ id: request.id, decline: parsed.data }, { onSuccess: () => toast.success(t('decline.done')) });
  };

  return (
    <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="review-decline-title">
      <h2 id="review-decline-title" className={styles.groupTitle}>
        {t('decline.title')}
      </h2>
      <p className={styles.note}>{t('decline.intro')}</p>
      <TextAreaField label={t('decline.reason')} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} error={error} maxLength={PORTFOLIO_DECLINE_REASON_MAX} />
      <div className={styles.actions}>
        <button type="submit" className={buttons.danger} disabled={decline.isPending} aria-busy={decline.isPending}>
          {t('decline.submit')}
        </button>
      </div>
    </form>
  );
}
