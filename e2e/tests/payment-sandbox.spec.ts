import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signInByApi, test, type SignedIn } from '../fixtures';

/**
 * The sandbox provider's checkout page, driven in the browser against the real server: it stands
 * in for each way's provider and pays through the same signed-notification route. (The product's
 * own pages around it, /cfm, /confirm, /ok and /mine/sub, have their specs with the web app.)
 */

const API = '/ui/c-api/v1';

type PayReply = { url: string; tno: string; action: 'qr' | 'redirect'; amount: number; currency: string; sandbox: boolean };

async function startPayment(request: APIRequestContext, me: SignedIn, way: string, grade: number): Promise<PayReply> {
  const res = await (await request.get(`${API}/pay?way=${way}&grade=${grade}`, { headers: { Authorization: me.token } })).json();
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data as PayReply;
}

/** Press a button of the sandbox page; the page's own answer (a redirect for PayPal and card). */
async function press(page: Page, name: 'Pay' | 'Fail') {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/sandbox/pay/')),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  return { status: response.status(), location: response.headers()['location'] ?? '' };
}

async function orderStatus(request: APIRequestContext, me: SignedIn, tno: string): Promise<number> {
  const res = await (await request.get(`${API}/order/${tno}`, { headers: { Authorization: me.token } })).json();
  return res.data.status as number;
}

async function expiry(request: APIRequestContext, me: SignedIn): Promise<string | null> {
  const res = await (await request.get(`${API}/member/info`, { headers: { Authorization: me.token } })).json();
  return res.data.expired as string | null;
}

test.describe('sandbox checkout page', () => {
  test('WeChat Pay: the QR link opens the order, Pay pays it, and the membership starts at once', async ({ page, request }) => {
    const me = await signInByApi(request);
    const started = await startPayment(request, me, 'wechat', 3);
    expect(started).toMatchObject({ action: 'qr', amount: 2900, currency: 'CNY', sandbox: true });

    await page.goto(started.url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('WeChat Pay checkout');
    await expect(page.getByText('¥29.00')).toBeVisible();
    await expect(page.getByText(started.tno)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('sandbox-wechat.png'), fullPage: true });

    expect(await orderStatus(request, me, started.tno)).toBe(0);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Paid', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('sandbox-wechat-paid.png'), fullPage: true });
    expect(await orderStatus(request, me, started.tno)).toBe(1);
    const expired = await expiry(request, me);
    expect(expired).not.toBeNull();
    expect(Date.parse(expired!)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });

  test('PayPal: Pay returns to /confirm with the token, which confirms as paid', async ({ page, request }) => {
    const me = await signInByApi(request);
    const started = await startPayment(request, me, 'paypal', 2);
    expect(started).toMatchObject({ action: 'redirect', amount: 999, currency: 'USD' });
    await page.goto(started.url);
    await expect(page.getByText('$9.99')).toBeVisible();
    const paid = await press(page, 'Pay');
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/\/confirm\?token=SBX[0-9A-Z]{16}$/);
    const token = new URL(paid.location).searchParams.get('token');
    const confirmed = await (await request.get(`${API}/pay/${token}`, { headers: { Authorization: me.token } })).json();
    expect(confirmed.data).toEqual({ status: 1, tno: started.tno });
  });

  test('card: Pay returns to /ok; Fail returns to the plan and leaves the order unpaid', async ({ page, request }) => {
    const me = await signInByApi(request);
    const failed = await startPayment(request, me, 'card', 3);
    await page.goto(failed.url);
    const refused = await press(page, 'Fail');
    expect(refused.location).toMatch(/\/cfm\/3$/);
    expect(await orderStatus(request, me, failed.tno)).toBe(2);
    expect(await expiry(request, me)).toBeNull();

    const started = await startPayment(request, me, 'card', 1);
    await page.goto(started.url);
    const paid = await press(page, 'Pay');
    expect(paid.location).toMatch(new RegExp(`/ok\\?tno=${started.tno}$`));
    expect(await orderStatus(request, me, started.tno)).toBe(1);
  });
});
