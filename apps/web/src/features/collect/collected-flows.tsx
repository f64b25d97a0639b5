import { flowText, GRID_COLUMNS, PAGE_SIZE } from '@shotlib/contract';
import { type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { FlowCard, FlowCardSkeleton } from '../../components/flow-card';
import { BookmarkFilledIcon, FlowIcon } from '../../components/icons';
import { ListEnd } from '../../components/list-end';
import { StatePanel } from '../../components/state-panel';
import { currentLocale } from '../../i18n/i18n';
import { useCategoryOptions } from '../../lib/category-options';
import { useFlowCollect } from '../../lib/flow-collect';
import { flattenPages } from '../../lib/paging';
import { paths } from '../../lib/routes';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useCollectedFlows } from './api/list-collected-flows';
import styles from './collect.module.css';

/**
 * The collections page's Flows tab (issue 13): the member's collected flows, newest first, as flow cards that open
 * the player; each can be uncollected in place (it leaves the list at once). Empty: how to collect one, and /flows.
 */
export function CollectedFlows({ memberId }: { memberId: number | null }) {
  const { t } = useTranslation();
  const types = useCategoryOptions('flow');
  const list = useCollectedFlows(memberId);
  const { isCollected, toggle, ready } = useFlowCollect();
  const loaded = flattenPages(list.data?.pages);
  // Until the member's collected ids are known, every listed flow counts as collected.
  const flows = ready ? loaded.filter((flow) => isCollected(flow.id)) : loaded;
  const total = list.data ? Math.max(0, (list.data.pages[0]?.total ?? 0) - (loaded.length - flows.length)) : undefined;

  const loadMore = useInfiniteScroll({
    enabled: list.hasNextPage && !list.isFetching && !list.isError,
    onLoadMore: () => void list.fetchNextPage(),
  });
  const columns = GRID_COLUMNS.flows;
  const locale = currentLocale();

  if (list.isError && !list.data) return <StatePanel title={t('collect.flowsLoadFailed')} onRetry={() => void list.refetch()} />;
  if (list.data && flows.length === 0 && !list.hasNextPage) {
    return (
      <StatePanel
        icon={<FlowIcon size={22} />}
        title={t('collect.flowsEmptyTitle')}
        text={t('collect.flowsEmptyBody')}
        wideText
        actions={
          <Link to={paths.Flows} className={buttons.primary}>
            {t('collect.flowsEmptyAction')}
          </Link>
        }
      />
    );
  }

  return (
    <>
      {total !== undefined && total > 0 && <p className={styles.count}>{t('collect.flowCount', { count: total })}</p>}
      <ul role="list" className={styles.flowGrid} style={{ '--columns': columns } as CSSProperties} aria-busy={list.isFetching}>
        {flows.map((flow, position) => (
          <li key={flow.id}>
            <FlowCard
              flow={flow}
              eager={position < columns}
              typeLabel={flow.type === null ? undefined : types.labelOf(flow.type)}
              actions={
                <button
                  type="button"
                  className={`${buttons.secondary} ${buttons.small} ${buttons.iconOnly}`}
                  aria-pressed="true"
                  aria-label={t('collect.uncollectFlow', { name: flowText(flow, locale) })}
                  title={t('collecting.collected')}
                  onClick={() => toggle(flow.id)}
                >
                  <BookmarkFilledIcon size={14} />
                </button>
              }
            />
          </li>
        ))}
        {(!list.data || list.isFetchingNextPage) &&
          Array.from({ length: list.data ? columns : Math.min(PAGE_SIZE, 6) }, (_, index) => (
            <li key={`skeleton-${index}`} aria-hidden="true">
              <FlowCardSkeleton />
            </li>
          ))}
      </ul>
      <ListEnd
        sentinelRef={loadMore}
        loading={list.isFetchingNextPage}
        endNote={list.data && !list.hasNextPage && flows.length > columns && t('collect.flowsEnd')}
        retry={list.isFetchNextPageError && { label: t('collect.loadMoreFailed'), onRetry: () => void list.fetchNextPage() }}
      />
    </>
  );
}
