import { SHARE_TOKEN_PATTERN } from '@shotlib/contract';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import buttons from '../../components/button.module.css';
import { DocumentTitle } from '../../components/document-title';
import { ListEnd } from '../../components/list-end';
import { PageHeader } from '../../components/page-header';
import { StatePanel } from '../../components/state-panel';
import { flattenPages } from '../../lib/paging';
import { paths } from '../../lib/routes';
import { useSessionStore } from '../../lib/session-store';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useSharedBoard, useSharedFlows, useSharedScreens } from './api/boards';
import { BoardFlows, BoardScreens, LockedNote } from './board-contents';
import styles from './collect.module.css';
import boardStyles from './boards.module.css';

/**
 * Route /boards/{token} (issue 29): a shared board, read-only, for anyone (signed in or not). Its name and its
 * owner's nickname, the screens the reader may open (a visitor or regular member the free ones; the count of the
 * others leads to the subscription), and its flows. A link that no longer works says so.
 */
export default function SharedBoardPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const valid = SHARE_TOKEN_PATTERN.test(token);
  const memberId = useSessionStore((state) => state.user?.id ?? null);
  const board = useSharedBoard(memberId, token);
  const live = valid && board.isSuccess;
  const screens = useSharedScreens(memberId, token, live);
  const flows = useSharedFlows(memberId, token, live);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const screensId = useId();
  const flowsId = useId();
  const loadMore = useInfiniteScroll({
    enabled: screens.hasNextPage && !screens.isFetching && !screens.isError,
    onLoadMore: () => void screens.fetchNextPage(),
  });

  if (!valid || board.isError) {
    return (
      <section className={styles.page}>
        <DocumentTitle title={t('boards.sharedMissingTitle')} />
        <StatePanel
          title={t('boards.sharedMissingTitle')}
          text={t('boards.sharedMissingBody')}
          actions={
            <Link to={paths.App} className={buttons.primary}>
              {t('boards.browse')}
            </Link>
          }
        />
      </section>
    );
  }
  const data = board.data;
  const shots = flattenPages(screens.data?.pages);
  const flowList = flattenPages(flows.data?.pages);
  const locked = data?.locked ?? 0;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <DocumentTitle title={data?.name ?? t('boards.title')} />
      <PageHeader
        title={data?.name ?? '…'}
        titleId={titleId}
        titleRef={headingRef}
        aside={data && <span className={styles.count}>{t('boards.sharedBy', { owner: data.owner })}</span>}
        lead={t('boards.sharedIntro')}
      />
      {data && (
        <p className={boardStyles.note}>
          {t('boards.screenCount', { count: data.screens })} · {t('boards.flowCount', { count: data.flows })}
        </p>
      )}
      {(shots.length > 0 || locked > 0) && (
        <section className={boardStyles.section} aria-labelledby={screensId}>
          <h2 id={screensId} className={boardStyles.heading}>
            {t('boards.screens')}
          </h2>
          <BoardScreens screens={shots} returnFocus={headingRef} />
          <ListEnd
            sentinelRef={loadMore}
            loading={screens.isFetchingNextPage}
            endNote={false}
            retry={screens.isFetchNextPageError && { label: t('boards.loadMoreFailed'), onRetry: () => void screens.fetchNextPage() }}
          />
          <LockedNote count={locked} />
        </section>
      )}
      {flowList.length > 0 && (
        <section className={boardStyles.section} aria-labelledby={flowsId}>
          <h2 id={flowsId} className={boardStyles.heading}>
            {t('boards.flows')}
          </h2>
          <BoardFlows flows={flowList} />
        </section>
      )}
      {data && data.screens === 0 && data.flows === 0 && <StatePanel title={t('boards.emptyBoardTitle')} />}
    </section>
  );
}
