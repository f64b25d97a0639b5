import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from './button.module.css';
import styles from './list-end.module.css';

type ListEndProps = {
  /** The infinite-scroll marker (useInfiniteScroll's callback ref): half of it in view asks for the next page. */
  sentinelRef: (node: HTMLDivElement | null) => void;
  /** The next page is on its way: a spoken "Loading..." with a spinner. */
  loading: boolean;
  /** The "that's everything" note, shown when given. */
  endNote?: string | false;
  /** Extra classes for the marker (spacing in its page). */
  className?: string;
  /** What the page shows between the loading note and the end note (a retry button, a paywall). */
  children?: ReactNode;
  /** The next page failed: a button (after the page's extras) that asks for it again. */
  retry?: { label: string; onRetry: () => void } | false;
};

/** The end of an infinite list: the scroll marker, the loading note, the page's own extras, the end note. */
export function ListEnd({ sentinelRef, loading, endNote, className, children, retry }: ListEndProps) {
  const { t } = useTranslation();
  return (
    <div ref={sentinelRef} className={className ? `${styles.end} ${className}` : styles.end}>
      {loading && (
        <p className={styles.loading} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {t('common.loading')}
        </p>
      )}
      {children}
      {retry && (
        <button type="button" className={buttons.secondary} onClick={retry.onRetry}>
          {retry.label}
        </button>
      )}
      {endNote && <p className={styles.endNote}>{endNote}</p>}
    </div>
  );
}
