import { useTranslation } from 'react-i18next';
import { useToastStore } from '../lib/toast';
import styles from './toaster.module.css';

/**
 * The notification stack (docs/product-spec.md §2): fixed at the top centre, under the header (at the bottom
 * on phones: decision 055), newest last. Each message is a live region of its own: errors interrupt
 * (role=alert), the rest wait their turn (role=status).
 */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const { t } = useTranslation();
  return (
    <section className={styles.stack} aria-label={t('a11y.notifications')}>
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`${styles.toast} ${styles[item.type]}`}
          role={item.type === 'error' ? 'alert' : 'status'}
          aria-live={item.type === 'error' ? 'assertive' : 'polite'}
          data-type={item.type}
        >
          {item.message}
        </div>
      ))}
    </section>
  );
}
