import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures';

/**
 * Insights (issue 5): the /points grid and the /point/{id} article in the three languages, the
 * article's date as month/day/year, the not-found cases, and axe-core on both pages. Titles and
 * dates are read from the API of the running server, so the tests follow the demo seed.
 */

const API = '/ui/c-api/v1';
const LOCALES = ['enUS', 'zhCN', 'zhTW'] as const;
type Locale = (typeof LOCALES)[number];

type ArticleItem = { id: number; title: string; preview: string };
type Article = { id: number; title: string; updateTime: string; content: string };

/** The texts the reader sees, from the locale files the web app ships. */
const localeDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/i18n');
const texts = (locale: Locale) => JSON.parse(readFileSync(path.join(localeDir, `${locale}.json`), 'utf8')) as Record<string, Record<string, Record<string, string>>>;

async function call<T>(request: APIRequestContext, url: string): Promise<T> {
  const body = (await (await request.get(`${API}${url}`)).json()) as { code: number; data: T };
  expect(body.code, url).toBe(0);
  return body.data;
}

const articles = async (request: APIRequestContext, locale: Locale = 'enUS') =>
  (await call<{ arr: ArticleItem[] }>(request, `/article?lang=${locale}`)).arr;

/** Show the app in `locale` from the first page load on. */
const useLocale = (page: Page, locale: Locale) => page.addInitScript((value) => localStorage.setItem('locale', value), locale);

/** month/day/year of an ISO time, in the browser's time zone (as the page shows it). */
const monthDayYear = (page: Page, iso: string) =>
  page.evaluate((value) => {
    const d = new Date(value);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
  }, iso);

const cards = (page: Page) => page.getByRole('main').getByRole('listitem');

test.describe('the insights list', () => {
  test('a 3-column grid of cards with cover, title and “view details”; a card opens its article', async ({ page, request }) => {
    const list = await articles(request);
    expect(list.length).toBeGreaterThanOrEqual(4);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/points');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(cards(page)).toHaveCount(list.length);

    const first = cards(page).first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText(list[0]!.title);
    await expect(first.getByText('view details', { exact: true })).toBeVisible();
    await expect(first.locator('img')).toHaveAttribute('src', `/media/${list[0]!.preview}`);
    await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('main').getByText('view details', { exact: true })).toHaveCount(list.length);

    const tops = await cards(page).evaluateAll((els) => els.slice(0, 4).map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0]!);

    await cards(page).nth(1).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/point/${list[1]!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: list[1]!.title })).toBeVisible();
  });

  for (const locale of ['zhCN', 'zhTW'] as const) {
    test(`${locale}: the titles are in the reader's language`, async ({ page, request }) => {
      const list = await articles(request, locale);
      await useLocale(page, locale);
      await page.goto('/points');
      await expect(page.getByRole('heading', { level: 1, name: texts(locale).insights!.list!.title })).toBeVisible();
      await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(list.map((a) => a.title));
      await expect(cards(page).first().getByText(texts(locale).insights!.list!.viewDetails!)).toBeVisible();
    });
  }
});

test.describe('an article', () => {
  for (const locale of LOCALES) {
    test(`${locale}: title, update date as month/day/year and rich content`, async ({ page, request }) => {
      const [latest] = await articles(request);
      const article = await call<Article>(request, `/article/${latest!.id}?lang=${locale}`);
      await useLocale(page, locale);
      await page.goto(`/point/${article.id}`);

      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(article.title);
      const date = await monthDayYear(page, article.updateTime);
      expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const updated = texts(locale).insights!.article!.updated!.replace(/<\/?time>/g, '').replace('{{date}}', date);
      await expect(main.getByText(updated, { exact: true })).toBeVisible();
      await expect(main.locator('time')).toHaveAttribute('datetime', article.updateTime);
      // The article's own HTML, rendered: section headings, a list, a quote.
      await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(main.getByRole('listitem').first()).toBeVisible();
      await expect(main.locator('blockquote').first()).toBeVisible();
      await expect(page).toHaveTitle(`${article.title} · Shotlib`);
    });
  }

  test('follows a change of language, asking the server in the new language', async ({ page, request }) => {
    const [latest] = await articles(request);
    const zh = await call<Article>(request, `/article/${latest!.id}?lang=zhCN`);
    await page.goto(`/point/${latest!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(latest!.title);
    const asked = page.waitForRequest((r) => r.url().includes(`${API}/article/${latest!.id}?lang=zhCN`));
    await page.getByRole('button', { name: /^Language: English/ }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await asked;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.title);
    await expect(page.getByRole('main').getByText(/^更新于 \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  });

  test('zero, a non-number or an unknown id: a friendly not-found, and zero or a non-number asks nothing', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`${API}/article/`)) asked.push(r.url());
    });
    for (const id of ['0', 'abc', '-2']) {
      await page.goto(`/point/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to Insights' })).toHaveAttribute('href', '/points');
    }
    expect(asked).toEqual([]);

    await page.goto('/point/987654');
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
    expect(asked).toHaveLength(1);
    // Article failures are not shown as a toast (docs/product-spec.md §8): the page explains.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Back to Insights' }).click();
    await expect(page).toHaveURL(/\/points$/);
  });
});

test.describe('accessibility', () => {
  test('axe-core finds no serious violation on /points and /point/{id}', async ({ page, request }) => {
    const [latest] = await articles(request);
    await page.goto('/points');
    await expect(cards(page).first().getByRole('heading')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/point/${latest!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: latest!.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/point/0');
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
