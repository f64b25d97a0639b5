import { ADMIN_PAGE_SIZE } from '@shotlib/contract/admin';
import { type AdminArticleListItem } from '@shotlib/contract/admin-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { StatePanel } from '../../components/state-panel';
import { pathTo } from '../../lib/routes';
import { useAdminArticles, type ArticleStatus } from './api/list-articles';
import { formatInstant, Loading, Pager, SelectField, useLanguageTag } from './controls';
import styles from './admin.module.css';

/** Route /admin/articles: the Insights articles, drafts too, newest publication first. */
export default function ArticlesPage() {
  const { t } = useTranslation('admin');
  const tag = useLanguageTag();
  const [status, setStatus] = useState<ArticleStatus>('all');
  const [page, setPage] = useState(1);
  const articles = useAdminArticles(status, page);

  const columns: Column<AdminArticleListItem>[] = [
    {
      key: 'title',
      header: t('articles.titleEn'),
      rowHeader: true,
      cell: (article) => <Link to={pathTo('AdminArticle', { id: article.id })}>{article.titles.enUS ?? `#${article.id}`}</Link>,
    },
    {
      key: 'languages',
      header: t('articles.languages'),
      cell: (article) => [article.titles.zhCN && t('articles.langCn'), article.titles.zhTW && t('articles.langTw')].filter(Boolean).join(' · ') || t('articles.englishOnly'),
    },
    {
      key: 'status',
      header: t('items.status'),
      cell: (article) =>
        article.unpublishedAt === null ? <span className={styles.badgeOn}>{t('items.published')}</span> : <span className={styles.badgeQuiet}>{t('items.unpublished')}</span>,
    },
    { key: 'date', header: t('items.publishDate'), cell: (article) => formatInstant(article.publishedAt, tag) },
    { key: 'updated', header: t('articles.updated'), cell: (article) => formatInstant(article.updatedAt, tag) },
  ];

  return (
    <section className={styles.content} aria-labelledby="admin-articles-title">
      <div className={styles.head}>
        <h1 id="admin-articles-title" className={styles.title}>
          {t('articles.title')}
        </h1>
        <Link className={styles.primary} to={pathTo('AdminArticleNew')}>
          {t('articles.new')}
        </Link>
      </div>
      <div className={styles.filters}>
        <SelectField
          label={t('items.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ArticleStatus);
            setPage(1);
          }}
        >
          <option value="all">{t('items.anyStatus')}</option>
          <option value="published">{t('items.published')}</option>
          <option value="unpublished">{t('items.unpublished')}</option>
        </SelectField>
      </div>
      {articles.isPending ? (
        <Loading />
      ) : articles.isError ? (
        <StatePanel title={t('common.loadFailed')} onRetry={() => void articles.refetch()} />
      ) : articles.data.arr.length === 0 ? (
        <StatePanel title={t('articles.empty')} />
      ) : (
        <>
          <DataTable caption={t('articles.caption')} columns={columns} rows={articles.data.arr} rowKey={(article) => article.id} className={styles.table} />
          <Pager page={page} total={articles.data.total} pageSize={ADMIN_PAGE_SIZE} onPage={setPage} label={t('articles.paging')} />
        </>
      )}
    </section>
  );
}
