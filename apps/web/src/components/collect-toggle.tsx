import { useTranslation } from 'react-i18next';
import { useCollect } from '../lib/collect';
import buttons from './button.module.css';
import { BookmarkFilledIcon, BookmarkIcon } from './icons';
import styles from './collect-toggle.module.css';

type CollectToggleProps = {
  previewId: number;
  /** The accessible name: which screen this collects (e.g. "Collect screen 3 of Ledgerly"). */
  label: string;
  /** 'overlay': round, over a screenshot (the detail grid); 'inline': a small button among a card's actions. */
  variant?: 'overlay' | 'inline';
};

/**
 * The collect button of a screen. Over a screenshot it shows on hover and keyboard focus, always
 * on touch screens and once collected. Pressed = collected. A visitor is sent to Login and back
 * (lib/collect.ts).
 */
export function CollectToggle({ previewId, label, variant = 'overlay' }: CollectToggleProps) {
  const { t } = useTranslation();
  const { isCollected, toggle } = useCollect();
  const collected = isCollected(previewId);
  const iconSize = variant === 'overlay' ? 16 : 14;
  return (
    <button
      type="button"
      className={variant === 'overlay' ? styles.toggle : `${buttons.secondary} ${buttons.small} ${buttons.iconOnly}`}
      aria-pressed={collected}
      aria-label={label}
      title={collected ? t('collecting.collected') : t('collecting.collect')}
      onClick={() => toggle(previewId)}
    >
      {collected ? <BookmarkFilledIcon size={iconSize} /> : <BookmarkIcon size={iconSize} />}
    </button>
  );
}
