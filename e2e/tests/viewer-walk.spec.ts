import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginAsVip, test } from '../fixtures';

/**
 * Issue 29, fault 1: the detail page's viewer walks every screen the reader may open, not only those the grid has
 * loaded. A subscriber goes from the first screen of an app with more than one page of screens to its last by the
 * keyboard alone (the grid is never scrolled), the counter telling the true count, and previous/next wrap at the true
 * ends (docs/product-spec.md §2): ← at the first screen goes to the last, loaded as it is reached; a visitor ends at
 * the paywall step after the free screens, never wrapping. Fault 7 (part): the screen-category filter is in the
 * URL, so a shared link (and back/forward) keeps it. Figures come from the API, so the tests follow the demo.
 */

const API = '/ui/c-api/v1';
/** The demo's app with more screens than one page (docs/decisions/042); issue 29 names it. */
const APP_NAME = 'Ledgerly';

type Preview = { id: number; group: number | null };
type List<T> = { arr: T[]; total: number };
type Category = { id: number; nameEn: string; children: Category[] };

async function call<T>(request: APIRequestContext, path: string, data?: unknown, token?: string): Promise<T> {
  const headers = token ? { Authorization: token } : undefined;
  const response = data === undefined ? await request.get(`${API}${path}`, { headers }) : await request.post(`${API}${path}`, { data, headers });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code, `${path} answers code 0`).toBe(0);
  return body.data;
}

/** Ledgerly's id and its number of screens, as the API tells them. */
async function ledgerly(request: APIRequestContext): Promise<{ id: number; total: number }> {
  const { arr } = await call<List<{ id: number; name: string }>>(request, '/platform', { page: 1, pageSize: 8, platform: false, name: APP_NAME });
  const item = arr.find((candidate) => candidate.name === APP_NAME);
  expect(item, `the demo has ${APP_NAME}`).toBeTruthy();
  const { total } = await call<List<Preview>>(request, '/platform/app', { appSiteId: item!.id, page: 1, pageSize: 10 });
  expect(total, `${APP_NAME} has more screens than one page`).toBeGreaterThan(10);
  return { id: item!.id, total };
}

const scrollTop = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);

test.describe('the viewer walks every screen (issue 29)', () => {
  test('a subscriber walks all the screens from the first by the keyboard, without scrolling the grid', async ({ page, request }) => {
    test.setTimeout(90_000);
    const { id, total } = await ledgerly(request);
    await loginAsVip(page, request);
    await page.goto(`/detail/${id}`);
    const first = page.getByRole('button', { name: `Open screen 1 of ${APP_NAME}` });
    await first.focus();
    const scrolled = await scrollTop(page);
    await page.keyboard.press('Enter');

    const viewer = page.getByRole('dialog', { name: APP_NAME });
    const counter = viewer.getByText(/^\d+ \/ \d+$/);
    await expect(counter).toHaveText(`1 / ${total}`);
    await expect(viewer.getByRole('button', { name: 'Previous screenshot' })).not.toHaveAttribute('aria-disabled');
    for (let n = 2; n <= total; n++) {
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(`${n} / ${total}`);
      // The screen itself is on show, not a place waiting for it.
      await expect(viewer.getByRole('img', { name: `Screenshot ${n} of ${total} of ${APP_NAME}` })).toBeVisible();
    }
    // Next at the last screen of all wraps to the first, previous there back to the last (spec §2).
    await expect(viewer.getByRole('button', { name: 'Next screenshot' })).not.toHaveAttribute('aria-disabled');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(`1 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(`${total} / ${total}`);
    await viewer.getByRole('button', { name: 'Next screenshot' }).click();
    await expect(counter).toHaveText(`1 / ${total}`);
    await page.keyboard.press('End');
    await expect(counter).toHaveText(`${total} / ${total}`);
    await page.keyboard.press('Home');
    await expect(counter).toHaveText(`1 / ${total}`);
    await viewer.getByRole('button', { name: 'Previous screenshot' }).click();
    await expect(counter).toHaveText(`${total} / ${total}`);
    expect(await scrollTop(page)).toBe(scrolled);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(first).toBeFocused();
  });

  test('a subscriber’s ← at the first screen wraps to the last before the grid has it: loading, then the screen', async ({ page, request }) => {
    const { id, total } = await ledgerly(request);
    await loginAsVip(page, request);
    const asked: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`${API}/platform/app`)) asked.push((r.postDataJSON() as { page: number }).page);
    });
    await page.goto(`/detail/${id}`);
    const grid = page.getByRole('main').getByRole('button', { name: /^Open screen \d+ of/ });
    await expect(grid).toHaveCount(10);
    await page.getByRole('button', { name: `Open screen 1 of ${APP_NAME}` }).click();
    const viewer = page.getByRole('dialog', { name: APP_NAME });
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(`${total} / ${total}`, { exact: true })).toBeVisible();
    await expect(viewer.getByRole('img', { name: `Screenshot ${total} of ${total} of ${APP_NAME}` })).toBeVisible();
    // Its page came through the grid's own query: asked once, and the grid behind has it too.
    expect(asked.filter((n) => n === 2)).toHaveLength(1);
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(grid).toHaveCount(total);
  });

  test('a visitor ends at the paywall step after the free screens, with the subscribe call and sign in', async ({ page, request }) => {
    const { id, total } = await ledgerly(request);
    await page.goto(`/detail/${id}`);
    await page.getByRole('button', { name: `Open screen 1 of ${APP_NAME}` }).click();
    const viewer = page.getByRole('dialog', { name: APP_NAME });
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
    for (let n = 2; n <= 10; n++) await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`10 / ${total}`, { exact: true })).toBeVisible();

    await viewer.getByRole('button', { name: 'Next screenshot' }).click();
    const offer = viewer.getByRole('region', { name: /Subscribe to see/ });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(`${total - 10} more screens`);
    await expect(offer.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/sub');
    await expect(offer.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', new RegExp(`^/login\\?redirect=%2Fdetail%2F${id}`));
    await expect(viewer.getByText(`11–${total} / ${total}`, { exact: true })).toBeVisible();

    // The paywall is the end: neither the key nor the button wraps to the first screen.
    await page.keyboard.press('ArrowRight');
    await expect(offer).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Next screenshot' })).toHaveAttribute('aria-disabled', 'true');
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(`10 / ${total}`, { exact: true })).toBeVisible();
    // Nor does ← at the first screen wrap to the paywall step (decision 014): the first is an end too.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Previous screenshot' })).toHaveAttribute('aria-disabled', 'true');
  });

  test('a detail link with the screen-category filter restores it, and so do back and forward', async ({ page, request }) => {
    const { id } = await ledgerly(request);
    const vip = await loginAsVip(page, request);
    const { arr } = await call<List<Preview>>(request, '/platform/app', { appSiteId: id, page: 1, pageSize: 50 }, vip.token);
    // The screen type with the fewest of Ledgerly's screens: one page of them, so the grid shows them all at once.
    const counts = new Map<number, number>();
    for (const screen of arr) if (screen.group !== null) counts.set(screen.group, (counts.get(screen.group) ?? 0) + 1);
    const [type] = [...counts].sort((a, b) => a[1] - b[1])[0]!;
    const filtered = await call<List<Preview>>(request, '/platform/app', { appSiteId: id, page: 1, pageSize: 10, group: [type] }, vip.token);
    expect(filtered.total).toBeLessThanOrEqual(10);
    const name = (await call<List<Category>>(request, '/group/child?preId=11')).arr.flatMap((node) => [node, ...node.children]).find((node) => node.id === type)!.nameEn;

    const asked: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`${API}/platform/app`)) asked.push((r.postDataJSON() as { group?: number[] }).group);
    });
    await page.goto(`/detail/${id}?type=${type}`);
    const tiles = page.getByRole('main').getByRole('button', { name: /^Open screen \d+ of/ });
    await expect(tiles).toHaveCount(filtered.total);
    expect(asked).toContainEqual([type]);
    expect(asked).not.toContainEqual(undefined);
    const clear = page.getByRole('button', { name: /^Clear Screen category/ });
    await expect(clear).toBeVisible();
    await page.getByRole('button', { name: /^Screen category/ }).click();
    await expect(page.getByRole('checkbox', { name })).toBeChecked();
    await page.keyboard.press('Escape');

    // Away to the list by the breadcrumb and back again: the filter comes back with the entry; forward and back too.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Apps' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/detail/${id}\\?type=${type}$`));
    await expect(clear).toBeVisible();
    await expect(tiles).toHaveCount(filtered.total);
    await page.goForward();
    await expect(page).toHaveURL(/\/app$/);
    await page.goBack();
    await expect(clear).toBeVisible();

    // Choosing in the picker writes the URL.
    await clear.click();
    await expect(page).toHaveURL(new RegExp(`/detail/${id}$`));
    await page.getByRole('button', { name: /^Screen category/ }).click();
    await page.getByRole('checkbox', { name }).check();
    await expect(page).toHaveURL(new RegExp(`/detail/${id}\\?type=${type}$`));
  });
});
