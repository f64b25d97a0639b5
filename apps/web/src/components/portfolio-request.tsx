import { type PortfolioRequest, type PortfolioState } from '@shotlib/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS, currentLocale } from '../i18n/i18n';
import { formatFileSize } from '../lib/format';
import { downloadPortfolioPdf } from '../lib/portfolio';
import buttons from './button.module.css';
import styles from './portfolio-request.module.css';

/** An instant as the reader's language writes a day (and the time, with `time`). */
export function formatPortfolioDate(iso: string, time = false): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[currentLocale()], time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(iso));
}

/** A request's state as a badge: answered stands out, declined is quiet, waiting ones in the accent. */
export function PortfolioStateBadge({ state }: { state: PortfolioState }) {
  const { t } = useTranslation('portfolio');
  const className = state === 'answered' ? styles.badgeOn : state === 'declined' ? styles.badge : styles.badgeAccent;
  return <span className={className}>{t(`states.${state}`)}</span>;
}

type PagerProps = { page: number; pages: number; onPage: (page: number) => void; label: string; className?: string };

/** Previous / next under a list of requests, shown only when there is more than one page. */
export function PortfolioPager({ page, pages, onPage, label, className }: PagerProps) {
  const { t } = useTranslation('portfolio');
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className={buttons.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <button type="button" className={buttons.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}

/** A PDF of a request, downloaded with the session (it is never public). */
export function PortfolioPdfButton({ id, name, size }: { id: number; name: string; size: number }) {
  const { t } = useTranslation('portfolio');
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttons.secondary}
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        void downloadPortfolioPdf(id, name)
          .catch(() => null)
          .finally(() => setBusy(false));
      }}
    >
      {t('details.downloadPdf', { name, size: formatFileSize(size, LANGUAGE_TAGS[currentLocale()]) })}
    </button>
  );
}

type DetailsProps = {
  request: PortfolioRequest;
  /** Facts to add after the common ones (the member's e-mail in the console). */
  extraFacts?: ReactNode;
  /** Whether to show the reviewer's name (the member's and the console's views; the reviewer knows). */
  showReviewer?: boolean;
  /** The level of the parts' headings: one under the page's own heading. */
  headingLevel?: 2 | 3;
};

/**
 * What was asked and what came back: the facts (sent, level, language, reviewer), the portfolio (its
 * link, or its PDF to download), the questions, then the feedback (HTML the server sanitised when it
 * was saved) with its call link, or the reason it was declined.
 */
export function PortfolioRequestDetails({ request, extraFacts, showReviewer = true, headingLevel = 3 }: DetailsProps) {
  const { t } = useTranslation('portfolio');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t: common } = useTranslation();
  return (
    <div className={styles.details}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('details.state')}</dt>
          <dd>
            <PortfolioStateBadge state={request.state} />
          </dd>
        </div>
        <div>
          <dt>{t('details.sent')}</dt>
          <dd>{formatPortfolioDate(request.createdAt, true)}</dd>
        </div>
        <div>
          <dt>{t('details.role')}</dt>
          <dd>{request.role}</dd>
        </div>
        <div>
          <dt>{t('details.level')}</dt>
          <dd>{t(`levels.${request.level}`)}</dd>
        </div>
        <div>
          <dt>{t('details.language')}</dt>
          <dd>{common(`language.${request.locale}`)}</dd>
        </div>
        {showReviewer && request.reviewer && (
          <div>
            <dt>{t('details.reviewer')}</dt>
            <dd>{t('details.reviewerAt', { name: request.reviewer.name, company: request.reviewer.company })}</dd>
          </div>
        )}
        {extraFacts}
      </dl>

      <section className={styles.block} aria-label={t('details.portfolio')}>
        <Heading className={styles.blockTitle}>{t('details.portfolio')}</Heading>
        {request.link ? (
          <p>
            <a className={styles.link} href={request.link} target="_blank" rel="noopener noreferrer nofollow">
              {request.link}
            </a>
          </p>
        ) : request.pdf ? (
          <div>
            <PortfolioPdfButton id={request.id} name={request.pdf.name} size={request.pdf.size} />
          </div>
        ) : null}
      </section>

      <section className={styles.block} aria-label={t('details.questions')}>
        <Heading className={styles.blockTitle}>{t('details.questions')}</Heading>
        <p className={styles.questions}>{request.questions}</p>
      </section>

      {request.answer && (
        <section className={styles.block} aria-label={t('details.feedback')}>
          <Heading className={styles.blockTitle}>{t('details.feedback')}</Heading>
          <p className={styles.note}>{t('details.answeredOn', { date: formatPortfolioDate(request.answer.at) })}</p>
          {/* Sanitised on the server when the reviewer saved it (the articles' allow-list). */}
          <div className={styles.prose} lang={LANGUAGE_TAGS[request.locale]} dangerouslySetInnerHTML={{ __html: request.answer.html }} />
          {request.answer.callLink && (
            <p>
              <a className={styles.link} href={request.answer.callLink} target="_blank" rel="noopener noreferrer nofollow">
                {t('details.callLink')}
              </a>
            </p>
          )}
        </section>
      )}

      {request.state === 'declined' && (
        <section className={`${styles.block} ${styles.declined}`} aria-label={t('details.declined')}>
          <Heading className={styles.blockTitle}>{t('details.declined')}</Heading>
          {request.declinedAt && <p className={styles.note}>{formatPortfolioDate(request.declinedAt)}</p>}
          <p className={styles.questions}>{request.declineReason}</p>
        </section>
      )}
    </div>
  );
}
