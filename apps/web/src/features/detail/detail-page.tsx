import { CATEGORY_DEBOUNCE_MS, DETAIL_PAGE_SIZE, GRID_COLUMNS, itemText, ReplyCode } from '@shotlib/contract';
import { lazy, memo, Suspense, useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import buttons from '../../components/button.module.css';
import { CardGrid } from '../../components/card-grid';
import { CollectToggle } from '../../components/collect-toggle';
import { DocumentTitle } from '../../components/document-title';
import { ListEnd } from '../../components/list-end';
import { MultiSelect } from '../../components/multi-select';
import { PaywallNotice } from '../../components/paywall-notice';
import { frameFor, Screenshot, type ShotFrame } from '../../components/screenshot';
import skeleton from '../../components/skeleton.module.css';
import { StatePanel } from '../../components/state-panel';
import { SubscribeModal } from '../../components/subscribe-modal';
import { ApiError } from '../../lib/api-client';
import { useCategoryOptions } from '../../lib/category-options';
import { parseFlowParams, withFlowStep, withoutFlow } from '../../lib/flow-steps';
import { parseGroups, TYPE_PARAM, withScreenTypes } from '../../lib/list-params';
import { flattenPages } from '../../lib/paging';
import { paths } from '../../lib/routes';
import { useIsVip } from '../../lib/session-store';
import { TakeOverLater } from '../../lib/take-over';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useItem } from './api/get-item';
import { previewParams, usePreviewList } from './api/list-previews';
import { currentLocale } from '../../i18n/i18n';
import { DetailHeader, DetailHeaderSkeleton } from './detail-header';
import { FlowsSection } from './flows-section';
import tileStyles from '../../components/screenshot-tile.module.css';
import styles from './detail.module.css';
import { LockedMore, PaywallBar, UpgradeBanner } from './paywall';

/**
 * The viewer and the flow player open on a click or a flow's link: chunks of their own, loaded then, not part of the
 * page's first load (docs/decisions/035, "Lighthouse ≥ 0.95").
 */
const ImageViewer = lazy(() => import('../../components/image-viewer/image-viewer').then((module) => ({ default: module.ImageViewer })));
const FlowPlayer = lazy(() => import('./flow-player').then((module) => ({ default: module.FlowPlayer })));

/** `sizes` of a screen in the 5-column grid (3/2 columns on narrower screens). */
const TILE_SIZES = '(max-width: 560px) 46vw, (max-width: 900px) 30vw, (max-width: 1200px) 23vw, 260px';
/** `sizes` of a website's page in its 3-column grid (2/1 columns on narrower screens). */
const PAGE_TILE_SIZES = '(max-width: 560px) 92vw, (max-width: 1200px) 46vw, 450px';
/**
 * A website's full page is shown cut to this shape at most (width / height), its top visible; the viewer shows the
 * rest (decision 056). A page less tall than that is shown whole.
 */
const PAGE_TILE_ASPECT = 4 / 5;

type ScreenTileProps = {
  shot: { id: number; path: string; width: number; height: number };
  position: number;
  eager: boolean;
  frame: ShotFrame;
  name: string;
  onOpen: (position: number) => void;
};

/**
 * One screen of the grid: the picture that opens the viewer, and its collect toggle. Memoised: a grid drawn in steps,
 * or the page re-rendering as its data or filters change, does not draw the screens already there again.
 */
const ScreenTile = memo(function ScreenTile({ shot, position, eager, frame, name, onOpen }: ScreenTileProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.tileBox} data-collect-host="">
      <button type="button" className={tileStyles.tile} aria-label={t('detail.openScreen', { index: position + 1, name })} onClick={() => onOpen(position)}>
        {frame === 'browser' ? (
          <span className={styles.pageTile} style={{ aspectRatio: String(Math.max(PAGE_TILE_ASPECT, shot.width / Math.max(shot.height, 1))) }}>
            <Screenshot path={shot.path} width={shot.width} height={shot.height} frame={frame} sizes={PAGE_TILE_SIZES} eager={eager} alt="" />
          </span>
        ) : (
          <Screenshot path={shot.path} width={shot.width} height={shot.height} frame={frame} sizes={TILE_SIZES} eager={eager} alt="" />
        )}
      </button>
      <CollectToggle previewId={shot.id} label={t('collecting.collectScreen', { index: position + 1, name })} />
    </div>
  );
});

/** A refusal by the paywall (code 1002), whose message the page shows once. */
const paywallRefusal = (error: unknown) => (error instanceof ApiError && error.code === ReplyCode.vipRequired ? error : null);

/**
 * Route /detail/:id (docs/product-spec.md §2, §6): an app or website with its screens. Logo, name, brief, tag
 * block; a screen-category filter; a 5-column grid paged by 10 as you scroll; the image viewer.
 * Non-subscribers see the first 10 screens, an upgrade banner and a bottom bar, and changing the
 * filter opens the subscribe dialog instead of filtering. The server enforces the same rules.
 */
export default function DetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const itemId = Number(id);
  const valid = Number.isInteger(itemId) && itemId > 0;
  const vip = useIsVip();
  const titleId = useId();

  const item = useItem(itemId, valid);
  const screens = useCategoryOptions('screen');
  const [askToSubscribe, setAskToSubscribe] = useState(false);
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const filterRef = useRef<HTMLButtonElement>(null);
  const flowsRef = useRef<HTMLHeadingElement>(null);

  // The flow player lives in the URL (`?flow={id}&step={n}`): a deep link opens it, each step replaces the entry.
  const [searchParams, setSearchParams] = useSearchParams();
  const playing = valid ? parseFlowParams(searchParams) : null;
  const playingId = playing?.flowId;
  const onStep = useCallback(
    (step: number) => {
      if (playingId !== undefined) setSearchParams((current) => withFlowStep(current, playingId, step), { replace: true });
    },
    [playingId, setSearchParams],
  );
  const closePlayer = useCallback(() => setSearchParams((current) => withoutFlow(current), { replace: true }), [setSearchParams]);

  // The screen-category filter lives in the URL (`?type=27,28`, docs/decisions/013): a shared link, a reload and
  // back/forward keep it. The picker answers at once; the URL (and so the grid) follows CATEGORY_DEBOUNCE_MS later.
  const group = parseGroups(searchParams.get(TYPE_PARAM));
  const groupKey = group.join(',');
  const [selected, setSelected] = useState<number[]>(group);
  const [seenGroupKey, setSeenGroupKey] = useState(groupKey);
  if (seenGroupKey !== groupKey) {
    setSeenGroupKey(groupKey);
    setSelected(group);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The debounced change runs after later renders (a flow opened meanwhile): it writes into the latest URL.
  const latest = useRef({ searchParams, setSearchParams });
  useEffect(() => {
    latest.current = { searchParams, setSearchParams };
  });
  const commitScreenTypes = (next: readonly number[]) => {
    clearTimeout(timer.current);
    const { searchParams: current, setSearchParams: set } = latest.current;
    set(withScreenTypes(current, next), { replace: true });
  };

  const previews = usePreviewList(previewParams(itemId, vip, group), valid && item.isSuccess);
  const shots = flattenPages(previews.data?.pages);
  const total = previews.data?.pages[0]?.total;
  const refusal = paywallRefusal(previews.error);

  const loadMore = useInfiniteScroll({
    enabled: previews.hasNextPage && !previews.isFetching && !previews.isError,
    onLoadMore: () => void previews.fetchNextPage(),
  });

  function onScreenFilter(next: number[]) {
    if (!vip) {
      setAskToSubscribe(true);
      return;
    }
    setSelected(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commitScreenTypes(next), CATEGORY_DEBOUNCE_MS);
  }

  function clearScreenFilter() {
    setSelected([]);
    commitScreenTypes([]);
  }

  if (!valid || (item.isError && !item.data)) {
    const missing = !valid || (item.error instanceof ApiError && item.error.code === ReplyCode.notFound);
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        <DocumentTitle title={t('detail.notFoundTitle')} />
        <StatePanel
          level={1}
          titleId={titleId}
          title={missing ? t('detail.notFoundTitle') : t('detail.loadFailed')}
          text={missing ? t('detail.notFoundBody') : t('detail.loadFailedBody')}
          actions={
            <>
              {!missing && (
                <button type="button" className={buttons.secondary} onClick={() => void item.refetch()}>
                  {t('errors.retry')}
                </button>
              )}
              <Link to={paths.App} className={buttons.secondary}>
                {t('catalog.browseApps')}
              </Link>
              <Link to={paths.Web} className={buttons.secondary}>
                {t('catalog.browseWebsites')}
              </Link>
            </>
          }
        />
      </section>
    );
  }

  const data = item.data;
  // The item's name in the reader's language, everywhere on the page (title, banner, labels, viewer).
  const name = data ? itemText(data, currentLocale()).name : '';
  const frame = frameFor(data?.platform ?? false);
  const hiddenByPaywall = !vip && total !== undefined ? Math.max(0, total - shots.length) : 0;
  const columns = data?.platform ? GRID_COLUMNS.detailWeb : GRID_COLUMNS.detail;

  return (
    <section className={styles.page} aria-labelledby={titleId} aria-busy={!data}>
      <DocumentTitle title={data ? name : t('detail.title')} />
      <nav className={styles.crumbs} aria-label={t('detail.breadcrumb')}>
        {data?.business ? (
          <BackLink to={paths.B}>{t('nav.business')}</BackLink>
        ) : (
          <BackLink to={data?.platform ? paths.Web : paths.App}>{data?.platform ? t('nav.website') : t('nav.apps')}</BackLink>
        )}
      </nav>

      {/* The parts of the server's page taken over in tasks of their own (lib/take-over.tsx). */}
      {data ? (
        <TakeOverLater>
          <DetailHeader item={data} titleId={titleId} />
        </TakeOverLater>
      ) : (
        <>
          <h1 id={titleId} className="visually-hidden">
            {t('detail.title')}
          </h1>
          <DetailHeaderSkeleton />
        </>
      )}

      {!vip && (
        <TakeOverLater>
          <UpgradeBanner name={name} total={total} pending={!data} />
        </TakeOverLater>
      )}

      {data && data.flows > 0 && (
        <TakeOverLater>
          <FlowsSection item={data} headingRef={flowsRef} />
        </TakeOverLater>
      )}

      <TakeOverLater>
        <div className={styles.toolbar}>
          <h2 className={styles.sectionTitle}>
            {t('detail.screens')}
            {total !== undefined && <span className={styles.sectionCount}>{total}</span>}
          </h2>
          <MultiSelect
            id="screen-categories"
            ref={filterRef}
            label={t('detail.screenCategory')}
            options={screens.options}
            value={vip ? selected : []}
            onChange={onScreenFilter}
            searchLabel={t('detail.searchScreenCategories')}
            loading={screens.isPending}
            align="end"
          />
        </div>
      </TakeOverLater>

      {previews.isError && !previews.data ? (
        <StatePanel
          title={refusal ? refusal.message : t('detail.screensFailed')}
          actions={
            refusal ? (
              <Link to={paths.Sub} className={buttons.primary}>
                {t('paywall.subscribe')}
              </Link>
            ) : (
              <button type="button" className={buttons.secondary} onClick={() => void previews.refetch()}>
                {t('errors.retry')}
              </button>
            )
          }
        />
      ) : previews.data && shots.length === 0 ? (
        <StatePanel title={group.length ? t('detail.noScreensFiltered') : t('detail.noScreens')}>
          {group.length > 0 && (
            <button type="button" className={buttons.secondary} onClick={clearScreenFilter}>
              {t('detail.clearScreenFilter')}
            </button>
          )}
        </StatePanel>
      ) : (
        // A subscriber's long list of screens draws only the rows near the viewport.
        <CardGrid
          items={shots}
          columns={columns}
          estimateRowHeight={560}
          listProps={{
            role: 'list',
            className: styles.grid,
            style: { '--columns': columns } as CSSProperties,
            'data-frame': frame,
            'aria-busy': previews.isFetching,
          }}
          renderItem={(shot, position, cellProps) => {
            const label = screens.labelOf(shot.group ?? -1);
            return (
              <li key={shot.id} className={styles.cell} {...cellProps}>
                {/* The first page's screens are in the server's page (its first view): each taken over in a task of its own. */}
                <TakeOverLater>
                  <ScreenTile shot={shot} position={position} eager={position < columns} frame={frame} name={name} onOpen={setViewerAt} />
                </TakeOverLater>
                {label && <span className={styles.caption}>{label}</span>}
              </li>
            );
          }}
          // The first row with the page's screens, the others in the next tasks.
          steps={{
            first: columns,
            placeholder: (position) => (
              <li key={`placeholder-${position}`} className={styles.cell} aria-hidden="true">
                <div className={`${tileStyles.placeholder} ${skeleton.skeleton}`} data-frame={frame} />
              </li>
            ),
          }}
          trailing={
            (!previews.data || previews.isFetchingNextPage) &&
            Array.from({ length: previews.data ? columns : DETAIL_PAGE_SIZE }, (_, index) => (
              <li key={`skeleton-${index}`} className={styles.cell} aria-hidden="true">
                <div className={`${tileStyles.placeholder} ${skeleton.skeleton}`} data-frame={frame} />
              </li>
            ))
          }
        />
      )}

      <ListEnd sentinelRef={loadMore} loading={previews.isFetchingNextPage}>
        {refusal && previews.data && <PaywallNotice tone="dashed" message={refusal.message} className={styles.locked} />}
        {!vip && !refusal && hiddenByPaywall > 0 && <LockedMore hidden={hiddenByPaywall} />}
      </ListEnd>

      {!vip && data && <PaywallBar shown={shots.length} total={total} />}

      {askToSubscribe && (
        <SubscribeModal
          title={t('paywall.filterTitle')}
          body={t('paywall.filterBody')}
          returnFocus={filterRef}
          onClose={() => setAskToSubscribe(false)}
        />
      )}

      {playing && (
        <Suspense fallback={null}>
          <FlowPlayer
            key={playing.flowId}
            flowId={playing.flowId}
            step={playing.step}
            onStep={onStep}
            onClose={closePlayer}
            itemName={name}
            returnFocus={flowsRef}
          />
        </Suspense>
      )}

      {viewerAt !== null && shots.length > 0 && (
        <Suspense fallback={null}>
          <ImageViewer
            images={shots}
            index={viewerAt}
            onIndexChange={setViewerAt}
            onClose={() => setViewerAt(null)}
            title={data ? name : t('detail.title')}
            more={
              total === undefined
                ? undefined
                : {
                    total,
                    // A regular reader may open the screens of the free page; a refusal (code 1002) past it ends the
                    // walk at the paywall step, as it ends the grid.
                    open: !vip || refusal !== null ? shots.length : total,
                    hasMore: previews.hasNextPage && !refusal,
                    loading: previews.isFetchingNextPage,
                    failed: previews.isFetchNextPageError && !refusal,
                    loadMore: () => void previews.fetchNextPage({ cancelRefetch: false }),
                  }
            }
          />
        </Suspense>
      )}
    </section>
  );
}
