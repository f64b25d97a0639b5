import { flowText, stepCaption, tierOf, type Flow, type FlowStep } from '@shotlib/contract';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookmarkFilledIcon, BookmarkIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon, LockIcon } from '../../components/icons';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { SaveToBoard } from '../../components/save-to-board';
import { useFlowCollect } from '../../lib/flow-collect';
import { clampStep, flowFrame, isLockedStep, stepForKey } from '../../lib/flow-steps';
import { useMediaUrl } from '../../lib/public-config';
import { paths } from '../../lib/routes';
import { useIsVip } from '../../lib/session-store';
import { useFocusTrap, useScrollLock } from '../../lib/use-focus-trap';
import { useFlow } from './api/get-flow';
import styles from './flow-player.module.css';
import { PaywallOffer } from '../../components/paywall-offer';

type FlowPlayerProps = {
  flowId: number;
  /** The step the URL asks for (1-based, not yet clamped). */
  step: number;
  /** Move to a step (the page replaces the URL's `step`). */
  onStep: (step: number) => void;
  onClose: () => void;
  /** The item's name in the reader's language. */
  itemName: string;
  /** Where focus goes on close when the control that opened the player is gone (a deep link has none). */
  returnFocus?: RefObject<HTMLElement | null>;
};

/**
 * The flow player (issue 13, docs/decisions/045): a modal dialog over the detail page, always dark like the image
 * viewer. The current screen large with its caption, "3 / 12", previous and next, and the steps as a strip of
 * thumbnails (the current one aria-current). ← → move a step, Home and End jump to the ends, Esc closes. A regular
 * caller is sent the free steps only: the strip shows the rest as locked places, and moving onto one shows the
 * subscribe offer (a visitor is also offered to sign in). "Collect flow" keeps the whole flow in the collections.
 */
export function FlowPlayer({ flowId, step, onStep, onClose, itemName, returnFocus }: FlowPlayerProps) {
  const { t } = useTranslation();
  const vip = useIsVip();
  const flow = useFlow(flowId, tierOf(vip));
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(dialogRef, dialogRef, returnFocus);
  useScrollLock();

  const data = flow.data;
  const count = data?.stepCount ?? 0;
  const at = clampStep(step, count);

  // A step out of range clamps, in the URL too (once the flow's length is known).
  useEffect(() => {
    if (data && at !== step) onStep(at);
  }, [data, at, step, onStep]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (!data) return;
    const next = stepForKey(event.key, at, count);
    if (next === null) return;
    event.preventDefault();
    if (next !== at) onStep(next);
  };

  const missing = flow.error instanceof ApiError && flow.error.kind === 'reply';
  const name = data ? flowText(data, currentLocale()) : '';

  return createPortal(
    <div ref={dialogRef} className={styles.player} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <header className={styles.top}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {data ? name : t('flows.player.title')}
          </h2>
          <p className={styles.subtitle}>{itemName}</p>
        </div>
        {data && (
          <p className={styles.counter} aria-live="polite" aria-atomic="true">
            <span className="visually-hidden">{t('flows.player.stepLabel')} </span>
            {t('viewer.position', { index: at, count })}
          </p>
        )}
        <div className={styles.topActions}>
          {data && <CollectFlowButton flowId={data.id} />}
          <button type="button" className={styles.iconButton} aria-label={t('flows.player.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
      </header>

      {data ? (
        <PlayerBody flow={data} at={at} onStep={onStep} itemName={itemName} />
      ) : flow.isError ? (
        <div className={styles.message}>
          <p>{missing ? t('flows.messages.flowMissing') : t('flows.player.loadFailed')}</p>
          {!missing && (
            <button type="button" className={styles.textButton} onClick={() => void flow.refetch()}>
              {t('errors.retry')}
            </button>
          )}
        </div>
      ) : (
        <div className={styles.message} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {t('common.loading')}
        </div>
      )}
    </div>,
    document.body,
  );
}

/** The stage, the caption and the strip of a loaded flow. */
function PlayerBody({ flow, at, onStep, itemName }: { flow: Flow; at: number; onStep: (step: number) => void; itemName: string }) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  const locale = currentLocale();
  const playable = flow.steps.length;
  const locked = isLockedStep(at, playable);
  const current: FlowStep | undefined = locked ? undefined : flow.steps[at - 1];
  const frame = flowFrame(flow.item.kind, flow.steps[0]?.preview);
  const caption = current ? stepCaption(current, locale) : '';
  const stripRef = useRef<HTMLOListElement>(null);
  const [loaded, setLoaded] = useState<string | null>(null);

  // The current step's thumbnail stays in view as the player moves.
  useEffect(() => {
    const thumb = stripRef.current?.querySelector<HTMLElement>('[aria-current="step"]');
    thumb?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [at]);

  // The neighbours load in the background, so previous and next show at once.
  useEffect(() => {
    for (const position of [at + 1, at - 1]) {
      const neighbour = flow.steps[position - 1];
      if (neighbour) new Image().src = media(neighbour.preview.path);
    }
  }, [at, flow.steps, media]);

  const src = current ? media(current.preview.path) : '';
  const ratio = current && current.preview.width > 0 && current.preview.height > 0 ? current.preview.width / current.preview.height : 9 / 19.5;

  return (
    <>
      <div className={styles.stage} data-frame={frame}>
        <button type="button" className={`${styles.nav} ${styles.prev}`} aria-label={t('flows.player.previous')} disabled={at <= 1} onClick={() => onStep(at - 1)}>
          <ChevronLeftIcon size={22} />
        </button>

        {current ? (
          <figure className={styles.figure} style={{ '--ratio': ratio } as CSSProperties}>
            {src && (
              <img
                key={src}
                className={styles.image}
                data-loaded={loaded === src || undefined}
                src={src}
                alt={t('flows.player.screenAlt', { index: at, count: flow.stepCount, name: flowText(flow, locale), item: itemName })}
                width={current.preview.width || undefined}
                height={current.preview.height || undefined}
                draggable={false}
                onLoad={() => setLoaded(src)}
              />
            )}
          </figure>
        ) : (
          <PaywallOffer
            title={t('flows.player.offerTitle')}
            body={
              flow.steps.length > 0
                ? t('flows.player.offerBody', { count: flow.steps.length, steps: flow.stepCount })
                : t('flows.player.offerBodyNoneFree', { steps: flow.stepCount })
            }
            subscribeLabel={t('paywall.seePlans')}
            signInLabel={t('flows.player.signIn')}
            primaryClassName={styles.primaryButton}
            secondaryClassName={styles.textButton}
          />
        )}

        <button
          type="button"
          className={`${styles.nav} ${styles.next}`}
          aria-label={t('flows.player.next')}
          disabled={at >= flow.stepCount}
          onClick={() => onStep(at + 1)}
        >
          <ChevronRightIcon size={22} />
        </button>
      </div>

      <p className={styles.caption} aria-live="polite">
        <span className={styles.captionStep}>{t('flows.player.stepNumber', { index: at })}</span>
        {locked ? (
          <span>{t('flows.player.lockedCaption')}</span>
        ) : caption ? (
          <span>{caption}</span>
        ) : (
          <span className={styles.noCaption}>{t('flows.player.noCaption')}</span>
        )}
      </p>

      <nav className={styles.stripNav} aria-label={t('flows.player.steps')}>
        <ol ref={stripRef} className={styles.strip} role="list">
          {Array.from({ length: flow.stepCount }, (_, index) => {
            const position = index + 1;
            const stepData = flow.steps[index];
            const isCurrent = position === at;
            const text = stepData ? stepCaption(stepData, locale) : '';
            return (
              <li key={position} className={styles.stripItem}>
                <button
                  type="button"
                  className={styles.thumb}
                  data-frame={frame}
                  data-locked={!stepData || undefined}
                  aria-current={isCurrent ? 'step' : undefined}
                  aria-label={
                    stepData
                      ? text
                        ? t('flows.player.goToCaption', { index: position, caption: text })
                        : t('flows.player.goTo', { index: position })
                      : t('flows.player.goToLocked', { index: position })
                  }
                  onClick={() => onStep(position)}
                >
                  {stepData ? (
                    <img src={media(stepData.preview.path)} alt="" decoding="async" draggable={false} />
                  ) : (
                    <LockIcon size={16} />
                  )}
                  <span className={styles.thumbNumber} aria-hidden="true">
                    {position}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
    </>
  );
}


/** "Collect flow": members keep the whole flow; a visitor signs in first; over the free limit, the offer. */
function CollectFlowButton({ flowId }: { flowId: number }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState<string | null>(null);
  const { isCollected, toggle } = useFlowCollect({ onLimit: setLimit });
  const collected = isCollected(flowId);
  return (
    <>
      <button type="button" className={styles.collect} aria-pressed={collected} onClick={() => toggle(flowId)}>
        {collected ? <BookmarkFilledIcon size={18} /> : <BookmarkIcon size={18} />}
        <span>{collected ? t('flows.player.collected') : t('flows.player.collect')}</span>
      </button>
      <SaveToBoard id="flow-save-to-board" target={{ kind: 'flow', id: flowId }} triggerClassName={styles.collect} />
      {limit && (
        <div className={styles.limit} role="alert">
          <p>{limit}</p>
          <Link to={paths.Sub} className={styles.primaryButton}>
            {t('paywall.subscribe')}
          </Link>
          <button type="button" className={styles.textButton} onClick={() => setLimit(null)}>
            {t('paywall.notNow')}
          </button>
        </div>
      )}
    </>
  );
}
