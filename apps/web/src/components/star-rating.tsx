import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRating, starFills } from './star-fills';
import styles from './star-rating.module.css';

const STAR = 'M10 1.9l2.45 4.97 5.48.8-3.97 3.87.94 5.46L10 14.42l-4.9 2.58.94-5.46-3.97-3.87 5.48-.8L10 1.9z';

/** A rating as five stars with half stars, and its value to two decimals (docs/product-spec.md §2). */
export function StarRating({ rating, max = 5, className }: { rating: number; max?: number; className?: string }) {
  const { t } = useTranslation();
  const clipId = useId();
  const value = formatRating(rating);
  return (
    <span className={[styles.rating, className].filter(Boolean).join(' ')}>
      <span className={styles.stars} role="img" aria-label={t('rating.label', { value, max })}>
        {starFills(rating, max).map((fill, index) => (
          <svg key={index} className={styles.star} data-fill={fill} width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            {fill === 'half' && (
              <defs>
                <clipPath id={`${clipId}-${index}`}>
                  <rect x="0" y="0" width="10" height="20" />
                </clipPath>
              </defs>
            )}
            <path d={STAR} className={styles.track} />
            {fill !== 'empty' && <path d={STAR} className={styles.fill} clipPath={fill === 'half' ? `url(#${clipId}-${index})` : undefined} />}
          </svg>
        ))}
      </span>
      <span className={styles.value} aria-hidden="true">
        {value}
      </span>
    </span>
  );
}
