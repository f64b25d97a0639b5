import { mediaVariantUrl } from '@shotlib/contract';
import { ADMIN_PAGE_SIZE, type AdminItemListEntry } from '@shotlib/contract/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { StatePanel } from '../../components/state-panel';
import { useMediaBase, useMediaUrl } from '../../lib/public-config';
import { pathTo } from '../../lib/routes';
import { useAdminItems, type ItemListParams } from './api/list-items';
import { useSetAdminItemPublished } from './api/set-item-published';
import { formatInstant, Loading, Pager, SelectField, useLanguageTag } from './controls';
import styles from './admin.module.css';

const KINDS = ['', 'app', 'site', 'b'] as const;
const STATUSES = ['all', 'published', 'unpublished'] as const;

/** The list's filters from the URL (so a filtered page can be shared and comes back on Back). */
function paramsOf(search: URLSearchParams): ItemListParams {
  const kind = KINDS.find((value) => value === search.get('kind')) ?? '';
  const status = STATUSES.find((value) => value === search.get('status')) ?? 'all';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return { q: search.get('q') ?? '', kind, status, page };
}

/** Route /admin/items: every app, website and business product, published or not, with search, filters and paging. */
export default function ItemsPage() {
  const { t } = useTranslation('admin');
  const tag = useLanguageTag();
  const media = useMediaUrl();
  const mediaBase = useMediaBase();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const [term, setTerm] = useState(params.q);
  const items = useAdminItems(params);
  const publish = useSetAdminItemPublished();

  const apply = (change: Partial<ItemListParams>) => {
    const next = { ...params, page: 1, ...change };
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.kind) query.set('kind', next.kind);
    if (next.status !== 'all') query.set('status', next.status);
    if (next.page > 1) query.set('page', String(next.page));
    setSearch(query);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: term.trim() });
  };

  const columns: Column<AdminItemListEntry>[] = [
    {
      key: 'name',
      header: t('items.name'),
      rowHeader: true,
      cell: (item) => (
        <span className={styles.itemName}>
          {/* The name beside it says whose logo it is. */}
          {item.logo ? <img className={styles.itemLogo} src={media(item.logo)} alt="" width={32} height={32} loading="lazy" /> : <span className={styles.itemLogo} aria-hidden="true" />}
          <Link to={pathTo('AdminItem', { id: item.id })}>{item.name}</Link>
        </span>
      ),
    },
    {
      key: 'cover',
      header: t('items.firstScreen'),
      cell: (item) =>
        item.cover ? (
          <img
            className={styles.itemCover}
            src={mediaBase === null ? '' : mediaVariantUrl(mediaBase, item.cover.path, 160)}
            alt={t('items.firstScreenOf', { name: item.name })}
            width={item.cover.width}
            height={item.cover.height}
            style={{ aspectRatio: `${item.cover.width} / ${item.cover.height}` }}
            loading="lazy"
          />
        ) : (
          <span className={styles.note}>{t('items.noScreens')}</span>
        ),
    },
    {
      key: 'kind',
      header: t('items.kind'),
      cell: (item) => (
        <span className={styles.kind}>
          {item.business && <span className={styles.badgeOn}>{t('items.business')}</span>}
          <span className={styles.badgeQuiet}>{item.platform ? t('items.site') : t('items.app')}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('items.status'),
      cell: (item) =>
        item.unpublishedAt === null ? (
          <span className={styles.badgeOn}>{t('items.published')}</span>
        ) : (
          <span className={styles.badgeQuiet}>{t('items.unpublished')}</span>
        ),
    },
    { key: 'screens', header: t('items.screens'), numeric: true, cell: (item) => item.screens },
    { key: 'flows', header: t('items.flows'), numeric: true, cell: (item) => item.flows },
    { key: 'date', header: t('items.publishDate'), cell: (item) => formatInstant(item.publishedAt, tag) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (item) => {
        const published = item.unpublishedAt === null;
        return (
          <button
            type="button"
            className={styles.small}
            disabled={publish.isPending && publish.variables?.id === item.id}
            onClick={() => publish.mutate({ id: item.id, published: !published })}
            aria-label={t(published ? 'items.unpublishNamed' : 'items.publishNamed', { name: item.name })}
          >
            {published ? t('items.unpublish') : t('items.publish')}
          </button>
        );
      },
    },
  ];

  return (
    <section className={styles.content} aria-labelledby="admin-items-title">
      <div className={styles.head}>
        <h1 id="admin-items-title" className={styles.title}>
          {t('items.title')}
        </h1>
        <Link className={styles.primary} to={pathTo('AdminItemNew')}>
          {t('items.new')}
        </Link>
      </div>
      <form className={styles.filters} role="search" onSubmit={onSearch}>
        <div className={styles.control}>
          <label htmlFor="admin-items-q" className={styles.label}>
            {t('items.search')}
          </label>
          <input id="admin-items-q" className={styles.input} type="search" value={term} onChange={(event) => setTerm(event.target.value)} />
        </div>
        <SelectField label={t('items.kind')} value={params.kind} onChange={(event) => apply({ kind: event.target.value as ItemListParams['kind'] })}>
          <option value="">{t('items.anyKind')}</option>
          <option value="app">{t('items.apps')}</option>
          <option value="site">{t('items.sites')}</option>
          <option value="b">{t('items.businessKind')}</option>
        </SelectField>
        <SelectField label={t('items.status')} value={params.status} onChange={(event) => apply({ status: event.target.value as ItemListParams['status'] })}>
          <option value="all">{t('items.anyStatus')}</option>
          <option value="published">{t('items.published')}</option>
          <option value="unpublished">{t('items.unpublished')}</option>
        </SelectField>
        <button type="submit" className={styles.secondary}>
          {t('common.search')}
        </button>
      </form>
      {items.isPending ? (
        <Loading />
      ) : items.isError ? (
        <StatePanel title={t('common.loadFailed')} onRetry={() => void items.refetch()} />
      ) : items.data.arr.length === 0 ? (
        <StatePanel title={t('items.empty')} text={t('items.emptyText')} />
      ) : (
        <>
          <DataTable caption={t('items.caption')} columns={columns} rows={items.data.arr} rowKey={(item) => item.id} className={styles.table} />
          <Pager page={params.page} total={items.data.total} pageSize={ADMIN_PAGE_SIZE} onPage={(page) => apply({ page })} label={t('items.paging')} />
        </>
      )}
    </section>
  );
}
