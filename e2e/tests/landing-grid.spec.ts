import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { SCREEN_DARK_BELOW } from '@shotlib/contract';
import sharp from 'sharp';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures';

/**
 * Issue 29 in the browser (docs/decisions/056): app cards show three screens side by side, website cards one wide
 * tile of the page's top, and the Screens view's Dark filter lists dark screens only (their pixels checked through
 * the API's signed URLs, as the ingest job reads them). The demo is imported on the first start.
 */

const API = '/ui/c-api/v1';
type ScreenCard = { id: number; path: string; theme: 'light' | 'dark' | null };

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const screenshots = (card: Locator) => card.getByRole('img', { name: /^Screenshot \d+ of \d+ of / });

/** The part of an image that shows: its box cut by every ancestor that clips (the card's frame, the tile). */
async function visibleBox(image: Locator) {
  return image.evaluate((node) => {
    let rect = node.getBoundingClientRect();
    let { left, top, right, bottom } = rect;
    for (let el = node.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      rect = el.getBoundingClientRect();
      left = Math.max(left, rect.left);
      top = Math.max(top, rect.top);
      right = Math.min(right, rect.right);
      bottom = Math.min(bottom, rect.bottom);
    }
    return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
  });
}

/** Mean relative luminance (WCAG) of an image, as the ingest job computes it: shrunk to 64 px, alpha on white. */
async function meanLuminance(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).resize(64, 64, { fit: 'inside' }).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  let sum = 0;
  for (let i = 0; i + 2 < data.length; i += info.channels) sum += 0.2126 * linear(data[i]!) + 0.7152 * linear(data[i + 1]!) + 0.0722 * linear(data[i + 2]!);
  return sum / (data.length / info.channels);
}

async function screensOf(request: APIRequestContext, query: Record<string, unknown>): Promise<{ arr: ScreenCard[]; total: number }> {
  const body = await (await request.post(`${API}/screen`, { data: { page: 1, pageSize: 24, ...query } })).json();
  expect(body.code).toBe(0);
  return body.data;
}

test.describe('the landing grid (issue 29)', () => {
  test.use({ viewport: { width: 1440, height: 1000 } });

  test('an app card on /app shows three of its screens side by side, its arrows page by three', async ({ page }) => {
    await page.goto('/app');
    const card = cards(page).first();
    await expect(screenshots(card)).toHaveCount(3);
    const boxes = await Promise.all((await screenshots(card).all()).map(visibleBox));
    const cardBox = (await card.boundingBox())!;
    // One row: the same top and height, left to right without overlap, each about a third of the card.
    for (const [k, box] of boxes.entries()) {
      expect(Math.abs(box.y - boxes[0]!.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.height - boxes[0]!.height)).toBeLessThanOrEqual(2);
      expect(box.height).toBeGreaterThan(box.width * 1.8);
      expect(box.width).toBeGreaterThan(cardBox.width / 3 - 24);
      if (k > 0) expect(box.x).toBeGreaterThanOrEqual(boxes[k - 1]!.x + boxes[k - 1]!.width);
    }
    expect(boxes[2]!.x + boxes[2]!.width - boxes[0]!.x).toBeGreaterThan(cardBox.width - 8);

    await card.hover();
    await expect(card.getByRole('button', { name: /^Previous screens of / })).toHaveCount(0);
    await card.getByRole('button', { name: /^Next screens of / }).click();
    await expect(card.getByText(/^Screens 4–\d of \d$/)).toBeAttached();
    await expectNoSeriousA11yViolations(page);
  });

  test('a website card on /web shows one wide tile of the page\'s top; a website\'s screens are larger on its page', async ({ page }) => {
    await page.goto('/web');
    const card = cards(page).first();
    const shown = screenshots(card);
    // The page on show (the next one is drawn only when the reader comes near).
    await expect(shown).toHaveCount(1);
    const box = await visibleBox(shown.first());
    const cardBox = (await card.boundingBox())!;
    expect(box.width).toBeGreaterThan(cardBox.width - 4);
    expect(box.width).toBeGreaterThan(box.height * 1.3);
    // The tile is the page's top: the picture starts at the tile's top.
    const image = (await shown.first().boundingBox())!;
    expect(Math.abs(image.y - box.y)).toBeLessThanOrEqual(1);

    await card.getByRole('link', { name: await card.getByRole('heading').innerText(), exact: true }).click();
    await expect(page).toHaveURL(/\/detail\/\d+$/);
    const tile = page.getByRole('main').getByRole('button', { name: /^Open screen 1 of / });
    await expect(tile).toBeVisible();
    // Three columns of pages at 1,440 px, each cut to a tall frame at most (4 : 5).
    const tileBox = (await tile.boundingBox())!;
    expect(tileBox.width).toBeGreaterThan(380);
    expect(tileBox.height).toBeLessThanOrEqual(tileBox.width * 1.25 + 24);
  });

  test('the Dark filter on /screens lists dark screens only, in the URL; Light the others', async ({ page, request }) => {
    await page.goto('/screens');
    const themes = page.getByRole('group', { name: 'Light or dark' });
    const dark = themes.getByRole('button', { name: 'Dark' });
    await dark.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]theme=dark/);
    await expect(dark).toHaveAttribute('aria-pressed', 'true');
    await expect(themes.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'false');

    // What the page asked for: dark screens, each one's pixels dark (the signed URL the page was given).
    const listed = await screensOf(request, { theme: 'dark' });
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.arr.every((screen) => screen.theme === 'dark')).toBe(true);
    for (const screen of listed.arr.slice(0, 4)) {
      const response = await request.get(`/media/${screen.path}`);
      expect(response.ok()).toBe(true);
      expect(await meanLuminance(await response.body()), `screen ${screen.id}`).toBeLessThan(SCREEN_DARK_BELOW);
    }
    const light = await screensOf(request, { theme: 'light' });
    expect(light.arr.every((screen) => screen.theme === 'light')).toBe(true);
    expect(await meanLuminance(await (await request.get(`/media/${light.arr[0]!.path}`)).body())).toBeGreaterThanOrEqual(SCREEN_DARK_BELOW);

    const tiles = page.getByRole('main').getByRole('button', { name: /^Open (the .+ screen|a screen) of / });
    await expect(tiles.first()).toBeVisible();
    await expect(page.getByText(new RegExp(`^${listed.total.toLocaleString('en-US')} screens`))).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Pressing it again shows both.
    await dark.click();
    await expect(page).not.toHaveURL(/theme=/);
  });
});
