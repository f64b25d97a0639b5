import type { AdminFlow, AdminFlowInput } from '@shotlib/contract/admin-flows';
import { FLOW_MAX_STEPS, type AdminScreen } from '@shotlib/contract/ingest';
import { useEffect, useId, useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field } from '../../components/field';
import { useCategoryOptions } from '../../lib/category-options';
import { useMediaUrl } from '../../lib/public-config';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { useCreateAdminFlow, useUpdateAdminFlow } from './api/save-flow';
import { SelectField } from './controls';
import { draftOf, flowDraftReducer, parseFlowDraft, type CaptionField, type FlowDraftErrors, type NameField } from './flow-draft';
import styles from './admin.module.css';

/** A screen as a step shows it: its place among the item's screens (1-based), its path and size. */
type ScreenView = { number: number; path: string; width: number; height: number; color?: string };

const CAPTIONS: readonly { field: CaptionField; label: 'flows.captionEn' | 'flows.captionCn' | 'flows.captionTw'; lang?: string }[] = [
  { field: 'caption', label: 'flows.captionEn' },
  { field: 'captionCn', label: 'flows.captionCn', lang: 'zh-CN' },
  { field: 'captionTw', label: 'flows.captionTw', lang: 'zh-TW' },
];

type StepMove = { key: number; direction: 'up' | 'down' };

type FlowEditorProps = {
  itemId: number;
  /** The flow edited; none for a new one. */
  flow?: AdminFlow;
  /** The item's screens in their order: the steps' choices. */
  screens: readonly AdminScreen[];
  onDone: () => void;
};

/**
 * Create or edit a flow: its type (the flow tree), names in three languages and its steps, each a
 * screen of the item with a caption in three languages. Steps are added from the item's screens (the
 * same screen may be added twice), moved by buttons and removed; the form checks the contract's
 * schema before it sends, and the server's refusals are toasted in the reader's language.
 */
export function FlowEditor({ itemId, flow, screens, onDone }: FlowEditorProps) {
  const { t } = useTranslation('admin');
  const media = useMediaUrl();
  const types = useCategoryOptions('flow');
  const create = useCreateAdminFlow(itemId);
  const update = useUpdateAdminFlow(itemId);
  const [draft, dispatch] = useReducer(flowDraftReducer, flow, draftOf);
  const [errors, setErrors] = useState<FlowDraftErrors>({});
  const [announcement, setAnnouncement] = useState('');
  const [lastMove, setLastMove] = useState<StepMove | null>(null);
  const id = useId();

  // Each screen's place among the item's screens, and what a step shows of it (the flow's own step data until the screens load).
  const views = new Map<number, ScreenView>();
  for (const step of flow?.steps ?? []) views.set(step.previewId, { number: 0, path: step.path, width: step.width, height: step.height });
  screens.forEach((screen, index) =>
    views.set(screen.id, { number: index + 1, path: screen.path, width: screen.width, height: screen.height, color: screen.colors[0] }),
  );
  const uses = new Map<number, number>();
  for (const step of draft.steps) uses.set(step.previewId, (uses.get(step.previewId) ?? 0) + 1);
  const full = draft.steps.length >= FLOW_MAX_STEPS;

  // After a move by button, the focus stays on the moved step's button (its row moved in the DOM).
  useEffect(() => {
    if (!lastMove) return;
    const button =
      document.querySelector<HTMLButtonElement>(`[data-step-move="${id}-${lastMove.key}-${lastMove.direction}"]:not(:disabled)`) ??
      document.querySelector<HTMLButtonElement>(`[data-step-move^="${id}-${lastMove.key}-"]:not(:disabled)`);
    button?.focus();
  }, [lastMove, draft.steps, id]);

  const setField = (field: 'type' | NameField, value: string) => dispatch({ op: 'field', field, value });
  const moveStep = (key: number, index: number, direction: 'up' | 'down') => {
    const to = Math.max(0, Math.min(draft.steps.length - 1, direction === 'up' ? index - 1 : index + 1));
    dispatch({ op: 'move', key, to });
    setLastMove({ key, direction });
    setAnnouncement(t('flows.stepMoved', { position: to + 1, count: draft.steps.length }));
  };
  const removeStep = (key: number, index: number) => {
    dispatch({ op: 'remove', key });
    setAnnouncement(t('flows.stepRemoved', { position: index + 1, count: draft.steps.length - 1 }));
    // The focus goes to the step that takes its place, or to the steps' heading when none is left.
    const next = draft.steps[index + 1] ?? draft.steps[index - 1];
    requestAnimationFrame(() =>
      (next ? document.querySelector<HTMLElement>(`[data-step-remove="${id}-${next.key}"]`) : document.getElementById(`${id}-steps`))?.focus(),
    );
  };
  const addStep = (previewId: number) => {
    if (full) return;
    dispatch({ op: 'add', previewId });
    setAnnouncement(t('flows.stepAdded', { screen: views.get(previewId)?.number ?? '', position: draft.steps.length + 1 }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = parseFlowDraft(draft);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      // The first wrong field takes the focus, so its message is read.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')?.focus());
      return;
    }
    setErrors({});
    const done = (input: AdminFlowInput) => {
      toast.success(flow ? t('flows.saved') : t('flows.created', { name: input.name }));
      onDone();
    };
    if (flow) update.mutate({ id: flow.id, input: parsed.input }, { onSuccess: () => done(parsed.input) });
    else create.mutate(parsed.input, { onSuccess: () => done(parsed.input) });
  };

  const captionError = t('flows.errors.caption');
  const translationError = t('flows.errors.translation');
  return (
    <form className={styles.manage} onSubmit={submit} noValidate aria-label={flow ? t('flows.editForm', { name: flow.name }) : t('flows.createForm')}>
      <div className={styles.filters}>
        <SelectField
          label={t('flows.type')}
          value={draft.type}
          onChange={(event) => setField('type', event.target.value)}
          aria-invalid={errors.type || undefined}
          aria-describedby={errors.type ? `${id}-type-error` : undefined}
        >
          <option value="">{t('flows.chooseType')}</option>
          {types.options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </SelectField>
        {errors.type && (
          <p id={`${id}-type-error`} className={styles.errorText}>
            {t('flows.errors.type')}
          </p>
        )}
        {!types.isPending && types.options.length === 0 && (
          <p className={styles.note}>
            <Link to={pathTo('AdminCategories')}>{t('flows.noTypes')}</Link>
          </p>
        )}
      </div>
      <div className={styles.grid3}>
        <Field label={t('flows.nameEn')} value={draft.name} onChange={(e) => setField('name', e.target.value)} error={errors.name ? t('flows.errors.name') : undefined} required maxLength={120} />
        <Field label={t('flows.nameCn')} lang="zh-CN" value={draft.nameCn} onChange={(e) => setField('nameCn', e.target.value)} error={errors.nameCn ? translationError : undefined} maxLength={120} />
        <Field label={t('flows.nameTw')} lang="zh-TW" value={draft.nameTw} onChange={(e) => setField('nameTw', e.target.value)} error={errors.nameTw ? translationError : undefined} maxLength={120} />
      </div>

      <h3 id={`${id}-steps`} className={styles.label} tabIndex={-1} data-invalid={errors.steps || undefined} aria-describedby={errors.steps ? `${id}-steps-error` : undefined}>
        {t('flows.stepsTitle')} · {t('flows.steps', { count: draft.steps.length })}
      </h3>
      {errors.steps && (
        <p id={`${id}-steps-error`} className={styles.errorText}>
          {t('flows.errors.steps', { max: FLOW_MAX_STEPS })}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {draft.steps.length === 0 ? (
        <p className={styles.note}>{t('flows.noSteps')}</p>
      ) : (
        <ol className={styles.steps} aria-label={t('flows.stepsList')}>
          {draft.steps.map((step, index) => {
            const position = index + 1;
            const view = views.get(step.previewId);
            const invalid = errors.captions?.includes(step.key) ?? false;
            return (
              <li key={step.key} className={styles.step}>
                {view ? (
                  <img
                    className={styles.stepThumb}
                    src={media(view.path)}
                    alt={t('flows.stepAlt', { position, screen: view.number || '?' })}
                    width={view.width}
                    height={view.height}
                    style={{ aspectRatio: `${view.width} / ${view.height}`, backgroundColor: view.color }}
                    loading="lazy"
                  />
                ) : (
                  <span className={styles.stepThumb} aria-hidden="true" />
                )}
                <div className={styles.stepFields}>
                  <p className={styles.label}>{t('flows.step', { position })}</p>
                  {CAPTIONS.map(({ field, label, lang }) => (
                    <Field
                      key={field}
                      label={t(label, { position })}
                      lang={lang}
                      value={step[field]}
                      maxLength={500}
                      error={invalid && step[field].trim().length > 500 ? captionError : undefined}
                      onChange={(e) => dispatch({ op: 'caption', key: step.key, field, value: e.target.value })}
                    />
                  ))}
                </div>
                <div className={styles.stepActions}>
                  <button
                    type="button"
                    className={styles.iconButton}
                    data-step-move={`${id}-${step.key}-up`}
                    disabled={index === 0}
                    aria-label={t('flows.stepUp', { position })}
                    onClick={() => moveStep(step.key, index, 'up')}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    data-step-move={`${id}-${step.key}-down`}
                    disabled={index === draft.steps.length - 1}
                    aria-label={t('flows.stepDown', { position })}
                    onClick={() => moveStep(step.key, index, 'down')}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    data-step-remove={`${id}-${step.key}`}
                    aria-label={t('flows.stepRemove', { position })}
                    onClick={() => removeStep(step.key, index)}
                  >
                    ✕
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <h3 className={styles.label}>{t('flows.pick')}</h3>
      <p className={styles.note}>{t('flows.pickHint')}</p>
      <ul className={styles.picker} aria-label={t('flows.pickList')}>
        {screens.map((screen, index) => {
          const used = uses.get(screen.id) ?? 0;
          return (
            <li key={screen.id} className={styles.pickItem}>
              <button type="button" className={styles.pick} disabled={full} aria-label={t('flows.pickScreen', { screen: index + 1 })} onClick={() => addStep(screen.id)}>
                <img
                  className={styles.pickThumb}
                  src={media(screen.path)}
                  alt=""
                  width={screen.width}
                  height={screen.height}
                  style={{ aspectRatio: `${screen.width} / ${screen.height}`, backgroundColor: screen.colors[0] }}
                  loading="lazy"
                />
                <span className={styles.pickMeta}>{index + 1}</span>
              </button>
              {used > 0 && <span className={styles.pickUsed}>{t('flows.used', { count: used })}</span>}
            </li>
          );
        })}
      </ul>

      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={create.isPending || update.isPending}>
          {flow ? t('flows.save') : t('flows.create')}
        </button>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
