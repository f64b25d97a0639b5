import { mediaUrl, mediaVariantUrl, thumbnailSrcSet } from '@shotlib/contract';
import { useState, type CSSProperties } from 'react';
import { useMediaBase } from '../lib/public-config';
import styles from './screenshot.module.css';

/** How a screenshot is framed (DESIGN.md): phones in a rounded device frame, websites under a thin browser bar. */
export type ShotFrame = 'phone' | 'browser' | 'none';

/** The frame for an item: websites (platform true) get the browser bar. */
export const frameFor = (platform: boolean): ShotFrame => (platform ? 'browser' : 'phone');

type ScreenshotProps = {
  /** Path relative to the media host. */
  path: string;
  /** Stored size of the image: the box is reserved at this aspect ratio before anything loads. */
  width: number;
  height: number;
  alt: string;
  /** The `sizes` of the slot the image fills, so the browser picks the right WebP variant. */
  sizes: string;
  frame?: ShotFrame;
  /** Load at once instead of when scrolled near (the first images of a page). */
  eager?: boolean;
  /** The page's largest picture in the first view (its LCP): fetched before other images. */
  priority?: boolean;
  /** 'width' (default): as wide as the slot. 'height': as tall as the slot, the width following from the ratio. */
  fit?: 'width' | 'height';
  className?: string;
  style?: CSSProperties;
};

/**
 * A grid thumbnail: a WebP variant sized for its slot (srcset + sizes), loaded lazily, in a box of
 * the stored aspect ratio on a neutral placeholder, faded in once decoded. Should the variant fail
 * (e.g. a media host without the variant route) it falls back to the original once.
 */
/** The phone frame's bezel on each side, as a share of the frame's width (see screenshot.module.css). */
const PHONE_BEZEL = 0.025;

/** Width over height of the framed picture, for a frame fitted to a height. */
function frameAspect(frame: ShotFrame, width: number, height: number): number {
  const ratio = width > 0 && height > 0 ? height / width : 19.5 / 9;
  return frame === 'phone' ? 1 / ((1 - 2 * PHONE_BEZEL) * ratio + 2 * PHONE_BEZEL) : 1 / ratio;
}

export function Screenshot({
  path,
  width,
  height,
  alt,
  sizes,
  frame = 'none',
  eager = false,
  priority = false,
  fit = 'width',
  className,
  style,
}: ScreenshotProps) {
  const base = useMediaBase();
  const [state, setState] = useState<'variant' | 'original' | 'broken'>('variant');
  // A picture in the page the server rendered (entry-server.tsx) is shown as it arrives, before the app has started:
  // nothing could fade it in, and taking the page over keeps the attribute the server wrote.
  const [loaded, setLoaded] = useState(() => typeof window === 'undefined');
  const ratio = width > 0 && height > 0 ? `${width} / ${height}` : '9 / 19.5';

  let src = '';
  let srcSet: string | undefined;
  if (base !== null && path && state !== 'broken') {
    if (state === 'variant') {
      src = mediaVariantUrl(base, path, 640);
      srcSet = thumbnailSrcSet(base, path, width);
    } else {
      src = mediaUrl(base, path);
    }
  }

  return (
    <div
      className={[styles.frame, className].filter(Boolean).join(' ')}
      style={fit === 'height' ? { height: '100%', aspectRatio: String(frameAspect(frame, width, height)), ...style } : style}
    >
      <div className={`${styles.device} ${styles[frame]}`}>
      {frame === 'browser' && (
        <div className={styles.bar} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      )}
      <div className={styles.box} style={{ aspectRatio: ratio }}>
        {src && (
          <img
            // A new source is a new image: start hidden again.
            key={src}
            className={styles.image}
            data-loaded={loaded || undefined}
            data-priority={priority || undefined}
            src={src}
            srcSet={srcSet}
            sizes={srcSet ? sizes : undefined}
            alt={alt}
            width={width || undefined}
            height={height || undefined}
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding={priority ? 'sync' : 'async'}
            draggable={false}
            onLoad={() => setLoaded(true)}
            onError={() => {
              setLoaded(false);
              setState((current) => (current === 'variant' ? 'original' : 'broken'));
            }}
          />
        )}
        {state === 'broken' && <span className={styles.brokenLabel}>{alt}</span>}
      </div>
      </div>
    </div>
  );
}
