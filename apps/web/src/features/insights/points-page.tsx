import { GRID_COLUMNS, type ArticleListItem } from '@shotlib/contract';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { ChevronRightIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import skeleton from '../../components/skeleton.module.css';
import { StatePanel } from '../../components/state-panel';
import { currentLocale } from '../../i18n/i18n';
import { useMediaUrl } from '../../lib/public-config';
import { pathTo } from '../../lib/routes';
import { useArticleList } from './api/list-articles';
import styles from './insights.module.css';

/** Stored size of the article covers (the seed renders them at 1200 × 675). */
const COVER = { width: 1200, height: 675 } as const;
/** Skeleton cards while the list loads: two rows of the grid. */
const SKELETON_CARDS = GRID_COLUMNS.points * 2;

/**
 * Route /points (Points; docs/product-spec.md §2): the insight articles, newest first, as a 3-column grid of cards
 * (cover image, title, 'view details'); a card opens /point/{id}. Titles are in the reader's
 * language (English where an article has no translation) and follow a change of language.
 */
export default function PointsPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const titleId = useId();
  const list = useArticleList(locale);
  const articles = list.data?.arr;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <DocumentTitle title={t('insights.list.title')} />
      <PageHeader title={t('insights.list.title')} titleId={titleId} lead={t('insights.list.intro')} />

      {list.isError && !list.data ? (
        <StatePanel title={t('insights.list.loadFailed')} onRetry={() => void list.refetch()} />
      ) : articles && articles.length === 0 ? (
        <StatePanel title={t('insights.list.empty')} />
      ) : (
        <ul role="list" className={styles.grid} style={{ '--columns': GRID_COLUMNS.points } as CSSProperties} aria-busy={!articles}>
          {articles
            ? articles.map((article, position) => <ArticleCard key={article.id} article={article} eager={position < GRID_COLUMNS.points} />)
            : Array.from({ length: SKELETON_CARDS }, (_, index) => (
                <li key={index} className={styles.card} aria-hidden="true">
                  <div className={`${styles.cover} ${styles.coverSkeleton} ${skeleton.skeleton}`} />
                  <div className={styles.cardBody}>
                    <div className={`${skeleton.skeleton} ${styles.skeletonLine}`} />
                    <div className={`${skeleton.skeleton} ${styles.skeletonShort}`} />
                  </div>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

function ArticleCard({ article, eager }: { article: ArticleListItem; eager: boolean }) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  const cover = media(article.preview);
  return (
    <li className={styles.card}>
      <Link to={pathTo('Point', { id: article.id })} className={styles.cardLink}>
        <div className={styles.cover}>
          {cover && (
            <img
              src={cover}
              alt=""
              width={COVER.width}
              height={COVER.height}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          )}
        </div>
        <div className={styles.cardBody}>
          <h2 className={styles.cardTitle}>{article.title}</h2>
          <span className={styles.more}>
            {t('insights.list.viewDetails')}
            <ChevronRightIcon size={14} />
          </span>
        </div>
      </Link>
    </li>
  );
}
