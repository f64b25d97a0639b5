import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { buyPlanByApi, expect, loginAsAdmin, loginAsVip, signInByApi, test, uniqueEmail, type SignedIn } from '../fixtures';

/**
 * Issue 29, layout: what a person sees at the sizes named — boxes inside the window and their frame,
 * texts neither cut nor broken a character a line, landscape shots not cropped, toasts off the search.
 */

const API = '/ui/c-api/v1';

type Box = { left: number; top: number; right: number; bottom: number };

const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  });

/** Whether an element shows all of its content (nothing cut by its own box). */
const showsAll = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1);

/** How many lines an element's text takes (the distinct tops of its line boxes). */
const linesOf = (locator: Locator): Promise<number> =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });

async function expectInside(inner: Locator, outer: Box, label: string) {
  const box = await boxOf(inner);
  expect(box.left, `${label}: left`).toBeGreaterThanOrEqual(outer.left - 0.5);
  expect(box.right, `${label}: right`).toBeLessThanOrEqual(outer.right + 0.5);
  expect(box.top, `${label}: top`).toBeGreaterThanOrEqual(outer.top - 0.5);
  expect(box.bottom, `${label}: bottom`).toBeLessThanOrEqual(outer.bottom + 0.5);
}

/** Down to the page's end (the tables are last) without scrolling anything sideways. */
const toPageEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

const windowBox = (page: Page): Box => {
  const size = page.viewportSize()!;
  return { left: 0, top: 0, right: size.width, bottom: size.height };
};

/** Read the page in `locale` from its first load. */
const inLocale = (page: Page, locale: 'enUS' | 'zhCN' | 'zhTW') => page.addInitScript((value) => localStorage.setItem('locale', value), locale);

async function portfolioRequestByApi(request: APIRequestContext, session: SignedIn) {
  const reply = await request.post(`${API}/portfolio`, {
    headers: { Authorization: session.token },
    data: { link: 'https://example.com/portfolio', role: 'Product designer', level: 'lead', questions: 'Is my case study order convincing?', locale: 'zhCN', consent: true },
  });
  expect((await reply.json()).code).toBe(0);
}

test.describe.configure({ timeout: 120_000 });

test.describe('at 390 px (a phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the order history keeps Amount and Status in sight', async ({ page, request }) => {
    await loginAsVip(page, request);
    await page.goto('/mine/sub');
    const table = page.getByRole('table', { name: 'Your orders, newest first' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const order = table.getByRole('row').nth(1);
    const cells = order.getByRole('cell');
    await toPageEnd(page);
    for (const [label, cell] of [
      ['amount', cells.filter({ hasText: '$4.99' })],
      ['status', cells.last()],
    ] as const) {
      // Wholly in the window, not hidden in the table's sideways scroll.
      await expect(cell, label).toBeInViewport({ ratio: 1 });
      await expectInside(cell, windowBox(page), label);
    }
  });

  test('the portfolio requests fit, with the whole state pill and the level on one line (Chinese)', async ({ page, request }) => {
    await inLocale(page, 'zhCN');
    const vip = await loginAsVip(page, request);
    await portfolioRequestByApi(request, vip);
    await page.goto('/mine/portfolio');
    const table = page.getByRole('table', { name: '我的作品集点评申请，最新在前' });
    const row = table.getByRole('row').filter({ hasText: 'Product designer' });
    const pill = row.getByText('等待分配导师');
    await expect(pill).toBeAttached();
    await toPageEnd(page);
    await expect(pill).toBeInViewport({ ratio: 1 });
    await expectInside(pill, windowBox(page), 'state pill');
    expect(await showsAll(pill)).toBe(true);
    const level = row.getByRole('cell').filter({ hasText: '主管或专家' });
    await expectInside(level, windowBox(page), 'level');
    expect(await linesOf(level)).toBe(1);
  });

  test('a toast never covers the header and its search (it shows at the bottom)', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail('toast'));
    await page.getByRole('button', { name: 'Continue' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'We’ve sent a verification code to your email.' });
    await expect(toast).toBeVisible();
    const shown = await boxOf(toast);
    // Off the header altogether (its search, and on phones its menu and logo), inside the window.
    await expectApart(shown, page.getByRole('banner'));
    await expectApart(shown, page.getByRole('search').first());
    expect(shown.bottom).toBeLessThanOrEqual(844);
  });
});

/** `one` (a box read at once: a toast goes after 2 s) and what `b` covers do not overlap. */
async function expectApart(one: Box, b: Locator) {
  const two = await boxOf(b);
  const overlap = one.left < two.right && two.left < one.right && one.top < two.bottom && two.top < one.bottom;
  expect(overlap, `${JSON.stringify(one)} overlaps ${JSON.stringify(two)}`).toBe(false);
}

test.describe('on a desktop', () => {
  test('a toast never covers the header and its search (1280 × 800)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail('toast'));
    await page.getByRole('button', { name: 'Continue' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'We’ve sent a verification code to your email.' });
    await expect(toast).toBeVisible();
    const shown = await boxOf(toast);
    await expectApart(shown, page.getByRole('banner'));
    await expectApart(shown, page.getByRole('search').first());
  });

  test('the flow player’s step strip holds every thumbnail whole at 1440 × 900', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const flows = (await (await request.post(`${API}/flow`, { data: { kind: 'app', page: 1, pageSize: 50 } })).json()).data.arr as { id: number; name: string; stepCount: number; item: { id: number } }[];
    const flow = flows.find((candidate) => candidate.stepCount >= 4)!;
    await loginAsVip(page, request);
    await page.goto(`/detail/${flow.item.id}?flow=${flow.id}&step=1`);
    const strip = page.getByRole('dialog', { name: flow.name }).getByRole('navigation', { name: 'Steps' });
    const thumbs = strip.getByRole('button');
    await expect(thumbs).toHaveCount(flow.stepCount);
    const frame = await boxOf(strip);
    expect(frame.bottom).toBeLessThanOrEqual(900);
    // Inside the strip with room around them: not run to the window's edge, cut.
    const inset = { left: frame.left, right: frame.right, top: frame.top + 4, bottom: frame.bottom - 4 };
    for (let k = 0; k < flow.stepCount; k++) {
      const thumb = thumbs.nth(k);
      await thumb.scrollIntoViewIfNeeded();
      await expectInside(thumb, inset, `step ${k + 1}`);
    }
  });

  test('the console’s portfolio queue: the level on one line and the whole state pill, in every language (1024 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const vip = await signInByApi(request, uniqueEmail('vip'));
    await buyPlanByApi(request, vip, { way: 'paypal', grade: 3 });
    await portfolioRequestByApi(request, vip);
    await loginAsAdmin(page, request);
    await page.goto('/admin/portfolio');
    for (const [locale, level, state] of [
      ['zhCN', '主管或专家', '等待分配导师'],
      ['enUS', 'Lead or principal', 'Waiting for a reviewer'],
      ['zhTW', '主管或專家', '等待指派導師'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      await page.reload();
      const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Product designer' }).first();
      const pill = row.getByText(state, { exact: true });
      await expect(pill).toBeVisible();
      expect(await showsAll(pill), `${locale} pill`).toBe(true);
      expect(await linesOf(pill), `${locale} pill`).toBe(1);
      expect(await linesOf(row.getByRole('cell').filter({ hasText: level })), `${locale} level`).toBe(1);
    }
  });

  test('the console shows landscape screenshots in landscape frames, uncropped', async ({ page, request }) => {
    const admin = await loginAsAdmin(page, request);
    const items = (await (await request.get(`${API}/admin/items?business=true`, { headers: { Authorization: admin.token } })).json()).data.arr as { id: number; screens: number }[];
    let itemId = 0;
    for (const item of items.filter((candidate) => candidate.screens > 0)) {
      const screens = (await (await request.get(`${API}/admin/items/${item.id}/screens`, { headers: { Authorization: admin.token } })).json()).data as { width: number; height: number }[];
      if (screens.some((screen) => screen.width > screen.height)) {
        itemId = item.id;
        break;
      }
    }
    expect(itemId, 'a business item with landscape screens in the demo').toBeGreaterThan(0);
    await page.goto(`/admin/items/${itemId}`);
    const first = page.getByRole('img', { name: 'Screen 1', exact: true });
    await expect(first).toBeVisible();
    const shown = await page.getByRole('img', { name: /^Screen \d+$/ }).evaluateAll((images) =>
      images.map((image) => {
        const { width, height } = image.getBoundingClientRect();
        const stored = Number(image.getAttribute('width')) / Number(image.getAttribute('height'));
        return { name: image.getAttribute('alt'), stored, box: width / height, fit: getComputedStyle(image).objectFit };
      }),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const image of shown) {
      // Its frame has its orientation, and whatever the frame, the whole picture shows (contain) or the frame is the picture's.
      expect(image.box > 1, `${image.name} orientation`).toBe(image.stored > 1);
      if (image.fit !== 'contain') expect(Math.abs(image.box - image.stored) / image.stored, `${image.name} cropped (${image.fit})`).toBeLessThan(0.02);
    }
  });
});
