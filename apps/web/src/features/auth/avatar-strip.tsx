import { AVATAR_STRIP_SIZE, AVATAR_STRIP_STEP_MS } from '@shotlib/contract';
import { useEffect, useState, type CSSProperties } from 'react';
import { useMediaUrl } from '../../lib/public-config';
import { useStripAvatars } from './api/strip-avatars';
import styles from './login.module.css';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The scroll strip (docs/product-spec.md §2): seven avatars moving one place every second, with a caption. Each
 * avatar slides one slot to the left; the one leaving the first slot fades back in at the end
 * (its key changes each lap, so it re-enters instead of sliding across the others).
 * With reduced motion asked for, the strip stands still.
 */
export function AvatarStrip({ caption }: { caption: string }) {
  const media = useMediaUrl();
  const avatars = (useStripAvatars().data ?? []).slice(0, AVATAR_STRIP_SIZE);
  const [offset, setOffset] = useState(0);
  const count = avatars.length;

  useEffect(() => {
    if (count < 2 || reducedMotion()) return;
    const timer = setInterval(() => setOffset((value) => value + 1), AVATAR_STRIP_STEP_MS);
    return () => clearInterval(timer);
  }, [count]);

  return (
    <figure className={styles.strip}>
      <div className={styles.stripTrack} aria-hidden="true" style={{ '--count': Math.max(count, 1) } as CSSProperties}>
        {avatars.map((path, index) => {
          const slot = (((index - offset) % count) + count) % count;
          const lap = Math.floor((offset + count - 1 - index) / count);
          const src = media(path);
          return (
            <span key={`${index}-${lap}`} className={styles.stripItem} style={{ '--slot': slot } as CSSProperties} data-slot={slot}>
              {src ? <img src={src} alt="" width={48} height={48} /> : null}
            </span>
          );
        })}
      </div>
      <figcaption className={styles.stripCaption}>{caption}</figcaption>
    </figure>
  );
}
