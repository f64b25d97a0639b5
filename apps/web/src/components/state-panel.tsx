import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from './button.module.css';
import styles from './state-panel.module.css';

type StatePanelProps = {
  title: ReactNode;
  /** Heading level: 1 when the panel is the whole page, 2 inside a page that has its h1. */
  level?: 1 | 2;
  titleId?: string;
  /** A decorative icon above the title. */
  icon?: ReactNode;
  /** One sentence under the title; `wideText` lets a longer one run a little wider. */
  text?: ReactNode;
  wideText?: boolean;
  /** Buttons and links, in a centred row under the text. */
  actions?: ReactNode;
  /** A list that failed to load: 'Try again' straight under the title calls this. */
  onRetry?: () => void;
  /** Anything placed straight under the title. */
  children?: ReactNode;
};

/** An empty or failed list, or a page that could not load: what happened and what to do next. */
export function StatePanel({ title, level = 2, titleId, icon, text, wideText = false, actions, onRetry, children }: StatePanelProps) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.state}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {text && (
        <p className={styles.text} data-wide={wideText || undefined}>
          {text}
        </p>
      )}
      {onRetry && (
        <button type="button" className={buttons.secondary} onClick={onRetry}>
          {t('errors.retry')}
        </button>
      )}
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
