import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useCollectedIdsSync } from '../../lib/collected-ids';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return busy ? <div className={styles.progress} role="progressbar" aria-label={t('a11y.loadingPage')} /> : null;
}

/** The frame of every page: header, the page, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  // The member's collected screens, loaded after sign-in and when the app starts with a session.
  useCollectedIdsSync();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('a11y.skipToContent')}
      </a>
      <NavigationProgress />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {/* New pages start at the top; back and forward restore where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}

/** Shown while the first page's code loads: the frame's colours, so nothing flashes. */
export function ShellFallback() {
  return <div className={styles.shell} aria-busy="true" />;
}
