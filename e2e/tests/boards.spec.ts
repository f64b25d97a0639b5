import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, loginAs, test } from '../fixtures';

/**
 * Boards (issue 29, docs/decisions/052): a member makes two boards from the image viewer and saves a screen into
 * both, renames and reorders them on /collect, opens a board's page, shares it, reads the link signed out (the free
 * screen shows), deletes a board; the same pages in Simplified and Traditional Chinese; axe on every boards page.
 */

const API = '/ui/c-api/v1';
type Item = { id: number; name: string };

async function anApp(request: APIRequestContext): Promise<Item> {
  const response = await request.post(`${API}/platform`, { data: { page: 1, pageSize: 8, platform: false, rank: 'N' } });
  const body = (await response.json()) as { data: { arr: Item[] } };
  return body.data.arr[0]!;
}

async function chooseLanguage(page: Page, name: 'English' | '简体中文' | '繁體中文') {
  await page.getByRole('button', { name: /: (English|简体中文|繁體中文)$/ }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

/** "New board…" in the viewer's Save to board menu: name it, create it, the screen goes on it. */
async function saveToNewBoard(page: Page, name: string) {
  const viewer = page.getByRole('dialog');
  await viewer.getByRole('button', { name: 'Save to board: this screen' }).click();
  await viewer.getByRole('menuitem', { name: 'New board…' }).click();
  await viewer.getByRole('textbox', { name: 'Board name' }).fill(name);
  await viewer.getByRole('button', { name: 'Create and save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved to ${name}` })).toBeVisible();
}

test.describe('boards', () => {
  test('make two boards from the viewer, rename, reorder, share, read the link signed out, delete; in three languages', async ({ page, request, browser }) => {
    const me = await loginAs(page, request);
    const item = await anApp(request);

    // The viewer: two new boards, the screen saved into both.
    await page.goto(`/detail/${item.id}`);
    await page.getByRole('button', { name: `Open screen 1 of ${item.name}` }).click();
    await saveToNewBoard(page, 'Onboarding ideas');
    await saveToNewBoard(page, 'Checkout');
    const viewer = page.getByRole('dialog');
    const menuTrigger = viewer.getByRole('button', { name: 'Save to board: this screen' });
    await menuTrigger.press('ArrowDown');
    await expect(viewer.getByRole('menuitemcheckbox', { name: 'Checkout' })).toHaveAttribute('aria-checked', 'true');
    await expect(viewer.getByRole('menuitemcheckbox', { name: 'Onboarding ideas' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(menuTrigger).toBeFocused();
    // Saving collected it.
    await expect(viewer.getByRole('button', { name: 'Collected', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');

    // /collect: the boards (newest first) above All collected; move one.
    await page.goto('/collect');
    const boards = page.getByRole('region', { name: 'Boards' });
    const names = boards.getByRole('listitem').getByRole('link');
    await expect(names).toHaveText(['Checkout', 'Onboarding ideas']);
    await expect(boards.getByText('1 screen · 0 flows')).toHaveCount(2);
    await expect(page.getByRole('heading', { level: 2, name: 'All collected' })).toBeVisible();
    await boards.getByRole('button', { name: 'Move Onboarding ideas up' }).click();
    await expect(names).toHaveText(['Onboarding ideas', 'Checkout']);
    await expectNoSeriousA11yViolations(page);

    // A board's page: rename it, share it.
    await boards.getByRole('link', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open screen 1 from ${item.name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Board name' }).fill('Checkout flows');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout flows' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share “Checkout flows”' });
    await share.getByRole('button', { name: 'Create link' }).click();
    const linkField = share.getByRole('textbox', { name: 'Share link' });
    await expect(linkField).toHaveValue(/\/boards\/[\w-]{22}$/);
    const link = await linkField.inputValue();
    await expectNoSeriousA11yViolations(page);
    await share.getByRole('button', { name: 'Close' }).click();

    // The link, signed out, in a fresh context: the free screen, the owner's nickname; then in Chinese.
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    await guest.goto(new URL(link).pathname);
    await expect(guest.getByRole('heading', { level: 1, name: 'Checkout flows' })).toBeVisible();
    await expect(guest.getByText(`A board by ${me.user.nickname}`)).toBeVisible();
    await expect(guest.getByRole('button', { name: `Open screen 1 from ${item.name}` })).toBeVisible();
    await expectNoSeriousA11yViolations(guest);
    await chooseLanguage(guest, '繁體中文');
    await expect(guest.getByText(`${me.user.nickname} 的看板`)).toBeVisible();
    await expect(guest.getByRole('heading', { level: 2, name: '介面' })).toBeVisible();
    await expectNoSeriousA11yViolations(guest);
    await visitor.close();

    // The member's pages in Simplified Chinese, then Traditional, then back to English.
    await page.goto('/collect');
    await chooseLanguage(page, '简体中文');
    await expect(page.getByRole('heading', { level: 2, name: '看板' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '全部收藏' })).toBeVisible();
    await expect(page.getByRole('button', { name: '将「Onboarding ideas」上移' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await chooseLanguage(page, '繁體中文');
    await page.getByRole('link', { name: 'Checkout flows' }).click();
    await expect(page.getByRole('button', { name: '重新命名' })).toBeVisible();
    await expect(page.getByRole('button', { name: '分享' })).toBeVisible();
    await chooseLanguage(page, 'English');

    // Delete the board after a confirmation: its screen stays collected; the link is dead.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Checkout flows”?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/collect$/);
    await expect(page.getByRole('region', { name: 'Boards' }).getByRole('listitem').getByRole('link')).toHaveText(['Onboarding ideas']);
    await expect(page.getByText('1 screen', { exact: true })).toBeVisible();
    const gone = await request.get(`${API}/shared-boards/${new URL(link).pathname.split('/').pop()}`);
    expect(gone.status()).toBe(404);
  });
});
