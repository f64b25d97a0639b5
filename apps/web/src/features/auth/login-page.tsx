import { catalogueFigure, MARKETING } from '@shotlib/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { CheckIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { Panel } from '../../components/panel';
import { currentLocale, LANGUAGE_TAGS } from '../../i18n/i18n';
import { useCatalogStats } from '../../lib/catalog-stats';
import { formatCount } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { pathTo, REDIRECT_PARAM, safeRedirect } from '../../lib/routes';
import { completeSignIn } from '../../lib/session-actions';
import { useSessionStore } from '../../lib/session-store';
import { AvatarStrip } from './avatar-strip';
import { GoogleButton } from './google-button';
import { LoginForm } from './login-form';
import styles from './login.module.css';

/**
 * Route /login (Login, query `redirect`), docs/product-spec.md §2 and §4: Google and an 'or' divider (when the server
 * has Google sign-in configured), the e-mail
 * form (code or password), the terms; a panel of slogans and the avatar strip beside it. After
 * a sign-in the user goes to the redirect target (a path of this site) or home.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get(REDIRECT_PARAM));
  const signedIn = useSessionStore((state) => state.user !== null);
  const google = usePublicConfig().data?.google === true;
  // The library's size as it is (rounded down), never more than it holds.
  const stats = useCatalogStats().data;
  const screensPoint = stats
    ? t('auth.login.panel.points.screens', { figure: formatCount(catalogueFigure(stats.screenshots, MARKETING.screenshots), LANGUAGE_TAGS[currentLocale()]) })
    : t('auth.login.panel.points.screensLoading');

  // Signed in already (or just now, in the Google popup or another tab): on to the target.
  if (signedIn) return <Navigate replace to={target} />;

  const onToken = async (token: string) => {
    await completeSignIn(token);
    void navigate(target, { replace: true });
  };

  return (
    <div className={styles.page}>
      <DocumentTitle title={t('auth.login.title')} />
      <section className={styles.formSide} aria-labelledby="login-title">
        <div className={styles.formInner}>
          <div className={styles.heading}>
            <h1 id="login-title" className={styles.title}>
              {t('auth.login.welcomeBack')}
            </h1>
            <p className={styles.subtitle}>{t('auth.login.welcomeTo', { name: t('brand.name') })}</p>
          </div>

          {/* Google sign-in and its 'or' only where this server has it configured. */}
          {google && (
            <>
              <GoogleButton onSignedIn={() => void navigate(target, { replace: true })} />
              <div className={styles.divider}>
                <span>{t('auth.login.or')}</span>
              </div>
            </>
          )}

          <LoginForm onToken={onToken} />

          <p className={styles.agree}>
            <Trans
              i18nKey="auth.login.agree"
              components={{ terms: <Link to={pathTo('Terms')} />, privacy: <Link to={pathTo('Privacy')} /> }}
            />
          </p>
        </div>
      </section>

      <Panel as="aside" className={styles.panel} aria-label={t('auth.login.panel.title')}>
        <div className={styles.panelInner}>
          <Logo />
          <p className={styles.panelTitle}>{t('auth.login.panel.title')}</p>
          <ul role="list" className={styles.points}>
            {(['screens', 'search'] as const).map((key) => (
              <li key={key}>
                <span className={styles.pointIcon}>
                  <CheckIcon size={16} />
                </span>
                {key === 'screens' ? screensPoint : t(`auth.login.panel.points.${key}`)}
              </li>
            ))}
          </ul>
          <AvatarStrip caption={t('auth.login.panel.caption')} />
        </div>
      </Panel>
    </div>
  );
}
