import { useTranslation } from 'react-i18next';
import { useCollect } from '../lib/collect';
import { BookmarkFilledIcon, BookmarkIcon } from './icons';
import styles from './collect-toggle.module.css';

type CollectToggleProps = {
  previewId: number;
  /** The accessible name: which screen this collects (e.g. "Collect screen 3 of Ledgerly"). */
  label: string;
};

/**
 * A round collect button laid over a screenshot (the detail grid): shown on hover and keyboard
 * focus, always on touch screens and once collected. Pressed = collected. A visitor is sent to
 * Login and back (lib/collect.ts).
 */
export function CollectToggle({ previewId, label }: CollectToggleProps) {
  const { t } = useTranslation();
  const { isCollected, toggle } = useCollect();
  const collected = isCollected(previewId);
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={collected}
      aria-label={label}
      title={collected ? t('collecting.collected') : t('collecting.collect')}
      onClick={() => toggle(previewId)}
    >
      {collected ? <BookmarkFilledIcon size={16} /> : <BookmarkIcon size={16} />}
    </button>
  );
}
