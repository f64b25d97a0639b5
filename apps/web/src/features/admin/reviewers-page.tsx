import { EmailSchema, LOCALES, type Locale } from '@shotlib/contract';
import { REVIEWER_BIO_MAX, REVIEWER_NAME_MAX, type AdminReviewer } from '@shotlib/contract/admin-portfolio';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column } from '../../components/data-table';
import { Field } from '../../components/field';
import '../../lib/portfolio';
import { toast } from '../../lib/toast';
import { useAdminReviewers } from './api/list-reviewers';
import { useCreateAdminReviewer, useRemoveAdminReviewer, useUpdateAdminReviewer } from './api/save-reviewer';
import { PagedTable, TextAreaField } from './controls';
import styles from './admin.module.css';

/**
 * Route /admin/reviewers: the designers who review portfolios — accounts with the reviewer role and
 * a profile (name, company, bio, the languages they review in). Adding one by e-mail address makes
 * the account when there is none (they sign in with an e-mailed code); removing one makes them a
 * member again and puts their open requests back in the queue.
 */
export default function ReviewersPage() {
  const { t } = useTranslation('admin');
  const { t: p } = useTranslation('portfolio');
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminReviewer | 'new' | null>(null);
  const { t: common } = useTranslation();
  const reviewers = useAdminReviewers(q, page);

  const columns: Column<AdminReviewer>[] = [
    { key: 'name', header: p('admin.reviewers.name'), rowHeader: true, cell: (reviewer) => reviewer.name },
    { key: 'company', header: p('admin.reviewers.company'), cell: (reviewer) => reviewer.company },
    { key: 'email', header: t('members.email'), cell: (reviewer) => reviewer.email },
    { key: 'languages', header: p('admin.reviewers.languages'), cell: (reviewer) => reviewer.languages.map((locale) => common(`language.${locale}`)).join(', ') },
    { key: 'open', header: p('admin.reviewers.open'), numeric: true, cell: (reviewer) => reviewer.open },
    { key: 'answered', header: p('admin.reviewers.answered'), numeric: true, cell: (reviewer) => reviewer.answered },
    { key: 'rating', header: p('admin.reviewers.rating'), numeric: true, cell: (reviewer) => (reviewer.rating === null ? '—' : reviewer.rating.toFixed(1)) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (reviewer) => (
        <button type="button" className={styles.small} aria-label={p('admin.reviewers.editNamed', { name: reviewer.name })} onClick={() => setEditing(reviewer)}>
          {p('admin.reviewers.edit')}
        </button>
      ),
    },
  ];

  return (
    <section className={styles.content} aria-labelledby="admin-reviewers-title">
      <div className={styles.head}>
        <h1 id="admin-reviewers-title" className={styles.title}>
          {p('admin.reviewers.title')}
        </h1>
        <button type="button" className={styles.primary} onClick={() => setEditing('new')}>
          {p('admin.reviewers.add')}
        </button>
      </div>
      <p className={styles.note}>{p('admin.reviewers.intro')}</p>
      <form
        className={styles.filters}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(term.trim());
          setPage(1);
        }}
      >
        <Field label={p('admin.reviewers.search')} type="search" value={term} onChange={(event) => setTerm(event.target.value)} />
        <button type="submit" className={styles.secondary}>
          {t('common.search')}
        </button>
      </form>
      {editing && <ReviewerForm key={editing === 'new' ? 'new' : editing.id} reviewer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <PagedTable
        query={reviewers}
        caption={p('admin.reviewers.caption')}
        columns={columns}
        rowKey={(reviewer) => reviewer.id}
        empty={q ? p('admin.reviewers.noMatch') : p('admin.reviewers.empty')}
        page={page}
        onPage={setPage}
        pagingLabel={p('admin.reviewers.paging')}
      />
    </section>
  );
}

type Errors = Partial<Record<'email' | 'name' | 'company' | 'bio' | 'languages', true>>;

/** Add a reviewer (their e-mail address and profile) or edit one's profile; remove them from here too. */
function ReviewerForm({ reviewer, onClose }: { reviewer: AdminReviewer | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: p } = useTranslation('portfolio');
  const { t: common } = useTranslation();
  const create = useCreateAdminReviewer();
  const update = useUpdateAdminReviewer();
  const remove = useRemoveAdminReviewer();
  const [email, setEmail] = useState(reviewer?.email ?? '');
  const [name, setName] = useState(reviewer?.name ?? '');
  const [company, setCompany] = useState(reviewer?.company ?? '');
  const [bio, setBio] = useState(reviewer?.bio ?? '');
  const [languages, setLanguages] = useState<Locale[]>(reviewer?.languages ?? ['enUS']);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const toggle = (locale: Locale, on: boolean) =>
    setLanguages((current) => (on ? LOCALES.filter((value) => value === locale || current.includes(value)) : current.filter((value) => value !== locale)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's rules for each field (ReviewerCreateSchema / ReviewerUpdateSchema, which the server applies).
    // Not those schemas themselves: they name LocaleSchema, whose module is in the first view's bundle.
    const next: Errors = {
      email: !reviewer && !EmailSchema.safeParse(email).success ? true : undefined,
      name: name.trim().length < 1 || name.trim().length > REVIEWER_NAME_MAX ? true : undefined,
      company: company.trim().length < 1 || company.trim().length > REVIEWER_NAME_MAX ? true : undefined,
      bio: bio.trim().length > REVIEWER_BIO_MAX ? true : undefined,
      languages: languages.length === 0 ? true : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const profile = { name: name.trim(), company: company.trim(), bio: bio.trim(), languages };
    if (reviewer) {
      update.mutate({ id: reviewer.id, update: profile }, { onSuccess: () => toast.success(p('admin.reviewers.saved')) });
      return;
    }
    create.mutate(
      { email: email.trim(), ...profile },
      {
        onSuccess: () => {
          toast.success(p('admin.reviewers.added'));
          onClose();
        },
      },
    );
  };

  return (
    <section className={styles.manage} aria-labelledby="admin-reviewer-form-title">
      <div className={styles.head}>
        <h2 id="admin-reviewer-form-title" ref={heading} tabIndex={-1} className={styles.subtitle}>
          {reviewer ? p('admin.reviewers.editTitle', { name: reviewer.name }) : p('admin.reviewers.addTitle')}
        </h2>
        <button type="button" className={styles.small} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="admin-reviewer-form-title">
        {reviewer ? (
          <p className={styles.note}>{p('admin.reviewers.account', { email: reviewer.email })}</p>
        ) : (
          <Field label={t('members.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} hint={p('admin.reviewers.emailHint')} error={errors.email ? p('admin.reviewers.emailError') : undefined} />
        )}
        <div className={styles.grid3}>
          <Field label={p('admin.reviewers.name')} value={name} onChange={(e) => setName(e.target.value)} maxLength={REVIEWER_NAME_MAX} error={errors.name ? p('admin.reviewers.required') : undefined} />
          <Field label={p('admin.reviewers.company')} value={company} onChange={(e) => setCompany(e.target.value)} maxLength={REVIEWER_NAME_MAX} error={errors.company ? p('admin.reviewers.required') : undefined} />
        </div>
        <TextAreaField label={p('admin.reviewers.bio')} rows={4} value={bio} onChange={(e) => setBio(e.target.value)} maxLength={REVIEWER_BIO_MAX} error={errors.bio ? p('admin.reviewers.bioError') : undefined} />
        <fieldset className={styles.fieldset} aria-describedby={errors.languages ? 'admin-reviewer-languages-error' : undefined}>
          <legend className={styles.legend}>{p('admin.reviewers.languages')}</legend>
          <div className={styles.choices}>
            {LOCALES.map((locale) => (
              <label key={locale} className={styles.choice}>
                <input type="checkbox" checked={languages.includes(locale)} onChange={(e) => toggle(locale, e.target.checked)} />
                {common(`language.${locale}`)}
              </label>
            ))}
          </div>
          {errors.languages && (
            <p id="admin-reviewer-languages-error" className={styles.errorText}>
              {p('admin.reviewers.languagesError')}
            </p>
          )}
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={create.isPending || update.isPending}>
            {reviewer ? t('item.save') : p('admin.reviewers.add')}
          </button>
          {reviewer &&
            (confirming ? (
              <button
                type="button"
                className={styles.danger}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(reviewer.id, {
                    onSuccess: () => {
                      toast.success(p('admin.reviewers.removed'));
                      onClose();
                    },
                  })
                }
              >
                {p('admin.reviewers.confirmRemove', { name: reviewer.name })}
              </button>
            ) : (
              <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
                {p('admin.reviewers.remove')}
              </button>
            ))}
        </div>
      </form>
    </section>
  );
}
