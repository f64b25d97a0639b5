import { ENTITLEMENT_ROWS, PAYMENT_POLL_MS } from '@shotlib/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import en from '../../i18n/enUS.json';
import zhCN from '../../i18n/zhCN.json';
import { useSessionStore } from '../../lib/session-store';
import CfmPage from './cfm-page';
import ConfirmPage from './confirm-page';
import OkPage from './ok-page';
import { qrDataUrl } from './qr-code';
import { redirectTo } from './redirect';
import SubPage from './sub-page';

vi.mock('./redirect', () => ({ redirectTo: vi.fn() }));

/**
 * The billing pages against a stubbed server: plans and prices, the checkout's two ways of paying
 * (QR code with polling, redirect), and the return pages /confirm and /ok.
 */

const PLANS = [
  { grade: 1, period: 12, money: 21900, usdMoney: 2999 },
  { grade: 2, period: 3, money: 6900, usdMoney: 999 },
  { grade: 3, period: 1, money: 2900, usdMoney: 499 },
];
const WAYS = [
  { way: 'wechat', sandbox: true, autoRenew: false, currency: 'CNY' },
  { way: 'paypal', sandbox: true, autoRenew: true, currency: 'USD' },
  { way: 'card', sandbox: true, autoRenew: true, currency: 'USD' },
];
const TNO = 'T20260301K7Q2M9X4C1V8B3NZ';
const MEMBER = { id: 1, emailAddr: 'a@b.c', nickname: 'Ann', avatar: '', expired: '2999-01-01T00:00:00.000Z', role: 'member', hasPassword: false, passwordResetUntil: null };

type Call = { method: string; path: string; query: URLSearchParams };
let calls: Call[] = [];
/** Status the stubbed server gives the order on each GET /order/{tno}, in turn (the last one repeats). */
let orderStatuses: number[] = [];
let payRefusal: string | null = null;
let confirmStatus = 1;
/** The catalogue's live counts (`GET /platform/stats`). */
let stats = { apps: 64, sites: 32, business: 0, flows: 0, screenshots: 1570 };
/** The console's testimonials (`GET /testimonials`): none ship. */
let testimonials: { id: number; quote: string; name: string; role: string }[] = [];

function reply(data: unknown, code = 0, message = 'ok') {
  return Promise.resolve(new Response(JSON.stringify({ code, message, data }), { status: 200, headers: { 'content-type': 'application/json' } }));
}

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname.replace('/ui/c-api/v1', '');
  calls.push({ method: init?.method ?? 'GET', path, query: url.searchParams });
  if (path === '/config') return reply({ mediaBase: '/media', supportEmail: 'help@shotlib.test', google: false });
  if (path === '/grade') return reply({ arr: PLANS, total: 3 });
  const grade = /^\/grade\/(\d+)$/.exec(path);
  if (grade) {
    const plan = PLANS.find((p) => p.grade === Number(grade[1]));
    return plan ? reply(plan) : reply(null, 404, 'Plan not found.');
  }
  if (path === '/pay/ways') return reply({ arr: WAYS, total: 3 });
  if (path === '/platform/stats') return reply(stats);
  if (path === '/testimonials') return reply({ arr: testimonials, total: testimonials.length });
  if (path === '/pay') {
    if (payRefusal) return reply(null, 1001, payRefusal);
    const way = url.searchParams.get('way');
    return reply({
      url: `http://localhost/ui/c-api/v1/sandbox/pay/SBXREF`,
      tno: TNO,
      way,
      action: way === 'wechat' ? 'qr' : 'redirect',
      amount: way === 'wechat' ? 21900 : 2999,
      currency: way === 'wechat' ? 'CNY' : 'USD',
      autoRenew: way !== 'wechat',
      expiresAt: way === 'wechat' ? new Date(Date.now() + 7_200_000).toISOString() : null,
      sandbox: true,
    });
  }
  if (path === `/order/${TNO}`) {
    const status = orderStatuses.length > 1 ? orderStatuses.shift()! : (orderStatuses[0] ?? 0);
    return reply({ grade: 1, createTime: new Date().toISOString(), status, tno: TNO, way: 'wechat', amount: 21900, currency: 'CNY', paidTime: null, renewal: false });
  }
  if (path.startsWith('/pay/')) return reply({ status: confirmStatus, tno: TNO });
  if (path === '/member/info') return reply(MEMBER);
  return reply(null, 404, 'Not Found');
}

const ordersAsked = () => calls.filter((call) => call.path === `/order/${TNO}`).length;

function renderAt(path: string, routes: { path: string; element: ReactElement }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const marker = (name: string) => ({ path: name, element: <p>{`page ${name}`}</p> });
  const router = createMemoryRouter([...routes, marker('/ok'), marker('/mine/sub'), marker('/sub'), marker('/')], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  calls = [];
  orderStatuses = [0];
  payRefusal = null;
  confirmStatus = 1;
  stats = { apps: 64, sites: 32, business: 0, flows: 0, screenshots: 1570 };
  testimonials = [];
  vi.stubGlobal('fetch', vi.fn(server));
  useSessionStore.setState({
    user: { id: 1, email: 'a@b.c', nickname: 'Ann', avatar: '', vip: false, expired: null, token: 't' },
    authenticated: true,
  });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(redirectTo).mockClear();
  useSessionStore.setState({ user: null, authenticated: false, collected: new Set() });
  await i18n.changeLanguage('enUS');
});

describe('the plans page', () => {
  it('shows each plan in dollars in English and in yuan in Chinese, the year plan badged', async () => {
    renderAt('/plans', [{ path: '/plans', element: <SubPage /> }]);
    const year = await screen.findByRole('article', { name: 'Yearly' });
    expect(year.textContent).toContain('$29.99');
    expect(year.textContent).toContain('Best value');
    // No count badge nobody can back (issue 29.6): not '5w+', not 'Chosen by 50,000+'.
    expect(document.body.textContent).not.toMatch(/5w\+|50,000|60,000/);
    expect(screen.getByRole('article', { name: 'Monthly' }).textContent).toContain('$4.99');
    expect(screen.getByRole('link', { name: 'Subscribe: Quarterly' }).getAttribute('href')).toBe('/cfm/2');

    await act(() => i18n.changeLanguage('zhCN'));
    const yearZh = screen.getByRole('article', { name: zhCN.billing.plans.year.name });
    expect(yearZh.textContent).toContain('¥219.00');
    expect(yearZh.textContent).not.toContain('$');
  });

  it('states the library as it is: live counts rounded down, the claims only once reached', async () => {
    renderAt('/plans', [{ path: '/plans', element: <SubPage /> }]);
    const figures = screen.getByLabelText(en.billing.sub.figuresLabel);
    await waitFor(() => expect(figures.textContent).toContain('1,500+'));
    expect(figures.textContent).toContain('96+');
    expect(figures.textContent).not.toContain('400,000');
    expect(figures.textContent).not.toContain('147,603');
  });

  it('shows the specification’s figures once the catalogue holds that much, and none it cannot back', async () => {
    stats = { apps: 900, sites: 400, business: 12, flows: 250, screenshots: 450_000 };
    renderAt('/plans', [{ path: '/plans', element: <SubPage /> }]);
    const figures = screen.getByLabelText(en.billing.sub.figuresLabel);
    await waitFor(() => expect(figures.textContent).toContain('400,000+'));
    expect(figures.textContent).toContain('1,000+');
    expect(figures.textContent).toContain('business software products12+');
    expect(figures.textContent).toContain('flows250+');
    // Not the spec's 147,603 interface pages nor its 60,000 designers: the catalogue cannot back them (decision 053).
    expect(figures.textContent).not.toContain('147,603');
    expect(figures.textContent).not.toContain('designers');
  });

  it('shows testimonials only as the console keeps them, in the reader’s language; none: no section', async () => {
    renderAt('/plans', [{ path: '/plans', element: <SubPage /> }]);
    await screen.findByRole('article', { name: 'Yearly' });
    await waitFor(() => expect(calls.some((call) => call.path === '/testimonials' && call.query.get('locale') === 'enUS')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'What designers say' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('shows the testimonials the console keeps', async () => {
    testimonials = [{ id: 7, quote: 'Saved me a day a sprint.', name: 'Ann Lee', role: 'Product designer' }];
    renderAt('/plans', [{ path: '/plans', element: <SubPage /> }]);
    const section = (await screen.findByRole('heading', { name: 'What designers say' })).closest('section')!;
    expect(within(section).getAllByText('Saved me a day a sprint.')[0]).toBeTruthy();
    expect(section.textContent).toContain('Ann Lee');
  });

  it('draws the comparison table from the entitlement table, every status in words', async () => {
    renderAt('/plans', [{ path: '/plans', element: <SubPage /> }]);
    const table = await screen.findByRole('table', { name: 'What a regular account and a subscription include' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(ENTITLEMENT_ROWS.length);
    const words = { 0: 'Not included', 1: 'Included', 2: 'Partial', 3: 'Partial (50 pages)', 5: 'Updating' } as const;
    ENTITLEMENT_ROWS.forEach((row, index) => {
      const cells = within(rows[index]!).getAllByRole('cell');
      expect(cells[0]!.textContent).toContain(words[row.regular]);
      expect(cells[1]!.textContent).toContain(words[row.vip]);
    });
    // What of B-end and flows is free: the one rule of free screens (issue 28), from openableScreens.
    const row = (key: string) => rows[ENTITLEMENT_ROWS.findIndex((entry) => entry.key === key)]!;
    expect(within(row('bEnd')).getAllByRole('cell')[0]!.textContent).toContain('The first 10 screens of every product');
    expect(within(row('flows')).getAllByRole('cell')[0]!.textContent).toContain("Every flow up to its first locked screen (an app's first 10 are free)");
    expect(within(row('flows')).getAllByRole('cell')[1]!.textContent).toContain('New flows since');
  });

  it('says in the FAQ what of flows and B-end comes without a subscription', async () => {
    renderAt('/plans', [{ path: '/plans', element: <SubPage /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'What does a subscription include?' }));
    const answer = screen.getByRole('region', { name: 'What does a subscription include?' }).textContent;
    expect(answer).toContain('open the first 10 screens of every app, website and business software product');
    expect(answer).toContain('play every flow up to its first screen beyond those');
  });

  it('opens and closes each answer with its question button', async () => {
    renderAt('/plans', [{ path: '/plans', element: <SubPage /> }]);
    const question = await screen.findByRole('button', { name: 'How do I cancel?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'How do I cancel?' })).toBeNull();
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'How do I cancel?' }).textContent).toContain('Cancel renewal');
  });
});

describe('the checkout', () => {
  it('WeChat Pay: shows the QR code, locks the ways, polls the order every 3 s and goes to Ok once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    orderStatuses = [0, 0, 1];
    renderAt('/cfm/1', [{ path: '/cfm/:grade', element: <CfmPage /> }]);
    fireEvent.click(await screen.findByRole('radio', { name: /^WeChat Pay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));

    const qr = await screen.findByRole('img', { name: 'WeChat Pay QR code for ¥219.00' });
    expect(qr.getAttribute('width')).toBe('220');
    expect(screen.getByText('Scan with WeChat to complete payment')).toBeTruthy();
    // The ways sit in a disabled fieldset while the order is under way.
    expect(screen.getByRole('radio', { name: /^PayPal/ }).matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: /^Open the sandbox payment page/ }).getAttribute('href')).toContain('/sandbox/pay/SBXREF');
    expect(calls.find((call) => call.path === '/pay')?.query.toString()).toBe('way=wechat&grade=1');

    await waitFor(() => expect(ordersAsked()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(ordersAsked()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(await screen.findByText('page /ok')).toBeTruthy();
    const asked = ordersAsked();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(ordersAsked()).toBe(asked);
  });

  it('stops polling when the page is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderAt('/cfm/3', [{ path: '/cfm/:grade', element: <CfmPage /> }]);
    fireEvent.click(await screen.findByRole('radio', { name: /^WeChat Pay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByRole('img', { name: /^WeChat Pay QR code/ });
    await waitFor(() => expect(ordersAsked()).toBe(1));

    await act(() => router.navigate('/sub'));
    expect(screen.getByText('page /sub')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 4));
    expect(ordersAsked()).toBe(1);
  });

  it('PayPal: sends the browser to the provider page, with the button busy meanwhile', async () => {
    renderAt('/cfm/1', [{ path: '/cfm/:grade', element: <CfmPage /> }]);
    expect(((await screen.findByRole('radio', { name: /^PayPal/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('You’ll pay $29.99 with PayPal.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost/ui/c-api/v1/sandbox/pay/SBXREF'));
    const busy = screen.getByRole('button', { name: 'Loading...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(ordersAsked()).toBe(0);
  });

  it('says a refusal in the reader’s language and keeps the ways open', async () => {
    payRefusal = 'You already have a subscription that renews automatically. Cancel its renewal on your subscription page before starting another one.';
    await i18n.changeLanguage('zhCN');
    renderAt('/cfm/3', [{ path: '/cfm/:grade', element: <CfmPage /> }]);
    fireEvent.click(await screen.findByRole('button', { name: zhCN.billing.cfm.subscribe }));
    expect((await screen.findByRole('alert')).textContent).toBe(zhCN.serverMessages.alreadyRenewing);
    expect(screen.getByRole('radio', { name: /^PayPal/ }).matches(':disabled')).toBe(false);
  });
});

describe('the checkout summary follows the chosen way', () => {
  const summary = () => screen.getByRole('region', { name: /Monthly/ });

  it('WeChat Pay: the price in yuan like "Due today", a one-time payment with no authorisation to charge again', async () => {
    renderAt('/cfm/3', [{ path: '/cfm/:grade', element: <CfmPage /> }]);
    fireEvent.click(await screen.findByRole('radio', { name: /^WeChat Pay/ }));
    expect(within(summary()).getAllByText('¥29.00')).toHaveLength(2);
    expect(within(summary()).queryByText('$4.99')).toBeNull();
    expect(screen.queryByText(en.billing.cfm.authorise)).toBeNull();
    expect(screen.getByText(/^One payment of ¥29\.00 for 1 month\. It does not renew by itself/)).toBeTruthy();
  });

  it('card: the price in dollars, and the notice that it renews until cancelled', async () => {
    renderAt('/cfm/3', [{ path: '/cfm/:grade', element: <CfmPage /> }]);
    fireEvent.click(await screen.findByRole('radio', { name: /^Credit card/ }));
    expect(within(summary()).getAllByText('$4.99')).toHaveLength(2);
    expect(screen.getByText(en.billing.cfm.authorise)).toBeTruthy();
    expect(screen.queryByText(/^One payment of/)).toBeNull();
  });

  it('says the checkout is in test mode when the sandbox serves it', async () => {
    renderAt('/cfm/3', [{ path: '/cfm/:grade', element: <CfmPage /> }]);
    await screen.findByRole('radio', { name: /^WeChat Pay/ });
    expect(screen.getAllByText('Test mode — no money moves.').length).toBeGreaterThan(0);
  });
});

describe('the return pages', () => {
  it('/confirm asks about the first token only and goes to Ok when paid', async () => {
    renderAt('/confirm?token=FIRST&token=SECOND', [{ path: '/confirm', element: <ConfirmPage /> }]);
    expect(await screen.findByText('page /ok')).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/pay/')).map((call) => call.path)).toEqual(['/pay/FIRST']);
  });

  it('/confirm goes to the subscription page when the payment is not paid', async () => {
    confirmStatus = 2;
    renderAt('/confirm?token=X', [{ path: '/confirm', element: <ConfirmPage /> }]);
    expect(await screen.findByText('page /mine/sub')).toBeTruthy();
  });

  it('/confirm without a token shows the seconds going by and asks nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/confirm', [{ path: '/confirm', element: <ConfirmPage /> }]);
    expect(screen.getByRole('heading', { name: 'Confirming payment information...' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('0 seconds');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('timer').textContent).toBe('3 seconds');
    expect(calls.some((call) => call.path.startsWith('/pay/'))).toBe(false);
  });

  it('/ok stores the member loaded again (vip now), counts down from 3 and goes home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/ok', [{ path: '/ok', element: <OkPage /> }]);
    expect(screen.getByRole('timer').textContent).toBe('Taking you home in 3 seconds');
    await waitFor(() => expect(useSessionStore.getState().user?.vip).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer').textContent).toBe('Taking you home in 2 seconds');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer').textContent).toBe('Taking you home in 1 second');
    expect(screen.queryByText('page /')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('page /')).toBeTruthy();
  });
});

describe('the QR code', () => {
  it('is an SVG data URL with a quiet zone of 2 modules around the code', () => {
    const url = qrDataUrl('weixin://wxpay/bizpayurl?pr=abc');
    expect(url.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    // Version 2 or 3 (25 or 29 modules) for a short URL, plus 2 × 2 modules of margin.
    expect([29, 33]).toContain(side);
    expect(svg).toContain('M2 2h1v1h-1z'); // the finder pattern starts right after the margin
    expect(svg).not.toContain('M1 1h1v1h-1z');
  });
});
