import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, loginAsVip, requestsStartedSoFar, test } from '../fixtures';

/**
 * The catalogue (issue 3, web side): the apps and websites lists, the detail page, the image
 * viewer and the paywall as a visitor (non-vip) sees it. Figures are read from the API of the
 * running server, so the tests follow whatever the demo seed holds.
 */

const API = '/ui/c-api/v1';

type Preview = { id: number; path: string; width: number; height: number; group: number | null };
type Item = { id: number; name: string; rating: number; platform: boolean; group: number[]; preview: Preview[] };
type List<T> = { arr: T[]; total: number };

async function call<T>(request: APIRequestContext, path: string, data?: unknown): Promise<T> {
  const response = data === undefined ? await request.get(`${API}${path}`) : await request.post(`${API}${path}`, { data });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code, `${path} answers code 0`).toBe(0);
  return body.data;
}

const listItems = (request: APIRequestContext, body: Record<string, unknown>) =>
  call<List<Item>>(request, '/platform', { page: 1, pageSize: 8, platform: false, rank: 'N', ...body });

/** An app with more screens than a visitor may see (more than one page of 10). */
async function appWithManyScreens(request: APIRequestContext): Promise<{ item: Item; total: number }> {
  const { arr } = await listItems(request, { pageSize: 30 });
  for (const item of arr) {
    const { total } = await call<List<Preview>>(request, '/platform/app', { appSiteId: item.id, page: 1, pageSize: 10 });
    if (total > 10) return { item, total };
  }
  throw new Error('The demo seed has no app with more than 10 screens');
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const summary = (page: Page) => page.getByRole('tabpanel').locator('p').first();
const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

test.describe('lists', () => {
  test('the banner counts the catalogue, and page 2 loads when the end of the list scrolls into view', async ({ page, request }) => {
    const stats = await call<{ apps: number; sites: number; screenshots: number }>(request, '/platform/stats');
    await page.goto('/app');
    const banner = page.getByRole('main').locator('header').first();
    await expect(banner.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
    await expect(banner).toContainText(new Intl.NumberFormat('en').format(stats.screenshots));
    await expect(banner).toContainText(String(stats.apps));
    await expect(banner).toContainText(String(stats.sites));

    await expect(cards(page)).toHaveCount(8);
    const second = page.waitForRequest((r) => r.url().endsWith(`${API}/platform`) && r.postDataJSON()?.page === 2);
    await scrollToEnd(page);
    expect((await second).postDataJSON()).toMatchObject({ page: 2, pageSize: 8, platform: false, rank: 'N' });
    await expect(cards(page)).toHaveCount(16);
  });

  test('a list stops after a page shorter than the page size', async ({ page, request }) => {
    const { total } = await listItems(request, { platform: true });
    const asked: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`${API}/platform`) && r.method() === 'POST') asked.push((r.postDataJSON() as { page: number }).page);
    });
    await page.goto('/web');
    await expect(summary(page)).toHaveText(`${total} websites`);
    // Each scroll to the end brings the next page of 8, until every website is listed.
    for (let shown = 8; shown < total; shown += 8) {
      await expect(cards(page)).toHaveCount(shown);
      await scrollToEnd(page);
    }
    await expect(cards(page)).toHaveCount(total);
    const end = page.getByText('You’ve reached the end.');
    // A last page of exactly 8 does not say it is the last: one more (empty) page does.
    await scrollToEnd(page);
    await expect(end).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
    // And nothing more is asked for, however often the end is scrolled to.
    const pages = Math.floor(total / 8) + 1;
    for (let again = 0; again < 3; again++) {
      await scrollToEnd(page);
      await requestsStartedSoFar(page, { frames: 2 });
    }
    // Page 1 came with the HTML (the first view, docs/decisions/035): pages 2 onwards are asked for, once each.
    expect(asked).toEqual(Array.from({ length: pages - 1 }, (_, index) => index + 2));
    await expect(cards(page)).toHaveCount(total);
  });

  test('a search typed on /points lands on /app with narrowed results', async ({ page, request }) => {
    const { arr } = await listItems(request, {});
    const name = arr[3]!.name;
    const { total } = await listItems(request, { name });
    await page.goto('/points');
    await page.getByPlaceholder('Search for images').fill(name);
    await expect(page).toHaveURL(new RegExp(`/app\\?q=${encodeURIComponent(name)}$`));
    await expect(summary(page)).toHaveText(total === 1 ? `1 app for “${name}”` : `${total} apps for “${name}”`);
    await expect(cards(page)).toHaveCount(Math.min(total, 8));
    await expect(cards(page).first().getByRole('heading')).toContainText(name);

    // No match: the empty state leads back.
    await page.getByPlaceholder('Search for images').fill('zzzz-no-such-app');
    await expect(page.getByRole('heading', { name: 'Nothing matches “zzzz-no-such-app”' })).toBeVisible();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Clear search' }).first().click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(cards(page)).toHaveCount(8);
  });

  test('switching tabs clears the search and starts again at page 1', async ({ page, request }) => {
    const hot = await listItems(request, { rank: 'H' });
    await page.goto('/app');
    await expect(cards(page)).toHaveCount(8);
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(16);

    const box = page.getByPlaceholder('Search for images');
    await box.fill('a');
    await expect(page).toHaveURL(/\/app\?q=a$/);

    const tab = page.getByRole('tab', { name: 'Trending' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/app\?rank=H$/);
    await expect(box).toHaveValue('');
    await expect(cards(page)).toHaveCount(8);
    await expect(cards(page).first().getByRole('heading')).toHaveText(hot.arr[0]!.name);

    // By keyboard too: ← → move between the tabs.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Latest' })).toBeFocused();
    await expect(page).toHaveURL(/\/app$/);
  });

  test('the category filter narrows the list', async ({ page, request }) => {
    const categories = await call<List<{ id: number; nameEn: string }>>(request, '/group/child?preId=9');
    const finance = categories.arr.find((c) => c.nameEn === 'Finance') ?? categories.arr[0]!;
    const all = await listItems(request, {});
    const narrowed = await listItems(request, { group: [finance.id] });
    expect(narrowed.total).toBeLessThan(all.total);

    await page.goto('/app');
    await expect(summary(page)).toHaveText(`${all.total} apps`);
    const trigger = page.getByRole('button', { name: /^Category/ });
    await trigger.click();
    const search = page.getByRole('searchbox', { name: 'Search categories' });
    await search.fill('zzz');
    await expect(page.getByText('Category not found')).toBeVisible();
    await search.fill(finance.nameEn.slice(0, 3).toLowerCase());
    await page.getByRole('checkbox', { name: finance.nameEn }).check();
    await expect(page).toHaveURL(new RegExp(`group=${finance.id}`));
    await expect(summary(page)).toHaveText(`${narrowed.total} apps`);
    await expect(trigger).toContainText('1');
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();

    await page.getByRole('button', { name: 'Clear Category' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(summary(page)).toHaveText(`${all.total} apps`);
  });

  test('clicking a category by its name selects it and keeps the panel open', async ({ page }) => {
    await page.goto('/app');
    const trigger = page.getByRole('button', { name: /^Category/ });
    await trigger.click();
    const panel = page.getByRole('group', { name: 'Category' });
    const finance = panel.getByRole('checkbox', { name: 'Finance' });
    // The name, not the 16 px box: the whole row is the target.
    await panel.getByText('Finance', { exact: true }).click();
    await expect(finance).toBeChecked();
    await expect(panel).toBeVisible();
    await expect(trigger).toContainText('1');
    await panel.getByText('Finance', { exact: true }).click();
    await expect(finance).not.toBeChecked();
  });

  test('website cards: View opens the site in a new tab, collecting asks a visitor to log in', async ({ page, request }) => {
    const { arr } = await listItems(request, { platform: true });
    await page.goto('/web');
    const card = cards(page).first();
    await expect(card.getByRole('heading')).toHaveText(arr[0]!.name);
    const view = card.getByRole('link', { name: /^View / });
    await expect(view).toHaveAttribute('target', '_blank');
    await expect(view).toHaveAttribute('href', (await call<Item & { site: string }>(request, `/platform/${arr[0]!.id}`)).site);

    await card.getByRole('button', { name: /^Collect this screen/ }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fweb$/);
  });

  test('a card opens the detail page, and its arrows page through the screenshots by three (decision 056)', async ({ page, request }) => {
    const { arr } = await listItems(request, {});
    const item = arr[0]!;
    const total = item.preview.length;
    await page.goto('/app');
    const card = cards(page).first();
    await card.hover();
    await expect(card.getByRole('button', { name: /^Previous screens/ })).toHaveCount(0);
    await card.getByRole('button', { name: /^Next screens/ }).click();
    await expect(card.getByText(`Screens 4–${Math.min(6, total)} of ${total}`)).toBeAttached();
    await card.getByRole('button', { name: /^Previous screens/ }).click();
    await expect(card.getByText(`Screens 1–3 of ${total}`)).toBeAttached();

    await card.getByRole('link', { name: item.name }).click();
    await expect(page).toHaveURL(new RegExp(`/detail/${item.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  });
});

test.describe('detail and viewer', () => {
  test('the detail page shows the tag block and a 5-column grid of the first 10 screens', async ({ page, request }) => {
    const { item } = await appWithManyScreens(request);
    await page.goto(`/detail/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    const tags = page.getByRole('main').locator('dl').first();
    await expect(tags).toContainText('Platform type');
    await expect(tags).toContainText('APP');
    await expect(tags.getByRole('img', { name: `Rated ${item.rating.toFixed(2)} out of 5` })).toBeVisible();
    await expect(page.getByRole('link', { name: /Visit app site/ })).toHaveAttribute('target', '_blank');

    const tiles = page.getByRole('button', { name: /^Open screen \d+ of/ });
    await expect(tiles).toHaveCount(10);
    const columns = await page.getByRole('main').getByRole('list').last().evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(5);
    // Grid thumbnails come as sized WebP variants; reserved boxes keep the stored aspect ratio.
    const img = tiles.first().locator('img');
    await expect(img).toHaveAttribute('srcset', /\/_w320\//);
    await expect(img).toHaveAttribute('sizes', /vw/);
  });

  test('in Chinese the detail page names the app in Chinese: heading, title, banner, screens and viewer', async ({ page, request }) => {
    const { arr } = await listItems(request, { pageSize: 30 });
    const item = (arr as Array<Item & { nameCn?: string }>).find((candidate) => candidate.nameCn && candidate.nameCn !== candidate.name);
    expect(item, 'the demo seed has an app with a Chinese name').toBeTruthy();
    const nameCn = item!.nameCn!;
    await page.addInitScript(() => localStorage.setItem('locale', 'zhCN'));
    await page.goto(`/detail/${item!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameCn);
    await expect(page).toHaveTitle(new RegExp(nameCn));
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: new RegExp(nameCn) }).first()).toBeVisible();
    // The visitor's upgrade banner and every screen's label use the Chinese name, never the English one.
    await expect(main.getByText(new RegExp(`${nameCn}`)).first()).toBeVisible();
    expect(await main.getByRole('button', { name: new RegExp(item!.name) }).count()).toBe(0);
    await main.getByRole('button', { name: new RegExp(nameCn) }).first().click();
    await expect(page.getByRole('dialog', { name: nameCn })).toBeVisible();
  });

  test('the viewer by mouse: open, previous stops at a visitor’s first, zoom, reset, view, copy, close restores focus', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { item, total } = await appWithManyScreens(request);
    await page.goto(`/detail/${item.id}`);
    const first = page.getByRole('button', { name: `Open screen 1 of ${item.name}` });
    await first.click();

    const viewer = page.getByRole('dialog', { name: item.name });
    await expect(viewer).toBeVisible();
    // The count is the app's (not the screens loaded); a visitor's walk ends at the paywall step and the first screen,
    // so it does not wrap (decision 014, issue 29).
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
    const previous = viewer.getByRole('button', { name: 'Previous screenshot' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await viewer.getByRole('button', { name: 'Next screenshot' }).click();
    await expect(viewer.getByText(`2 / ${total}`, { exact: true })).toBeVisible();
    await previous.click();
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeVisible();

    const level = viewer.getByRole('status', { name: 'Zoom level' });
    await expect(level).toHaveText('100%');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(level).toHaveText('140%');
    await viewer.getByRole('button', { name: 'Zoom out' }).click();
    await expect(level).toHaveText('120%');

    // Drag pans while zoomed.
    const picture = viewer.locator('figure');
    const before = await picture.evaluate((el) => getComputedStyle(el).transform);
    const box = (await picture.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => picture.evaluate((el) => getComputedStyle(el).transform)).not.toBe(before);

    await viewer.getByRole('button', { name: 'Reset' }).click();
    await expect(level).toHaveText('100%');
    await expect.poll(() => picture.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(1, 0, 0, 1, 0, 0)');

    // Zoom out stops once the scale is not above 0.4.
    for (let i = 0; i < 3; i++) await viewer.getByRole('button', { name: 'Zoom out' }).click();
    await expect(level).toHaveText('40%');
    await expect(viewer.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    const original = viewer.getByRole('link', { name: /^View original/ });
    // The original as it was imported (the demo's are PNG), through a signed URL.
    await expect(original).toHaveAttribute('href', /\/media\/_s\d+\.[\w-]{22}\/shots\/.+\.(png|webp)$/);
    await expect(original).toHaveAttribute('target', '_blank');

    await viewer.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'copy succeeded' })).toBeVisible();
    const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((entry) => entry.types));
    expect(types).toContain('image/png');

    await viewer.getByRole('button', { name: 'Close viewer' }).click();
    await expect(viewer).toBeHidden();
    await expect(first).toBeFocused();
  });

  test('the viewer by keyboard: ← → stop at a visitor’s ends, Home End, + − 0 zoom, ctrl + wheel, focus trapped, Esc restores focus', async ({ page, request }) => {
    const { item, total } = await appWithManyScreens(request);
    await page.goto(`/detail/${item.id}`);
    const third = page.getByRole('button', { name: `Open screen 3 of ${item.name}` });
    await third.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: item.name });
    await expect(viewer.getByText(`3 / ${total}`, { exact: true })).toBeVisible();

    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`4 / ${total}`, { exact: true })).toBeVisible();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
    // A visitor's End is the paywall step after the 10 free screens; Home the first screen again.
    await page.keyboard.press('End');
    await expect(viewer.getByText(`11–${total} / ${total}`, { exact: true })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(viewer.getByText(`1 / ${total}`, { exact: true })).toBeVisible();

    const level = viewer.getByRole('status', { name: 'Zoom level' });
    await page.keyboard.press('+');
    await expect(level).toHaveText('120%');
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect(level).toHaveText('80%');
    await page.keyboard.press('0');
    await expect(level).toHaveText('100%');

    const stage = viewer.locator('figure');
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect(level).toHaveText('105%');

    // Tab cycles inside the dialog.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(third).toBeFocused();
  });

  test('collecting in the viewer sends a visitor to Login and back', async ({ page, request }) => {
    const { item } = await appWithManyScreens(request);
    await page.goto(`/detail/${item.id}`);
    await page.getByRole('button', { name: `Open screen 1 of ${item.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Collect' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fdetail%2F${item.id}$`));
  });
});

test.describe('paywall (visitor, not vip)', () => {
  test('upgrade banner and bottom bar, paging blocked after 10, a screen filter opens the subscribe dialog', async ({ page, request }) => {
    const { item, total } = await appWithManyScreens(request);
    const previewCalls: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`${API}/platform/app`)) previewCalls.push(r.postDataJSON() as Record<string, unknown>);
    });
    await page.goto(`/detail/${item.id}`);

    const banner = page.getByRole('complementary', { name: 'Subscription' });
    await expect(banner).toContainText('You’re seeing a preview');
    await expect(banner).toContainText(`all ${total} screens of ${item.name}`);
    const bar = page.getByRole('region', { name: 'Subscription' });
    await expect(bar).toContainText(`Showing 10 of ${total} screens`);
    await expect(bar.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/sub');

    const tiles = page.getByRole('button', { name: /^Open screen \d+ of/ });
    await expect(tiles).toHaveCount(10);
    await scrollToEnd(page);
    await expect(page.getByText(`${total - 10} more screen`)).toBeVisible();
    // The end of the grid is in view: whatever the scroll would set off has been asked for by now.
    await requestsStartedSoFar(page, { frames: 2 });
    await expect(tiles).toHaveCount(10);
    // The first 10 came with the page (its first view, docs/decisions/035) and no later page is asked for.
    expect(previewCalls.map((body) => body.page)).toEqual([]);

    const filter = page.getByRole('button', { name: /^Screen category/ });
    await filter.click();
    await page.getByRole('checkbox').first().click();
    const dialog = page.getByRole('dialog', { name: 'Filter screens with a subscription' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'See plans' })).toBeFocused();
    await expect(dialog.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/sub');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();
    await expect(filter).toBeFocused();
    await expect(filter).not.toContainText('1');
    expect(previewCalls.every((body) => body.group === undefined)).toBe(true);

    await bar.getByRole('link', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/sub$/);
  });
});

test.describe('paywall (vip)', () => {
  // A member who bought a plan through the sandbox (loginAsVip in fixtures.ts).
  test('a vip gets every screen, paging past 10 and the screen filter', async ({ page, request }) => {
    const { item, total } = await appWithManyScreens(request);
    await loginAsVip(page, request);
    await page.goto(`/detail/${item.id}`);
    // The first page is on screen before scrolling for the next one.
    await expect(page.getByRole('button', { name: /^Open screen \d+ of/ })).toHaveCount(10);
    await expect(page.getByRole('complementary', { name: 'Subscription' })).toHaveCount(0);
    await scrollToEnd(page);
    await expect(page.getByRole('button', { name: /^Open screen \d+ of/ })).toHaveCount(Math.min(total, 20));
    await page.getByRole('button', { name: /^Screen category/ }).click();
    await page.getByRole('checkbox').first().check();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/app', '/web']) {
    test(`axe-core finds no serious violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(cards(page)).toHaveCount(8);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: /^Category/ }).click();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('axe-core finds no serious violation on a detail page, with the viewer open', async ({ page, request }) => {
    const { item } = await appWithManyScreens(request);
    await page.goto(`/detail/${item.id}`);
    await expect(page.getByRole('button', { name: /^Open screen \d+ of/ })).toHaveCount(10);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: `Open screen 1 of ${item.name}` }).click();
    await expect(page.getByRole('dialog', { name: item.name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
