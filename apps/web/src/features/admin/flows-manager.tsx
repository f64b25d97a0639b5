import { FLOW_CARD_STEPS } from '@shotlib/contract';
import type { AdminFlow } from '@shotlib/contract/admin-flows';
import type { AdminScreen } from '@shotlib/contract/ingest';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../../components/state-panel';
import { useCategoryOptions } from '../../lib/category-options';
import { useMediaUrl } from '../../lib/public-config';
import { toast } from '../../lib/toast';
import { useAdminFlows } from './api/list-flows';
import { useAdminScreens } from './api/list-screens';
import { useOrderAdminFlows } from './api/order-flows';
import { useDeleteAdminFlow } from './api/save-flow';
import { Loading } from './controls';
import { FlowEditor } from './flow-editor';
import { moveTo } from './reorder';
import styles from './admin.module.css';

/** An item's flows: the list in its order (moved by buttons), a new flow, and each flow's editor and deletion. */
export function FlowsManager({ itemId }: { itemId: number }) {
  const { t } = useTranslation('admin');
  const flows = useAdminFlows(itemId);
  const screens = useAdminScreens(itemId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const noScreens = screens.data !== undefined && screens.data.length === 0;
  return (
    <section className={styles.section} aria-labelledby="admin-flows-title">
      <div className={styles.head}>
        <h2 id="admin-flows-title" className={styles.subtitle}>
          {t('flows.title')}
        </h2>
        {editing !== 'new' && (
          <button type="button" className={styles.primary} disabled={!screens.data || noScreens} onClick={() => setEditing('new')}>
            {t('flows.new')}
          </button>
        )}
      </div>
      <p className={styles.note}>{noScreens ? t('flows.noScreens') : t('flows.hint')}</p>
      {editing === 'new' && screens.data && <FlowEditor itemId={itemId} screens={screens.data} onDone={() => setEditing(null)} />}
      {flows.isPending ? (
        <Loading />
      ) : flows.isError ? (
        <StatePanel title={t('common.loadFailed')} onRetry={() => void flows.refetch()} />
      ) : flows.data.length === 0 ? (
        <p className={styles.note}>{t('flows.empty')}</p>
      ) : (
        <FlowList itemId={itemId} flows={flows.data} screens={screens.data ?? []} editing={editing} onEdit={setEditing} />
      )}
    </section>
  );
}

/** The flow last moved by a button, until the order is saved and the focus is back on it. */
type Move = { id: number; direction: 'up' | 'down'; to: number };

type FlowListProps = {
  itemId: number;
  flows: readonly AdminFlow[];
  screens: readonly AdminScreen[];
  editing: number | 'new' | null;
  onEdit: (editing: number | null) => void;
};

/** The flows in order: each with its first steps, type and step count, its move buttons, Edit and Delete. */
export function FlowList({ itemId, flows, screens, editing, onEdit }: FlowListProps) {
  const { t } = useTranslation('admin');
  const media = useMediaUrl();
  const types = useCategoryOptions('flow');
  const order = useOrderAdminFlows(itemId);
  const remove = useDeleteAdminFlow(itemId);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [lastMove, setLastMove] = useState<Move | null>(null);
  const ids = flows.map((flow) => flow.id);

  // After a move by button, the focus goes back to the moved flow's button (its row moved in the DOM, and the
  // buttons wait while the order is saved), once: later reads of the list leave the focus alone.
  useEffect(() => {
    if (!lastMove) return;
    const button =
      document.querySelector<HTMLButtonElement>(`[data-flow-move="${lastMove.id}-${lastMove.direction}"]:not(:disabled)`) ??
      document.querySelector<HTMLButtonElement>(`[data-flow-move^="${lastMove.id}-"]:not(:disabled)`);
    button?.focus();
    // Done once the list shows the flow where it was moved and its buttons are back.
    if (button && !order.isPending && ids.indexOf(lastMove.id) === lastMove.to) setLastMove(null);
  }, [lastMove, ids, order.isPending]);

  const moveBy = (flow: AdminFlow, direction: 'up' | 'down') => {
    const from = ids.indexOf(flow.id);
    const to = Math.max(0, Math.min(ids.length - 1, direction === 'up' ? from - 1 : from + 1));
    const next = moveTo(ids, from, to);
    if (next.every((id, index) => id === ids[index])) return;
    // A refused move puts the list back: the focus is then left where it is.
    order.mutate(next, { onError: () => setLastMove(null) });
    setLastMove({ id: flow.id, direction, to });
    setAnnouncement(t('flows.moved', { name: flow.name, position: to + 1, count: ids.length }));
  };
  const deleteFlow = (flow: AdminFlow) =>
    remove.mutate(flow.id, {
      onSuccess: () => {
        toast.success(t('flows.deleted'));
        if (editing === flow.id) onEdit(null);
      },
      onSettled: () => setConfirming(null),
    });

  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ol className={styles.flows} aria-label={t('flows.list')}>
        {flows.map((flow, index) => (
          <li key={flow.id} className={styles.flowItem}>
            <div className={styles.flowRow}>
              <span className={styles.flowCover} aria-hidden="true">
                {flow.steps.slice(0, FLOW_CARD_STEPS).map((step, stepIndex) => (
                  <img
                    key={stepIndex}
                    className={styles.flowThumb}
                    src={media(step.path)}
                    alt=""
                    width={step.width}
                    height={step.height}
                    style={{ aspectRatio: `${step.width} / ${step.height}` }}
                    loading="lazy"
                  />
                ))}
              </span>
              <span className={styles.flowName}>
                <strong>{flow.name}</strong>
                {flow.nameCn && <span lang="zh-CN"> · {flow.nameCn}</span>}
                {flow.nameTw && <span lang="zh-TW"> · {flow.nameTw}</span>}
                <span className={styles.note}>
                  {(flow.type !== null && types.labelOf(flow.type)) || t('flows.noType')} · {t('flows.steps', { count: flow.steps.length })}
                </span>
              </span>
              <span className={styles.actions}>
                <button
                  type="button"
                  className={styles.iconButton}
                  data-flow-move={`${flow.id}-up`}
                  disabled={index === 0 || order.isPending}
                  aria-label={t('flows.moveUp', { name: flow.name })}
                  onClick={() => moveBy(flow, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  data-flow-move={`${flow.id}-down`}
                  disabled={index === flows.length - 1 || order.isPending}
                  aria-label={t('flows.moveDown', { name: flow.name })}
                  onClick={() => moveBy(flow, 'down')}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={styles.small}
                  aria-label={t('flows.editNamed', { name: flow.name })}
                  aria-expanded={editing === flow.id}
                  onClick={() => onEdit(editing === flow.id ? null : flow.id)}
                >
                  {t('flows.edit')}
                </button>
                {confirming === flow.id ? (
                  <>
                    <button type="button" className={styles.danger} disabled={remove.isPending} onClick={() => deleteFlow(flow)}>
                      {t('flows.confirmDelete', { name: flow.name })}
                    </button>
                    <button type="button" className={styles.small} onClick={() => setConfirming(null)}>
                      {t('common.cancel')}
                    </button>
                  </>
                ) : (
                  <button type="button" className={styles.small} aria-label={t('flows.deleteNamed', { name: flow.name })} onClick={() => setConfirming(flow.id)}>
                    {t('flows.delete')}
                  </button>
                )}
              </span>
            </div>
            {editing === flow.id && <FlowEditor key={flow.id} itemId={itemId} flow={flow} screens={screens} onDone={() => onEdit(null)} />}
          </li>
        ))}
      </ol>
    </>
  );
}
