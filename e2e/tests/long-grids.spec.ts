import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginAsVip, test, type SignedIn } from '../fixtures';

/**
 * Issue 29, fault 8: the lists' DOM kept growing as a reader scrolled (4,190 elements after 104 cards on /app, about
 * 40 a card, none recycled before 120). Every grid (apps, the Screens view, flows, collections) is scrolled through
 * ten pages or more where the demo has them, as a subscriber at 1280×800: the document stays under 3,000 elements,
 * a back navigation comes back to the same place with the same cards on screen, and the first cards are there again
 * once scrolled back to (docs/decisions/057). Figures come from the API, so the tests follow the demo.
 */

const API = '/ui/c-api/v1';
const MAX_ELEMENTS = 3000;
/** How many pages each grid is scrolled through, at most (fewer where the demo has fewer). */
const PAGES = 13;

type List<T> = { arr: T[]; total: number };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, token?: string): Promise<T> {
  const headers = token ? { Authorization: token } : undefined;
  const response = await request.fetch(`${API}${path}`, { method, data, headers });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code, `${method} ${path} answers code 0`).toBe(0);
  return body.data;
}

const elementCount = (page: Page) => page.evaluate(() => document.querySelectorAll('*').length);

/**
 * The names of the grid's cards on screen (the first link or button of each cell, top to bottom): those whose middle
 * is in the viewport, `edge` px clear of its top and bottom. Taken with EDGE before and 0 after, the cards of a place
 * restored within EDGE px are among those shown again.
 */
const EDGE = 40;
const cardsOnScreen = (page: Page, edge = 0) =>
  page.evaluate((edge) => {
    const lists = Array.from(document.querySelectorAll('main ul[role="list"]'));
    const grid = lists.sort((a, b) => b.children.length - a.children.length)[0];
    if (!grid) return [];
    return Array.from(grid.children)
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        const middle = (box.top + box.bottom) / 2;
        return box.height > 0 && middle >= edge && middle <= window.innerHeight - edge;
      })
      .map((cell) => {
        const control = cell.querySelector('a, button');
        return control ? (control.getAttribute('aria-label') ?? control.textContent ?? '').trim() : '';
      })
      .filter(Boolean);
  }, edge);

/**
 * Scrolls to the end of the page until `pages` pages of the list answered at `endpoint` have come (or the list has no
 * more), the page number read from the call's body or query. Returns the element counts seen after each page.
 */
async function scrollThrough(page: Page, endpoint: string, pages: number): Promise<number[]> {
  let answered = 0;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(`${API}${endpoint}`) || response.request().method() !== 'POST') return;
    const body = response.request().postDataJSON() as { page?: number } | null;
    const number = body?.page ?? Number(url.searchParams.get('page') ?? 1);
    answered = Math.max(answered, number);
  });
  const counts: number[] = [];
  // The first page is on screen (it may have come with the page itself, or before this listener).
  answered = Math.max(answered, 1);
  while (answered < pages) {
    const before = answered;
    // Down to the end, again while the next page has not come (as a reader keeps scrolling: the grid may still be
    // drawing its last rows when the first scroll lands).
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return answered;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(before);
    // The page's cards drawn (a frame or two after the reply).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    counts.push(await elementCount(page));
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  counts.push(await elementCount(page));
  return counts;
}

/**
 * The checks every grid gets once scrolled far: the element count, a back navigation from halfway up, the first
 * cards after scrolling back to the top.
 */
async function checkLongGrid(page: Page, label: string, endpoint: string, pages: number) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const first = await cardsOnScreen(page, EDGE);
  expect(first.length, `${label}: cards on screen at the top`).toBeGreaterThan(0);
  const counts = await scrollThrough(page, endpoint, pages);
  console.log(`${label}: elements after each of ${pages} pages: ${counts.join(', ')}`);
  expect(Math.max(...counts), `${label}: elements in the document`).toBeLessThan(MAX_ELEMENTS);

  // Halfway up, away by the header and back: the same place, the same cards. The link is clicked where it is (a DOM
  // click): Playwright's own click first scrolls a header link it takes for out of view, moving the page about 400 px
  // before the place is left, which no reader's click does.
  await page.evaluate(() => window.scrollTo(0, Math.round(document.documentElement.scrollHeight / 2)));
  const insights = page.getByRole('banner').getByRole('link', { name: 'Insights' }).first();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const y = await page.evaluate(() => window.scrollY);
  const here = await cardsOnScreen(page, EDGE);
  expect(here.length, `${label}: cards on screen halfway`).toBeGreaterThan(0);
  await insights.dispatchEvent('click');
  await expect(page).toHaveURL(/\/points/);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: `${label}: scroll position after back` }).toBeGreaterThan(y - 30);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - y), `${label}: scroll position after back`).toBeLessThanOrEqual(30);
  await expect.poll(() => cardsOnScreen(page), { message: `${label}: cards on screen after back` }).toEqual(expect.arrayContaining(here));
  expect(await elementCount(page)).toBeLessThan(MAX_ELEMENTS);

  // Back at the top, the first cards are drawn again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => cardsOnScreen(page), { message: `${label}: the first cards again` }).toEqual(expect.arrayContaining(first));
}

/** Pages of `pageSize` in a list of `total`, at most PAGES. */
const pagesOf = (total: number, pageSize: number) => Math.min(PAGES, Math.ceil(total / pageSize));

test.describe('long grids stay light (issue 29, fault 8)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('/app, 104 cards as in the issue', async ({ page, request }) => {
    await loginAsVip(page, request);
    const { total } = await call<List<unknown>>(request, 'POST', '/platform', { page: 1, pageSize: 8, platform: false });
    // The demo has fewer apps than the 104 cards: the list call answers 13 pages made from the demo's own
    // (each card its own id and name), as the 1,000-card test of first-view.spec.ts does.
    const CARDS = 104;
    await page.route(`**${API}/platform`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const asked = route.request().postDataJSON() as { page: number; pageSize: number };
      const from = (asked.page - 1) * asked.pageSize;
      // Only the demo's full pages (another test may add an app meanwhile: a last page of one card would end the list).
      const realPage = ((asked.page - 1) % Math.max(1, Math.floor(total / asked.pageSize))) + 1;
      const real = (await (await route.fetch({ postData: { ...asked, page: realPage } })).json()) as { data: { arr: Record<string, unknown>[] } };
      const arr = real.data.arr.slice(0, Math.max(0, Math.min(asked.pageSize, CARDS - from))).map((item, i) =>
        asked.page === 1 ? item : { ...item, id: 100_000 + from + i, name: `${String(item.name)} ${from + i + 1}` },
      );
      await route.fulfill({ json: { code: 0, message: 'success', data: { arr, total: CARDS } } });
    });
    await page.goto('/app');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await checkLongGrid(page, '/app', '/platform', CARDS / 8);
  });

  test('/screens', async ({ page, request }) => {
    const vip = await loginAsVip(page, request);
    const { total } = await call<List<unknown>>(request, 'POST', '/screen', { page: 1, pageSize: 24, rank: 'N' }, vip.token);
    expect(total).toBeGreaterThan(240);
    await page.goto('/screens');
    await expect(page.getByRole('main').getByRole('button', { name: /^Open the / }).first()).toBeVisible();
    await checkLongGrid(page, '/screens', '/screen', 10);
  });

  test('/flows', async ({ page, request }) => {
    const vip = await loginAsVip(page, request);
    const { total } = await call<List<unknown>>(request, 'POST', '/flow', { page: 1, pageSize: 8, rank: 'N' }, vip.token);
    test.skip(total <= 16, `the demo has ${total} flows`);
    await page.goto('/flows');
    await expect(page.getByRole('main').getByRole('list').first()).toBeVisible();
    await checkLongGrid(page, '/flows', '/flow', pagesOf(total, 8));
  });

  test('/collect, with 104 screens collected', async ({ page, request }) => {
    const vip: SignedIn = await loginAsVip(page, request);
    const screens = [
      ...(await call<List<{ id: number }>>(request, 'POST', '/screen', { page: 1, pageSize: 50, rank: 'N' }, vip.token)).arr,
      ...(await call<List<{ id: number }>>(request, 'POST', '/screen', { page: 2, pageSize: 50, rank: 'N' }, vip.token)).arr,
      ...(await call<List<{ id: number }>>(request, 'POST', '/screen', { page: 3, pageSize: 50, rank: 'N' }, vip.token)).arr,
    ].slice(0, 104);
    expect(screens).toHaveLength(104);
    for (const { id } of screens) await call(request, 'PUT', `/platform/preview/${id}`, undefined, vip.token);
    await page.goto('/collect');
    await expect(page.getByRole('main').getByRole('button', { name: /^Open screen 1 / })).toBeVisible();
    await checkLongGrid(page, '/collect', '/platform/fav', 13);

    // The viewer counts every collected screen and wraps at the true ends (issue 29): ← at the first goes to the
    // last, its page fetched as it is reached (the grid scrolled back to the top holds only the first pages' then).
    await page.reload();
    await page.getByRole('main').getByRole('button', { name: /^Open screen 1 / }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByText('1 / 104', { exact: true })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText('104 / 104', { exact: true })).toBeVisible();
    await expect(viewer.getByRole('img', { name: /^Screenshot 104 of 104 of / })).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('1 / 104', { exact: true })).toBeVisible();
  });
});
