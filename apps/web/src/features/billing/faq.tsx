import { LIMITS, openableScreens, PORTFOLIO_GUIDANCE_PER_YEAR, SCREEN_PAGE_SIZE, SUPPORT_REPLY_HOURS } from '@shotlib/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../components/icons';
import { useSupportEmail } from '../../lib/public-config';
import styles from './sub.module.css';

/** The five questions (docs/product-spec.md §2), in order. */
const QUESTIONS = ['included', 'ways', 'renewal', 'cancel', 'refund'] as const;
type Question = (typeof QUESTIONS)[number];

function FaqItem({ id, open, onToggle }: { id: Question; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const email = useSupportEmail();
  const buttonId = useId();
  const panelId = useId();
  return (
    <div className={styles.faqItem} data-open={open}>
      <h3 className={styles.faqHeading}>
        <button type="button" id={buttonId} className={styles.faqButton} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span>{t(`billing.sub.faq.items.${id}.q`)}</span>
          <ChevronDownIcon size={18} className={styles.faqChevron} />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.faqPanel} hidden={!open}>
        <p>
          {t(`billing.sub.faq.items.${id}.a`, {
            count: PORTFOLIO_GUIDANCE_PER_YEAR,
            email,
            hours: SUPPORT_REPLY_HOURS,
            free: openableScreens(false),
            screens: LIMITS.regular.collectMax,
            screenCount: LIMITS.regular.screenListMaxPage * SCREEN_PAGE_SIZE,
          })}
        </p>
      </div>
    </div>
  );
}

/** The accordion of five questions: each a button (aria-expanded) heading its own region. */
export function Faq() {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState<ReadonlySet<Question>>(new Set());
  const toggle = (id: Question) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('billing.sub.faq.title')}
      </h2>
      <div className={styles.faq}>
        {QUESTIONS.map((id) => (
          <FaqItem key={id} id={id} open={open.has(id)} onToggle={() => toggle(id)} />
        ))}
      </div>
    </section>
  );
}
