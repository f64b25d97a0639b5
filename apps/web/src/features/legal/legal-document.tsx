import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, POLICY_EFFECTIVE_DATE, SUPPORT_REPLY_HOURS } from '@shotlib/contract';
import type { Locale } from '@shotlib/contract';
import { DocumentTitle } from '../../components/document-title';
import type legalEnUS from '../../i18n/legal.enUS.json';
import styles from './legal.module.css';
import { useActiveSection } from './use-active-section';
import { useSupportEmail } from '../../lib/public-config';

type LegalText = typeof legalEnUS;
export type LegalDocumentKind = 'terms' | 'privacy';
/** The section keys of one document, as the English locale file defines them. */
export type LegalSectionId<K extends LegalDocumentKind> = keyof LegalText[K]['sections'] & string;

/** A paragraph, or a bulleted list when the locale file gives an array of strings. */
type Block = string | readonly string[];
type DocumentText = {
  title: string;
  effective: string;
  intro: readonly Block[];
  sections: Record<string, { title: string; body: readonly Block[] } | undefined>;
};

type LegalDocumentProps = {
  [K in LegalDocumentKind]: { kind: K; sectionIds: readonly LegalSectionId<K>[] };
}[LegalDocumentKind];

/**
 * `lang` for the markup and the locale for the effective date. English uses day-month-year
 * ("18 September 2025") as the specification writes it.
 */
const LOCALE_TAGS: Record<Locale, { lang: string; date: string }> = {
  enUS: { lang: 'en', date: 'en-GB' },
  zhCN: { lang: 'zh-CN', date: 'zh-CN' },
  zhTW: { lang: 'zh-TW', date: 'zh-TW' },
};

function toLocale(language: string | undefined): Locale {
  return LOCALES.find((locale) => locale === language) ?? DEFAULT_LOCALE;
}

function formatDate(isoDate: string, locale: string): string {
  // A calendar date, not an instant: format it in UTC so no time zone moves it by a day.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

function isDocumentText(value: unknown): value is DocumentText {
  if (typeof value !== 'object' || value === null) return false;
  const text = value as Partial<Record<keyof DocumentText, unknown>>;
  return typeof text.title === 'string' && Array.isArray(text.intro) && typeof text.sections === 'object' && text.sections !== null;
}

/** Replace each occurrence of the support address in a sentence with a mailto link. */
function withMailLinks(sentence: string, email: string): ReactNode {
  const parts = sentence.split(email);
  if (parts.length === 1) return sentence;
  return parts.flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <a key={index} className={styles.mail} href={`mailto:${email}`}>
            {email}
          </a>,
          part,
        ],
  );
}

function renderBlock(block: Block, index: number, email: string, className?: string): ReactNode {
  if (typeof block === 'string') {
    return (
      <p key={index} className={className}>
        {withMailLinks(block, email)}
      </p>
    );
  }
  return (
    <ul key={index} className={styles.list}>
      {block.map((item, itemIndex) => (
        <li key={itemIndex}>{withMailLinks(item, email)}</li>
      ))}
    </ul>
  );
}

/**
 * A legal page (Terms of Service or Privacy Policy) in the current language: title, effective
 * date, a table of contents that follows the reader, and numbered sections in the given order.
 */
export function LegalDocument({ kind, sectionIds }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const email = useSupportEmail();
  const tags = LOCALE_TAGS[toLocale(i18n.resolvedLanguage ?? i18n.language)];

  // One call returns the whole document with every string interpolated. React escapes the
  // output, so i18next must not escape it a second time.
  const text: unknown = t(kind, {
    returnObjects: true,
    email,
    hours: SUPPORT_REPLY_HOURS,
    date: formatDate(POLICY_EFFECTIVE_DATE, tags.date),
    interpolation: { escapeValue: false },
  });
  if (!isDocumentText(text)) return null;

  const sections = sectionIds.flatMap((id) => {
    const section = text.sections[id];
    return section ? [{ id, ...section }] : [];
  });

  return (
    <LegalView
      lang={tags.lang}
      title={text.title}
      effective={text.effective}
      intro={text.intro}
      sections={sections}
      tocLabel={t('toc')}
      email={email}
    />
  );
}

type LegalViewProps = {
  lang: string;
  title: string;
  effective: string;
  intro: readonly Block[];
  sections: readonly { id: string; title: string; body: readonly Block[] }[];
  tocLabel: string;
  email: string;
};

/** Rendered only once the text exists, so the section observer always finds its elements. */
function LegalView({ lang, title, effective, intro, sections, tocLabel, email }: LegalViewProps) {
  const { activeId, scrollToSection } = useActiveSection(sections.map((section) => section.id));

  function onTocClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
    // Let the browser handle new-tab and new-window clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    scrollToSection(id);
  }

  return (
    <article className={styles.article} lang={lang}>
      <DocumentTitle title={title} />
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.effective}>
          <time dateTime={POLICY_EFFECTIVE_DATE}>{effective}</time>
        </p>
      </header>

      <div className={styles.layout}>
        <nav className={styles.toc} aria-label={tocLabel}>
          <p className={styles.tocLabel} aria-hidden="true">
            {tocLabel}
          </p>
          <ol className={styles.tocList}>
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  className={styles.tocLink}
                  href={`#${section.id}`}
                  aria-current={section.id === activeId ? 'true' : undefined}
                  onClick={(event) => onTocClick(event, section.id)}
                >
                  <span className={styles.tocNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className={styles.content}>
          {intro.map((block, index) => renderBlock(block, index, email, styles.lead))}
          {sections.map((section, index) => (
            // tabIndex -1: a TOC click moves focus here, as following an in-page link does.
            <section key={section.id} id={section.id} className={styles.section} tabIndex={-1}>
              <h2 className={styles.heading}>
                <span className={styles.number}>{index + 1}.</span> {section.title}
              </h2>
              {section.body.map((block, blockIndex) => renderBlock(block, blockIndex, email))}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
