import { inDateRange } from '@shotlib/contract';
import { AdminItemInputSchema, type AdminItem, type AdminItemInput } from '@shotlib/contract/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { useCategoryOptions } from '../../lib/category-options';
import { DAY_RANGE, TextAreaField, toDay } from './controls';
import styles from './admin.module.css';

/** The form's values, as the inputs hold them. */
type Values = {
  name: string;
  nameCn: string;
  nameTw: string;
  briefing: string;
  briefingCn: string;
  briefingTw: string;
  site: string;
  rating: string;
  platform: 'app' | 'site';
  /** Business software: its categories are those of the business tree (root 10), not the list tree (9). */
  business: boolean;
  publishedAt: string;
  /** The categories chosen in each tree: switching kinds keeps both, the form sends the one of the kind chosen. */
  groups: Record<ItemTree, number[]>;
  published: boolean;
};

/** The category tree of an item's categories. */
type ItemTree = 'list' | 'business';
const treeOf = (values: Pick<Values, 'business'>): ItemTree => (values.business ? 'business' : 'list');

const valuesOf = (item: AdminItem | undefined): Values => ({
  name: item?.name ?? '',
  nameCn: item?.nameCn ?? '',
  nameTw: item?.nameTw ?? '',
  briefing: item?.briefing ?? '',
  briefingCn: item?.briefingCn ?? '',
  briefingTw: item?.briefingTw ?? '',
  site: item?.site ?? '',
  rating: String(item?.rating ?? 0),
  platform: item?.platform ? 'site' : 'app',
  business: item?.business ?? false,
  publishedAt: toDay(item?.publishedAt ?? new Date().toISOString()),
  groups: { list: item && !item.business ? item.group : [], business: item?.business ? item.group : [] },
  published: false,
});

/** A yyyy-mm-dd day as an ISO instant at noon UTC (the same calendar day in every time zone near ours). */
const dayToIso = (day: string) => (day ? `${day}T12:00:00.000Z` : undefined);

type FieldName = 'name' | 'site' | 'rating' | 'publishedAt' | 'briefing' | 'group';

/** The input as the contract reads it, or the fields that are wrong. */
export function parseItemForm(values: Values, original: AdminItem | undefined): { input: AdminItemInput } | { errors: Partial<Record<FieldName, true>> } {
  const unchangedDay = original && toDay(original.publishedAt) === values.publishedAt;
  const result = AdminItemInputSchema.safeParse({
    name: values.name,
    nameCn: values.nameCn,
    nameTw: values.nameTw,
    briefing: values.briefing,
    briefingCn: values.briefingCn,
    briefingTw: values.briefingTw,
    site: values.site,
    rating: values.rating.trim() === '' ? Number.NaN : Number(values.rating),
    platform: values.platform === 'site',
    business: values.business,
    publishedAt: unchangedDay ? original.publishedAt : dayToIso(values.publishedAt),
    group: values.groups[treeOf(values)],
    published: values.published,
  });
  if (result.success) return { input: result.data };
  const errors: Partial<Record<FieldName, true>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field === 'name' || field === 'site' || field === 'rating' || field === 'publishedAt' || field === 'group') errors[field] = true;
    else if (field.startsWith('briefing')) errors.briefing = true;
  }
  return { errors };
}

type ItemFormProps = {
  item?: AdminItem;
  pending: boolean;
  onSubmit: (input: AdminItemInput) => void;
};

/**
 * Create or edit an app, website or business product: names and briefs in three languages, site,
 * rating, platform, business flag, date, categories (of the list tree, or of the business tree for
 * business software).
 */
export function ItemForm({ item, pending, onSubmit }: ItemFormProps) {
  const { t } = useTranslation('admin');
  const { t: common } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(item));
  const tree = treeOf(values);
  const categories = useCategoryOptions(tree);
  const group = values.groups[tree];
  const [errors, setErrors] = useState<Partial<Record<FieldName, true>>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseItemForm(values, item);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      // The first wrong field takes the focus, so its message is read.
      requestAnimationFrame(() => (event.target as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    onSubmit(parsed.input);
  };
  const toggleGroup = (id: number, on: boolean) =>
    set('groups', { ...values.groups, [tree]: on ? [...group.filter((g) => g !== id), id] : group.filter((g) => g !== id) });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={item ? t('item.editForm') : t('item.createForm')}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('item.platform')}</legend>
        <div className={styles.choices}>
          {(['app', 'site'] as const).map((platform) => (
            <label key={platform} className={styles.choice}>
              <input type="radio" name="platform" value={platform} checked={values.platform === platform} onChange={() => set('platform', platform)} />
              {platform === 'app' ? t('items.app') : t('items.site')}
            </label>
          ))}
        </div>
        <label className={styles.choice}>
          <input type="checkbox" checked={values.business} onChange={(e) => set('business', e.target.checked)} />
          {t('item.business')}
        </label>
      </fieldset>
      <div className={styles.grid3}>
        <Field label={t('item.nameEn')} value={values.name} onChange={(e) => set('name', e.target.value)} error={errors.name ? t('item.errors.name') : undefined} required maxLength={120} />
        <Field label={t('item.nameCn')} lang="zh-CN" value={values.nameCn} onChange={(e) => set('nameCn', e.target.value)} maxLength={120} />
        <Field label={t('item.nameTw')} lang="zh-TW" value={values.nameTw} onChange={(e) => set('nameTw', e.target.value)} maxLength={120} />
      </div>
      <div className={styles.grid3}>
        <TextAreaField label={t('item.briefEn')} value={values.briefing} onChange={(e) => set('briefing', e.target.value)} error={errors.briefing ? t('item.errors.briefing') : undefined} maxLength={4000} />
        <TextAreaField label={t('item.briefCn')} lang="zh-CN" value={values.briefingCn} onChange={(e) => set('briefingCn', e.target.value)} maxLength={4000} />
        <TextAreaField label={t('item.briefTw')} lang="zh-TW" value={values.briefingTw} onChange={(e) => set('briefingTw', e.target.value)} maxLength={4000} />
      </div>
      <div className={styles.grid3}>
        <Field label={t('item.site')} type="url" inputMode="url" placeholder="https://" value={values.site} onChange={(e) => set('site', e.target.value)} error={errors.site ? t('item.errors.site') : undefined} />
        <Field label={t('item.rating')} type="number" min={0} max={5} step={0.1} value={values.rating} onChange={(e) => set('rating', e.target.value)} error={errors.rating ? t('item.errors.rating') : undefined} />
        <Field
          label={t('item.publishDate')}
          type="date"
          {...DAY_RANGE}
          value={values.publishedAt}
          onChange={(e) => set('publishedAt', e.target.value)}
          error={errors.publishedAt ? (values.publishedAt && !inDateRange(values.publishedAt) ? common('validation.dateRange') : t('item.errors.publishDate')) : undefined}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('item.categories')}</legend>
        <p className={styles.note}>{values.business ? t('item.businessTree') : t('item.listTree')}</p>
        {categories.isPending ? (
          <p className={styles.note}>{t('common.loading')}</p>
        ) : (
          <div className={styles.checks}>
            {categories.options.map((option) => (
              <label key={option.key} className={styles.choice}>
                <input type="checkbox" checked={group.includes(option.key)} onChange={(e) => toggleGroup(option.key, e.target.checked)} />
                {option.label}
              </label>
            ))}
          </div>
        )}
        {errors.group && <p className={styles.errorText}>{t('item.errors.group')}</p>}
      </fieldset>
      {!item && (
        <label className={styles.choice}>
          <input type="checkbox" checked={values.published} onChange={(e) => set('published', e.target.checked)} />
          {t('item.publishNow')}
        </label>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={pending}>
          {item ? t('item.save') : t('item.create')}
        </button>
      </div>
    </form>
  );
}
