import { COLOR_SWATCHES, type SwatchKey } from '@shotlib/contract';
import { useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './screens.module.css';

/** The choices in order: any colour first, then the contract's swatches. */
const CHOICES = [null, ...COLOR_SWATCHES.map((swatch) => swatch.key)] as const;
const HEX = new Map<SwatchKey, string>(COLOR_SWATCHES.map((swatch) => [swatch.key, swatch.hex]));

type SwatchPickerProps = { value: SwatchKey | null; onChange: (next: SwatchKey | null) => void };

/**
 * The colour filter (issue 14): round swatches as a radio group (WAI-ARIA APG): one Tab stop on the chosen swatch,
 * ← → ↑ ↓ move and choose (wrapping), Home / End go to the ends; "Any colour" clears the filter. Each swatch is
 * named in the reader's language; the chosen one wears a ring.
 */
export function SwatchPicker({ value, onChange }: SwatchPickerProps) {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const at = CHOICES.indexOf(value);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = CHOICES.length - 1;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let next: number;
    if (step !== undefined) next = (at + step + CHOICES.length) % CHOICES.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    event.preventDefault();
    onChange(CHOICES[next] ?? null);
    buttons.current[next]?.focus();
  };

  return (
    <div role="radiogroup" aria-label={t('screens.colorLabel')} className={styles.swatches}>
      {CHOICES.map((key, index) => {
        const checked = index === at;
        return (
          <button
            key={key ?? 'any'}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t(key ? `screens.colors.${key}` : 'screens.colors.any')}
            title={t(key ? `screens.colors.${key}` : 'screens.colors.any')}
            tabIndex={checked ? 0 : -1}
            className={key ? styles.swatch : `${styles.swatch} ${styles.anySwatch}`}
            style={key ? ({ '--swatch': HEX.get(key) } as CSSProperties) : undefined}
            onClick={() => onChange(key)}
            onKeyDown={onKeyDown}
          />
        );
      })}
    </div>
  );
}
