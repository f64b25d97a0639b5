import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useCollectedIdsSync } from '../../lib/collected-ids';
import { restoreSession } from '../../lib/session-actions';
import { TakeOverLater } from '../../lib/take-over';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return busy ? <div className={styles.progress} role="progressbar" aria-label={t('a11y.loadingPage')} /> : null;
}

/**
 * The key under which a page's scroll position is kept. Every fresh page load starts on an entry
 * keyed 'default', so the router's default key would give /privacy, loaded anew, the position last
 * saved for /terms. That first entry gets a key of this page load instead: a fresh load starts at the
 * top, and Back within the app still finds where the reader was.
 */
const PAGE_LOAD = Math.random().toString(36).slice(2);
export const scrollKey = (location: { key: string }): string => (location.key === 'default' ? `load-${PAGE_LOAD}` : location.key);

/** The frame of every page: header, the page, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  // The member's collected screens, loaded after sign-in and when the app starts with a session.
  useCollectedIdsSync();
  // Once per page load: a held token restores the member it belongs to.
  useEffect(() => {
    void restoreSession();
  }, []);
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('a11y.skipToContent')}
      </a>
      <NavigationProgress />
      {/* Taken over after the page (its menus' ids are given, not counted: lib/take-over.tsx). */}
      <TakeOverLater>
        <Header />
      </TakeOverLater>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <TakeOverLater>
        <Footer />
      </TakeOverLater>
      {/* New pages start at the top; back and forward restore where the reader was. */}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/** Shown while the first page's code loads: the frame's colours, so nothing flashes. */
export function ShellFallback() {
  return <div className={styles.shell} aria-busy="true" />;
}
