import { mediaVariantUrl, type ScreenCard } from '@shotlib/contract';
import { useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryOptions } from '../../lib/category-options';
import { useMediaBase } from '../../lib/public-config';
import { pathTo } from '../../lib/routes';
import { useSimilarScreens } from '../../lib/screen-list';
import { ImageViewer, type ViewerMore } from '../image-viewer/image-viewer';
import { screenItemName } from './screen-tile';
import styles from './screens.module.css';

type ScreenViewerProps = {
  /** The screens the viewer moves through (← →): the loaded screens of the list it opened from, as they grow. */
  screens: readonly ScreenCard[];
  /** The one opened. */
  start: number;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  /**
   * The list's screens beyond those loaded (its true count and its next pages, components/image-viewer): the viewer
   * walks them all and wraps at the true ends. Not for similar screens, which are all there is.
   */
  more?: ViewerMore;
};

/**
 * The image viewer over screens from many apps (issue 14): the title names the screen's app and links to its page,
 * and a strip under the picture shows screens like it (asked for when the screen is shown). Opening one of them
 * moves the viewer into those screens (← → then go through them, and the strip follows the new screen).
 */
export function ScreenViewer({ screens, start, onClose, returnFocus, more }: ScreenViewerProps) {
  const { t } = useTranslation();
  // `similar`: the screens like one, once the reader opened one of them; until then the list's own (and its `more`).
  const [view, setView] = useState<{ similar: readonly ScreenCard[] | null; index: number }>({ similar: null, index: start });
  const shown = view.similar ?? screens;
  // Undefined on a place of the list still loading (the viewer shows that it is).
  const current = shown[view.index];
  return (
    <ImageViewer
      images={shown}
      index={view.index}
      onIndexChange={(index) => setView({ ...view, index })}
      onClose={onClose}
      title={current ? screenItemName(current) : t('screens.title')}
      titleLink={current ? pathTo('Detail', { id: current.item.id }) : undefined}
      strip={current && <SimilarScreens screenId={current.id} onOpen={(similar, index) => setView({ similar, index })} />}
      returnFocus={returnFocus}
      more={view.similar ? undefined : more}
    />
  );
}

/** The similar screens of the one on show: thumbnails that open in the viewer. */
function SimilarScreens({ screenId, onOpen }: { screenId: number; onOpen: (screens: ScreenCard[], index: number) => void }) {
  const { t } = useTranslation();
  const base = useMediaBase();
  const types = useCategoryOptions('screen');
  const similar = useSimilarScreens(screenId);
  const titleId = useId();
  const screens = similar.data ?? [];
  return (
    <section className={styles.similar} aria-labelledby={titleId} aria-busy={similar.isPending}>
      <h3 id={titleId} className={styles.similarTitle}>
        {t('screens.similar.title')}
      </h3>
      {similar.isError ? (
        <p className={styles.similarNote}>{t('screens.similar.failed')}</p>
      ) : similar.isSuccess && screens.length === 0 ? (
        <p className={styles.similarNote}>{t('screens.similar.none')}</p>
      ) : (
        <ul role="list" className={styles.similarList}>
          {screens.map((screen, index) => {
            const type = screen.group === null ? undefined : types.labelOf(screen.group);
            const name = screenItemName(screen);
            return (
              <li key={screen.id}>
                <button
                  type="button"
                  className={styles.similarButton}
                  aria-label={type ? t('screens.openTyped', { type, name }) : t('screens.open', { name })}
                  onClick={(event) => {
                    // The strip is redrawn for the new screen and this button leaves it: the dialog keeps the focus (Esc, ← →).
                    event.currentTarget.closest<HTMLElement>('[role="dialog"]')?.focus();
                    onOpen(screens, index);
                  }}
                >
                  {base !== null && (
                    <img
                      src={mediaVariantUrl(base, screen.path, 320)}
                      alt=""
                      width={screen.width}
                      height={screen.height}
                      loading="lazy"
                      decoding="async"
                      style={{ aspectRatio: `${screen.width} / ${screen.height}`, backgroundColor: screen.colors[0] }}
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
