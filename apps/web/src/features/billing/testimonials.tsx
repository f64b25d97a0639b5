import type { Testimonial } from '@shotlib/contract/testimonials';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { useTestimonials } from './api/list-testimonials';
import styles from './sub.module.css';

function Quote({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={styles.quote}>
      <blockquote className={styles.quoteText}>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className={styles.quoteBy}>
        <span className={styles.quoteAvatar} aria-hidden="true">
          {testimonial.name.slice(0, 1)}
        </span>
        <span>
          <span className={styles.quoteName}>{testimonial.name}</span>
          {testimonial.role && <span className={styles.quoteRole}>{testimonial.role}</span>}
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * The testimonials readers gave, as the console keeps them (decision 053), in the reader's language;
 * none (or none loaded): no section at all. A strip scrolling sideways without end. It pauses while pointed at or
 * focused, and with its Pause button (moving content must be stoppable); with reduced motion it
 * stands still and scrolls by hand. The second copy of the list only closes the loop, so
 * assistive technology reads each testimonial once.
 */
export function Testimonials() {
  const { t } = useTranslation();
  const titleId = useId();
  const [paused, setPaused] = useState(false);
  const testimonials = useTestimonials(currentLocale()).data?.arr ?? [];
  if (testimonials.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHead}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {t('billing.sub.testimonials.title')}
        </h2>
        <button type="button" className={styles.pause} aria-pressed={paused} onClick={() => setPaused((value) => !value)}>
          {paused ? t('billing.sub.testimonials.play') : t('billing.sub.testimonials.pause')}
        </button>
      </div>
      <div className={styles.marquee} data-paused={paused}>
        <div className={styles.marqueeTrack}>
          <ul role="list" className={styles.marqueeList}>
            {testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <Quote testimonial={testimonial} />
              </li>
            ))}
          </ul>
          <ul role="list" className={`${styles.marqueeList} ${styles.marqueeCopy}`} aria-hidden="true">
            {testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <Quote testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
