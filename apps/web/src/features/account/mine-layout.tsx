import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SideNav } from '../../components/side-nav';
import { paths } from '../../lib/routes';
import styles from './account.module.css';

/** Route /mine (login needed): the account area, a side menu beside the chosen section. */
export default function MineLayout() {
  const { t } = useTranslation();
  const sections = [
    { to: paths.MineHome, label: t('nav.profile'), end: true },
    { to: paths.MineSub, label: t('nav.subscription'), end: false },
    { to: paths.MinePortfolio, label: t('nav.portfolio'), end: false },
    { to: paths.MineSup, label: t('nav.contact'), end: false },
  ];
  return (
    <div className={styles.layout}>
      <h1 className={styles.title}>{t('account.title')}</h1>
      <div className={styles.columns}>
        <SideNav label={t('nav.account')} sections={sections} />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
