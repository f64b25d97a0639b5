import { GRID_COLUMNS, type ScreenCard } from '@shotlib/contract';
import { useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, LANGUAGE_TAGS } from '../../i18n/i18n';
import { formatCount } from '../../lib/format';
import { Link } from 'react-router';
import { useCategoryOptions } from '../../lib/category-options';
import { paths, SEARCH_PARAM } from '../../lib/routes';
import { NO_SCREEN_FILTERS, useScreenList } from '../../lib/screen-list';
import { ScreenTile, ScreenTileSkeleton } from './screen-tile';
import { ScreenViewer } from './screen-viewer';
import styles from './screens.module.css';

/** How many matching screens the lists show above their items: two rows of the Screens view's grid. */
const SECTION_SCREENS = GRID_COLUMNS.screens * 2;

/**
 * The "Screens" section of a search on the lists (issue 14): the first screens across the library that match the
 * term (`POST /screen {q}`), their count and the way to all of them in the Screens view; a screen opens the viewer.
 * Nothing when no screen matches. A chunk of its own, loaded only once a search is made (the lists' first view
 * stays as it was, docs/decisions/035): the default export is for `lazy()`.
 */
export default function SearchScreens({ term, nonce }: { term: string; nonce: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const types = useCategoryOptions('screen');
  const list = useScreenList({ ...NO_SCREEN_FILTERS, q: term, nonce }, SECTION_SCREENS);
  const [viewer, setViewer] = useState<{ screens: ScreenCard[]; index: number } | null>(null);
  const first = list.data?.pages[0];

  if (list.isError && !first) return <p className={styles.sectionNote}>{t('screens.section.failed')}</p>;
  if (first && first.arr.length === 0) return null;
  const screens = first?.arr ?? [];
  const total = first?.total ?? 0;
  const all = `${paths.Screens}?${new URLSearchParams({ [SEARCH_PARAM]: term }).toString()}`;

  return (
    <section className={styles.section} aria-labelledby={titleId} aria-busy={list.isPending}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
          {t('screens.section.title')}
        </h2>
        {first && (
          <>
            <p className={styles.sectionCount}>
              {first.totalAtLeast ? t('screens.section.countAtLeast', { n: formatCount(total, LANGUAGE_TAGS[currentLocale()]), term }) : t('screens.section.count', { count: total, term })}
            </p>
            <Link to={all} className={styles.sectionLink}>
              {first.totalAtLeast ? t('screens.section.seeAllAtLeast') : t('screens.section.seeAll', { count: total })}
            </Link>
          </>
        )}
      </div>
      <ul role="list" className={styles.grid} style={{ '--columns': GRID_COLUMNS.screens } as CSSProperties}>
        {first
          ? screens.map((screen, position) => (
              <li key={screen.id} className={styles.cell}>
                <ScreenTile
                  screen={screen}
                  typeLabel={screen.group === null ? undefined : types.labelOf(screen.group)}
                  onOpen={() => setViewer({ screens, index: position })}
                />
              </li>
            ))
          : Array.from({ length: GRID_COLUMNS.screens }, (_, index) => (
              <li key={index} className={styles.cell} aria-hidden="true">
                <ScreenTileSkeleton />
              </li>
            ))}
      </ul>
      {viewer && <ScreenViewer screens={viewer.screens} start={viewer.index} onClose={() => setViewer(null)} returnFocus={headingRef} />}
    </section>
  );
}
