import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, loginAsAdmin, test } from '../fixtures';

const API = '/ui/c-api/v1';

type FlowCard = { id: number; name: string; stepCount: number; item: { id: number } };

/** The item's flows as the public API lists them (`POST /flow {appSiteId}`), in the console's order. */
async function publicFlows(request: APIRequestContext, itemId: number): Promise<FlowCard[]> {
  const reply = await (await request.post(`${API}/flow`, { data: { appSiteId: itemId, pageSize: 50 } })).json();
  expect(reply.code, JSON.stringify(reply)).toBe(0);
  return reply.data.arr as FlowCard[];
}

test.describe('admin console: flows', () => {
  // Signs in, edits categories and two flows and scans the pages with axe: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 300_000 });

  test('an admin adds a flow type, builds a flow of three captioned steps, reorders, edits and deletes flows, and the public API follows', async ({ page, request }) => {
    const admin = await loginAsAdmin(page, request);
    const headers = { Authorization: admin.token };
    const stamp = Date.now().toString(36);
    const type = `Sign-up ${stamp}`;

    // A flow type, in the Flow types tree (the category trees are tabs, moved by the arrow keys).
    await page.goto('/admin/categories');
    const listTab = page.getByRole('tab', { name: 'App and website categories' });
    await expect(listTab).toHaveAttribute('aria-selected', 'true');
    await listTab.focus();
    // End reaches the last tree (UI elements, issue 14), ← the one before it.
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'UI elements' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    const flowTab = page.getByRole('tab', { name: 'Flow types' });
    await expect(flowTab).toBeFocused();
    await expect(flowTab).toHaveAttribute('aria-selected', 'true');
    const add = page.getByRole('form', { name: 'Add a category' });
    await add.getByLabel('Name (English)').fill(type);
    await add.getByLabel('Name (Simplified Chinese)').fill(`注册 ${stamp}`);
    await add.getByLabel('Name (Traditional Chinese)').fill(`註冊 ${stamp}`);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('list', { name: 'Flow types' }).getByText(type)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A published app of the demo with a few screens.
    const items = await (await request.get(`${API}/admin/items`, { params: { status: 'published', business: 'false', pageSize: 50 }, headers })).json();
    const item = (items.data.arr as { id: number; name: string; screens: number; business: boolean }[]).find((one) => one.screens >= 4 && !one.business);
    expect(item, 'a published demo item with 4 screens').toBeTruthy();
    const itemId = item!.id;
    const before = (await publicFlows(request, itemId)).map((flow) => flow.id);

    await page.goto(`/admin/items/${itemId}`);
    await expect(page.getByRole('heading', { level: 1, name: item!.name })).toBeVisible();
    const flows = page.getByRole('region', { name: 'Flows' });
    await expect(flows.getByRole('button', { name: 'New flow' })).toBeEnabled();

    // A new flow: type, names in three languages, three steps from the item's screens with captions.
    const name = `Sign up ${stamp}`;
    await flows.getByRole('button', { name: 'New flow' }).click();
    const form = page.getByRole('form', { name: 'New flow' });
    await form.getByLabel('Flow type').selectOption({ label: type });
    await form.getByLabel('Flow name (English)').fill(name);
    await form.getByLabel('Flow name (Simplified Chinese)').fill(`注册 ${stamp}`);
    await form.getByLabel('Flow name (Traditional Chinese)').fill(`註冊 ${stamp}`);
    for (const screen of [1, 2, 3]) await form.getByRole('button', { name: `Add screen ${screen} as a step` }).click();
    const steps = form.getByRole('list', { name: 'Steps of the flow' });
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await form.getByLabel('Step 1 caption (English)').fill('Open the app');
    await form.getByLabel('Step 1 caption (Simplified Chinese)').fill('打开应用');
    await form.getByLabel('Step 2 caption (English)').fill('Enter the e-mail');
    await form.getByLabel('Step 3 caption (English)').fill('Confirm the code');
    // Step 3 goes one place earlier by keyboard; the focus stays on it.
    await form.getByRole('button', { name: 'Move step 3 earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step moved to position 2 of 3')).toBeAttached();
    await expect(form.getByRole('button', { name: 'Move step 2 earlier' })).toBeFocused();
    await expect(form.getByLabel('Step 2 caption (English)')).toHaveValue('Confirm the code');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Create flow' }).click();
    await expect(page.getByText(`Flow ${name} created`)).toBeVisible();
    await expect(form).toHaveCount(0);
    const list = flows.getByRole('list', { name: 'Flows in their order' });
    await expect(list.getByRole('listitem').last()).toContainText(name);
    await expect(list.getByRole('listitem').last()).toContainText(`${type} · 3 steps`);

    // A second flow of one step (the same screen twice is allowed).
    const second = `Checkout ${stamp}`;
    await flows.getByRole('button', { name: 'New flow' }).click();
    await form.getByLabel('Flow type').selectOption({ label: type });
    await form.getByLabel('Flow name (English)').fill(second);
    await form.getByRole('button', { name: 'Add screen 4 as a step' }).click();
    await form.getByRole('button', { name: 'Add screen 4 as a step' }).click();
    await expect(form.getByRole('list', { name: 'Screens of this product' }).getByRole('listitem').nth(3)).toContainText('In 2 steps');
    await form.getByRole('button', { name: 'Create flow' }).click();
    await expect(page.getByText(`Flow ${second} created`)).toBeVisible();
    await expect(list.getByRole('listitem').last()).toContainText(second);

    // The public API lists both, in the console's order, with their steps and captions.
    let listed = (await publicFlows(request, itemId)).filter((flow) => !before.includes(flow.id));
    expect(listed.map((flow) => [flow.name, flow.stepCount])).toEqual([
      [name, 3],
      [second, 2],
    ]);
    const firstId = listed[0]!.id;
    const played = await (await request.get(`${API}/flow/${firstId}`)).json();
    expect(played.code).toBe(0);
    expect(played.data.steps.map((step: { caption: string }) => step.caption)).toEqual(['Open the app', 'Confirm the code', 'Enter the e-mail']);
    expect(played.data.steps[0].captionCn).toBe('打开应用');

    // Reorder by keyboard: the second flow one place earlier, the focus stays on it, and it holds after a reload.
    await page.getByRole('button', { name: `Move ${second} earlier` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(new RegExp(`^${second} moved to position`))).toBeAttached();
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', new RegExp(`^Move ${second} (earlier|later)$`));
    const names = async () => (await list.getByRole('listitem').allTextContents()).filter((text) => text.includes(stamp));
    await expect.poll(async () => (await names()).map((text) => (text.includes(second) ? second : name))).toEqual([second, name]);
    await page.reload();
    await expect.poll(async () => (await names()).map((text) => (text.includes(second) ? second : name))).toEqual([second, name]);
    listed = (await publicFlows(request, itemId)).filter((flow) => !before.includes(flow.id));
    expect(listed.map((flow) => flow.name)).toEqual([second, name]);

    // Edit the first flow: a new name and the last step removed.
    const edited = `Sign up by e-mail ${stamp}`;
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('form', { name: `Edit flow ${name}` });
    await expect(editor.getByLabel('Step 1 caption (English)')).toHaveValue('Open the app');
    await editor.getByLabel('Flow name (English)').fill(edited);
    await editor.getByRole('button', { name: 'Remove step 3' }).click();
    await expect(editor.getByRole('list', { name: 'Steps of the flow' }).getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await editor.getByRole('button', { name: 'Save flow' }).click();
    await expect(page.getByText('Flow saved')).toBeVisible();
    await expect(list.getByText(edited)).toBeVisible();
    listed = (await publicFlows(request, itemId)).filter((flow) => !before.includes(flow.id));
    expect(listed.map((flow) => [flow.name, flow.stepCount])).toEqual([
      [second, 2],
      [edited, 2],
    ]);

    // The audit log has the flow's creation.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Target type').selectOption({ label: 'Flow' });
    await page.getByLabel('Action').selectOption({ label: 'Flow created' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('table', { name: 'Audit log, newest first' }).getByRole('row').nth(1)).toContainText('Flow #');

    // Delete both (each after a confirmation): the public API no longer lists them.
    await page.goto(`/admin/items/${itemId}`);
    for (const flowName of [edited, second]) {
      await page.getByRole('button', { name: `Delete ${flowName}` }).click();
      await page.getByRole('button', { name: `Delete ${flowName} for good` }).click();
      await expect(page.getByRole('button', { name: `Edit ${flowName}` })).toHaveCount(0);
    }
    expect((await publicFlows(request, itemId)).map((flow) => flow.id)).toEqual(before);
  });

  test('the items list filters by kind and counts flows', async ({ page, request }) => {
    await loginAsAdmin(page, request);
    await page.goto('/admin/items');
    const table = page.getByRole('table', { name: 'Apps and websites, newest first' });
    await expect(table.getByRole('columnheader', { name: 'Flows' })).toBeVisible();
    await page.getByLabel('Kind').selectOption({ label: 'Websites' });
    await expect(page).toHaveURL(/kind=site/);
    await expect(table.getByRole('row').nth(1)).toContainText('Website');
    await expect(table.getByText('App', { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});
