import styles from './logo.module.css';

/**
 * The Shotlib mark (a screen beside two thumbnails) and the text wordmark. `compact` drops the
 * wordmark on phones, where the header needs the room (give the surrounding link a label).
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className={styles.tile} />
        <rect x="7" y="7" width="11" height="18" rx="2.5" className={styles.shape} />
        <rect x="20" y="7" width="5" height="8" rx="1.5" className={styles.shape} opacity=".55" />
        <rect x="20" y="17" width="5" height="8" rx="1.5" className={styles.shape} opacity=".3" />
      </svg>
      <span className={compact ? `${styles.wordmark} ${styles.compact}` : styles.wordmark}>Shotlib</span>
    </span>
  );
}
