import { CATEGORY_DEBOUNCE_MS, GRID_COLUMNS, PAGE_SIZE, ReplyCode, type ItemKind, type Rank } from '@shotlib/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import buttons from '../../components/button.module.css';
import { CardGrid } from '../../components/card-grid';
import { DocumentTitle } from '../../components/document-title';
import { SearchIcon } from '../../components/icons';
import { ListEnd } from '../../components/list-end';
import { MultiSelect } from '../../components/multi-select';
import { PaywallNotice } from '../../components/paywall-notice';
import { RankTabs, rankTabId } from '../../components/rank-tabs';
import { StatePanel } from '../../components/state-panel';
import { ApiError } from '../../lib/api-client';
import { useCategoryOptions } from '../../lib/category-options';
import { flattenPages } from '../../lib/paging';
import { paths } from '../../lib/routes';
import { translatedReplyMessage } from '../../lib/server-message';
import { useListSearch } from '../../lib/search-store';
import { TakeOverLater } from '../../lib/take-over';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { itemListKey, useItemList, type ItemListParams } from './api/list-items';
import { CatalogBanner } from './catalog-banner';
import styles from './catalog.module.css';
import { ItemCard, ItemCardSkeleton } from './item-card';
import { GROUP_PARAM, parseGroups, parseRank, RANK_PARAM, withListParams } from '../../lib/list-params';

/** The screens that match a search (issue 14): a chunk of its own, fetched with the first search, not in the first view. */
const SearchScreens = lazy(() => import('../../components/screens/search-screens'));

/** What differs between the three lists: texts, the category tree, the grid, the empty state's way out. */
const LISTS = {
  app: {
    title: 'catalog.appsTitle',
    count: 'catalog.countApps',
    countFor: 'catalog.countAppsFor',
    tree: 'list',
    columns: GRID_COLUMNS.app,
    rowHeight: 520,
    elsewhere: { to: paths.Web, label: 'catalog.browseWebsites' },
  },
  web: {
    title: 'catalog.websitesTitle',
    count: 'catalog.countWeb',
    countFor: 'catalog.countWebFor',
    tree: 'list',
    columns: GRID_COLUMNS.web,
    rowHeight: 420,
    elsewhere: { to: paths.App, label: 'catalog.browseApps' },
  },
  b: {
    title: 'catalog.businessTitle',
    count: 'catalog.countBusiness',
    countFor: 'catalog.countBusinessFor',
    tree: 'business',
    columns: GRID_COLUMNS.b,
    rowHeight: 420,
    elsewhere: { to: paths.App, label: 'catalog.browseApps' },
  },
} as const;

/**
 * The apps (/app), websites (/web) or business software (/b) list, docs/product-spec.md §2 and §4 and
 * docs/decisions/045: banner, category multi-select (B-end has its own tree), the Latest (N) and Trending (H)
 * tabs, a grid of cards (apps 4 columns, sites and B-end 3) and infinite scroll. Changing tab, search or
 * categories starts again at page 1; categories apply 300 ms after the last change; switching tab clears the
 * search. Where the server's paywall stops a list (code 1002: past 50 pages, or past B-end's first page for a
 * regular caller), the subscribe offer closes it. A search also shows the screens across the library that match it
 * (issue 14), above the items, and on its own when no item matches.
 */
export function CatalogPage({ kind }: { kind: ItemKind }) {
  const spec = LISTS[kind];
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { term, nonce } = useListSearch();
  const rank = parseRank(searchParams.get(RANK_PARAM));
  const committedGroups = parseGroups(searchParams.get(GROUP_PARAM));
  const categories = useCategoryOptions(spec.tree);
  const titleId = useId();
  const panelId = useId();
  const listTop = useRef<HTMLDivElement>(null);

  // The picker answers at once; the list follows CATEGORY_DEBOUNCE_MS after the last change.
  const [selected, setSelected] = useState<number[]>(committedGroups);
  const committedKey = committedGroups.join(',');
  const [seenKey, setSeenKey] = useState(committedKey);
  if (seenKey !== committedKey) {
    setSeenKey(committedKey);
    setSelected(committedGroups);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Handlers run later than the render they were made in (the debounce): they read the latest URL.
  const latest = useRef({ searchParams, setSearchParams });
  useEffect(() => {
    latest.current = { searchParams, setSearchParams };
  });

  const params: ItemListParams = { kind, rank, name: term, group: committedGroups, nonce };
  const list = useItemList(params);
  const items = flattenPages(list.data?.pages);
  const total = list.data?.pages[0]?.total;
  const refusal = list.isFetchNextPageError && list.error instanceof ApiError && list.error.code === ReplyCode.vipRequired ? list.error : null;

  const loadMore = useInfiniteScroll({
    enabled: list.hasNextPage && !list.isFetching && !list.isError,
    onLoadMore: () => void list.fetchNextPage(),
  });

  /** Apply a change of tab, categories or search: page 1 of a fresh list, the top of the list in view. */
  function apply(change: { rank?: Rank; group?: readonly number[]; clearSearch?: boolean }) {
    const { searchParams: current, setSearchParams: set } = latest.current;
    const next = withListParams(current, change);
    const nextParams: ItemListParams = {
      ...params,
      rank: parseRank(next.get(RANK_PARAM)),
      group: parseGroups(next.get(GROUP_PARAM)),
      name: change.clearSearch ? '' : params.name,
    };
    // A list seen before in this visit would come back with all its pages: start it over.
    queryClient.removeQueries({ queryKey: itemListKey(nextParams), exact: true });
    set(next, { replace: true });
    const top = listTop.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  }

  function onCategories(next: number[]) {
    setSelected(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply({ group: next }), CATEGORY_DEBOUNCE_MS);
  }

  function onTab(next: Rank) {
    if (next === rank && !term) return;
    clearTimeout(timer.current);
    apply({ rank: next, group: selected, clearSearch: true });
  }

  const clearSearch = () => apply({ clearSearch: true });
  const clearCategories = () => {
    clearTimeout(timer.current);
    setSelected([]);
    apply({ group: [] });
  };

  const title = t(spec.title);
  const columns = spec.columns;
  const filtered = Boolean(term) || committedGroups.length > 0;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <DocumentTitle title={term ? `${term} · ${title}` : title} />
      <TakeOverLater>
        <CatalogBanner kind={kind} titleId={titleId} />
      </TakeOverLater>

      <div ref={listTop} className={styles.anchor} />
      <TakeOverLater>
        <div className={styles.toolbar}>
          <RankTabs rank={rank} onRank={onTab} panelId={panelId} />
          <MultiSelect
            id="list-categories"
            label={t('catalog.category')}
            options={categories.options}
            value={selected}
            onChange={onCategories}
            searchLabel={t('catalog.searchCategories')}
            loading={categories.isPending}
            align="end"
          />
        </div>
      </TakeOverLater>

      <div id={panelId} role="tabpanel" aria-labelledby={rankTabId(panelId, rank)} className={styles.panel}>
        <div className={styles.summary} data-empty={(list.data && items.length === 0) || undefined}>
          <p aria-live="polite">
            {total === undefined ? (
              <span className={styles.summarySkeleton} aria-hidden="true" />
            ) : term ? (
              t(spec.countFor, { count: total, term })
            ) : (
              t(spec.count, { count: total })
            )}
          </p>
          {term && total !== undefined && (
            <button type="button" className={styles.inlineAction} onClick={clearSearch}>
              {t('catalog.clearSearch')}
            </button>
          )}
        </div>

        {term && (
          <Suspense fallback={null}>
            <SearchScreens term={term} nonce={nonce} />
          </Suspense>
        )}

        {list.isError && !list.data ? (
          <StatePanel title={t('catalog.loadFailed')} onRetry={() => void list.refetch()} />
        ) : list.data && items.length === 0 ? (
          <StatePanel
            icon={<SearchIcon size={22} />}
            title={term ? t('catalog.emptyFor', { term }) : filtered ? t('catalog.emptyFiltered') : t('catalog.emptyAll')}
            text={filtered && t('catalog.emptyHint')}
            actions={
              <>
              {term && (
                <button type="button" className={buttons.secondary} onClick={clearSearch}>
                  {t('catalog.clearSearch')}
                </button>
              )}
              {committedGroups.length > 0 && (
                <button type="button" className={buttons.secondary} onClick={clearCategories}>
                  {t('catalog.clearCategories')}
                </button>
              )}
              {!filtered && (
                <Link to={spec.elsewhere.to} className={buttons.secondary}>
                  {t(spec.elsewhere.label)}
                </Link>
              )}
              </>
            }
          />
        ) : (
          // Long lists draw only the rows near the viewport (a thousand cards stay light).
          <CardGrid
            items={items}
            columns={columns}
            estimateRowHeight={spec.rowHeight}
            listProps={{
              role: 'list',
              className: styles.grid,
              'data-kind': kind,
              style: { '--columns': columns } as CSSProperties,
              'aria-busy': list.isFetching,
            }}
            renderItem={(item, position, cellProps) => (
              <li key={item.id} {...cellProps}>
                <TakeOverLater>
                  <ItemCard item={item} eager={position < columns} priority={position === 0} />
                </TakeOverLater>
              </li>
            )}
            // The first row with the page, the other cards in the next tasks (a phone's first view is a row or two).
            steps={{
              first: columns,
              placeholder: (position) => (
                <li key={`placeholder-${position}`} aria-hidden="true">
                  <ItemCardSkeleton web={kind !== 'app'} wide={kind === 'b'} />
                </li>
              ),
            }}
            trailing={
              (list.isPending || list.isFetchingNextPage) &&
              Array.from({ length: list.isPending ? PAGE_SIZE : columns }, (_, index) => (
                <li key={`skeleton-${index}`} aria-hidden="true">
                  <ItemCardSkeleton web={kind !== 'app'} wide={kind === 'b'} />
                </li>
              ))
            }
          />
        )}

        {/* The end marker: half of it in view asks for the next page (docs/product-spec.md §4). */}
        <ListEnd
          sentinelRef={loadMore}
          loading={list.isFetchingNextPage}
          endNote={!list.hasNextPage && !list.isError && items.length > PAGE_SIZE && t('catalog.end')}
          className={styles.end}
          retry={list.isFetchNextPageError && !refusal && { label: t('catalog.loadMoreFailed'), onRetry: () => void list.fetchNextPage() }}
        >
          {refusal && <PaywallNotice message={translatedReplyMessage(refusal)} className={styles.refusal} />}
        </ListEnd>
      </div>
    </section>
  );
}
