import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { i18n } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import type { Locale } from '@shotlib/contract';
import enUS from '../../i18n/legal.enUS.json';
import zhCN from '../../i18n/legal.zhCN.json';
import zhTW from '../../i18n/legal.zhTW.json';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';
import { ACTIVE_SECTION_ROOT_MARGIN } from './use-active-section';

const SUPPORT_EMAIL = 'help@example.test';

async function createI18n(lng: Locale): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'enUS',
    ns: ['legal'],
    defaultNS: 'legal',
    resources: { enUS: { legal: enUS }, zhCN: { legal: zhCN }, zhTW: { legal: zhTW } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

async function renderPage(Page: ComponentType, lng: Locale = 'enUS') {
  const instance = await createI18n(lng);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={instance}>
        <Page />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** Stands in for the browser's IntersectionObserver, which jsdom lacks; the test plays the browser. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined;
  readonly observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  /** Report that these sections entered (true) or left (false) the observed band. */
  report(changes: Record<string, boolean>) {
    const entries = Object.entries(changes).map(([id, isIntersecting]) => {
      const target = document.getElementById(id);
      if (!target) throw new Error(`no section #${id}`);
      return { target, isIntersecting } as Partial<IntersectionObserverEntry> as IntersectionObserverEntry;
    });
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

/** jsdom has no layout: place the sections 500px apart, the first at `firstTop` (jsdom's viewport is 768px high). */
function layOutSections(firstTop: number) {
  document.querySelectorAll('section[id]').forEach((section, index) => {
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: firstTop + index * 500 } as DOMRect);
  });
}

function currentTocLinks(): string[] {
  const toc = screen.getByRole('navigation', { name: 'On this page' });
  return within(toc)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'true')
    .map((link) => link.textContent ?? '');
}

let scrollIntoView: Mock<Element['scrollIntoView']>;

beforeEach(() => {
  // jsdom does not lay out or scroll; record the calls instead.
  scrollIntoView = vi.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  FakeIntersectionObserver.last = undefined;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ code: 0, message: 'ok', data: { mediaBase: '/media', supportEmail: SUPPORT_EMAIL, google: false } }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TermsPage', () => {
  it('shows the title, the effective date and the ten numbered sections in order', async () => {
    await renderPage(TermsPage);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service');
    expect(screen.getByText('Effective date: 18 September 2025')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '1. About Shotlib',
      '2. Acceptance of these terms',
      '3. Your account',
      '4. Subscriptions and payment',
      '5. Acceptable use',
      '6. Intellectual property',
      '7. Disclaimers and limitation of liability',
      '8. Suspension and termination',
      '9. Changes to the service and these terms',
      '10. Contact us',
    ]);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('#accounts');
    expect(document.getElementById('accounts')?.querySelector('h2')?.textContent).toBe('3. Your account');
  });

  it('interpolates the support address as a mailto link and the reply time', async () => {
    await renderPage(TermsPage);

    const contact = document.getElementById('contact');
    if (!contact) throw new Error('no contact section');
    const link = await within(contact).findByRole('link', { name: SUPPORT_EMAIL });
    expect(link.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(contact.textContent).toContain(`please write to us at ${SUPPORT_EMAIL}. We reply within 48 hours.`);
    expect(document.body.textContent).not.toContain('{{');
  });

  it('observes the sections with the 20 % / 60 % band and marks the section reaching into it as current', async () => {
    await renderPage(TermsPage);
    const observer = FakeIntersectionObserver.last;
    if (!observer) throw new Error('no IntersectionObserver created');

    expect(observer.options.rootMargin).toBe(ACTIVE_SECTION_ROOT_MARGIN);
    expect(ACTIVE_SECTION_ROOT_MARGIN).toBe('-20% 0px -60% 0px');
    expect(observer.observed.map((element) => element.id)).toEqual([
      'about', 'acceptance', 'accounts', 'subscription', 'usage', 'ip', 'disclaimer', 'termination', 'changes', 'contact',
    ]);
    expect(currentTocLinks()).toEqual(['1About Shotlib']);

    // The band's lower edge is 40 % down jsdom's 768px viewport: 307.2px.
    layOutSections(400); // the top of the page: 'about' starts below the band
    observer.report({ about: false });
    expect(currentTocLinks()).toEqual(['1About Shotlib']);

    layOutSections(-2000); // 'usage' starts at 0, 'ip' at 500
    observer.report({ usage: true });
    expect(currentTocLinks()).toEqual(['5Acceptable use']);

    // The start of the next section joins the tail of this one in the band: the reader moved on.
    layOutSections(-2250); // 'ip' starts at 250
    observer.report({ ip: true });
    expect(currentTocLinks()).toEqual(['6Intellectual property']);

    // Scrolling back up, the start of 'ip' leaves the band through its lower edge.
    layOutSections(-2150); // 'ip' starts at 350
    observer.report({ ip: false });
    expect(currentTocLinks()).toEqual(['5Acceptable use']);

    // Back at the top of the page.
    layOutSections(400);
    observer.report({ usage: false, about: false });
    expect(currentTocLinks()).toEqual(['1About Shotlib']);
  });

  it('scrolls smoothly to a section chosen in the table of contents and keeps it current while scrolling there', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    await renderPage(TermsPage);
    const observer = FakeIntersectionObserver.last;
    if (!observer) throw new Error('no IntersectionObserver created');

    fireEvent.click(screen.getByRole('link', { name: 'Contact us' }));

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('contact'));
    expect(currentTocLinks()).toEqual(['10Contact us']);
    expect(window.location.hash).toBe('#contact');
    expect(document.activeElement).toBe(document.getElementById('contact'));

    // Sections passed on the way down do not take over until the scroll has ended.
    layOutSections(-3900); // 'changes' starts at 100, 'contact' at 600
    observer.report({ changes: true });
    expect(currentTocLinks()).toEqual(['10Contact us']);
    act(() => window.dispatchEvent(new Event('scrollend')));

    // Afterwards the reader's scrolling decides again.
    layOutSections(-3400); // 'termination' starts at 100, 'changes' at 600
    observer.report({ changes: false, termination: true });
    expect(currentTocLinks()).toEqual(['8Suspension and termination']);
  });

  it('jumps without animation when the reader prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }));
    await renderPage(TermsPage);

    fireEvent.click(screen.getByRole('link', { name: 'Acceptable use' }));

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(currentTocLinks()).toEqual(['5Acceptable use']);
  });

  it('renders in Simplified Chinese', async () => {
    await renderPage(TermsPage, 'zhCN');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('服务条款');
    expect(screen.getByText('生效日期：2025年9月18日')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })[2]?.textContent).toBe('3. 您的账号');
    expect(screen.getByRole('navigation', { name: '本页目录' })).toBeTruthy();
  });
});

describe('PrivacyPage', () => {
  it('shows the nine numbered sections in Traditional Chinese', async () => {
    await renderPage(PrivacyPage, 'zhTW');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('隱私權政策');
    expect(screen.getByRole('article').getAttribute('lang')).toBe('zh-TW');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '1. 我們蒐集的資料',
      '2. 我們如何使用資料',
      '3. 訂閱與付款',
      '4. 跨境傳輸',
      '5. 您的權利',
      '6. 安全與保存',
      '7. 第三方',
      '8. Cookie',
      '9. 聯絡我們',
    ]);
    const contact = document.getElementById('contact');
    if (!contact) throw new Error('no contact section');
    expect(contact.textContent).toContain('48 小時內回覆');
  });
});

/** Every leaf of a locale file as `path → value`; array items count as keys, so lists must match too. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [childPath, text] of leaves(child, path ? `${path}.${key}` : key)) out.set(childPath, text);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('legal locale files', () => {
  const english = leaves(enUS);

  it.each([
    ['zhCN', zhCN],
    ['zhTW', zhTW],
  ])('%s has exactly the keys of enUS and the same placeholders in each string', (_name, file) => {
    const translated = leaves(file);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect({ key, placeholders: placeholders(translated.get(key) ?? '') }).toEqual({ key, placeholders: placeholders(text) });
    }
  });

  it('has no empty strings', () => {
    for (const file of [enUS, zhCN, zhTW]) {
      for (const [key, text] of leaves(file)) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    }
  });
});
