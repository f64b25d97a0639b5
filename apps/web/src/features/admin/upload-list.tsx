import { useTranslation } from 'react-i18next';
import { percentOf, type UploadEntry } from './upload-queue';
import { useAdminMessage } from './admin-messages';
import styles from './admin.module.css';

/** The files on their way and those done: a progress bar each, and the server's reason for a refusal. */
export function UploadList({ entries, onClear }: { entries: readonly UploadEntry[]; onClear: () => void }) {
  const { t } = useTranslation('admin');
  const messageOf = useAdminMessage();
  if (entries.length === 0) return null;
  const finished = entries.filter((entry) => entry.status !== 'queued' && entry.status !== 'uploading');
  const failed = entries.filter((entry) => entry.status === 'failed').length;
  return (
    <div className={styles.section}>
      <div className={styles.head}>
        <h3 className={styles.label}>{t('uploads.title')}</h3>
        <p className={styles.note} aria-live="polite">
          {t('uploads.summary', { done: finished.length, total: entries.length, failed })}
        </p>
        {finished.length > 0 && (
          <button type="button" className={styles.small} onClick={onClear}>
            {t('uploads.clear')}
          </button>
        )}
      </div>
      <ul className={styles.uploads} aria-label={t('uploads.title')}>
        {entries.map((entry) => {
          const percent = percentOf(entry);
          return (
            <li key={entry.key} className={styles.upload} data-status={entry.status}>
              <span className={styles.uploadName}>{entry.name}</span>
              <progress className={styles.progress} max={100} value={percent} aria-label={t('uploads.progress', { name: entry.name })}>
                {percent}%
              </progress>
              <span className={entry.status === 'failed' ? styles.errorText : styles.note}>{t(`uploads.status.${entry.status}`, { percent })}</span>
              {entry.status === 'failed' && entry.error && (
                <p className={`${styles.errorText} ${styles.uploadFailed}`} role="alert">
                  {t('uploads.refused', { name: entry.name, reason: messageOf(entry.error) })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
