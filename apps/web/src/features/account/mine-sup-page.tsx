import { SUPPORT_REPLY_HOURS } from '@shotlib/contract';
import { useTranslation } from 'react-i18next';
import { LifebuoyIcon } from '../../components/icons';
import { Panel } from '../../components/panel';
import { useSupportEmail } from '../../lib/public-config';
import { AccountSection } from './account-section';
import styles from './account.module.css';

/** Route /mine/sup (MineSup): how to reach support — the deployment's address and the 48-hour promise. */
export default function MineSupPage() {
  const { t } = useTranslation();
  const email = useSupportEmail();
  return (
    <AccountSection title={t('nav.contact')} intro={t('account.sup.intro')}>
      <Panel className={styles.supportCard}>
        <span className={styles.supportIcon}>
          <LifebuoyIcon size={22} />
        </span>
        <div className={styles.supportText}>
          <span className={styles.label}>{t('account.sup.emailLabel')}</span>
          <a className={styles.supportEmail} href={`mailto:${email}`}>
            {email}
          </a>
          <p className={styles.hint}>{t('account.sup.reply', { hours: SUPPORT_REPLY_HOURS })}</p>
        </div>
      </Panel>
    </AccountSection>
  );
}
