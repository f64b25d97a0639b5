import { useId, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/routes';
import buttons from './button.module.css';
import { SparkIcon } from './icons';
import { Modal } from './modal';
import styles from './subscribe-modal.module.css';

type SubscribeModalProps = {
  onClose: () => void;
  /** The heading: what the person just tried that needs a subscription. */
  title?: string;
  /** One sentence on what subscribing gives here (e.g. the server's refusal message). */
  body?: string;
  /** Where focus goes on close if the control that opened the dialog is gone by then. */
  returnFocus?: RefObject<HTMLElement | null>;
};

/** Asks a non-subscriber to subscribe (docs/product-spec.md §6): a link to the plans, or stay where you are. */
export function SubscribeModal({ onClose, title, body, returnFocus }: SubscribeModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const primaryRef = useRef<HTMLAnchorElement>(null);
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={onClose} initialFocus={primaryRef} returnFocus={returnFocus} className={styles.dialog}>
      <span className={styles.badge} aria-hidden="true">
        <SparkIcon size={20} />
      </span>
      <h2 id={titleId} className={styles.title}>
        {title ?? t('paywall.modalTitle')}
      </h2>
      <p id={bodyId} className={styles.body}>
        {body ?? t('paywall.modalBody')}
      </p>
      <ul role="list" className={styles.perks}>
        <li>{t('paywall.perkScreens')}</li>
        <li>{t('paywall.perkFilters')}</li>
        <li>{t('paywall.perkCollect')}</li>
      </ul>
      <div className={styles.actions}>
        <button type="button" className={buttons.ghost} onClick={onClose}>
          {t('paywall.notNow')}
        </button>
        <Link ref={primaryRef} to={paths.Sub} className={buttons.primary}>
          {t('paywall.seePlans')}
        </Link>
      </div>
    </Modal>
  );
}
