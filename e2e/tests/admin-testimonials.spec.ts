import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, loginAsAdmin, test } from '../fixtures';

/**
 * Issue 29, fault 6 (decision 053): testimonials are managed in the console and shown on the plans page to
 * readers of the language they were given in, in the console's order; with none, the plans page has no
 * testimonials section.
 */

async function chooseLanguage(page: Page, name: 'English' | '简体中文' | '繁體中文') {
  await page.getByRole('button', { name: /: (English|简体中文|繁體中文)$/ }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

/** The rows of the console's list, in order. */
const rows = (page: Page): Locator => page.getByRole('list', { name: 'Testimonials in their order' }).getByRole('listitem');

async function addTestimonial(page: Page, fields: { language: string; quote: string; name: string; role: string }) {
  const form = page.getByRole('form', { name: 'Add a testimonial' });
  await form.getByRole('combobox', { name: 'Language' }).selectOption({ label: fields.language });
  await form.getByLabel('Quote, as it was given').fill(fields.quote);
  await form.getByLabel('Name', { exact: true }).fill(fields.name);
  await form.getByLabel('Role (optional)').fill(fields.role);
  await form.getByRole('button', { name: 'Add testimonial' }).click();
  // Added: the form empties for the next one.
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
}

test.describe('testimonials in the console', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin adds, reorders, edits and deletes testimonials; the plans page shows each to readers of its language', async ({ page, request }) => {
    const run = Date.now().toString(36);
    const english = { language: 'English', quote: `Shotlib saves me an afternoon of reference hunting (${run}).`, name: `Ada ${run}`, role: 'Product designer' };
    const chinese = { language: 'Simplified Chinese', quote: `找参考的时间省了一大半（${run}）。`, name: `林 ${run}`, role: '交互设计师' };
    const edited = `Shotlib saves me a whole day of reference hunting (${run}).`;

    await loginAsAdmin(page, request);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Testimonials' }).click();
    await expect(page).toHaveURL(/\/admin\/testimonials$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();

    await addTestimonial(page, english);
    await addTestimonial(page, chinese);
    const mine = rows(page).filter({ hasText: run });
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(0)).toContainText('English');
    await expect(mine.nth(0)).toContainText(english.quote);
    await expect(mine.nth(0)).toContainText(`${english.name} · ${english.role}`);
    await expect(mine.nth(1)).toContainText('Simplified Chinese');
    await expect(mine.nth(1)).toContainText(chinese.quote);

    // Reorder by keyboard: the Chinese one goes first, and the focus stays on its row's buttons.
    const earlier = page.getByRole('button', { name: `Move the testimonial of ${chinese.name} earlier` });
    await earlier.focus();
    await page.keyboard.press('Enter');
    await expect(mine.nth(0)).toContainText(chinese.quote);
    await expect(mine.nth(1)).toContainText(english.quote);
    await expect(page.getByText(`The testimonial of ${chinese.name} moved to position`)).toBeAttached();
    await expect(page.getByRole('button', { name: `Move the testimonial of ${chinese.name} later` })).toBeFocused();

    // Edit the English one.
    await page.getByRole('button', { name: `Edit the testimonial of ${english.name}` }).click();
    const form = page.getByRole('form', { name: `Edit the testimonial of ${english.name}` });
    await expect(form.getByRole('combobox', { name: 'Language' })).toHaveValue('enUS');
    await form.getByLabel('Quote, as it was given').fill(edited);
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
    await expect(mine.nth(1)).toContainText(edited);

    // The plans page: the English reader sees the English one only; after switching, the Chinese reader the Chinese one.
    await page.goto('/sub');
    const section = page.getByRole('region', { name: 'What designers say' });
    await expect(section).toContainText(edited);
    await expect(section).toContainText(english.name);
    await expect(section).not.toContainText(chinese.quote);
    await chooseLanguage(page, '简体中文');
    const sectionCn = page.getByRole('region', { name: '设计师怎么说' });
    await expect(sectionCn).toContainText(chinese.quote);
    await expect(sectionCn).toContainText(chinese.role);
    await expect(sectionCn).not.toContainText(edited);
    await chooseLanguage(page, 'English');

    // Delete both, each asked once more.
    await page.goto('/admin/testimonials');
    for (const name of [english.name, chinese.name]) {
      await page.getByRole('button', { name: `Delete the testimonial of ${name}`, exact: true }).click();
      await page.getByRole('button', { name: `Delete the testimonial of ${name} for good` }).click();
      await expect(page.getByRole('button', { name: `Edit the testimonial of ${name}` })).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'No testimonials yet' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // None left: the plans page has no testimonials section (nor its Pause button), once it has asked for them.
    const asked = page.waitForResponse((response) => /\/testimonials\?locale=enUS/.test(response.url()) && response.ok());
    await page.goto('/sub');
    await asked;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What designers say' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  });
});
