import { OAUTH_MESSAGE_TYPE, type OauthMessage } from '@shotlib/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { pathTo } from '../../lib/routes';
import { finishOauth } from './finish-oauth';
import styles from './login.module.css';

/** The window that opened this popup, when it is a page of this site (else null). */
function sameOriginOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return null;
  try {
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null; // a cross-origin opener cannot even be asked
  }
}

/**
 * Route /callback: where the Google popup returns (docs/product-spec.md §2). It reads code and state, posts
 * {type:'oauth-success', code, state} to its opener — with this page's own origin as the target,
 * never '*' — and closes itself, saying 'logging in, please wait' meanwhile. When the opener is
 * gone (closed, or cut off by the provider's pages), it finishes the sign-in here: the session is
 * shared through local storage, so the other tab is signed in as well.
 */
export default function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const handled = useRef(false);
  const code = params.get('code');
  const state = params.get('state');

  useEffect(() => {
    if (handled.current) return; // StrictMode runs effects twice in development
    handled.current = true;
    if (!code || !state) {
      setFailed(true);
      return;
    }
    const opener = sameOriginOpener();
    if (opener) {
      const message: OauthMessage = { type: OAUTH_MESSAGE_TYPE, code, state };
      opener.postMessage(message, window.location.origin);
      window.close();
      return;
    }
    finishOauth(code, state).then(
      () => {
        window.close();
        void navigate(pathTo('Home'), { replace: true }); // when the window may not close itself
      },
      (error: unknown) => {
        console.error('Google sign-in failed', error);
        setFailed(true);
      },
    );
  }, [code, state, navigate]);

  return (
    <section className={styles.callback} aria-live="polite">
      <DocumentTitle title={t('auth.callback.title')} />
      <h1 className={styles.callbackTitle}>{failed ? t('auth.callback.failed') : t('auth.callback.wait')}</h1>
      {failed ? (
        <Link to={pathTo('Login')} className={styles.callbackLink}>
          {t('auth.callback.back')}
        </Link>
      ) : (
        <span className={styles.spinner} aria-hidden="true" />
      )}
    </section>
  );
}
