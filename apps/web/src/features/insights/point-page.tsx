import { ReplyCode } from '@shotlib/contract';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import skeleton from '../../components/skeleton.module.css';
import { StatePanel } from '../../components/state-panel';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/routes';
import { useArticle } from './api/get-article';
import { articleIdOf } from './article-id';
import styles from './insights.module.css';

/**
 * Route /point/:id (docs/product-spec.md §2, §5): one insight article — title, update date as month/day/year,
 * rich content — in the reader's language (English where it has no translation), following a
 * change of language. The id is converted to a number; zero, a missing or a non-numeric id is
 * never fetched and shows a friendly not-found, as does an article the server does not have.
 * The content is HTML sanitised by the server when it was stored (an allow-list: no scripts, no
 * event handlers, no javascript: links; images load lazily), so it is rendered as it is.
 */
export default function PointPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = articleIdOf(params.id);
  const locale = currentLocale();
  const titleId = useId();
  const article = useArticle(id ?? 0, locale, id !== null);
  const data = article.data;

  const back = (
    <nav className={styles.crumbs} aria-label={t('detail.breadcrumb')}>
      <BackLink to={paths.Points}>{t('nav.insights')}</BackLink>
    </nav>
  );

  if (id === null || (article.isError && !data)) {
    const missing = id === null || (article.error instanceof ApiError && article.error.code === ReplyCode.notFound);
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        <DocumentTitle title={missing ? t('insights.article.notFoundTitle') : t('insights.article.title')} />
        {back}
        <div className={styles.reading}>
          <StatePanel
            level={1}
            titleId={titleId}
            title={missing ? t('insights.article.notFoundTitle') : t('insights.article.loadFailed')}
            text={missing ? t('insights.article.notFoundBody') : t('insights.article.loadFailedBody')}
            actions={
              <>
                {!missing && (
                  <button type="button" className={buttons.secondary} onClick={() => void article.refetch()}>
                    {t('errors.retry')}
                  </button>
                )}
                <Link to={paths.Points} className={buttons.secondary}>
                  {t('insights.article.backToInsights')}
                </Link>
              </>
            }
          />
        </div>
      </section>
    );
  }

  return (
    <article className={styles.page} aria-labelledby={titleId} aria-busy={!data || article.isPlaceholderData}>
      <DocumentTitle title={data?.title ?? t('insights.article.title')} />
      {back}
      {data ? (
        <div className={styles.reading}>
          <header className={styles.articleHeader}>
            <h1 id={titleId} className={styles.articleTitle}>
              {data.title}
            </h1>
            <p className={styles.meta}>
              <Trans
                i18nKey="insights.article.updated"
                values={{ date: formatDate(data.updateTime) }}
                components={{ time: <time dateTime={data.updateTime} /> }}
              />
            </p>
          </header>
          {/* Sanitised on the server when stored (see the docblock). */}
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: data.content }} />
        </div>
      ) : (
        <div className={styles.reading}>
          <h1 id={titleId} className="visually-hidden">
            {t('insights.article.title')}
          </h1>
          <div aria-hidden="true">
            <div className={`${skeleton.skeleton} ${styles.skeletonTitle}`} />
            <div className={`${skeleton.skeleton} ${styles.skeletonShort}`} />
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className={`${skeleton.skeleton} ${styles.skeletonLine}`} />
            ))}
          </div>
        </div>
      )}
    </article>
  );
}
