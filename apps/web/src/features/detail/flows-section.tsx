import { type Item } from '@shotlib/contract';
import { type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FlowCard, FlowCardSkeleton } from '../../components/flow-card';
import { StatePanel } from '../../components/state-panel';
import { useCategoryOptions } from '../../lib/category-options';
import { useItemFlows } from './api/list-item-flows';
import styles from './detail.module.css';

/**
 * The item's flows (issue 13), above its screens: one card each, in the console's order; a card opens the player
 * on this page (`?flow={id}&step=1`). Nothing is drawn for an item without flows.
 */
export function FlowsSection({ item, headingRef }: { item: Item; headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation();
  const types = useCategoryOptions('flow');
  const flows = useItemFlows(item.id, item.flows > 0);
  if (item.flows === 0) return null;
  const cards = flows.data?.arr ?? [];

  return (
    <section className={styles.flows} aria-labelledby={`flows-${item.id}`}>
      <h2 id={`flows-${item.id}`} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {t('flows.section')}
        <span className={styles.sectionCount}>{flows.data?.total ?? item.flows}</span>
      </h2>
      {flows.isError ? (
        <StatePanel title={t('flows.loadFailed')} onRetry={() => void flows.refetch()} />
      ) : (
        <ul role="list" className={styles.flowGrid} style={{ '--columns': 3 } as CSSProperties} aria-busy={flows.isPending}>
          {flows.isPending
            ? Array.from({ length: Math.min(item.flows, 3) }, (_, index) => (
                <li key={`skeleton-${index}`} aria-hidden="true">
                  <FlowCardSkeleton />
                </li>
              ))
            : cards.map((flow) => (
                <li key={flow.id}>
                  <FlowCard flow={flow} level={3} typeLabel={flow.type === null ? undefined : types.labelOf(flow.type)} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
