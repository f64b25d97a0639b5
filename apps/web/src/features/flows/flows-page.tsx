import { CATEGORY_DEBOUNCE_MS, GRID_COLUMNS, ITEM_KINDS, PAGE_SIZE, RANK, type ItemKind, type Rank } from '@shotlib/contract';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import buttons from '../../components/button.module.css';
import { CardGrid } from '../../components/card-grid';
import { DocumentTitle } from '../../components/document-title';
import { FlowCard, FlowCardSkeleton } from '../../components/flow-card';
import { FlowIcon } from '../../components/icons';
import { ListEnd } from '../../components/list-end';
import { MultiSelect } from '../../components/multi-select';
import { PageHeader } from '../../components/page-header';
import { RankTabs, rankTabId } from '../../components/rank-tabs';
import { StatePanel } from '../../components/state-panel';
import { useCategoryOptions } from '../../lib/category-options';
import { KIND_PARAM, parseGroups, parseKind, parseRank, RANK_PARAM } from '../../lib/list-params';
import { flattenPages } from '../../lib/paging';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useFlowList, type FlowListParams } from './api/list-flows';
import styles from './flows.module.css';

/** `?type=3,5`: the flow types (categories of the flow tree, root 8). */
const TYPE_PARAM = 'type';

const KIND_LABELS = { all: 'flows.kinds.all', app: 'flows.kinds.app', web: 'flows.kinds.web', b: 'flows.kinds.b' } as const;

/** The query after a change of rank, kind or types; other parameters are kept. */
function withFlowParams(current: URLSearchParams, change: { rank?: Rank; kind?: ItemKind | null; type?: readonly number[] }) {
  const next = new URLSearchParams(current);
  if (change.rank !== undefined) {
    if (change.rank === RANK.news) next.delete(RANK_PARAM);
    else next.set(RANK_PARAM, change.rank);
  }
  if (change.kind !== undefined) {
    if (change.kind) next.set(KIND_PARAM, change.kind);
    else next.delete(KIND_PARAM);
  }
  if (change.type !== undefined) {
    if (change.type.length) next.set(TYPE_PARAM, change.type.join(','));
    else next.delete(TYPE_PARAM);
  }
  return next;
}

/**
 * Route /flows (issue 13, docs/decisions/045): flows across the library, filtered by platform (apps, websites,
 * B-end) and flow type, ranked Latest (N) or Trending (H), three cards a row, more as the end comes into view.
 * Every card previews its first screens and opens the player on its item's page. The state lives in the URL.
 */
export default function FlowsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const rank = parseRank(searchParams.get(RANK_PARAM));
  const kind = parseKind(searchParams.get(KIND_PARAM));
  const committedTypes = parseGroups(searchParams.get(TYPE_PARAM));
  const types = useCategoryOptions('flow');
  const titleId = useId();
  const panelId = useId();

  // The picker answers at once; the list follows CATEGORY_DEBOUNCE_MS after the last change.
  const [selected, setSelected] = useState<number[]>(committedTypes);
  const committedKey = committedTypes.join(',');
  const [seenKey, setSeenKey] = useState(committedKey);
  if (seenKey !== committedKey) {
    setSeenKey(committedKey);
    setSelected(committedTypes);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const latest = useRef({ searchParams, setSearchParams });
  useEffect(() => {
    latest.current = { searchParams, setSearchParams };
  });

  const params: FlowListParams = { kind, type: committedTypes, rank };
  const list = useFlowList(params);
  const flows = flattenPages(list.data?.pages);
  const total = list.data?.pages[0]?.total;

  const loadMore = useInfiniteScroll({
    enabled: list.hasNextPage && !list.isFetching && !list.isError,
    onLoadMore: () => void list.fetchNextPage(),
  });

  const apply = (change: Parameters<typeof withFlowParams>[1]) => {
    const { searchParams: current, setSearchParams: set } = latest.current;
    set(withFlowParams(current, change), { replace: true });
  };

  const onTypes = (next: number[]) => {
    setSelected(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply({ type: next }), CATEGORY_DEBOUNCE_MS);
  };

  const clearFilters = () => {
    clearTimeout(timer.current);
    setSelected([]);
    apply({ kind: null, type: [] });
  };

  const columns = GRID_COLUMNS.flows;
  const filtered = kind !== null || committedTypes.length > 0;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <DocumentTitle title={t('flows.title')} />
      <PageHeader title={t('flows.title')} titleId={titleId} lead={t('flows.intro')} />

      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <RankTabs rank={rank} onRank={(next) => apply({ rank: next })} panelId={panelId} />
          <div role="group" aria-label={t('flows.kindLabel')} className={styles.track}>
            {([null, ...ITEM_KINDS] as const).map((option) => (
              <button
                key={option ?? 'all'}
                type="button"
                aria-pressed={kind === option}
                className={styles.tab}
                onClick={() => apply({ kind: option })}
              >
                {t(KIND_LABELS[option ?? 'all'])}
              </button>
            ))}
          </div>
        </div>
        <MultiSelect
          id="flow-types"
          label={t('flows.type')}
          options={types.options}
          value={selected}
          onChange={onTypes}
          searchLabel={t('flows.searchTypes')}
          loading={types.isPending}
          align="end"
        />
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={rankTabId(panelId, rank)} className={styles.panel}>
        <p className={styles.summary} aria-live="polite">
          {total === undefined ? <span className={styles.summarySkeleton} aria-hidden="true" /> : t('flows.count', { count: total })}
        </p>

        {list.isError && !list.data ? (
          <StatePanel title={t('flows.loadFailed')} onRetry={() => void list.refetch()} />
        ) : list.data && flows.length === 0 ? (
          <StatePanel
            icon={<FlowIcon size={22} />}
            title={filtered ? t('flows.emptyFiltered') : t('flows.emptyAll')}
            actions={
              filtered && (
                <button type="button" className={buttons.secondary} onClick={clearFilters}>
                  {t('flows.clearFilters')}
                </button>
              )
            }
          />
        ) : (
          <CardGrid
            items={flows}
            columns={columns}
            estimateRowHeight={380}
            listProps={{
              role: 'list',
              className: styles.grid,
              style: { '--columns': columns } as CSSProperties,
              'aria-busy': list.isFetching,
            }}
            renderItem={(flow, position, cellProps) => (
              <li key={flow.id} {...cellProps}>
                <FlowCard flow={flow} typeLabel={flow.type === null ? undefined : types.labelOf(flow.type)} eager={position < columns} />
              </li>
            )}
            trailing={
              (list.isPending || list.isFetchingNextPage) &&
              Array.from({ length: list.isPending ? PAGE_SIZE : columns }, (_, index) => (
                <li key={`skeleton-${index}`} aria-hidden="true">
                  <FlowCardSkeleton />
                </li>
              ))
            }
          />
        )}

        <ListEnd
          sentinelRef={loadMore}
          loading={list.isFetchingNextPage}
          endNote={!list.hasNextPage && !list.isError && flows.length > PAGE_SIZE && t('catalog.end')}
          className={styles.end}
          retry={list.isFetchNextPageError && { label: t('catalog.loadMoreFailed'), onRetry: () => void list.fetchNextPage() }}
        />
      </div>
    </section>
  );
}
