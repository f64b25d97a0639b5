import { GRID_COLUMNS, itemText, PAGE_SIZE, type CollectedPreview } from '@shotlib/contract';
import { useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import buttons from '../../components/button.module.css';
import { CardGrid } from '../../components/card-grid';
import { DocumentTitle } from '../../components/document-title';
import { BookmarkIcon } from '../../components/icons';
import { ImageViewer } from '../../components/image-viewer/image-viewer';
import { ListEnd } from '../../components/list-end';
import { PageHeader } from '../../components/page-header';
import { frameFor, Screenshot } from '../../components/screenshot';
import skeleton from '../../components/skeleton.module.css';
import { StatePanel } from '../../components/state-panel';
import { currentLocale } from '../../i18n/i18n';
import { useCollectedIdsReady } from '../../lib/collected-ids';
import { flattenPages } from '../../lib/paging';
import { useMediaUrl } from '../../lib/public-config';
import { pathTo, paths } from '../../lib/routes';
import { useSessionStore } from '../../lib/session-store';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useCollection } from './api/list-collection';
import { BoardsSection } from './boards-section';
import boardStyles from './boards.module.css';
import { CollectedFlows } from './collected-flows';
import tileStyles from '../../components/screenshot-tile.module.css';
import styles from './collect.module.css';

/** `sizes` of a screen in the 5-column grid (4/3/2 columns on narrower screens). */
const TILE_SIZES = '(max-width: 560px) 46vw, (max-width: 900px) 30vw, (max-width: 1200px) 23vw, 260px';

/** `?tab=flows`: the Flows tab (Screens, the spec's page, is the default). */
const TAB_PARAM = 'tab';
const TABS = ['screens', 'flows'] as const;

/**
 * Route /collect (login needed; docs/product-spec.md §2): the member's collected screens, newest first, in a
 * 5-column grid, 8 more each time the end comes into view. Each screen shows its app's logo and
 * name (a link to the app) and opens the image viewer; un-collecting there takes it off the grid
 * at once. With nothing collected, the page says how to collect and leads to /app. A second tab lists the
 * collected flows (issue 13).
 */
export default function CollectPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get(TAB_PARAM) === 'flows' ? 'flows' : 'screens';
  const tabIds = { screens: useId(), flows: useId() };
  const panelId = useId();
  const selectTab = (next: (typeof TABS)[number]) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'flows') params.set(TAB_PARAM, next);
    else params.delete(TAB_PARAM);
    setSearchParams(params, { replace: true });
    document.getElementById(tabIds[next])?.focus();
  };
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    selectTab(event.key === 'Home' ? 'screens' : event.key === 'End' ? 'flows' : tab === 'screens' ? 'flows' : 'screens');
  };
  const locale = currentLocale();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const memberId = useSessionStore((state) => state.user?.id ?? null);
  const collected = useSessionStore((state) => state.collected);
  // Until the member's collected set is known, every listed screen counts as collected.
  const setKnown = useCollectedIdsReady();
  const list = useCollection(memberId, tab === 'screens');
  // The viewer keeps the screens it opened with, so un-collecting (and collecting again) leaves its place alone.
  const [viewer, setViewer] = useState<{ images: CollectedPreview[]; index: number } | null>(null);

  const pages = list.data?.pages;
  const loaded = useMemo(() => flattenPages(pages), [pages]);
  const shots = setKnown ? loaded.filter((shot) => collected.has(shot.id)) : loaded;
  const removed = loaded.length - shots.length;
  const total = list.data ? Math.max(0, (list.data.pages[0]?.total ?? 0) - removed) : undefined;
  const nameOf = (shot: CollectedPreview) => itemText({ ...shot, briefing: '' }, locale).name;

  const loadMore = useInfiniteScroll({
    enabled: list.hasNextPage && !list.isFetching && !list.isError,
    onLoadMore: () => void list.fetchNextPage(),
  });

  const columns = GRID_COLUMNS.collect;
  // The viewer walks every collected screen, not only those loaded: the screens it opened with, then the later pages
  // as they come (through the grid's own query), the count the true one.
  const viewerImages = useMemo(() => (viewer ? withLater(viewer.images, loaded) : []), [viewer, loaded]);
  const current = viewer ? viewerImages[viewer.index] : undefined;
  // The server's count, and the screens the viewer keeps that a refetch has taken off the list (un-collected meanwhile).
  const viewerTotal = pages ? (pages[0]?.total ?? 0) + countMissing(viewerImages, loaded) : undefined;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <DocumentTitle title={t('collect.title')} />
      <PageHeader
        title={t('collect.title')}
        titleId={titleId}
        titleRef={headingRef}
        aside={tab === 'screens' && total !== undefined && total > 0 && <span className={styles.count}>{t('collect.count', { count: total })}</span>}
        lead={t('collect.intro')}
      />

      <BoardsSection memberId={memberId} />

      <h2 className={boardStyles.heading}>{t('boards.allCollected')}</h2>
      <div role="tablist" aria-label={t('collect.tabsLabel')} className={styles.tabs}>
        {TABS.map((id) => (
          <button
            key={id}
            id={tabIds[id]}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={panelId}
            tabIndex={tab === id ? 0 : -1}
            className={styles.tab}
            onClick={() => selectTab(id)}
            onKeyDown={onTabKeyDown}
          >
            {t(`collect.tabs.${id}`)}
          </button>
        ))}
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={tabIds[tab]} className={styles.panel}>
      {tab === 'flows' ? (
        <CollectedFlows memberId={memberId} />
      ) : (
      <>

      {list.isError && !list.data ? (
        <StatePanel title={t('collect.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data && shots.length === 0 && !list.hasNextPage ? (
        <StatePanel
          icon={<BookmarkIcon size={22} />}
          title={t('collect.emptyTitle')}
          text={t('collect.emptyBody')}
          wideText
          actions={
            <Link to={paths.App} className={buttons.primary}>
              {t('collect.emptyAction')}
            </Link>
          }
        />
      ) : (
        // Long collections draw only the rows near the viewport (docs/decisions/035 and 057).
        <CardGrid
          items={shots}
          columns={columns}
          estimateRowHeight={520}
          listProps={{ role: 'list', className: styles.grid, style: { '--columns': columns } as CSSProperties, 'aria-busy': list.isFetching }}
          renderItem={(shot, position, cellProps) => {
            const name = nameOf(shot);
            return (
              <li key={shot.id} className={styles.cell} {...cellProps}>
                <button
                  type="button"
                  className={tileStyles.tile}
                  aria-label={t('collect.openScreen', { index: position + 1, name })}
                  onClick={() => setViewer({ images: shots, index: position })}
                >
                  <Screenshot
                    path={shot.path}
                    width={shot.width}
                    height={shot.height}
                    frame={frameFor(shot.platform)}
                    sizes={TILE_SIZES}
                    eager={position < columns}
                    alt=""
                  />
                </button>
                <Link to={pathTo('Detail', { id: shot.itemId })} className={styles.owner}>
                  <AppLogo path={shot.logo} />
                  <span className={styles.ownerName}>{name}</span>
                </Link>
              </li>
            );
          }}
          trailing={
            (!list.data || list.isFetchingNextPage) &&
            Array.from({ length: list.data ? columns : PAGE_SIZE }, (_, index) => (
              <li key={`skeleton-${index}`} className={styles.cell} aria-hidden="true">
                <div className={`${tileStyles.placeholder} ${skeleton.skeleton}`} />
                <div className={`${styles.ownerSkeleton} ${skeleton.skeleton}`} />
              </li>
            ))
          }
        />
      )}

      <ListEnd
        sentinelRef={loadMore}
        loading={list.isFetchingNextPage}
        endNote={list.data && !list.hasNextPage && shots.length > columns && t('collect.end')}
        retry={list.isFetchNextPageError && { label: t('collect.loadMoreFailed'), onRetry: () => void list.fetchNextPage() }}
      />
      </>
      )}
      </div>

      {viewer && (
        <ImageViewer
          images={viewerImages}
          index={viewer.index}
          onIndexChange={(index) => setViewer({ ...viewer, index })}
          onClose={() => setViewer(null)}
          title={current ? nameOf(current) : t('collect.title')}
          // The screen that was opened may have been un-collected (and left the grid) meanwhile.
          returnFocus={headingRef}
          more={
            viewerTotal === undefined
              ? undefined
              : {
                  total: viewerTotal,
                  // A member's collection lists only screens they may open.
                  open: viewerTotal,
                  hasMore: list.hasNextPage,
                  loading: list.isFetchingNextPage,
                  failed: list.isFetchNextPageError,
                  loadMore: () => void list.fetchNextPage({ cancelRefetch: false }),
                }
          }
        />
      )}
    </section>
  );
}

/** The screens the viewer opened with, then those of `loaded` it has not got (later pages), in the list's order. */
function withLater(kept: CollectedPreview[], loaded: CollectedPreview[]): CollectedPreview[] {
  const ids = new Set(kept.map((shot) => shot.id));
  const later = loaded.filter((shot) => !ids.has(shot.id));
  return later.length ? [...kept, ...later] : kept;
}

/** How many of `kept` are not in `loaded`. */
function countMissing(kept: CollectedPreview[], loaded: CollectedPreview[]): number {
  const ids = new Set(loaded.map((shot) => shot.id));
  return kept.filter((shot) => !ids.has(shot.id)).length;
}

/** An app's logo beside its name; a neutral square until it loads (or when it has none). */
function AppLogo({ path }: { path: string }) {
  const media = useMediaUrl();
  const src = media(path);
  return <span className={styles.logo}>{src && <img src={src} alt="" width={20} height={20} loading="lazy" decoding="async" />}</span>;
}
