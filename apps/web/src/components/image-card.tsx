import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMediaUrl } from '../lib/public-config';
import { wrapIndex } from '../lib/wrap-index';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './image-card.module.css';
import { Screenshot, type ShotFrame } from './screenshot';
import skeleton from './skeleton.module.css';

/** One picture of a card's carousel (docs/product-spec.md §3, card form: images with id and path). */
export type CardImage = { id: number; path: string; width: number; height: number };

type ImageCardProps = {
  /** Where the card leads (image, logo and title). */
  href: string;
  title: string;
  description: string;
  /** Logo path relative to the media host. */
  logo: string;
  images: readonly CardImage[];
  frame: ShotFrame;
  /** `sizes` of one picture in this grid. */
  sizes: string;
  /** Load the first picture at once (cards above the fold). */
  eager?: boolean;
  /** The first picture is the page's largest in the first view: fetch it first (the first card). */
  priority?: boolean;
  /** Buttons under the text, given the picture on show (e.g. collect it). */
  actions?: (current: CardImage | undefined) => ReactNode;
  /** Small labels under the description (e.g. B-end and the platform it runs on). */
  tags?: ReactNode;
  /** 'wide': a landscape cover whatever the frame (a list mixing phones and websites keeps its rows even). */
  cover?: 'wide';
};

/**
 * The catalogue card (docs/product-spec.md §2): a carousel of the item's screenshots with previous and next arrows
 * on hover, logo, title and description. The whole card is one link (the title's, stretched over
 * it), so image, logo and title all open it; arrows and actions sit above the link.
 * The arrows hide at the ends (no "previous" on the first picture, no "next" on the last); the
 * index arithmetic itself wraps. See docs/decisions (catalogue cards).
 */
export function ImageCard({ href, title, description, logo, images, frame, sizes, eager = false, priority = false, actions, tags, cover }: ImageCardProps) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  const [index, setIndex] = useState(0);
  // Pictures are drawn once they are on show or next to it: a card starts with two, not its whole carousel.
  const [reached, setReached] = useState(0);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const at = Math.min(index, Math.max(count - 1, 0));
  const current = images[at];
  const logoSrc = media(logo);

  const step = (direction: -1 | 1) => {
    const next = wrapIndex(at, direction, count);
    setIndex(next);
    setReached((furthest) => Math.max(furthest, next));
    // The arrow just used disappears at an end: keep keyboard focus on the other one.
    const leavingFocus = direction === 1 ? next === count - 1 : next === 0;
    if (leavingFocus) (direction === 1 ? prevRef : nextRef).current?.focus();
  };

  return (
    <article className={styles.card} data-frame={frame} data-cover={cover}>
      <div className={styles.cover}>
        {count > 0 ? (
          <div className={styles.track} style={{ transform: `translateX(${-at * 100}%)` }}>
            {/* Only the slides reached and the next one are drawn (the track moves by whole widths, so the later
                ones need no place yet): a card of ten screenshots starts with two slides, not ten (decision 057). */}
            {images.slice(0, Math.max(reached, at) + 2).map((image, position) => (
              <div key={image.id} className={styles.slide} aria-hidden={position !== at || undefined}>
                <Screenshot
                  className={styles.shot}
                  path={image.path}
                  width={image.width}
                  height={image.height}
                  frame={frame}
                  fit={frame === 'phone' ? 'height' : 'width'}
                  sizes={sizes}
                  eager={eager && position === 0}
                  priority={priority && position === 0}
                  alt={t('card.screenshotAlt', { name: title, index: position + 1, total: count })}
                />
              </div>
            ))}
          </div>
        ) : (
          <p className={styles.noShots}>{t('card.noScreens')}</p>
        )}

        {count > 1 && (
          <>
            {at > 0 && (
              <button
                ref={prevRef}
                type="button"
                className={`${styles.arrow} ${styles.prev}`}
                aria-label={t('card.previous', { name: title })}
                onClick={() => step(-1)}
              >
                <ChevronLeftIcon size={18} />
              </button>
            )}
            {at < count - 1 && (
              <button
                ref={nextRef}
                type="button"
                className={`${styles.arrow} ${styles.next}`}
                aria-label={t('card.next', { name: title })}
                onClick={() => step(1)}
              >
                <ChevronRightIcon size={18} />
              </button>
            )}
            <span className={styles.dots} style={{ '--count': count, '--at': at } as CSSProperties} aria-hidden="true" />
            <span className="visually-hidden" aria-live="polite">
              {t('card.position', { index: at + 1, total: count })}
            </span>
          </>
        )}
      </div>

      <div className={styles.meta}>
        <div className={styles.logo}>{logoSrc && <img src={logoSrc} alt="" width={40} height={40} loading="lazy" decoding="async" />}</div>
        <div className={styles.text}>
          <h2 className={styles.title}>
            <Link to={href} className={styles.link}>
              {title}
            </Link>
          </h2>
          <p className={styles.description}>{description}</p>
          {tags && <p className={styles.tags}>{tags}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions(current)}</div>}
      </div>
    </article>
  );
}

/** A card's shape while its data loads. */
export function ImageCardSkeleton({ frame }: { frame: ShotFrame }) {
  return (
    <div className={styles.card} data-frame={frame} aria-hidden="true">
      <div className={`${styles.cover} ${styles.skeleton} ${skeleton.skeleton}`} />
      <div className={styles.meta}>
        <div className={`${styles.logo} ${styles.skeleton} ${skeleton.skeleton}`} />
        <div className={styles.text}>
          <div className={`${styles.skeletonLine} ${styles.skeleton} ${skeleton.skeleton}`} />
          <div className={`${styles.skeletonLine} ${styles.skeletonShort} ${styles.skeleton} ${skeleton.skeleton}`} />
        </div>
      </div>
    </div>
  );
}
