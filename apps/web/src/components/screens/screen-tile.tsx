import { itemText, type ScreenCard } from '@shotlib/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { flowFrame } from '../../lib/flow-steps';
import { Screenshot } from '../screenshot';
import tileStyles from '../screenshot-tile.module.css';
import skeleton from '../skeleton.module.css';
import { ScreenOwner } from './screen-owner';
import styles from './screens.module.css';

/** `sizes` of a screen in the 5-column grid (4/3/2 columns on narrower screens). */
const TILE_SIZES = '(max-width: 560px) 46vw, (max-width: 900px) 30vw, (max-width: 1200px) 23vw, 260px';

/** A screen's app's name in the reader's language. */
export const screenItemName = (screen: ScreenCard) => itemText({ ...screen.item, briefing: '' }, currentLocale()).name;

type ScreenTileProps = {
  screen: ScreenCard;
  /** The screen type's name, when the screen has one the reader's tree knows. */
  typeLabel?: string;
  onOpen: () => void;
  eager?: boolean;
};

/**
 * One screen of the Screens view (and of a search's Screens section): the screenshot, framed by its app's kind and
 * painted in its dominant colour until it loads, opening the image viewer; under it the app's logo and name.
 */
export function ScreenTile({ screen, typeLabel, onOpen, eager = false }: ScreenTileProps) {
  const { t } = useTranslation();
  const name = screenItemName(screen);
  const placeholder = screen.colors[0];
  return (
    <>
      <button
        type="button"
        className={tileStyles.tile}
        aria-label={typeLabel ? t('screens.openTyped', { type: typeLabel, name }) : t('screens.open', { name })}
        onClick={onOpen}
      >
        <Screenshot
          path={screen.path}
          width={screen.width}
          height={screen.height}
          frame={flowFrame(screen.item.kind, screen)}
          sizes={TILE_SIZES}
          eager={eager}
          alt=""
          style={placeholder ? ({ '--color-skeleton': placeholder } as CSSProperties) : undefined}
        />
      </button>
      <ScreenOwner itemId={screen.item.id} logo={screen.item.logo} name={name} />
    </>
  );
}

/** A screen's place while its page loads. */
export function ScreenTileSkeleton() {
  return (
    <>
      <div className={`${tileStyles.placeholder} ${skeleton.skeleton}`} />
      <div className={`${styles.ownerSkeleton} ${skeleton.skeleton}`} />
    </>
  );
}
