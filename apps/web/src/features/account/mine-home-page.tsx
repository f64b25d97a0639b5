import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../components/document-title';
import { useMemberInfo } from '../../lib/member-info';
import { ProfileForm } from './profile-form';
import styles from './account.module.css';

/** Route /mine (MineHome): the profile — avatar, nickname, password. */
export default function MineHomePage() {
  const { t } = useTranslation();
  const info = useMemberInfo();
  return (
    <section className={styles.section} aria-labelledby="mine-home-title" aria-busy={info.isPending}>
      <DocumentTitle title={t('nav.profile')} />
      <div className={styles.sectionHead}>
        <h2 id="mine-home-title" className={styles.sectionTitle}>
          {t('nav.profile')}
        </h2>
        <p className={styles.hint}>{t('account.home.intro')}</p>
      </div>
      {info.data ? <ProfileForm key={info.data.id} info={info.data} /> : <div className={styles.skeleton} />}
    </section>
  );
}
