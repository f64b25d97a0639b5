import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, loginAs, loginAsAdmin, test } from '../fixtures';

/** PNG screenshots drawn on a canvas in the page (each a different colour, so none duplicates another). */
async function pngs(page: Page, count: number, { width = 390, height = 844 } = {}): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const encoded = await page.evaluate(
    async ({ count, width, height, seed }) => {
      const out: string[] = [];
      for (let i = 0; i < count; i++) {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d')!;
        context.fillStyle = `hsl(${(seed + i * 67) % 360} 70% 55%)`;
        context.fillRect(0, 0, width, height);
        context.fillStyle = '#fff';
        context.fillRect(20, 40 + i * 30, width - 40, 60);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        out.push(btoa(binary));
      }
      return out;
    },
    { count, width, height, seed: Math.floor(Math.random() * 360) },
  );
  return encoded.map((base64, i) => ({ name: `screen-${i + 1}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }));
}

test.describe('admin console', () => {
  // Each test signs in, builds a few screens and scans several pages with axe: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 240_000 });

  test('a visitor is sent to Login', async ({ page }) => {
    await page.goto('/admin/items');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fitems$/);
  });

  test('a member who is not an admin sees the not-allowed state and no console link', async ({ page, request }) => {
    await loginAs(page, request);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console sections' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);
  });

  test('an admin creates an app, uploads its logo and screens, tags them, publishes it, and a visitor finds it', async ({ page, request, browser }) => {
    test.setTimeout(300_000);
    await loginAsAdmin(page, request);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin console' }).click();
    await expect(page).toHaveURL(/\/admin\/items$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps and websites' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Apps and websites, newest first' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Create a draft.
    const name = `Admin E2E ${Date.now().toString(36)}`;
    await page.getByRole('link', { name: 'New app or website' }).click();
    await page.getByLabel('Name (English)').fill(name);
    await page.getByLabel('Name (Simplified Chinese)').fill(`${name} 简`);
    await page.getByLabel('Name (Traditional Chinese)').fill(`${name} 繁`);
    await page.getByLabel('Brief (English)').fill('A test app made by the admin suite.');
    await page.getByLabel('Site link').fill('https://example.com/admin-e2e');
    await page.getByLabel('Rating (0–5)').fill('4.5');
    // Published long ago, so it sits at the end of News: the suites running beside this one read the
    // first pages of the demo catalogue and must not meet this app (its Chinese name holds the English one).
    await page.getByLabel('Publish date').fill('2019-01-15');
    await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox').first().check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/items\/\d+$/);
    await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();

    // The logo.
    const [logo] = await pngs(page, 1, { width: 256, height: 256 });
    await page.getByLabel('Logo', { exact: true }).setInputFiles(logo!);
    await expect(page.getByRole('img', { name: `Logo of ${name}` })).toBeVisible();

    // Screens: thirty images and one file that is not an image, dropped on the drop zone together.
    const shots = await pngs(page, 30);
    const dropped = [...shots, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image at all') }];
    const dataTransfer = await page.evaluateHandle(
      (files) => {
        const transfer = new DataTransfer();
        for (const file of files) {
          const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
          transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
        }
        return transfer;
      },
      dropped.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
    );
    const dropZone = page.getByText('Drop screenshots here', { exact: true });
    await dropZone.dispatchEvent('dragover', { dataTransfer });
    await dropZone.dispatchEvent('drop', { dataTransfer });
    const uploads = page.getByRole('list', { name: 'Uploads' });
    // Each file has its own progress bar and outcome.
    await expect(uploads.getByRole('progressbar')).toHaveCount(31);
    await expect(uploads.getByRole('progressbar', { name: 'Upload of screen-30.png' })).toBeVisible();
    await expect(uploads.getByText('Uploaded', { exact: true })).toHaveCount(30, { timeout: 60_000 });
    await expect(uploads.getByRole('alert')).toContainText('notes.txt: Not an image');
    await expect(page.getByText('30 of 31 finished, 1 refused').or(page.getByText('31 of 31 finished, 1 refused'))).toBeVisible();
    const grid = page.getByRole('list', { name: 'Screens in their order' });
    await expect(grid.getByRole('listitem')).toHaveCount(30);
    await expectNoSeriousA11yViolations(page);

    // Reorder by keyboard: the focus stays on the moved screen.
    const srcAt = (index: number) => grid.getByRole('listitem').nth(index).getByRole('img').getAttribute('src');
    const first = await srcAt(0);
    await page.getByRole('button', { name: 'Move screen 1 later' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Moved to position 2 of 30')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Move screen 2 later' })).toBeFocused();
    await expect(grid.getByRole('listitem').nth(1).getByRole('img')).toHaveAttribute('src', first!);

    // Reorder by mouse: screen 5 dragged onto screen 1 takes its place.
    const fifth = await srcAt(4);
    await grid.getByRole('listitem').nth(4).dragTo(grid.getByRole('listitem').nth(0));
    await expect(grid.getByRole('listitem').nth(0).getByRole('img')).toHaveAttribute('src', fifth!);
    await page.reload();
    await expect(grid.getByRole('listitem').nth(0).getByRole('img')).toHaveAttribute('src', fifth!);

    // Delete two screens (after a confirmation).
    const doomed = [await srcAt(28), await srcAt(29)];
    await page.getByRole('checkbox', { name: 'Select screen 29' }).check();
    await page.getByRole('checkbox', { name: 'Select screen 30' }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete 2 screens for good' }).click();
    await expect(page.getByText('2 screens deleted')).toBeVisible();
    await expect(grid.getByRole('listitem')).toHaveCount(28);
    for (const src of doomed) await expect(grid.locator(`img[src="${src}"]`)).toHaveCount(0);

    // Tag every screen with a screen category.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(page.getByText('28 selected')).toBeVisible();
    const category = page.getByLabel('Screen category');
    const option = (await category.locator('option').nth(1).textContent())!;
    await category.selectOption({ label: option });
    await page.getByRole('button', { name: 'Set category' }).click();
    await expect(page.getByText('Category set on 28 screens')).toBeVisible();
    await expect(grid.getByText(option, { exact: true })).toHaveCount(28);

    // Publish.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();

    // A visitor finds it in /app.
    const visitor = await browser.newPage();
    await visitor.goto(`/app?q=${encodeURIComponent(name)}`);
    await expect(visitor.getByText(name, { exact: true }).first()).toBeVisible();
    await visitor.close();

    // The audit log shows the publication.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action').selectOption({ label: 'Published' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('table', { name: 'Audit log, newest first' }).getByRole('row').nth(1)).toContainText('admin@e2e.test');
    await expectNoSeriousA11yViolations(page);
  });

  test('an admin grants a member a membership with a reason, and the audit log records it', async ({ page, request, browser }) => {
    const member = await loginAs(await browser.newPage(), request);
    await loginAsAdmin(page, request);
    await page.goto('/admin/members');
    await page.getByLabel('E-mail contains').fill(member.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Members found' });
    await expect(table.getByRole('rowheader', { name: member.email })).toBeVisible();
    await expect(table).toContainText('Never subscribed');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: `Manage ${member.email}` }).click();
    await expect(page.getByRole('heading', { name: `Manage ${member.email}` })).toBeFocused();
    const vip = page.getByRole('form', { name: 'Membership' });
    await vip.getByRole('button', { name: 'Grant' }).click();
    await expect(vip.getByText('Give a reason of 3 to 500 characters.')).toBeVisible();
    await vip.getByLabel('Months').fill('2');
    await vip.getByLabel('Reason (kept in the audit log)').fill('Support gesture after an outage');
    await vip.getByRole('button', { name: 'Grant' }).click();
    await expect(page.getByText('Membership granted')).toBeVisible();
    await expect(table).toContainText('Subscriber until');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action').selectOption({ label: 'Membership granted' });
    await page.getByLabel('Target id').fill(String(member.user.id));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const log = page.getByRole('table', { name: 'Audit log, newest first' });
    await expect(log.getByRole('row')).toHaveCount(2);
    await expect(log).toContainText('Support gesture after an outage');
  });

  test('an admin edits categories, writes an article with a sanitised preview, and sees plans and orders', async ({ page, request }) => {
    await loginAsAdmin(page, request);
    const stamp = Date.now().toString(36);

    // A screen category in three languages.
    await page.goto('/admin/categories');
    await page.getByRole('tab', { name: 'Screen categories' }).click();
    const add = page.getByRole('form', { name: 'Add a category' });
    await add.getByLabel('Name (English)').fill(`E2E tag ${stamp}`);
    await add.getByLabel('Name (Simplified Chinese)').fill(`标签 ${stamp}`);
    await add.getByLabel('Name (Traditional Chinese)').fill(`標籤 ${stamp}`);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('list', { name: 'Screen categories' }).getByText(`E2E tag ${stamp}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // An article: the preview is what saving stores (no script).
    await page.getByRole('link', { name: 'Articles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await page.getByRole('link', { name: 'New article' }).click();
    await page.getByLabel('Title (English)').fill(`Grids that breathe ${stamp}`);
    await page.getByLabel('Text as HTML (English)').fill('<p>Hello <strong>designers</strong></p><script>window.__pwned = 1</script>');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview (English)' });
    await expect(preview).toContainText('Hello designers');
    await expect(preview.locator('script')).toHaveCount(0);
    await page.getByRole('button', { name: 'Traditional Chinese' }).click();
    await page.getByLabel('Title (Traditional Chinese)').fill(`會呼吸的網格 ${stamp}`);
    await page.getByLabel('Text as HTML (Traditional Chinese)').fill('<p>你好</p>');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Grids that breathe ${stamp}` })).toBeVisible();
    await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Plans and prices' }).click();
    await expect(page.getByRole('table', { name: 'Plans and their prices' }).getByRole('row')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Review').selectOption({ label: 'Flagged' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('table', { name: 'Orders, newest first' }).or(page.getByRole('heading', { name: 'No orders match' }))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
