import { expect, test } from '../fixtures';

test('the terms have about ten numbered sections and track the active one while scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Terms of Service/);
  const headings = page.getByRole('heading', { level: 2 });
  const count = await headings.count();
  expect(count).toBeGreaterThanOrEqual(9);
  expect(count).toBeLessThanOrEqual(11);
  for (let i = 0; i < count; i++) await expect(headings.nth(i)).toHaveText(new RegExp(`^${i + 1}\\.\\s`));
  await expect(page.getByText(/18 September 2025|September 18, 2025/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);

  const toc = page.getByRole('navigation', { name: /on this page/i });
  await expect(toc.locator('[aria-current="true"]')).toHaveCount(1);
  const fifth = headings.nth(4);
  const fifthText = (await fifth.textContent())!.replace(/^\d+\.\s*/, '');
  await fifth.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.mouse.wheel(0, 1);
  await expect(toc.locator('[aria-current="true"]')).toContainText(fifthText);

  // A click in the table of contents moves there and marks it.
  const last = headings.nth(count - 1);
  const lastText = (await last.textContent())!.replace(/^\d+\.\s*/, '');
  await toc.getByRole('link', { name: lastText }).click();
  await expect(last).toBeInViewport();
});

test('the privacy policy has its nine sections in all three languages', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(9);
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^1\.\s/);
  for (const [label, lang] of [
    ['简体中文', 'zh-CN'],
    ['繁體中文', 'zh-TW'],
  ] as const) {
    await page.getByRole('button', { name: /^(Language|语言|語言)/ }).click();
    await page.getByRole('menuitemradio', { name: label }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(9);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/隐私|隱私/);
  }
});

test.describe('scroll position', () => {
  test('a fresh page load starts at the top; Back restores where the reader was', async ({ page }) => {
    /** Scroll to 3000 px once the page is long enough to (the document loads after the first paint). */
    const scrollDown = () =>
      expect
        .poll(() =>
          page.evaluate(() => {
            window.scrollTo(0, 3000);
            return window.scrollY;
          }),
        )
        .toBe(3000);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scrollDown();
    const left = 3000;

    // A new document: /privacy loaded afresh must not inherit /terms' position.
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Within the app: a link to another page starts at the top, Back comes back to the same place.
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scrollDown();
    // Follow the footer link without scrolling to it first (a mouse click would scroll the page).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).evaluate((link) => (link as HTMLAnchorElement).click());
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  });
});
