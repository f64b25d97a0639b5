import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCollect } from '../../lib/collect';
import { useMediaUrl } from '../../lib/public-config';
import { toast } from '../../lib/toast';
import { useFocusTrap, useScrollLock } from '../../lib/use-focus-trap';
import { wrapIndex } from '../../lib/wrap-index';
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
import { copyImageAsPng } from './copy-image';
import styles from './image-viewer.module.css';
import { canPan, canZoomIn, canZoomOut, INITIAL_VIEW, panBy, wheelZoom, withScale, zoomIn, zoomOut, zoomPercent, type View } from './zoom';

/** A picture the viewer shows: the original at `path` (relative to the media host), of the stored size. */
export type ViewerImage = { id: number; path: string; width: number; height: number };

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
};

/**
 * The full-screen image viewer (docs/product-spec.md §2, DESIGN.md): a modal dialog over the page showing the
 * original picture. Previous and next wrap; zoom by 0.2 (buttons, + −) or 0.05 (ctrl/meta + wheel)
 * within 0.1…5; drag to pan when zoomed; Reset (or 0) gives scale 1 and offset 0; Collect, Copy
 * (as PNG) and View (the original in a new tab). ← → move, Esc closes; focus stays inside and
 * returns to where it was when the viewer closes.
 */
export function ImageViewer({ images, index, onIndexChange, onClose, title, titleLink, strip, returnFocus }: ImageViewerProps) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  const { isCollected, toggle } = useCollect();
  const dialogRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const shortcutsId = useId();
  useFocusTrap(dialogRef, dialogRef, returnFocus);
  useScrollLock();

  const count = images.length;
  const at = count ? Math.min(Math.max(index, 0), count - 1) : 0;
  const image = images[at];
  const original = image ? media(image.path) : '';

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

  const go = (step: -1 | 1) => {
    if (count > 1) onIndexChange(wrapIndex(at, step, count));
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
    if (count < 2) return;
    for (const step of [1, -1]) {
      const neighbour = images[wrapIndex(at, step, count)];
      if (neighbour) new Image().src = media(neighbour.path);
    }
  }, [at, count, images, media]);

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
        event.preventDefault();
        go(-1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        go(1);
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
          <p className={styles.counter} aria-live="polite" aria-atomic="true">
            {t('viewer.position', { index: at + 1, count })}
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
        {image && (
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

      {count > 1 && (
        <>
          <button type="button" className={`${styles.nav} ${styles.prev}`} aria-label={t('viewer.previous')} onClick={() => go(-1)}>
            <ChevronLeftIcon size={22} />
          </button>
          <button type="button" className={`${styles.nav} ${styles.next}`} aria-label={t('viewer.next')} onClick={() => go(1)}>
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
