import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import defaultAvatar from '../assets/default-avatar.svg';
import { currentLocale, LANGUAGE_TAGS } from '../i18n/i18n';
import { useMediaUrl } from '../lib/public-config';
import { loginPath, pathTo } from '../lib/routes';
import { logOut } from '../lib/session-actions';
import { useSessionStore } from '../lib/session-store';
import { BookmarkIcon, CheckIcon, LifebuoyIcon, LockIcon, LogOutIcon, SettingsIcon, SparkIcon } from './icons';
import { MenuButton } from './menu-button';
import styles from './header-controls.module.css';

/**
 * The member's plan in words a person uses (issue 29.4, decision 051): "Member until 12 Jan 2027"
 * for a subscriber, "Free plan" for everyone else (never subscribed, or lapsed).
 */
export function planLabel(t: TFunction<'translation'>, vip: boolean, expired: string | null | undefined): string {
  if (!vip) return t('userMenu.freePlan');
  if (!expired) return t('userMenu.member');
  const date = new Intl.DateTimeFormat(LANGUAGE_TAGS[currentLocale()], { dateStyle: 'medium' }).format(new Date(expired));
  return t('userMenu.memberUntil', { date });
}

/**
 * The account corner of the header (docs/product-spec.md §2). Logged out: a button to Login that returns here.
 * Logged in: the avatar opens a card with the nickname, the plan ("Member until …" → /mine,
 * "Free plan" → /sub) and the account entries; Log out ends the session on the server
 * (POST /logout), clears it here and goes home.
 */
export function AvatarMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const media = useMediaUrl();

  if (!user) {
    return (
      <Link className={styles.loginButton} to={loginPath(`${location.pathname}${location.search}${location.hash}`)}>
        {t('userMenu.logIn')}
      </Link>
    );
  }

  const avatar = media(user.avatar) || defaultAvatar;
  return (
    <MenuButton
      id="account"
      label={t('userMenu.menu')}
      triggerClassName={styles.avatarButton}
      panelClassName={styles.accountPanel}
      header={
        <div className={styles.accountHeader}>
          <img className={styles.accountAvatar} src={avatar} alt="" width={40} height={40} />
          <div className={styles.accountText}>
            <span className={styles.nickname}>{user.nickname}</span>
            <span className={styles.email}>{user.email}</span>
          </div>
        </div>
      }
      items={[
        {
          type: 'link',
          id: 'plan',
          to: user.vip ? pathTo('MineHome') : pathTo('Sub'),
          className: user.vip ? styles.planVip : styles.plan,
          label: planLabel(t, user.vip, user.expired),
        },
        { type: 'separator', id: 'sep-1' },
        { type: 'link', id: 'collect', to: pathTo('Collect'), icon: <BookmarkIcon size={18} />, label: t('userMenu.myCollection') },
        { type: 'link', id: 'support', to: pathTo('MineSup'), icon: <LifebuoyIcon size={18} />, label: t('userMenu.contactSupport') },
        { type: 'link', id: 'insights', to: pathTo('Points'), icon: <SparkIcon size={18} />, label: t('userMenu.insights') },
        { type: 'link', id: 'settings', to: pathTo('MineHome'), icon: <SettingsIcon size={18} />, label: t('userMenu.settings') },
        ...(user.role === 'reviewer'
          ? [{ type: 'link', id: 'review', to: pathTo('Review'), icon: <CheckIcon size={18} />, label: t('userMenu.review') } as const]
          : []),
        ...(user.role === 'admin'
          ? [{ type: 'link', id: 'admin', to: pathTo('Admin'), icon: <LockIcon size={18} />, label: t('userMenu.admin') } as const]
          : []),
        { type: 'separator', id: 'sep-2' },
        {
          type: 'action',
          id: 'logout',
          icon: <LogOutIcon size={18} />,
          label: t('userMenu.logOut'),
          onSelect: () => {
            void logOut().then(() => navigate(pathTo('Home')));
          },
        },
      ]}
    >
      <img className={styles.avatar} src={avatar} alt="" width={32} height={32} />
    </MenuButton>
  );
}
