import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../lib/member-info';
import { AccountSection } from './account-section';
import { ProfileForm } from './profile-form';
import styles from './account.module.css';

/** Route /mine (MineHome): the profile — avatar, nickname, password. */
export default function MineHomePage() {
  const { t } = useTranslation();
  const info = useMemberInfo();
  return (
    <AccountSection title={t('nav.profile')} intro={t('account.home.intro')} busy={info.isPending}>
      {info.data ? <ProfileForm key={info.data.id} info={info.data} /> : <div className={styles.skeleton} />}
    </AccountSection>
  );
}
