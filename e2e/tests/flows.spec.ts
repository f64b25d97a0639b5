import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, loginAs, loginAsVip, test } from '../fixtures';

/**
 * Issue 13 in the browser (docs/decisions/045): a visitor browses flows and B-end, a member plays a flow up to its
 * first locked screen (the one rule of free screens, issue 28) and is offered the subscription, a vip plays every step by keyboard, opens a deep link, closes with
 * Esc and collects the flow. The flows come from the demo, imported through the pipeline on the first start; the
 * tests ask the API which ones to use.
 */

const API = '/ui/c-api/v1';

type FlowCard = { id: number; name: string; stepCount: number; item: { id: number; name: string; kind: 'app' | 'web' | 'b' } };
type FlowStep = { position: number; caption: string };
type Flow = FlowCard & { steps: FlowStep[]; locked: boolean };
type List<T> = { arr: T[]; total: number };

async function call<T>(request: APIRequestContext, path: string, data?: unknown, token?: string): Promise<T> {
  const headers = token ? { Authorization: token } : undefined;
  const response = data === undefined ? await request.get(`${API}${path}`, { headers }) : await request.post(`${API}${path}`, { data, headers });
  const body = await response.json();
  if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/**
 * A flow of the demo of at least two free steps (those before its first locked screen, as a regular reader gets
 * them) and at least one locked step, with the number of its free steps (of an app unless `kind` says otherwise).
 */
async function longFlow(request: APIRequestContext, kind: 'app' | 'web' | 'b' = 'app'): Promise<FlowCard & { free: number }> {
  const flows = await call<List<FlowCard>>(request, '/flow', { kind, page: 1, pageSize: 50 });
  for (const card of flows.arr.filter((candidate) => candidate.stepCount >= 3)) {
    const free = (await call<Flow>(request, `/flow/${card.id}`)).steps.length;
    if (free >= 2 && free < card.stepCount) return { ...card, free };
  }
  throw new Error(`no ${kind} flow of two free steps and a locked one in the demo`);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const player = (page: Page, flow: FlowCard) => page.getByRole('dialog', { name: flow.name });
/** The player's "3 / 12" (read as "Step 3 / 12"). */
const counter = (page: Page, flow: FlowCard, at: number) => player(page, flow).getByText(`Step ${at} / ${flow.stepCount}`, { exact: true });

test.describe.configure({ timeout: 120_000 });

test.describe('a visitor', () => {
  test('browses flows by platform, type and rank, and a card opens the player', async ({ page, request }) => {
    await page.goto('/flows');
    await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Flows' })).toHaveAttribute('aria-current', 'page');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // B-end flows only.
    const platform = page.getByRole('group', { name: 'Platform' });
    await platform.getByRole('button', { name: 'Business software' }).click();
    await expect(page).toHaveURL(/kind=b/);
    await expect(platform.getByRole('button', { name: 'Business software' })).toHaveAttribute('aria-pressed', 'true');
    const business = await call<List<FlowCard>>(request, '/flow', { kind: 'b', page: 1, pageSize: 8 });
    await expect(page.getByText(`${business.total} flows`, { exact: true })).toBeVisible();
    await expect(cards.first().getByRole('link')).toHaveAttribute('href', `/detail/${business.arr[0]!.item.id}?flow=${business.arr[0]!.id}&step=1`);

    // One flow type.
    await page.getByRole('button', { name: /^Flow type/ }).click();
    await page.getByRole('group', { name: 'Flow type' }).getByRole('checkbox').first().check();
    await expect(page).toHaveURL(/type=\d+/);
    await page.keyboard.press('Escape');

    // Trending, every kind again.
    await page.getByRole('tab', { name: 'Trending' }).click();
    await expect(page).toHaveURL(/rank=H/);
    await platform.getByRole('button', { name: 'All' }).click();
    await expect(page).not.toHaveURL(/kind=/);
    await expect(cards.first()).toBeVisible();

    // A card opens its flow on its item's page, at the first step.
    const first = cards.first();
    const href = await first.getByRole('link').getAttribute('href');
    await first.getByRole('link').click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByText(/^Step 1 \/ \d+$/)).toBeVisible();
  });

  test('browses B-end software: its tab, cards with their marks, the subscription past the first page', async ({ page, request }) => {
    const list = await call<List<{ id: number; name: string; platform: boolean; business: boolean }>>(request, '/platform', {
      business: true,
      page: 1,
      pageSize: 8,
    });
    expect(list.arr.every((item) => item.business)).toBe(true);

    await page.goto('/app');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Business software' }).click();
    await expect(page).toHaveURL(/\/b$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Business software' })).toBeVisible();
    await expect(page.getByText(`${list.total} products`, { exact: true })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(8);
    const first = cards.first();
    await expect(first.getByRole('link', { name: list.arr[0]!.name, exact: true })).toBeVisible();
    await expect(first.getByText('Business', { exact: true })).toBeVisible();
    await expect(first.getByText(list.arr[0]!.platform ? 'Web' : 'Mobile', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Business software pages like apps and sites (what is free of it is each product's first screens, issue 28).
    await expect(async () => {
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect(cards).toHaveCount(list.total, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('Subscribe to browse beyond page 50.')).toHaveCount(0);

    // Its detail page says what it is.
    await first.getByRole('link', { name: list.arr[0]!.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: list.arr[0]!.name })).toBeVisible();
    await expect(page.locator('dd').getByText('Business', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Business software' })).toBeVisible();
  });
});

test.describe('a member', () => {
  test('plays a flow up to the free steps and is offered the subscription', async ({ page, request }) => {
    const flow = await longFlow(request);
    await loginAs(page, request);
    await page.goto(`/detail/${flow.item.id}?flow=${flow.id}&step=1`);
    await expect(counter(page, flow, 1)).toBeVisible();
    const strip = player(page, flow).getByRole('navigation', { name: 'Steps' });
    await expect(strip.getByRole('button')).toHaveCount(flow.stepCount);
    await expect(strip.getByRole('button', { name: /for subscribers$/ })).toHaveCount(flow.stepCount - flow.free);

    for (let at = 2; at <= flow.free; at++) {
      await page.keyboard.press('ArrowRight');
      await expect(counter(page, flow, at)).toBeVisible();
      await expect(player(page, flow).getByRole('img')).toBeVisible();
    }
    await page.keyboard.press('ArrowRight');
    await expect(counter(page, flow, flow.free + 1)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`step=${flow.free + 1}$`));
    await expect(player(page, flow).getByRole('heading', { name: 'See the whole flow' })).toBeVisible();
    await expect(player(page, flow).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/sub');
    // A member is signed in already: no sign-in offer.
    await expect(player(page, flow).getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await player(page, flow).getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(/\/sub$/);
  });
});

test.describe('a vip', () => {
  test('plays every step by keyboard, opens a deep link, closes with Esc and collects the flow', async ({ page, request }) => {
    const flow = await longFlow(request);
    const vip = await loginAsVip(page, request);
    const full = await call<Flow>(request, `/flow/${flow.id}`, undefined, vip.token);
    expect(full.locked).toBe(false);
    expect(full.steps).toHaveLength(flow.stepCount);

    // From the item's Flows section.
    await page.goto(`/detail/${flow.item.id}`);
    const section = page.getByRole('region', { name: /^Flows/ });
    await section.getByRole('link', { name: new RegExp(`^${escaped(flow.name)}`) }).click();
    await expect(counter(page, flow, 1)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?flow=${flow.id}&step=1$`));
    await expect(player(page, flow)).toBeFocused();

    for (let at = 2; at <= flow.stepCount; at++) {
      await page.keyboard.press('ArrowRight');
      await expect(counter(page, flow, at)).toBeVisible();
      if (full.steps[at - 1]!.caption) await expect(player(page, flow).getByText(full.steps[at - 1]!.caption, { exact: true }).first()).toBeVisible();
    }
    await expect(page).toHaveURL(new RegExp(`step=${flow.stepCount}$`));
    await expect(player(page, flow).getByRole('heading', { name: 'See the whole flow' })).toHaveCount(0);
    await page.keyboard.press('Home');
    await expect(counter(page, flow, 1)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page, flow, 1)).toBeVisible();
    await page.keyboard.press('End');
    await expect(counter(page, flow, flow.stepCount)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page, flow, flow.stepCount - 1)).toBeVisible();
    const strip = player(page, flow).getByRole('navigation', { name: 'Steps' });
    await expect(strip.locator('[aria-current="step"]')).toHaveCount(1);
    await expect(strip.getByRole('button').nth(flow.stepCount - 2)).toHaveAttribute('aria-current', 'step');
    await expectNoSeriousA11yViolations(page);

    // Tab stays inside the dialog.
    for (let i = 0; i < flow.stepCount + 8; i++) await page.keyboard.press('Tab');
    expect(await player(page, flow).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/detail/${flow.item.id}$`));

    // A deep link opens the player at its step; out of range clamps.
    await page.goto(`/detail/${flow.item.id}?flow=${flow.id}&step=2`);
    await expect(counter(page, flow, 2)).toBeVisible();
    await page.goto(`/detail/${flow.item.id}?flow=${flow.id}&step=999`);
    await expect(counter(page, flow, flow.stepCount)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`step=${flow.stepCount}$`));

    // Collect the whole flow; it is in the collections' Flows tab.
    const collect = player(page, flow).getByRole('button', { name: 'Collect flow' });
    await collect.click();
    await expect(player(page, flow).getByRole('button', { name: 'Flow collected' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');

    await page.goto('/collect');
    await page.getByRole('tab', { name: 'Flows' }).click();
    await expect(page).toHaveURL(/tab=flows/);
    const card = page.getByRole('main').getByRole('article').filter({ hasText: flow.name });
    await expect(card).toHaveCount(1);
    await expect(page.getByText('1 flow', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Uncollected in place.
    await card.getByRole('button', { name: `Remove ${flow.name} from your collection` }).click();
    await expect(page.getByRole('heading', { name: 'No flows collected yet' })).toBeVisible();
  });
});
