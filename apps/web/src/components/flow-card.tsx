import { FLOW_CARD_STEPS, flowLink, flowText, itemText, type FlowCard as FlowCardData } from '@shotlib/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../i18n/i18n';
import { flowFrame } from '../lib/flow-steps';
import { useMediaUrl } from '../lib/public-config';
import styles from './flow-card.module.css';
import { Screenshot } from './screenshot';
import skeleton from './skeleton.module.css';

/** `sizes` of a cover screen: phones three in a row, a website's first screen large and the next two small. */
const SIZES = {
  phone: '(max-width: 560px) 30vw, (max-width: 900px) 15vw, 140px',
  lead: '(max-width: 560px) 60vw, (max-width: 900px) 30vw, 300px',
  side: '(max-width: 560px) 30vw, (max-width: 900px) 15vw, 150px',
} as const;

type FlowCardProps = {
  flow: FlowCardData;
  /** The flow type's name in the reader's language, when known. */
  typeLabel?: string;
  /** Load the cover at once (cards above the fold). */
  eager?: boolean;
  /** Controls under the text (e.g. uncollect), above the card's link. */
  actions?: ReactNode;
  /** Where the card leads (default: the flow's deep link on its item's page, at step 1). */
  href?: string;
  /** The title's heading level: 2 in a list page, 3 in a page's section. */
  level?: 2 | 3;
};

/**
 * A flow as the lists show it (issue 13): its first FLOW_CARD_STEPS screens in a row, the item's logo and name,
 * the flow's name and its step count. The whole card is one link (the title's, stretched over it) to the player.
 */
export function FlowCard({ flow, typeLabel, eager = false, actions, href, level = 2 }: FlowCardProps) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  const locale = currentLocale();
  const name = flowText(flow, locale);
  const itemName = itemText({ ...flow.item, briefing: '' }, locale).name;
  const cover = flow.cover.slice(0, FLOW_CARD_STEPS);
  const frame = flowFrame(flow.item.kind, cover[0]);
  const more = flow.stepCount - cover.length;
  const logo = media(flow.item.logo);
  const Heading = level === 3 ? 'h3' : 'h2';

  return (
    <article className={styles.card}>
      <div className={styles.cover} data-frame={frame} aria-hidden="true">
        <ol className={styles.shots} data-count={cover.length}>
          {cover.map((shot, position) => (
            <li key={`${shot.id}-${position}`} className={styles.shot}>
              <Screenshot
                path={shot.path}
                width={shot.width}
                height={shot.height}
                frame={frame}
                fit={frame === 'phone' ? 'height' : 'width'}
                sizes={frame === 'phone' ? SIZES.phone : position === 0 ? SIZES.lead : SIZES.side}
                eager={eager}
                alt=""
              />
              <span className={styles.number}>{position + 1}</span>
            </li>
          ))}
        </ol>
        {more > 0 && <span className={styles.more}>{t('flows.card.more', { count: more })}</span>}
      </div>

      <div className={styles.meta}>
        <div className={styles.owner}>
          <span className={styles.logo}>{logo && <img src={logo} alt="" width={20} height={20} loading="lazy" decoding="async" />}</span>
          <span className={styles.ownerName}>{itemName}</span>
        </div>
        <div className={styles.row}>
          <div className={styles.text}>
            <Heading className={styles.title}>
              <Link to={href ?? flowLink(flow.item.id, flow.id)} className={styles.link}>
                {name}
                <span className="visually-hidden"> · {itemName}</span>
              </Link>
            </Heading>
            <p className={styles.facts}>
              {t('flows.card.steps', { count: flow.stepCount })}
              {typeLabel && (
                <>
                  <span aria-hidden="true"> · </span>
                  {typeLabel}
                </>
              )}
            </p>
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      </div>
    </article>
  );
}

/** A flow card's shape while its list loads. */
export function FlowCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.cover} ${styles.skeleton} ${skeleton.skeleton}`} />
      <div className={styles.meta}>
        <div className={`${styles.skeletonLine} ${styles.skeletonShort} ${skeleton.skeleton}`} />
        <div className={`${styles.skeletonLine} ${skeleton.skeleton}`} />
      </div>
    </div>
  );
}
