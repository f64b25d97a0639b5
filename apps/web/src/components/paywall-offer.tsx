import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPath, paths } from '../lib/routes';
import { useSessionStore } from '../lib/session-store';
import { SparkIcon } from './icons';
import styles from './paywall-offer.module.css';

type PaywallOfferProps = {
  title: string;
  body: string;
  /** The link to the plans. */
  subscribeLabel: string;
  /** The link to sign in and come back here, shown to a visitor only. */
  signInLabel: string;
  /** The look of the two links in the surface that holds the offer (the dark viewer, the flow player). */
  primaryClassName: string;
  secondaryClassName: string;
};

/**
 * Where a regular reader's free screens end inside a viewer (the image viewer's paywall step, the flow player's locked
 * steps): what more there is, the way to the plans and, for a visitor, signing in (back to this very page). Colours
 * come from the surface: `--offer-border`, `--offer-fg-2` and `--offer-accent` where it sets them.
 */
export function PaywallOffer({ title, body, subscribeLabel, signInLabel, primaryClassName, secondaryClassName }: PaywallOfferProps) {
  const location = useLocation();
  const signedIn = useSessionStore((state) => state.user !== null);
  const titleId = useId();
  return (
    <section className={styles.offer} aria-labelledby={titleId}>
      <span className={styles.icon} aria-hidden="true">
        <SparkIcon size={22} />
      </span>
      <h3 id={titleId} className={styles.title}>
        {title}
      </h3>
      <p className={styles.body}>{body}</p>
      <div className={styles.actions}>
        <Link to={paths.Sub} className={primaryClassName}>
          {subscribeLabel}
        </Link>
        {!signedIn && (
          <Link to={loginPath(`${location.pathname}${location.search}`)} className={secondaryClassName}>
            {signInLabel}
          </Link>
        )}
      </div>
    </section>
  );
}
