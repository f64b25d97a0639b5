import { MARKETING } from '@shotlib/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFigure } from './billing-format';
import styles from './sub.module.css';

/** The six fixed testimonials (docs/product-spec.md §2), in the order they scroll by. */
const TESTIMONIALS = ['lena', 'marco', 'aiko', 'chen', 'priya', 'daniel'] as const;
type TestimonialKey = (typeof TESTIMONIALS)[number];

function Quote({ id }: { id: TestimonialKey }) {
  const { t } = useTranslation();
  const name = t(`billing.sub.testimonials.items.${id}.name`);
  return (
    <figure className={styles.quote}>
      <blockquote className={styles.quoteText}>
        <p>{t(`billing.sub.testimonials.items.${id}.quote`)}</p>
      </blockquote>
      <figcaption className={styles.quoteBy}>
        <span className={styles.quoteAvatar} aria-hidden="true">
          {name.slice(0, 1)}
        </span>
        <span>
          <span className={styles.quoteName}>{name}</span>
          <span className={styles.quoteRole}>{t(`billing.sub.testimonials.items.${id}.role`)}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * A strip of six testimonials scrolling sideways without end. It pauses while pointed at or
 * focused, and with its Pause button (moving content must be stoppable); with reduced motion it
 * stands still and scrolls by hand. The second copy of the list only closes the loop, so
 * assistive technology reads each testimonial once.
 */
export function Testimonials() {
  const { t } = useTranslation();
  const titleId = useId();
  const [paused, setPaused] = useState(false);

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHead}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {t('billing.sub.testimonials.title', { figure: formatFigure(MARKETING.designers, false) })}
        </h2>
        <button type="button" className={styles.pause} aria-pressed={paused} onClick={() => setPaused((value) => !value)}>
          {paused ? t('billing.sub.testimonials.play') : t('billing.sub.testimonials.pause')}
        </button>
      </div>
      <div className={styles.marquee} data-paused={paused}>
        <div className={styles.marqueeTrack}>
          <ul role="list" className={styles.marqueeList}>
            {TESTIMONIALS.map((id) => (
              <li key={id}>
                <Quote id={id} />
              </li>
            ))}
          </ul>
          <ul role="list" className={`${styles.marqueeList} ${styles.marqueeCopy}`} aria-hidden="true">
            {TESTIMONIALS.map((id) => (
              <li key={id}>
                <Quote id={id} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
