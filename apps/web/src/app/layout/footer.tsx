import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../lib/routes';
import styles from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.copyright}>{t('footer.copyright')}</p>
        </div>
        <nav aria-label={t('footer.legal')}>
          <ul role="list" className={styles.links}>
            <li>
              <Link to={paths.Terms} className={styles.link}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={paths.Privacy} className={styles.link}>
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
