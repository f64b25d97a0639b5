import { PORTFOLIO_RATING_COMMENT_MAX, type PortfolioRequest } from '@shotlib/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import buttons from '../../components/button.module.css';
import { TextAreaField } from '../../components/form-controls';
import { PortfolioRequestDetails } from '../../components/portfolio-request';
import { StatePanel } from '../../components/state-panel';
import '../../lib/portfolio';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { AccountSection } from './account-section';
import styles from './account.module.css';
import { usePortfolioRequest } from './api/get-portfolio-request';
import { useRatePortfolio } from './api/rate-portfolio';
import portfolio from './portfolio.module.css';

const idOf = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 ? id : null;
};

/**
 * Route /mine/portfolio/:id (MinePortfolioRequest): one of the member's requests — what they asked,
 * its state, the reviewer's feedback once it came (and the call link), or why it was declined; and
 * the rating of the feedback. Another member's request is "not found", as the server answers.
 */
export default function MinePortfolioRequestPage() {
  const { t } = useTranslation('portfolio');
  const id = idOf(useParams().id);
  const request = usePortfolioRequest(id ?? 0, id !== null);
  const back = <BackLink to={pathTo('MinePortfolio')}>{t('mine.back')}</BackLink>;

  if (id === null || request.isError) {
    return (
      <AccountSection title={t('mine.missing')}>
        {back}
        <StatePanel
          title={t('mine.missing')}
          text={t('mine.missingText')}
          actions={
            <Link to={pathTo('MinePortfolio')} className={buttons.secondary}>
              {t('mine.back')}
            </Link>
          }
        />
      </AccountSection>
    );
  }
  if (request.isPending) {
    return (
      <AccountSection title={t('mine.requestTitle')} busy>
        {back}
        <div className={styles.skeleton} aria-hidden="true" />
      </AccountSection>
    );
  }
  const data = request.data;
  return (
    <AccountSection title={t('mine.requestNamed', { role: data.role })} intro={t(`mine.stateText.${data.state}`)}>
      {back}
      <PortfolioRequestDetails request={data} />
      {data.state === 'answered' && <RatingForm key={`${data.rating}-${data.ratingComment}`} request={data} />}
    </AccountSection>
  );
}

/** Five stars (a radio group) and a comment; rating again changes it. */
function RatingForm({ request }: { request: PortfolioRequest }) {
  const { t } = useTranslation('portfolio');
  const rate = useRatePortfolio();
  const [rating, setRating] = useState<number | null>(request.rating);
  const [comment, setComment] = useState(request.ratingComment ?? '');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return setMissing(true);
    rate.mutate({ id: request.id, rating: { rating, comment: comment.trim() } }, { onSuccess: () => toast.success(t('rating.thanks')) });
  };

  return (
    <form className={styles.group} onSubmit={submit} noValidate aria-label={t('rating.title')}>
      <h3 className={styles.groupTitle}>{t('rating.title')}</h3>
      {request.rating !== null && <p className={styles.hint}>{t('rating.current', { count: request.rating })}</p>}
      <fieldset className={portfolio.fieldset} aria-describedby={missing ? 'portfolio-rating-error' : undefined}>
        <legend className={portfolio.legend}>{t('rating.legend')}</legend>
        <div className={portfolio.stars}>
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={portfolio.star} data-on={rating !== null && value <= rating}>
              <input
                type="radio"
                name="portfolio-rating"
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setMissing(false);
                }}
                aria-label={t('rating.stars', { count: value })}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </div>
        {missing && (
          <p id="portfolio-rating-error" className={portfolio.error}>
            {t('rating.missing')}
          </p>
        )}
      </fieldset>
      <TextAreaField label={t('rating.comment')} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={PORTFOLIO_RATING_COMMENT_MAX} />
      <div className={styles.actions}>
        <button type="submit" className={buttons.primary} disabled={rate.isPending} aria-busy={rate.isPending}>
          {request.rating === null ? t('rating.send') : t('rating.change')}
        </button>
      </div>
    </form>
  );
}
