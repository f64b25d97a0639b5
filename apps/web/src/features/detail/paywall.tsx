import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { LockIcon, SparkIcon } from '../../components/icons';
import { Panel } from '../../components/panel';
import skeleton from '../../components/skeleton.module.css';
import { paths } from '../../lib/routes';
import styles from './detail.module.css';

/**
 * For non-subscribers, above the screens: what subscribing unlocks here, and the way to /sub (docs/product-spec.md §6).
 * While the item loads (`pending`) it keeps its place with a placeholder line, so the screens below do not move.
 */
export function UpgradeBanner({ name, total, pending = false }: { name: string; total: number | undefined; pending?: boolean }) {
  const { t } = useTranslation();
  return (
    <aside className={styles.upgrade} aria-label={t('paywall.bannerLabel')}>
      <span className={styles.upgradeIcon} aria-hidden="true">
        <SparkIcon size={20} />
      </span>
      <div className={styles.upgradeText}>
        <p className={styles.upgradeTitle}>{t('paywall.bannerTitle')}</p>
        <p className={styles.upgradeBody}>
          {pending ? (
            <span className={`${styles.upgradeBodySkeleton} ${skeleton.skeleton}`} aria-hidden="true" />
          ) : total !== undefined ? (
            t('paywall.bannerBody', { count: total, name })
          ) : (
            t('paywall.bannerBodyShort', { name })
          )}
        </p>
      </div>
      <Link to={paths.Sub} className={buttons.primary}>
        {t('paywall.subscribe')}
      </Link>
    </aside>
  );
}

/** Where a regular caller's screens end: how many more there are, behind the subscription. */
export function LockedMore({ hidden }: { hidden: number }) {
  const { t } = useTranslation();
  return (
    <Panel tone="dashed" layout="row" className={`${styles.locked} ${styles.lockedMore}`}>
      <LockIcon size={20} />
      <p>{t('paywall.moreScreens', { count: hidden })}</p>
      <Link to={paths.Sub} className={buttons.secondary}>
        {t('paywall.seePlans')}
      </Link>
    </Panel>
  );
}

/** The bar along the bottom of the window for non-subscribers (docs/product-spec.md §2). */
export function PaywallBar({ shown, total }: { shown: number; total: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={styles.bar} role="region" aria-label={t('paywall.barLabel')}>
      <div className={styles.barInner}>
        <p className={styles.barText}>
          {total !== undefined && total > shown ? t('paywall.barCount', { shown, count: total }) : t('paywall.barGeneric')}
        </p>
        <Link to={paths.Sub} className={buttons.primary}>
          {t('paywall.subscribe')}
        </Link>
      </div>
    </div>
  );
}
