import { CATEGORY_DEBOUNCE_MS, GRID_COLUMNS, ITEM_KINDS, LIMITS, ReplyCode, SCREEN_LIST_WINDOW, SCREEN_PAGE_SIZE, SCREEN_THEMES } from '@shotlib/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, LANGUAGE_TAGS } from '../../i18n/i18n';
import { formatCount } from '../../lib/format';
import { useSearchParams } from 'react-router';
import buttons from '../../components/button.module.css';
import { CardGrid } from '../../components/card-grid';
import { DocumentTitle } from '../../components/document-title';
import { SearchIcon } from '../../components/icons';
import { ListEnd } from '../../components/list-end';
import { MultiSelect } from '../../components/multi-select';
import { PageHeader } from '../../components/page-header';
import { PaywallNotice } from '../../components/paywall-notice';
import { RankTabs, rankTabId } from '../../components/rank-tabs';
import { ScreenTile, ScreenTileSkeleton } from '../../components/screens/screen-tile';
import { ScreenViewer } from '../../components/screens/screen-viewer';
import gridStyles from '../../components/screens/screens.module.css';
import { StatePanel } from '../../components/state-panel';
import { ApiError } from '../../lib/api-client';
import { useCategoryOptions } from '../../lib/category-options';
import { flattenPages } from '../../lib/paging';
import { SEARCH_PARAM } from '../../lib/routes';
import { useIsVip } from '../../lib/session-store';
import { screenListKey, useScreenList } from '../../lib/screen-list';
import { useListSearch } from '../../lib/search-store';
import { translatedReplyMessage } from '../../lib/server-message';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { isFiltered, parseScreenFilters, withScreenFilters, type ScreenFilters } from './screen-params';
import styles from './screens.module.css';
import { SwatchPicker } from './swatch-picker';

const KIND_LABELS = { all: 'screens.kinds.all', app: 'screens.kinds.app', web: 'screens.kinds.web', b: 'screens.kinds.b' } as const;

/** The three category pickers: they answer at once, the list follows CATEGORY_DEBOUNCE_MS after the last change. */
type Picks = Pick<ScreenFilters, 'type' | 'element' | 'group'>;
const picksKey = (picks: Picks) => `${picks.type.join(',')}|${picks.element.join(',')}|${picks.group.join(',')}`;

/**
 * Route /screens (issue 14, docs/decisions/047): every screen of every app, website and business product, filtered by
 * platform, screen type, UI element, app category (the business tree for B-end) and colour, ranked Latest (N) or
 * Trending (H), five a row, more as the end comes into view until the paywall's notice for a regular reader. The
 * header's search filters it in place (`q`). Every filter lives in the URL, so a search is shareable. A screen
 * opens the image viewer over the loaded screens, its app named and linked, with screens like it.
 */
export default function ScreensPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { term, nonce } = useListSearch();
  const filters = parseScreenFilters(searchParams);
  const types = useCategoryOptions('screen');
  const elements = useCategoryOptions('element');
  const groups = useCategoryOptions(filters.kind === 'b' ? 'business' : 'list');
  const titleId = useId();
  const panelId = useId();
  const listTop = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const committed: Picks = { type: filters.type, element: filters.element, group: filters.group };
  const [picks, setPicks] = useState<Picks>(committed);
  const [seenKey, setSeenKey] = useState(picksKey(committed));
  if (seenKey !== picksKey(committed)) {
    setSeenKey(picksKey(committed));
    setPicks(committed);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Handlers run later than the render they were made in (the debounce): they read the latest URL.
  const latest = useRef({ searchParams, setSearchParams });
  useEffect(() => {
    latest.current = { searchParams, setSearchParams };
  });

  const params = { ...filters, q: term, nonce };
  const list = useScreenList(params);
  const screens = flattenPages(list.data?.pages);
  const total = list.data?.pages[0]?.total;
  // More match than the server counts (SCREEN_COUNT_CAP): "1,000+ screens".
  const atLeast = list.data?.pages[0]?.totalAtLeast === true;
  const refusal = list.isFetchNextPageError && list.error instanceof ApiError && list.error.code === ReplyCode.vipRequired ? list.error : null;
  const vip = useIsVip();
  // The place the viewer opened at; it walks the list's screens as they load (the true count, its next pages).
  const [viewer, setViewer] = useState<number | null>(null);

  const loadMore = useInfiniteScroll({
    enabled: list.hasNextPage && !list.isFetching && !list.isError,
    onLoadMore: () => void list.fetchNextPage(),
  });

  /** Apply a change of filters: page 1 of a fresh list, the top of the list in view. */
  function apply(change: Partial<ScreenFilters> & { clearSearch?: boolean }) {
    const { searchParams: current, setSearchParams: set } = latest.current;
    const next = withScreenFilters(current, change);
    if (change.clearSearch) next.delete(SEARCH_PARAM);
    // A list seen before in this visit would come back with all its pages: start it over.
    const nextParams = { ...parseScreenFilters(next), q: (next.get(SEARCH_PARAM) ?? '').trim(), nonce };
    queryClient.removeQueries({ queryKey: screenListKey(nextParams, SCREEN_PAGE_SIZE), exact: true });
    set(next, { replace: true });
    const top = listTop.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  }

  function onPicks(change: Partial<Picks>) {
    const next = { ...picks, ...change };
    setPicks(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), CATEGORY_DEBOUNCE_MS);
  }

  function clearFilters() {
    clearTimeout(timer.current);
    setPicks({ type: [], element: [], group: [] });
    apply({ kind: null, type: [], element: [], group: [], color: null, theme: null, clearSearch: true });
  }

  const title = t('screens.title');
  const columns = GRID_COLUMNS.screens;
  const filtered = isFiltered(filters, term);

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <DocumentTitle title={term ? `${term} · ${title}` : title} />
      <PageHeader title={title} titleId={titleId} titleRef={headingRef} lead={t('screens.intro')} />

      <div ref={listTop} className={styles.anchor} />
      <div className={styles.toolbar}>
        <div className={styles.row}>
          <RankTabs rank={filters.rank} onRank={(rank) => apply({ rank })} panelId={panelId} />
          <div role="group" aria-label={t('screens.kindLabel')} className={styles.track}>
            {([null, ...ITEM_KINDS] as const).map((option) => (
              <button
                key={option ?? 'all'}
                type="button"
                aria-pressed={filters.kind === option}
                className={styles.tab}
                onClick={() => {
                  clearTimeout(timer.current);
                  apply({ kind: option, type: picks.type, element: picks.element });
                }}
              >
                {t(KIND_LABELS[option ?? 'all'])}
              </button>
            ))}
          </div>
        </div>
        <div className={styles.row}>
          <MultiSelect
            id="screen-types"
            label={t('screens.type')}
            options={types.options}
            value={picks.type}
            onChange={(type) => onPicks({ type })}
            searchLabel={t('screens.searchTypes')}
            loading={types.isPending}
          />
          <MultiSelect
            id="screen-elements"
            label={t('screens.element')}
            options={elements.options}
            value={picks.element}
            onChange={(element) => onPicks({ element })}
            searchLabel={t('screens.searchElements')}
            loading={elements.isPending}
          />
          <MultiSelect
            id="screen-categories"
            label={filters.kind === 'b' ? t('screens.businessCategory') : t('screens.category')}
            options={groups.options}
            value={picks.group}
            onChange={(group) => onPicks({ group })}
            searchLabel={t('screens.searchCategories')}
            loading={groups.isPending}
            align="end"
          />
          <div className={styles.looks}>
            {/* Light or dark (decision 056): two toggles, the one pressed again lets both through. */}
            <div role="group" aria-label={t('screens.themeLabel')} className={styles.track}>
              {SCREEN_THEMES.map((theme) => (
                <button
                  key={theme}
                  type="button"
                  aria-pressed={filters.theme === theme}
                  className={styles.tab}
                  onClick={() => apply({ theme: filters.theme === theme ? null : theme })}
                >
                  <span className={styles.themeMark} data-theme={theme} aria-hidden="true" />
                  {t(`screens.themes.${theme}`)}
                </button>
              ))}
            </div>
            <SwatchPicker value={filters.color} onChange={(color) => apply({ color })} />
          </div>
        </div>
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={rankTabId(panelId, filters.rank)} className={styles.panel}>
        <div className={styles.summary}>
          <p aria-live="polite">
            {total === undefined ? (
              <span className={styles.summarySkeleton} aria-hidden="true" />
            ) : atLeast ? (
              t(term ? 'screens.countAtLeastFor' : 'screens.countAtLeast', { n: formatCount(total, LANGUAGE_TAGS[currentLocale()]), term })
            ) : term ? (
              t('screens.countFor', { count: total, term })
            ) : (
              t('screens.count', { count: total })
            )}
          </p>
          {filtered && total !== undefined && (
            <button type="button" className={styles.inlineAction} onClick={clearFilters}>
              {t('screens.clearFilters')}
            </button>
          )}
        </div>

        {list.isError && !list.data ? (
          <StatePanel title={t('screens.loadFailed')} onRetry={() => void list.refetch()} />
        ) : list.data && screens.length === 0 ? (
          <StatePanel
            icon={<SearchIcon size={22} />}
            title={term ? t('screens.emptyFor', { term }) : filtered ? t('screens.emptyFiltered') : t('screens.emptyAll')}
            actions={
              filtered && (
                <button type="button" className={buttons.secondary} onClick={clearFilters}>
                  {t('screens.clearFilters')}
                </button>
              )
            }
          />
        ) : (
          // Long lists draw only the rows near the viewport (docs/decisions/035).
          <CardGrid
            items={screens}
            columns={columns}
            estimateRowHeight={520}
            listProps={{
              role: 'list',
              className: gridStyles.grid,
              style: { '--columns': columns } as CSSProperties,
              'aria-busy': list.isFetching,
            }}
            renderItem={(screen, position, cellProps) => (
              <li key={screen.id} className={gridStyles.cell} {...cellProps}>
                <ScreenTile
                  screen={screen}
                  typeLabel={screen.group === null ? undefined : types.labelOf(screen.group)}
                  eager={position < columns}
                  onOpen={() => setViewer(position)}
                />
              </li>
            )}
            trailing={
              (list.isPending || list.isFetchingNextPage) &&
              Array.from({ length: list.isPending ? SCREEN_PAGE_SIZE : columns }, (_, index) => (
                <li key={`skeleton-${index}`} className={gridStyles.cell} aria-hidden="true">
                  <ScreenTileSkeleton />
                </li>
              ))
            }
          />
        )}

        <ListEnd
          sentinelRef={loadMore}
          loading={list.isFetchingNextPage}
          endNote={
            !list.hasNextPage &&
            !list.isError &&
            screens.length > SCREEN_PAGE_SIZE &&
            // A full last page and no next one: the list stopped at its window (nextScreenPage), not at its end.
            (list.data?.pages.at(-1)?.arr.length === SCREEN_PAGE_SIZE
              ? t('screens.windowEnd', { n: formatCount(SCREEN_LIST_WINDOW, LANGUAGE_TAGS[currentLocale()]) })
              : t('screens.end'))
          }
          className={styles.end}
          retry={list.isFetchNextPageError && !refusal && { label: t('catalog.loadMoreFailed'), onRetry: () => void list.fetchNextPage() }}
        >
          {refusal && <PaywallNotice message={translatedReplyMessage(refusal)} className={styles.refusal} />}
        </ListEnd>
      </div>

      {viewer !== null && (
        <ScreenViewer
          screens={screens}
          start={viewer}
          onClose={() => setViewer(null)}
          returnFocus={headingRef}
          more={
            total === undefined
              ? undefined
              : {
                  total,
                  // A regular reader may open the first pages only (the entitlement table); a refusal (code 1002)
                  // ends the walk at the paywall step where the list ends.
                  open: refusal ? screens.length : vip ? total : Math.min(total, LIMITS.regular.screenListMaxPage * SCREEN_PAGE_SIZE),
                  hasMore: list.hasNextPage && !refusal,
                  loading: list.isFetchingNextPage,
                  failed: list.isFetchNextPageError && !refusal,
                  loadMore: () => void list.fetchNextPage({ cancelRefetch: false }),
                }
          }
        />
      )}
    </section>
  );
}
