import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCollect } from '../../lib/collect';
import { useMediaUrl } from '../../lib/public-config';
import { toast } from '../../lib/toast';
import { useFocusTrap, useScrollLock } from '../../lib/use-focus-trap';
import {
  BookmarkFilledIcon,
  BookmarkIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  CopyIcon,
  ExternalLinkIcon,
  KeyboardIcon,
  ResetIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from '../icons';
import { SaveToBoard } from '../save-to-board';
import { copyImageAsPng } from './copy-image';
import styles from './image-viewer.module.css';
import { clampStep, stepForKey, viewerSteps, wantsMore, type StepsMore } from './steps';
import { canPan, canZoomIn, canZoomOut, INITIAL_VIEW, panBy, wheelZoom, withScale, zoomIn, zoomOut, zoomPercent, type View } from './zoom';
import { PaywallOffer } from '../paywall-offer';

/** A picture the viewer shows: the original at `path` (relative to the media host), of the stored size. */
export type ViewerImage = { id: number; path: string; width: number; height: number };

/**
 * The pictures beyond `images` (an item's screens come in pages of 10): the viewer counts them all and walks to them,
 * asking for the next page as it nears the end of those in hand (or wraps to the last, still to load), or ends at
 * the paywall step after the last one the reader may open.
 */
export type ViewerMore = StepsMore & {
  /** The next pictures are being asked for. */
  loading: boolean;
  /** Asking for the next pictures failed: the place waiting for them offers to try again. */
  failed: boolean;
  /** Ask for the next pictures (the list's next page, so the list behind gets them too). */
  loadMore: () => void;
};

type ImageViewerProps = {
  images: readonly ViewerImage[];
  /** The picture on show; the viewer asks for another through onIndexChange. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Whose pictures these are (the dialog's name), e.g. the app's name. */
  title: string;
  /** The page of whose pictures these are: the title links to it (the Screens view names and links each screen's app). */
  titleLink?: string;
  /** More to see under the picture, above the toolbar (the Screens view's similar screens). */
  strip?: ReactNode;
  /** Where focus goes on close if the control that opened the viewer has left the page meanwhile. */
  returnFocus?: RefObject<HTMLElement | null>;
  /** More pictures than `images` (see ViewerMore); without it, `images` is all there is. */
  more?: ViewerMore;
};

/**
 * The full-screen image viewer (docs/product-spec.md §2, DESIGN.md): a modal dialog over the page showing the
 * original picture. Previous and next wrap at the true ends, the first and the last of all the pictures, loaded or
 * not (docs/decisions/014, "Issue 29": the count is the true one, pictures not in hand yet are asked for as the viewer
 * nears them); a regular reader's walk ends at the paywall step and does not wrap; zoom
 * by 0.2 (buttons, + −) or 0.05 (ctrl/meta + wheel) within 0.1…5; drag to pan when zoomed; Reset (or 0) gives
 * scale 1 and offset 0; Collect, Copy (as PNG) and View (the original in a new tab). ← → move, Home and End go to
 * the ends, Esc closes; focus stays inside and returns to where it was when the viewer closes.
 */
export function ImageViewer({ images, index, onIndexChange, onClose, title, titleLink, strip, returnFocus, more }: ImageViewerProps) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  const { isCollected, toggle } = useCollect();
  const dialogRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const shortcutsId = useId();
  useFocusTrap(dialogRef, dialogRef, returnFocus);
  useScrollLock();

  const inHand = images.length;
  const { count, steps, paywall, wrap } = viewerSteps(inHand, more);
  const at = clampStep(index, steps);
  const image = images[at];
  const original = image ? media(image.path) : '';
  const onPaywall = at === paywall;
  // Ends only where the walk does not wrap (a regular reader's: the first picture, the paywall step).
  const first = !wrap && at === 0;
  const last = !wrap && at >= steps - 1;

  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [dragging, setDragging] = useState(false);
  const [loaded, setLoaded] = useState<string | null>(null);
  // Another picture starts at scale 1, centred.
  const [seen, setSeen] = useState(at);
  if (seen !== at) {
    setSeen(at);
    setView(INITIAL_VIEW);
  }
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);

  const moveTo = (next: number) => {
    if (next !== at) onIndexChange(next);
  };
  const zoomTo = (scale: number) => setView((current) => withScale(current, scale));
  const reset = () => setView(INITIAL_VIEW);

  // ctrl/meta + wheel zooms; the listener is not passive so the browser's own page zoom is stopped.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) setView((current) => withScale(current, wheelZoom(current.scale, event.deltaY)));
      else setView((current) => panBy(current, -event.deltaX, -event.deltaY));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, []);

  // Neighbours load in the background, so previous and next show at once.
  useEffect(() => {
    for (const key of ['ArrowRight', 'ArrowLeft']) {
      const place = stepForKey(key, at, steps, wrap);
      const neighbour = place === null || place === at ? undefined : images[place];
      if (neighbour) new Image().src = media(neighbour.path);
    }
  }, [at, steps, wrap, images, media]);

  // Near the end of the pictures in hand (or at a place past them: End), the next ones are asked for; once they are
  // in, the viewer asks again while it is still short of the place on show.
  const loadMore = useRef(more?.loadMore);
  useEffect(() => {
    loadMore.current = more?.loadMore;
  });
  const askForMore = wantsMore(at, inHand, more);
  useEffect(() => {
    if (askForMore) loadMore.current?.();
  }, [askForMore, inHand]);

  const copy = async () => {
    if (!original) return;
    try {
      await copyImageAsPng(original);
      toast.success(t('viewer.copySucceeded'));
    } catch {
      toast.error(t('viewer.copyFailed'));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onClose();
        return;
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'Home':
      case 'End':
        event.preventDefault();
        moveTo(stepForKey(event.key, at, steps, wrap) ?? at);
        return;
      case '+':
      case '=':
        event.preventDefault();
        zoomTo(zoomIn(view.scale));
        return;
      case '-':
      case '_':
        event.preventDefault();
        zoomTo(zoomOut(view.scale));
        return;
      case '0':
        event.preventDefault();
        reset();
        return;
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!canPan(view) || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    drag.current = { id: from.id, x: event.clientX, y: event.clientY };
    setView((current) => panBy(current, dx, dy));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
  };

  const collected = image ? isCollected(image.id) : false;
  const ratio = image && image.width > 0 && image.height > 0 ? image.width / image.height : 9 / 19.5;

  return createPortal(
    <div
      ref={dialogRef}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-strip={strip ? true : undefined}
    >
      <header className={styles.top}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {titleLink ? (
              <Link to={titleLink} className={styles.titleLink}>
                {title}
              </Link>
            ) : (
              title
            )}
          </h2>
          <p className={styles.counter}>
            {onPaywall ? t('viewer.lockedPosition', { from: at + 1, count }) : t('viewer.position', { index: at + 1, count })}
          </p>
          {/* What a screen reader hears on each move: the place in words, and at the end of the free ones the paywall. */}
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {onPaywall ? t('viewer.announceLocked', { from: at + 1, count }) : t('viewer.announce', { index: at + 1, count })}
          </p>
        </div>
        <button type="button" className={styles.iconButton} aria-label={t('viewer.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </header>

      <div
        ref={stageRef}
        className={styles.stage}
        data-pannable={canPan(view) || undefined}
        data-dragging={dragging || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={() => (view.scale === 1 ? zoomTo(2) : reset())}
      >
        {onPaywall ? (
          <PaywallOffer
            title={t('viewer.lockedTitle', { count })}
            body={t('paywall.moreScreens', { count: count - at })}
            subscribeLabel={t('paywall.subscribe')}
            signInLabel={t('viewer.signIn')}
            primaryClassName={styles.offerPrimary}
            secondaryClassName={styles.textTool}
          />
        ) : !image ? (
          <div className={styles.waiting}>
            {more?.failed ? (
              <>
                <p>{t('viewer.loadFailed')}</p>
                <button type="button" className={styles.textTool} onClick={() => more.loadMore()}>
                  {t('errors.retry')}
                </button>
              </>
            ) : (
              <>
                <span className={styles.spinner} aria-hidden="true" />
                <p>{t('common.loading')}</p>
              </>
            )}
          </div>
        ) : (
          <figure
            className={styles.figure}
            style={
              {
                '--ratio': ratio,
                transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
              } as CSSProperties
            }
          >
            {original && (
              <img
                key={original}
                className={styles.image}
                data-loaded={loaded === original || undefined}
                src={original}
                alt={t('card.screenshotAlt', { name: title, index: at + 1, total: count })}
                width={image.width || undefined}
                height={image.height || undefined}
                draggable={false}
                onLoad={() => setLoaded(original)}
              />
            )}
          </figure>
        )}
      </div>

      {/* At an end (no wrap) the arrow is aria-disabled, not disabled: it keeps the focus (and so ← → and Esc keep working). */}
      {steps > 1 && (
        <>
          <button
            type="button"
            className={`${styles.nav} ${styles.prev}`}
            aria-label={t('viewer.previous')}
            aria-disabled={first || undefined}
            onClick={() => moveTo(stepForKey('ArrowLeft', at, steps, wrap) ?? at)}
          >
            <ChevronLeftIcon size={22} />
          </button>
          <button
            type="button"
            className={`${styles.nav} ${styles.next}`}
            aria-label={t('viewer.next')}
            aria-disabled={last || undefined}
            onClick={() => moveTo(stepForKey('ArrowRight', at, steps, wrap) ?? at)}
          >
            <ChevronRightIcon size={22} />
          </button>
        </>
      )}

      {strip && <div className={styles.strip}>{strip}</div>}

      <div className={styles.toolbar} role="toolbar" aria-label={t('viewer.tools')}>
        <div className={styles.group}>
          <button
            type="button"
            className={styles.tool}
            aria-label={t('viewer.zoomOut')}
            disabled={!canZoomOut(view.scale)}
            onClick={() => zoomTo(zoomOut(view.scale))}
          >
            <ZoomOutIcon size={18} />
          </button>
          <output className={styles.zoom} aria-live="polite" aria-label={t('viewer.zoomLevel')}>
            {zoomPercent(view.scale)}%
          </output>
          <button
            type="button"
            className={styles.tool}
            aria-label={t('viewer.zoomIn')}
            disabled={!canZoomIn(view.scale)}
            onClick={() => zoomTo(zoomIn(view.scale))}
          >
            <ZoomInIcon size={18} />
          </button>
        </div>
        <span className={styles.divider} aria-hidden="true" />
        <div className={styles.group}>
          <button type="button" className={styles.textTool} aria-pressed={collected} onClick={() => image && toggle(image.id)}>
            {collected ? <BookmarkFilledIcon size={18} /> : <BookmarkIcon size={18} />}
            <span>{collected ? t('collecting.collected') : t('collecting.collect')}</span>
          </button>
          {image && <SaveToBoard id="viewer-save-to-board" target={{ kind: 'screen', id: image.id }} triggerClassName={styles.textTool} above />}
          <button type="button" className={styles.textTool} onClick={() => void copy()}>
            <CopyIcon size={18} />
            <span>{t('viewer.copy')}</span>
          </button>
          <a className={styles.textTool} href={original || undefined} target="_blank" rel="noopener noreferrer" aria-label={t('viewer.viewOriginal')}>
            <ExternalLinkIcon size={18} />
            <span>{t('viewer.view')}</span>
          </a>
          <button type="button" className={styles.textTool} onClick={reset}>
            <ResetIcon size={18} />
            <span>{t('viewer.reset')}</span>
          </button>
        </div>
        <span className={styles.divider} aria-hidden="true" />
        <div className={styles.shortcuts}>
          <button type="button" className={styles.tool} aria-label={t('viewer.shortcuts')} aria-describedby={shortcutsId}>
            <KeyboardIcon size={18} />
          </button>
          <div id={shortcutsId} role="tooltip" className={styles.tooltip}>
            <dl>
              <div>
                <dt>
                  <kbd>←</kbd> <kbd>→</kbd>
                </dt>
                <dd>{t('viewer.keyMove')}</dd>
              </div>
              <div>
                <dt>
                  <kbd>Home</kbd> <kbd>End</kbd>
                </dt>
                <dd>{t('viewer.keyEnds')}</dd>
              </div>
              <div>
                <dt>
                  <kbd>+</kbd> <kbd>−</kbd>
                </dt>
                <dd>{t('viewer.keyZoom')}</dd>
              </div>
              <div>
                <dt>
                  <kbd>Ctrl</kbd> + {t('viewer.wheel')}
                </dt>
                <dd>{t('viewer.keyWheel')}</dd>
              </div>
              <div>
                <dt>
                  <kbd>0</kbd>
                </dt>
                <dd>{t('viewer.keyReset')}</dd>
              </div>
              <div>
                <dt>
                  <kbd>Esc</kbd>
                </dt>
                <dd>{t('viewer.keyClose')}</dd>
              </div>
            </dl>
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}

