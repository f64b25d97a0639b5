import { GRID_COLUMNS, itemText, type BoardFlow, type BoardScreen } from '@shotlib/contract';
import { useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { FlowCard } from '../../components/flow-card';
import { ImageViewer } from '../../components/image-viewer/image-viewer';
import { frameFor, Screenshot } from '../../components/screenshot';
import tileStyles from '../../components/screenshot-tile.module.css';
import { currentLocale } from '../../i18n/i18n';
import { useCategoryOptions } from '../../lib/category-options';
import { pathTo, paths } from '../../lib/routes';
import styles from './collect.module.css';
import boardStyles from './boards.module.css';

const TILE_SIZES = '(max-width: 560px) 46vw, (max-width: 900px) 30vw, (max-width: 1200px) 23vw, 260px';

type ScreensProps = {
  screens: readonly BoardScreen[];
  /** Controls under a screen (the owner's "Remove from this board"). */
  actions?: (screen: BoardScreen, index: number) => ReactNode;
  returnFocus: RefObject<HTMLElement | null>;
};

/** A board's screens in the collections grid, each opening the image viewer (which saves to boards too). */
export function BoardScreens({ screens, actions, returnFocus }: ScreensProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [viewer, setViewer] = useState<{ images: BoardScreen[]; index: number } | null>(null);
  const nameOf = (screen: BoardScreen) => itemText({ ...screen.item, briefing: '' }, locale).name;
  const current = viewer ? viewer.images[viewer.index] : undefined;
  return (
    <>
      <ul role="list" className={styles.grid} style={{ '--columns': GRID_COLUMNS.collect } as CSSProperties}>
        {screens.map((screen, index) => (
          <li key={screen.id} className={styles.cell}>
            <button
              type="button"
              className={tileStyles.tile}
              aria-label={t('boards.openScreen', { index: index + 1, name: nameOf(screen) })}
              onClick={() => setViewer({ images: [...screens], index })}
            >
              <Screenshot path={screen.path} width={screen.width} height={screen.height} frame={frameFor(screen.item.kind === 'web')} sizes={TILE_SIZES} alt="" />
            </button>
            <Link to={pathTo('Detail', { id: screen.item.id })} className={styles.owner}>
              <span className={styles.ownerName}>{nameOf(screen)}</span>
            </Link>
            {actions?.(screen, index)}
          </li>
        ))}
      </ul>
      {viewer && current && (
        <ImageViewer
          images={viewer.images}
          index={viewer.index}
          onIndexChange={(index) => setViewer({ ...viewer, index })}
          onClose={() => setViewer(null)}
          title={nameOf(current)}
          titleLink={pathTo('Detail', { id: current.item.id })}
          returnFocus={returnFocus}
        />
      )}
    </>
  );
}

/** A board's flows as flow cards (each opens the player on its item's page). */
export function BoardFlows({ flows, actions }: { flows: readonly BoardFlow[]; actions?: (flow: BoardFlow) => ReactNode }) {
  const types = useCategoryOptions('flow');
  return (
    <ul role="list" className={styles.flowGrid} style={{ '--columns': GRID_COLUMNS.flows } as CSSProperties}>
      {flows.map((flow) => (
        <li key={flow.id}>
          <FlowCard flow={flow} level={3} typeLabel={flow.type === null ? undefined : types.labelOf(flow.type)} actions={actions?.(flow)} />
        </li>
      ))}
    </ul>
  );
}

/** The board's other screens are for subscribers: how many, and the way to them. */
export function LockedNote({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <div className={boardStyles.locked}>
      <p>{t('boards.locked', { count })}</p>
      <Link to={paths.Sub} className={`${buttons.primary} ${buttons.small}`}>
        {t('boards.subscribe')}
      </Link>
    </div>
  );
}
