import { OAUTH_POPUP, OauthMessageSchema, type OauthMessage } from '@shotlib/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { startOauth } from './api/oauth';
import { finishOauth } from './finish-oauth';
import styles from './login.module.css';

/** The multicoloured G of Google's sign-in branding. */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
    </svg>
  );
}

/** Open the 500 × 600 popup centred over this window, before any await (so no blocker objects). */
function openPopup(): Window | null {
  const { width, height } = OAUTH_POPUP;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open('about:blank', 'shotlib-google-sign-in', `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
}

/**
 * Wait for the callback page's message: from this origin, from this popup, of type oauth-success
 * and for this attempt's state. Resolves null when the popup closes without one.
 */
function awaitCallback(popup: Window, state: string): Promise<OauthMessage | null> {
  return new Promise((resolve) => {
    const done = (value: OauthMessage | null) => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const message = OauthMessageSchema.safeParse(event.data);
      if (message.success && message.data.state === state) done(message.data);
    };
    window.addEventListener('message', onMessage);
    const watch = setInterval(() => {
      if (popup.closed) done(null);
    }, 500);
  });
}

/**
 * 'Sign in with Google' (docs/product-spec.md §2, §4): a popup goes to the provider and comes back to /callback,
 * which posts {type:'oauth-success', code, state} here; the code is confirmed and the state traded
 * for a token. Errors are only logged (docs/product-spec.md §8). The login page shows it only when the server has
 * Google sign-in configured.
 */
export function GoogleButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    const popup = openPopup();
    if (!popup) {
      toast.error(t('auth.login.popupBlocked'));
      return;
    }
    setBusy(true);
    try {
      const { url, state } = await startOauth();
      popup.location.href = url;
      const message = await awaitCallback(popup, state);
      if (!message) return;
      await finishOauth(message.code, message.state);
      onSignedIn();
    } catch (error) {
      console.error('Google sign-in failed', error);
      if (!popup.closed) popup.close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.google}>
      <button
        type="button"
        className={styles.googleButton}
        onClick={signIn}
        disabled={busy}
      >
        <GoogleMark />
        <span>{t('auth.login.google')}</span>
      </button>
    </div>
  );
}
