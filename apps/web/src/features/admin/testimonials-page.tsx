import { LOCALES, type Locale } from '@shotlib/contract';
import {
  AdminTestimonialInputSchema,
  TESTIMONIAL_NAME_MAX,
  TESTIMONIAL_QUOTE_MAX,
  TESTIMONIAL_ROLE_MAX,
  type AdminTestimonial,
  type AdminTestimonialInput,
} from '@shotlib/contract/testimonials';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { StatePanel } from '../../components/state-panel';
import { LANGUAGE_TAGS } from '../../i18n/i18n';
import { toast } from '../../lib/toast';
import { useAdminTestimonials } from './api/list-testimonials';
import { useOrderAdminTestimonials } from './api/order-testimonials';
import { useCreateAdminTestimonial, useDeleteAdminTestimonial, useUpdateAdminTestimonial } from './api/save-testimonial';
import { Loading, SelectField, TextAreaField } from './controls';
import { moveTo } from './reorder';
import styles from './admin.module.css';

/** The form's fields as typed. */
export type TestimonialDraft = { locale: Locale; quote: string; name: string; role: string };
export type TestimonialErrors = Partial<Record<keyof TestimonialDraft, true>>;

const EMPTY: TestimonialDraft = { locale: 'enUS', quote: '', name: '', role: '' };

/** The form read by the contract's schema, the one the server validates with: what to send, or the wrong fields. */
export function parseTestimonialForm(draft: TestimonialDraft): { input: AdminTestimonialInput } | { errors: TestimonialErrors } {
  const parsed = AdminTestimonialInputSchema.safeParse(draft);
  if (parsed.success) return { input: parsed.data };
  const errors: TestimonialErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'locale' || field === 'quote' || field === 'name' || field === 'role') errors[field] = true;
  }
  return { errors };
}

/**
 * Route /admin/testimonials: the plans page's testimonials (decision 053) in their order, whatever
 * their language; add, edit, delete (asked once more) and reorder them with each row's move buttons.
 * Readers see those of their own language, in this order; a language without any shows no section.
 */
export default function TestimonialsPage() {
  const { t } = useTranslation('admin');
  const testimonials = useAdminTestimonials();
  return (
    <section className={styles.content} aria-labelledby="admin-testimonials-title">
      <h1 id="admin-testimonials-title" className={styles.title}>
        {t('testimonials.title')}
      </h1>
      <p className={styles.note}>{t('testimonials.intro')}</p>
      <TestimonialForm />
      {testimonials.isPending ? (
        <Loading />
      ) : testimonials.isError ? (
        <StatePanel title={t('common.loadFailed')} onRetry={() => void testimonials.refetch()} />
      ) : testimonials.data.length === 0 ? (
        <StatePanel title={t('testimonials.empty')} text={t('testimonials.emptyText')} />
      ) : (
        <TestimonialList testimonials={testimonials.data} />
      )}
    </section>
  );
}

/** The testimonial last moved by a button, until the order is saved and the focus is back on it. */
type Move = { id: number; direction: 'up' | 'down'; to: number };

/** The testimonials in order: each with its language, quote, name and role, its move buttons, Edit and Delete. */
export function TestimonialList({ testimonials }: { testimonials: readonly AdminTestimonial[] }) {
  const { t } = useTranslation('admin');
  const order = useOrderAdminTestimonials();
  const remove = useDeleteAdminTestimonial();
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [lastMove, setLastMove] = useState<Move | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = testimonials.map((testimonial) => testimonial.id);

  // After a move by button, the focus goes back to the moved testimonial's button (its row moved in the DOM, and
  // the buttons wait while the order is saved), once: later reads of the list leave the focus alone.
  useEffect(() => {
    if (!lastMove) return;
    const button =
      document.querySelector<HTMLButtonElement>(`[data-testimonial-move="${lastMove.id}-${lastMove.direction}"]:not(:disabled)`) ??
      document.querySelector<HTMLButtonElement>(`[data-testimonial-move^="${lastMove.id}-"]:not(:disabled)`);
    button?.focus();
    if (button && !order.isPending && ids.indexOf(lastMove.id) === lastMove.to) setLastMove(null);
  }, [lastMove, ids, order.isPending]);

  const moveBy = (testimonial: AdminTestimonial, direction: 'up' | 'down') => {
    const from = ids.indexOf(testimonial.id);
    const to = Math.max(0, Math.min(ids.length - 1, direction === 'up' ? from - 1 : from + 1));
    const next = moveTo(ids, from, to);
    if (next.every((id, index) => id === ids[index])) return;
    // A refused move puts the list back: the focus is then left where it is.
    order.mutate(next, { onError: () => setLastMove(null) });
    setLastMove({ id: testimonial.id, direction, to });
    setAnnouncement(t('testimonials.moved', { name: testimonial.name, position: to + 1, count: ids.length }));
  };
  const deleteOne = (testimonial: AdminTestimonial) =>
    remove.mutate(testimonial.id, {
      onSuccess: () => {
        toast.success(t('testimonials.deleted'));
        if (editing === testimonial.id) setEditing(null);
        // Its row is gone: the focus goes to the list's heading rather than to the page's start.
        headingRef.current?.focus();
      },
      onSettled: () => setConfirming(null),
    });

  return (
    <section className={styles.section} aria-labelledby="admin-testimonials-list">
      <h2 id="admin-testimonials-list" className={styles.subtitle} ref={headingRef} tabIndex={-1}>
        {t('testimonials.list')}
      </h2>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ol className={styles.testimonials} aria-labelledby="admin-testimonials-list">
        {testimonials.map((testimonial, index) => (
          <li key={testimonial.id} className={styles.flowItem}>
            <div className={styles.flowRow}>
              <span className={styles.badgeQuiet}>{t(`testimonials.langs.${testimonial.locale}`)}</span>
              <figure className={styles.testimonialText}>
                <blockquote className={styles.testimonialQuote} lang={LANGUAGE_TAGS[testimonial.locale]}>
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className={styles.note} lang={LANGUAGE_TAGS[testimonial.locale]}>
                  <strong>{testimonial.name}</strong>
                  {testimonial.role && ` · ${testimonial.role}`}
                </figcaption>
              </figure>
              <span className={styles.actions}>
                <button
                  type="button"
                  className={styles.iconButton}
                  data-testimonial-move={`${testimonial.id}-up`}
                  disabled={index === 0 || order.isPending}
                  aria-label={t('testimonials.moveUp', { name: testimonial.name })}
                  onClick={() => moveBy(testimonial, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  data-testimonial-move={`${testimonial.id}-down`}
                  disabled={index === testimonials.length - 1 || order.isPending}
                  aria-label={t('testimonials.moveDown', { name: testimonial.name })}
                  onClick={() => moveBy(testimonial, 'down')}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={styles.small}
                  aria-label={t('testimonials.editNamed', { name: testimonial.name })}
                  aria-expanded={editing === testimonial.id}
                  onClick={() => setEditing(editing === testimonial.id ? null : testimonial.id)}
                >
                  {t('testimonials.edit')}
                </button>
                {confirming === testimonial.id ? (
                  <>
                    <button type="button" className={styles.danger} disabled={remove.isPending} onClick={() => deleteOne(testimonial)}>
                      {t('testimonials.confirmDelete', { name: testimonial.name })}
                    </button>
                    <button type="button" className={styles.small} onClick={() => setConfirming(null)}>
                      {t('common.cancel')}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className={styles.small}
                    aria-label={t('testimonials.deleteNamed', { name: testimonial.name })}
                    onClick={() => setConfirming(testimonial.id)}
                  >
                    {t('testimonials.delete')}
                  </button>
                )}
              </span>
            </div>
            {editing === testimonial.id && <TestimonialForm key={testimonial.id} testimonial={testimonial} onDone={() => setEditing(null)} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Add a testimonial (no `testimonial`) or edit one: its language, the quote as given, the name and role. */
export function TestimonialForm({ testimonial, onDone }: { testimonial?: AdminTestimonial; onDone?: () => void }) {
  const { t } = useTranslation('admin');
  const create = useCreateAdminTestimonial();
  const update = useUpdateAdminTestimonial();
  const initial: TestimonialDraft = testimonial
    ? { locale: testimonial.locale, quote: testimonial.quote, name: testimonial.name, role: testimonial.role }
    : EMPTY;
  const [draft, setDraft] = useState<TestimonialDraft>(initial);
  const [invalid, setInvalid] = useState<TestimonialErrors>({});
  const set = <K extends keyof TestimonialDraft>(key: K, value: TestimonialDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const tag = LANGUAGE_TAGS[draft.locale];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTestimonialForm(draft);
    if ('errors' in parsed) {
      setInvalid(parsed.errors);
      return;
    }
    setInvalid({});
    if (testimonial) {
      update.mutate(
        { id: testimonial.id, input: parsed.input },
        {
          onSuccess: () => {
            toast.success(t('testimonials.saved'));
            onDone?.();
          },
        },
      );
    } else {
      create.mutate(parsed.input, {
        onSuccess: () => {
          toast.success(t('testimonials.created'));
          setDraft(EMPTY);
        },
      });
    }
  };

  // After a refused submit, the first wrong field takes the focus (once the render marked it), so its message is read.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalid]);

  const label = testimonial ? t('testimonials.editNamed', { name: testimonial.name }) : t('testimonials.add');
  return (
    <form ref={formRef} className={styles.manage} onSubmit={submit} noValidate aria-label={label}>
      {!testimonial && <h2 className={styles.subtitle}>{t('testimonials.add')}</h2>}
      <SelectField label={t('testimonials.language')} hint={t('testimonials.languageHint')} value={draft.locale} onChange={(e) => set('locale', e.target.value as Locale)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`testimonials.langs.${locale}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('testimonials.quote')}
        lang={tag}
        value={draft.quote}
        maxLength={TESTIMONIAL_QUOTE_MAX}
        rows={3}
        onChange={(e) => set('quote', e.target.value)}
        error={invalid.quote ? t('testimonials.quoteError', { max: TESTIMONIAL_QUOTE_MAX }) : undefined}
      />
      <div className={styles.grid3}>
        <Field
          label={t('testimonials.name')}
          lang={tag}
          value={draft.name}
          maxLength={TESTIMONIAL_NAME_MAX}
          onChange={(e) => set('name', e.target.value)}
          error={invalid.name ? t('testimonials.nameError', { max: TESTIMONIAL_NAME_MAX }) : undefined}
        />
        <Field
          label={t('testimonials.role')}
          lang={tag}
          value={draft.role}
          maxLength={TESTIMONIAL_ROLE_MAX}
          onChange={(e) => set('role', e.target.value)}
          error={invalid.role ? t('testimonials.roleError', { max: TESTIMONIAL_ROLE_MAX }) : undefined}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={create.isPending || update.isPending}>
          {testimonial ? t('testimonials.save') : t('testimonials.create')}
        </button>
        {testimonial && (
          <button type="button" className={styles.secondary} onClick={onDone}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
