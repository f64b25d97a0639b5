import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AvatarMenu } from '../../components/avatar-menu';
import { MenuIcon } from '../../components/icons';
import { LanguageMenu } from '../../components/language-menu';
import { Logo } from '../../components/logo';
import { MenuButton } from '../../components/menu-button';
import { SearchBox } from '../../components/search-box';
import { paths } from '../../lib/routes';
import { useIsVip } from '../../lib/session-store';
import styles from './header.module.css';

/** Which tab a path belongs to: home shows the apps list, an article belongs to Insights. */
function activeTab(pathname: string): 'app' | 'web' | 'b' | 'flows' | 'screens' | 'points' | null {
  if (pathname === paths.Home || pathname === paths.App) return 'app';
  if (pathname === paths.Web) return 'web';
  if (pathname === paths.B) return 'b';
  if (pathname === paths.Flows) return 'flows';
  if (pathname === paths.Screens) return 'screens';
  if (pathname === paths.Points || pathname.startsWith('/point/')) return 'points';
  return null;
}

/**
 * Logo, the tabs Apps, Websites, B-end, Flows, Screens and Insights (collapsed into a menu on phones), search, language, Subscribe (for
 * non-subscribers only) and the account menu.
 */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const vip = useIsVip();
  const active = activeTab(pathname);
  const tabs = [
    { id: 'app', to: paths.App, label: t('nav.apps') },
    { id: 'web', to: paths.Web, label: t('nav.website') },
    { id: 'b', to: paths.B, label: t('nav.business') },
    { id: 'flows', to: paths.Flows, label: t('nav.flows') },
    { id: 'screens', to: paths.Screens, label: t('nav.screens') },
    { id: 'points', to: paths.Points, label: t('nav.insights') },
  ] as const;

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.phoneNav}>
          <MenuButton
            id="site-menu"
            label={t('nav.menu')}
            align="start"
            triggerClassName={styles.iconButton}
            items={tabs.map((tab) => ({ type: 'link' as const, id: tab.id, to: tab.to, label: tab.label, current: tab.id === active }))}
          >
            <MenuIcon />
          </MenuButton>
        </div>

        <Link to={paths.App} className={styles.brand} aria-label={t('brand.home')}>
          <Logo compact />
        </Link>

        <nav className={styles.tabs} aria-label={t('nav.primary')}>
          <ul role="list" className={styles.tabList}>
            {tabs.map((tab) => (
              <li key={tab.id}>
                <Link
                  to={tab.to}
                  className={styles.tab}
                  aria-current={tab.id === active ? 'page' : undefined}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <SearchBox id="site-search" className={styles.search} />

        <div className={styles.actions}>
          <LanguageMenu />
          {!vip && (
            <Link to={paths.Sub} className={styles.subscribe}>
              {t('userMenu.subscribe')}
            </Link>
          )}
          <AvatarMenu />
        </div>
      </div>
    </header>
  );
}
