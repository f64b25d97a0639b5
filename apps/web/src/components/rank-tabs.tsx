import { RANK, type Rank } from '@shotlib/contract';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './rank-tabs.module.css';

const RANK_TABS = [
  { rank: RANK.news, key: 'latest' },
  { rank: RANK.hot, key: 'trending' },
] as const;

/** The id of a rank's tab, for the panel's aria-labelledby. */
export const rankTabId = (panelId: string, rank: Rank) => `${panelId}-rank-${rank}`;

type RankTabsProps = { rank: Rank; onRank: (rank: Rank) => void; panelId: string };

/**
 * Latest / Trending over a list (the panel `panelId`): the tab list is one stop of the Tab key,
 * ←/→ switch to the other tab, Home/End go to Latest and Trending; the chosen tab takes the focus.
 */
export function RankTabs({ rank, onRank, panelId }: RankTabsProps) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const target = event.key === 'Home' ? RANK.news : event.key === 'End' ? RANK.hot : rank === RANK.news ? RANK.hot : RANK.news;
    onRank(target);
    document.getElementById(rankTabId(panelId, target))?.focus();
  };
  return (
    <div role="tablist" aria-label={t('catalog.sortLabel')} className={styles.track}>
      {RANK_TABS.map((tab) => {
        const active = tab.rank === rank;
        return (
          <button
            key={tab.key}
            id={rankTabId(panelId, tab.rank)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            className={styles.tab}
            onClick={() => onRank(tab.rank)}
            onKeyDown={onKeyDown}
          >
            {t(`catalog.tabs.${tab.key}`)}
          </button>
        );
      })}
    </div>
  );
}
