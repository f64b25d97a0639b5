import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '@shotlib/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeString } from '../lib/storage';
import enUS from './enUS.json';

/**
 * All texts ship with the build (no translation server). The default language's app texts
 * (namespace 'translation', English) are in the first bundle; the other languages' are a chunk each,
 * loaded before the first render when the reader chose one (`i18nReady`) or when they switch.
 * 'legal' (terms and privacy, three times larger) is a chunk of its own per language, loaded by the
 * two legal routes before they render (`loadNamespace('legal')`); so is 'admin' (the console's texts,
 * loaded by the /admin route) and 'portfolio' (portfolio guidance: the member's, the reviewer's and the
 * console's pages). See docs/decisions/035.
 */
export const resources = {
  enUS: { translation: enUS },
} as const;

const lazyTexts: Record<string, Partial<Record<Locale, () => Promise<{ default: ResourceKey }>>>> = {
  translation: {
    zhCN: () => import('./zhCN.json'),
    zhTW: () => import('./zhTW.json'),
  },
  legal: {
    enUS: () => import('./legal.enUS.json'),
    zhCN: () => import('./legal.zhCN.json'),
    zhTW: () => import('./legal.zhTW.json'),
  },
  admin: {
    enUS: () => import('./admin.enUS.json'),
    zhCN: () => import('./admin.zhCN.json'),
    zhTW: () => import('./admin.zhTW.json'),
  },
  portfolio: {
    enUS: () => import('./portfolio.enUS.json'),
    zhCN: () => import('./portfolio.zhCN.json'),
    zhTW: () => import('./portfolio.zhTW.json'),
  },
};

/** An i18next backend reading the lazily bundled namespaces above. */
const bundledChunks: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const load = isLocale(language) ? lazyTexts[namespace]?.[language] : undefined;
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Make a lazily bundled namespace ready (for the current and fallback languages). */
export function loadNamespace(namespace: 'legal' | 'admin' | 'portfolio'): Promise<void> {
  return i18n.loadNamespaces(namespace);
}

/** BCP 47 tags for <html lang> (screen readers, CJK font selection) and Intl formatting. */
export const LANGUAGE_TAGS: Record<Locale, string> = { enUS: 'en', zhCN: 'zh-CN', zhTW: 'zh-TW' };

export const isLocale = (value: unknown): value is Locale => LOCALES.some((locale) => locale === value);

/** The reader's saved choice (stored as the plain code, e.g. `zhTW`), else English (docs/product-spec.md §1). */
export function storedLocale(): Locale {
  const saved = readString(STORAGE_KEYS.locale);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/** The language being shown. */
export function currentLocale(): Locale {
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

/**
 * `<html lang>` follows the language. Set only when it changes: the server's page already says `en`, and setting it
 * again, even to the same tag, took about 25 ms of the start's main thread in a sampled profile (docs/decisions/035,
 * "Compiled off the main thread").
 */
function applyDocumentLanguage(locale: string): void {
  if (typeof document === 'undefined' || !isLocale(locale)) return;
  const root = document.documentElement;
  if (root.lang !== LANGUAGE_TAGS[locale]) root.lang = LANGUAGE_TAGS[locale];
}

i18n.on('languageChanged', applyDocumentLanguage);

/** Resolves once the reader's language is ready to render (at once for English; after its chunk otherwise). */
export const i18nReady: Promise<void> = i18n
  .use(bundledChunks)
  .use(initReactI18next)
  .init({
    resources,
    // 'translation' is given above; other namespaces come through the backend.
    partialBundledLanguages: true,
    lng: storedLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // The codes are whole names (enUS, not en-US): never look for a bare 'en' or 'zh'.
    load: 'currentOnly',
    // …nor tidy them: i18next would ask `Intl.getCanonicalLocales('enUS')`, which throws (not a BCP 47 tag) after ICU
    // starts up: about 29 ms of the start's main thread in a sampled profile (docs/decisions/035, "Compiled off the
    // main thread").
    cleanCode: false,
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false, // English is bundled: ready before the first render; main.tsx awaits i18nReady for the others
  })
  .then(() => undefined);

/**
 * i18next finds a text's plural form through `Intl.PluralRules(code)`. Our codes (enUS, zhCN, zhTW) are not BCP 47
 * tags: each lookup threw a RangeError and i18next fell back to its own one/other rule, without keeping it, so every
 * `t()` with a count paid for an exception (a list's first render makes dozens). The rule i18next finds is now kept
 * per code: the same rule, looked up once (i18n.test.ts).
 */
function keepPluralRules(): void {
  const resolver = i18n.services.pluralResolver as { getRule?: (code: string, options?: { ordinal?: boolean }) => unknown } | undefined;
  const lookup = resolver?.getRule?.bind(resolver);
  if (!resolver || !lookup) return;
  const kept = new Map<string, unknown>();
  resolver.getRule = (code, options = {}) => {
    const key = `${code}|${options.ordinal ? 'ordinal' : 'cardinal'}`;
    if (!kept.has(key)) kept.set(key, lookup(code, options));
    return kept.get(key);
  };
}
keepPluralRules();

/** What a component's `t` passes besides the key when it is called with a key alone (react-i18next's fixed `t`). */
const PLAIN_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

/**
 * A text asked for by its key alone (no count, no values) is the same until the language or the loaded texts
 * change, yet each `t()` walks i18next's whole path (options merged, namespaces and fallbacks resolved, the text
 * searched for nesting and interpolation): a fifth of a list page's first render on a phone (docs/decisions/035,
 * "Blocking time"). Such texts are kept per language, namespace and key, and forgotten whenever the language
 * changes or texts are added (a namespace's chunk arriving). Calls with other options go through as before.
 */
function keepPlainTexts(): void {
  const translate = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
  const kept = new Map<string, unknown>();
  const forget = () => kept.clear();
  i18n.on('languageChanged', forget);
  i18n.on('loaded', forget);
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);
  i18n.t = ((key: unknown, options?: Record<string, unknown>, ...rest: unknown[]) => {
    const plain = typeof key === 'string' && rest.length === 0 && (options == null || (typeof options === 'object' && Object.keys(options).every((name) => PLAIN_OPTIONS.has(name))));
    if (!plain) return translate(key, options, ...rest);
    const id = [options?.lng ?? i18n.language, String(options?.lngs ?? ''), String(options?.ns ?? ''), options?.keyPrefix ?? '', key].join('\u0000');
    if (!kept.has(id)) kept.set(id, translate(key, options));
    return kept.get(id);
  }) as unknown as typeof i18n.t;
}
keepPlainTexts();

/** Switch language (once its texts are loaded), remember it for the next visit and update <html lang>. */
export async function setLocale(locale: Locale): Promise<void> {
  writeString(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
