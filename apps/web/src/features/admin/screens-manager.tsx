import type { AdminScreen } from '@shotlib/contract/ingest';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, useSyncExternalStore, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '../../components/multi-select';
import { StatePanel } from '../../components/state-panel';
import { useCategoryOptions } from '../../lib/category-options';
import { useMediaUrl } from '../../lib/public-config';
import { toast } from '../../lib/toast';
import { useDeleteAdminScreens } from './api/delete-screens';
import { adminScreensQueryOptions, useAdminScreens } from './api/list-screens';
import { useOrderAdminScreens } from './api/order-screens';
import { useSetAdminScreenCategory } from './api/set-screen-category';
import { useSetAdminScreenElements } from './api/set-screen-elements';
import { uploadAdminScreen } from './api/upload-screen';
import { Loading, SelectField } from './controls';
import { moveIdsTo, moveTo } from './reorder';
import { UploadList } from './upload-list';
import { UploadQueue } from './upload-queue';
import styles from './admin.module.css';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
/** The drag payload of a screen tile (never files). */
const SCREEN_DRAG_TYPE = 'application/x-shotlib-screen';

/** An item's screens: upload many (drop or pick), reorder (drag or move buttons), categorise and delete a selection. */
export function ScreensManager({ itemId }: { itemId: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { queryKey } = adminScreensQueryOptions(itemId);
  const screens = useAdminScreens(itemId);
  const [queue] = useState(
    () =>
      new UploadQueue({
        upload: (file, onProgress) => uploadAdminScreen({ itemId, file, onProgress }),
        onUploaded: ({ screen }) =>
          queryClient.setQueryData(queryKey, (current) => (current && !current.some((s) => s.id === screen.id) ? [...current, screen] : current)),
        onIdle: () => {
          void queryClient.invalidateQueries({ queryKey });
          void queryClient.invalidateQueries({ queryKey: ['admin', 'items'] });
        },
      }),
  );
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const [over, setOver] = useState(false);
  const inputId = useId();

  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setOver(false);
    queue.add(Array.from(event.dataTransfer.files));
  };

  return (
    <section className={styles.section} aria-labelledby="admin-screens-title">
      <h2 id="admin-screens-title" className={styles.subtitle}>
        {t('screens.title')}
      </h2>
      <div
        className={styles.dropZone}
        data-over={over || undefined}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>{t('screens.drop')}</p>
        <label htmlFor={inputId} className={styles.label}>
          {t('screens.choose')}
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/*"
          onChange={(event) => {
            queue.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <p className={styles.note}>{t('screens.dropHint')}</p>
      </div>
      <UploadList entries={uploads} onClear={() => queue.clearFinished()} />
      {screens.isPending ? (
        <Loading />
      ) : screens.isError ? (
        <StatePanel title={t('common.loadFailed')} onRetry={() => void screens.refetch()} />
      ) : screens.data.length === 0 ? (
        <p className={styles.note}>{t('screens.empty')}</p>
      ) : (
        <ScreenGrid itemId={itemId} screens={screens.data} />
      )}
    </section>
  );
}

type Move = { id: number; direction: 'up' | 'down' };

/**
 * The screens in order, with selection, the batch toolbar (screen category, UI elements tagged or untagged, delete)
 * and both ways of reordering. Each screen shows its UI elements and, in its details, the text OCR read in it.
 */
export function ScreenGrid({ itemId, screens }: { itemId: number; screens: readonly AdminScreen[] }) {
  const { t } = useTranslation('admin');
  const media = useMediaUrl();
  const categories = useCategoryOptions('screen');
  const order = useOrderAdminScreens(itemId);
  const setCategory = useSetAdminScreenCategory(itemId);
  const elements = useCategoryOptions('element');
  const setElements = useSetAdminScreenElements(itemId);
  const [picked, setPicked] = useState<number[]>([]);
  const remove = useDeleteAdminScreens(itemId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [group, setGroup] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [lastMove, setLastMove] = useState<Move | null>(null);

  const ids = screens.map((screen) => screen.id);
  // Selected screens that no longer exist (deleted) drop out of the selection as it is read.
  const chosen = ids.filter((id) => selected.has(id));

  // After a move by button, the focus stays on the moved screen's button (its tile moved in the DOM).
  useEffect(() => {
    if (!lastMove) return;
    const button =
      document.querySelector<HTMLButtonElement>(`[data-move="${lastMove.id}-${lastMove.direction}"]:not(:disabled)`) ??
      document.querySelector<HTMLButtonElement>(`[data-move^="${lastMove.id}-"]:not(:disabled)`);
    button?.focus();
  }, [lastMove, screens]);

  const reorder = (next: number[]) => {
    if (next.every((id, index) => id === ids[index])) return;
    order.mutate(next);
  };
  const moveBy = (id: number, direction: 'up' | 'down') => {
    const from = ids.indexOf(id);
    const to = direction === 'up' ? from - 1 : from + 1;
    reorder(moveTo(ids, from, to));
    setLastMove({ id, direction });
    setAnnouncement(t('screens.moved', { position: Math.max(1, Math.min(ids.length, to + 1)), count: ids.length }));
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const applyCategory = () =>
    setCategory.mutate(
      { ids: chosen, group: group === '' ? null : Number(group) },
      { onSuccess: () => toast.success(t('screens.categorySet', { count: chosen.length })) },
    );
  const changeElements = (change: 'add' | 'remove') =>
    setElements.mutate(
      { ids: chosen, [change]: picked },
      { onSuccess: () => toast.success(t(change === 'add' ? 'screens.elementsTagged' : 'screens.elementsUntagged', { count: chosen.length })) },
    );
  const deleteChosen = () =>
    remove.mutate(chosen, {
      onSuccess: () => {
        toast.success(t('screens.deleted', { count: chosen.length }));
        setSelected(new Set());
        setConfirming(false);
      },
    });

  const allSelected = chosen.length === ids.length;
  return (
    <>
      <div className={styles.toolbar} role="group" aria-label={t('screens.selection')}>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={allSelected}
            ref={(input) => {
              if (input) input.indeterminate = chosen.length > 0 && !allSelected;
            }}
            onChange={(event) => setSelected(new Set(event.target.checked ? ids : []))}
          />
          {t('screens.selectAll')}
        </label>
        <p className={styles.note} aria-live="polite">
          {t('screens.selected', { count: chosen.length })}
        </p>
        <SelectField label={t('screens.category')} value={group} onChange={(event) => setGroup(event.target.value)}>
          <option value="">{t('screens.noCategory')}</option>
          {categories.options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <button type="button" className={styles.secondary} disabled={chosen.length === 0 || setCategory.isPending} onClick={applyCategory}>
          {t('screens.applyCategory')}
        </button>
        <MultiSelect
          id="screen-elements"
          label={t('screens.elements')}
          options={elements.options}
          value={picked}
          onChange={setPicked}
          searchLabel={t('screens.searchElements')}
          loading={elements.isPending}
        />
        <button
          type="button"
          className={styles.secondary}
          disabled={chosen.length === 0 || picked.length === 0 || setElements.isPending}
          onClick={() => changeElements('add')}
        >
          {t('screens.tagElements')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={chosen.length === 0 || picked.length === 0 || setElements.isPending}
          onClick={() => changeElements('remove')}
        >
          {t('screens.untagElements')}
        </button>
        {confirming ? (
          <>
            <button type="button" className={styles.danger} disabled={remove.isPending} onClick={deleteChosen}>
              {t('screens.confirmDelete', { count: chosen.length })}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className={styles.danger} disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
            {t('screens.delete')}
          </button>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <p className={styles.note}>{t('screens.reorderHint')}</p>
      <ol className={styles.screens} aria-label={t('screens.list')}>
        {screens.map((screen, index) => {
          const position = index + 1;
          const label = categories.labelOf(screen.group ?? -1);
          return (
            <li
              key={screen.id}
              className={styles.screen}
              data-selected={selected.has(screen.id) || undefined}
              data-dragging={dragging === screen.id || undefined}
              data-drop-target={dropTarget === screen.id || undefined}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData(SCREEN_DRAG_TYPE, String(screen.id));
                setDragging(screen.id);
              }}
              onDragOver={(event) => {
                if (dragging === null || hasFiles(event)) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (dropTarget !== screen.id) setDropTarget(screen.id);
              }}
              onDragLeave={() => setDropTarget((current) => (current === screen.id ? null : current))}
              onDrop={(event) => {
                if (dragging === null || hasFiles(event)) return;
                event.preventDefault();
                // Dragging a selected screen moves the whole selection with it.
                const moving = selected.has(dragging) ? chosen : [dragging];
                reorder(moveIdsTo(ids, moving, screen.id));
                setDragging(null);
                setDropTarget(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setDropTarget(null);
              }}
            >
              <img
                className={styles.thumb}
                src={media(screen.path)}
                alt={t('screens.alt', { position })}
                width={screen.width}
                height={screen.height}
                style={{ aspectRatio: `${screen.width} / ${screen.height}`, backgroundColor: screen.colors[0] }}
                loading="lazy"
                draggable={false}
              />
              <label className={styles.choice}>
                <input type="checkbox" checked={selected.has(screen.id)} onChange={(event) => toggle(screen.id, event.target.checked)} />
                {t('screens.select', { position })}
              </label>
              <div className={styles.screenMeta}>
                <span className={styles.note}>{label ?? t('screens.noCategory')}</span>
                {screen.status !== 'ready' && <span className={styles.badgeQuiet}>{t(`screens.status.${screen.status}`)}</span>}
              </div>
              {screen.elements.length > 0 && (
                <ul className={styles.chips} aria-label={t('screens.elementsOf', { position })}>
                  {screen.elements.map((id) => (
                    <li key={id} className={styles.badgeQuiet}>
                      {elements.labelOf(id) ?? id}
                    </li>
                  ))}
                </ul>
              )}
              <details className={styles.screenDetails}>
                <summary>{t('screens.details', { position })}</summary>
                <dl>
                  <dt>{t('screens.text')}</dt>
                  <dd className={screen.text ? styles.ocrText : styles.note}>
                    {screen.text === null ? t('screens.textNotRead') : screen.text || t('screens.textNone')}
                  </dd>
                </dl>
              </details>
              <div className={styles.screenActions}>
                <button
                  type="button"
                  className={styles.iconButton}
                  data-move={`${screen.id}-up`}
                  disabled={index === 0 || order.isPending}
                  aria-label={t('screens.moveUp', { position })}
                  onClick={() => moveBy(screen.id, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  data-move={`${screen.id}-down`}
                  disabled={index === screens.length - 1 || order.isPending}
                  aria-label={t('screens.moveDown', { position })}
                  onClick={() => moveBy(screen.id, 'down')}
                >
                  ↓
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
