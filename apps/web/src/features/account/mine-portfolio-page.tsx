import {
  LIMITS,
  LOCALES,
  PORTFOLIO_LEVELS,
  PORTFOLIO_PAGE_SIZE,
  PORTFOLIO_PDF_MAX_BYTES,
  PORTFOLIO_QUESTIONS_MAX,
  PORTFOLIO_QUESTIONS_MIN,
  PORTFOLIO_ROLE_MAX,
  PORTFOLIO_ROLE_MIN,
  HttpLinkSchema,
  type Locale,
  type PortfolioLevel,
  type PortfolioQuota,
  type PortfolioSummary,
} from '@shotlib/contract';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import buttons from '../../components/button.module.css';
import { DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { SelectField, TextAreaField } from '../../components/form-controls';
import { NoticePanel, Panel } from '../../components/panel';
import { formatPortfolioDate, PortfolioPager, PortfolioStateBadge } from '../../components/portfolio-request';
import { currentLocale } from '../../i18n/i18n';
import '../../lib/portfolio';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { AccountSection } from './account-section';
import styles from './account.module.css';
import { usePortfolioList } from './api/list-portfolio';
import { usePortfolioQuota } from './api/portfolio-quota';
import { useSendPortfolioRequest } from './api/send-portfolio-request';
import portfolio from './portfolio.module.css';

/**
 * Route /mine/portfolio (MinePortfolio): portfolio guidance, the subscribers' third benefit. A
 * subscriber sees how many reviews are left in this subscription year and when more come, and asks
 * for one (a link or a PDF, the role and level aimed at, the questions, the feedback's language, the
 * consent to share it); everyone sees their requests with state and date; a member who is not
 * subscribed sees what the benefit is and the way to subscribe. The server enforces every rule.
 */
export default function MinePortfolioPage() {
  const { t } = useTranslation('portfolio');
  const quota = usePortfolioQuota();

  return (
    <AccountSection title={t('mine.title')} intro={t('mine.intro', { count: LIMITS.vip.portfolioPerYear })} busy={quota.isPending}>
      {quota.isPending ? (
        <div className={styles.skeleton} aria-hidden="true" />
      ) : quota.isError ? (
        <NoticePanel
          alert
          message={t('common.loadFailed')}
          action={
            <button type="button" className={buttons.secondary} onClick={() => void quota.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : quota.data.vip ? (
        <>
          <QuotaPanel quota={quota.data} />
          {quota.data.left > 0 && <RequestForm />}
        </>
      ) : (
        <Benefit />
      )}
      <Requests />
    </AccountSection>
  );
}

function QuotaPanel({ quota }: { quota: PortfolioQuota }) {
  const { t } = useTranslation('portfolio');
  return (
    <Panel layout="stack" className={portfolio.quota} aria-label={t('mine.quotaLabel')} role="group">
      <span className={styles.label}>{t('mine.quotaLabel')}</span>
      <p className={portfolio.quotaFigure}>{t('mine.left', { count: quota.left, limit: quota.limit })}</p>
      <p className={styles.hint}>
        {quota.renewsAt
          ? quota.left > 0
            ? t('mine.renews', { date: formatPortfolioDate(quota.renewsAt) })
            : t('mine.usedAll', { date: formatPortfolioDate(quota.renewsAt) })
          : null}
      </p>
    </Panel>
  );
}

/** What a subscription brings here, and the way to subscribe. */
function Benefit() {
  const { t } = useTranslation('portfolio');
  return (
    <Panel layout="stack" className={portfolio.quota}>
      <h3 className={styles.groupTitle}>{t('benefit.title')}</h3>
      <ul className={portfolio.benefits}>
        <li>{t('benefit.who')}</li>
        <li>{t('benefit.what')}</li>
        <li>{t('benefit.count', { count: LIMITS.vip.portfolioPerYear })}</li>
      </ul>
      <Link to={pathTo('Sub')} className={buttons.primary}>
        {t('benefit.subscribe')}
      </Link>
    </Panel>
  );
}

type Errors = Partial<Record<'link' | 'pdf' | 'role' | 'questions' | 'consent', string>>;

/** The request form; the PDF is uploaded first, then the request names it. */
function RequestForm() {
  const { t } = useTranslation('portfolio');
  const navigate = useNavigate();
  const send = useSendPortfolioRequest();
  const [source, setSource] = useState<'link' | 'pdf'>('link');
  const [link, setLink] = useState('');
  const [pdf, setPdf] = useState<File | null>(null);
  const [role, setRole] = useState('');
  const [level, setLevel] = useState<PortfolioLevel>('mid');
  const [questions, setQuestions] = useState('');
  const [locale, setLocale] = useState<Locale>(currentLocale());
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const choosePdf = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setPdf(file);
    setErrors((current) => ({ ...current, pdf: file ? pdfError(file) : undefined }));
  };

  const pdfError = (file: File): string | undefined => {
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return t('form.errors.notPdf');
    if (file.size > PORTFOLIO_PDF_MAX_BYTES) return t('form.errors.pdfTooLarge', { mb: PORTFOLIO_PDF_MAX_BYTES / 1024 / 1024 });
    return undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's rules for each field (PortfolioRequestInputSchema, which the server applies). Not that schema
    // itself: it names LocaleSchema, whose module is in the first view's bundle, and would bring zod there with it.
    const next: Errors = {};
    const trimmedLink = link.trim();
    if (source === 'link') {
      if (!trimmedLink) next.link = t('form.errors.linkMissing');
      else if (!HttpLinkSchema.safeParse(trimmedLink).success) next.link = t('form.errors.link');
    } else {
      next.pdf = pdf ? pdfError(pdf) : t('form.errors.pdfMissing');
    }
    const trimmedRole = role.trim();
    if (trimmedRole.length < PORTFOLIO_ROLE_MIN || trimmedRole.length > PORTFOLIO_ROLE_MAX) next.role = t('form.errors.role', { min: PORTFOLIO_ROLE_MIN, max: PORTFOLIO_ROLE_MAX });
    const trimmedQuestions = questions.trim();
    if (trimmedQuestions.length < PORTFOLIO_QUESTIONS_MIN || trimmedQuestions.length > PORTFOLIO_QUESTIONS_MAX) {
      next.questions = t('form.errors.questions', { min: PORTFOLIO_QUESTIONS_MIN, max: PORTFOLIO_QUESTIONS_MAX });
    }
    if (!consent) next.consent = t('form.errors.consent');
    for (const key of Object.keys(next) as (keyof Errors)[]) if (!next[key]) delete next[key];
    setErrors(next);
    if (Object.keys(next).length > 0) {
      // Focus the first field that needs the member (the order of the form).
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    send.mutate(
      { link: source === 'link' ? trimmedLink : undefined, pdf: source === 'pdf' ? (pdf ?? undefined) : undefined, role: trimmedRole, level, questions: trimmedQuestions, locale, consent: true },
      {
        onSuccess: (request) => {
          toast.success(t('form.sent'));
          navigate(pathTo('MinePortfolioRequest', { id: request.id }));
        },
      },
    );
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label={t('form.title')}>
      <div className={styles.group}>
        <h3 className={styles.groupTitle}>{t('form.title')}</h3>
        <fieldset className={portfolio.fieldset}>
          <legend className={portfolio.legend}>{t('form.source')}</legend>
          <div className={portfolio.choices}>
            <label className={portfolio.choice}>
              <input type="radio" name="source" value="link" checked={source === 'link'} onChange={() => setSource('link')} />
              {t('form.sourceLink')}
            </label>
            <label className={portfolio.choice}>
              <input type="radio" name="source" value="pdf" checked={source === 'pdf'} onChange={() => setSource('pdf')} />
              {t('form.sourcePdf')}
            </label>
          </div>
          {source === 'link' ? (
            <Field
              label={t('form.link')}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              error={errors.link}
              hint={t('form.linkHint')}
            />
          ) : (
            <PdfInput onChange={choosePdf} error={errors.pdf} />
          )}
        </fieldset>
        <Field label={t('form.role')} value={role} onChange={(e) => setRole(e.target.value)} error={errors.role} hint={t('form.roleHint')} maxLength={PORTFOLIO_ROLE_MAX} />
        <SelectField label={t('form.level')} value={level} onChange={(e) => setLevel(e.target.value as PortfolioLevel)}>
          {PORTFOLIO_LEVELS.map((value) => (
            <option key={value} value={value}>
              {t(`levels.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('form.questions')}
          rows={6}
          value={questions}
          onChange={(e) => setQuestions(e.target.value)}
          error={errors.questions}
          hint={t('form.questionsHint')}
          maxLength={PORTFOLIO_QUESTIONS_MAX}
        />
        <LanguageSelect value={locale} onChange={setLocale} />
        <div className={portfolio.fieldset}>
          <label className={portfolio.choice}>
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? 'portfolio-consent-error' : undefined}
            />
            {t('form.consent')}
          </label>
          {errors.consent && (
            <p id="portfolio-consent-error" className={portfolio.error}>
              {errors.consent}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <button type="submit" className={`${buttons.primary} ${styles.save}`} disabled={send.isPending} aria-busy={send.isPending}>
            {send.isPending ? t('form.sending') : t('form.send')}
          </button>
        </div>
      </div>
    </form>
  );
}

function PdfInput({ onChange, error }: { onChange: (event: ChangeEvent<HTMLInputElement>) => void; error?: string }) {
  const { t } = useTranslation('portfolio');
  return (
    <div className={portfolio.fieldset}>
      <label htmlFor="portfolio-pdf" className={styles.label}>
        {t('form.pdf')}
      </label>
      <input
        id="portfolio-pdf"
        type="file"
        accept="application/pdf,.pdf"
        className={portfolio.file}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'portfolio-pdf-error portfolio-pdf-hint' : 'portfolio-pdf-hint'}
      />
      <p id="portfolio-pdf-hint" className={styles.hint}>
        {t('form.pdfHint', { mb: PORTFOLIO_PDF_MAX_BYTES / 1024 / 1024 })}
      </p>
      {error && (
        <p id="portfolio-pdf-error" className={portfolio.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function LanguageSelect({ value, onChange }: { value: Locale; onChange: (locale: Locale) => void }) {
  const { t } = useTranslation('portfolio');
  const { t: common } = useTranslation();
  return (
    <SelectField label={t('form.language')} hint={t('form.languageHint')} value={value} onChange={(e) => onChange(e.target.value as Locale)}>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {common(`language.${locale}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** The member's requests, newest first, with their state and dates. */
function Requests() {
  const { t } = useTranslation('portfolio');
  const [page, setPage] = useState(1);
  const list = usePortfolioList(page);
  if (list.isPending) return null;
  if (list.isError) {
    return (
      <NoticePanel
        alert
        message={t('common.loadFailed')}
        action={
          <button type="button" className={buttons.secondary} onClick={() => void list.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  }
  const pages = Math.max(1, Math.ceil(list.data.total / PORTFOLIO_PAGE_SIZE));
  return (
    <div className={styles.group}>
      <h3 className={styles.groupTitle}>{t('mine.requests')}</h3>
      {list.data.arr.length === 0 ? (
        <Panel as="p" tone="dashed" className={styles.empty}>
          {t('mine.empty')}
        </Panel>
      ) : (
        <DataTable<PortfolioSummary>
          caption={t('mine.requestsCaption')}
          cardsWhenNarrow
          rows={list.data.arr}
          rowKey={(request) => request.id}
          columns={[
            {
              key: 'role',
              header: t('details.role'),
              rowHeader: true,
              cell: (request) => <Link to={pathTo('MinePortfolioRequest', { id: request.id })}>{request.role}</Link>,
            },
            { key: 'level', header: t('details.level'), nowrap: true, cell: (request) => t(`levels.${request.level}`) },
            { key: 'sent', header: t('details.sent'), nowrap: true, cell: (request) => formatPortfolioDate(request.createdAt) },
            { key: 'state', header: t('details.state'), nowrap: true, cell: (request) => <PortfolioStateBadge state={request.state} /> },
            { key: 'updated', header: t('details.updated'), nowrap: true, cell: (request) => formatPortfolioDate(request.updatedAt) },
          ]}
        />
      )}
      <PortfolioPager page={page} pages={pages} onPage={setPage} label={t('mine.paging')} className={styles.actions} />
    </div>
  );
}
