import { verify } from 'node:crypto';
import { API_PREFIX, BillingMessage, ORDER_STATUS, type PaymentWay, type PayReply } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, describeNotificationRules, newMember, orderRow, placeOrder, type PlacedOrder } from '../../../test/payment-matrix';
import {
  encryptWechatResource,
  startFakeServer,
  wechatEnv,
  wechatNotification,
  wechatSignatureHeaders,
  wechatTestKeys,
  type FakeRequest,
  type FakeServer,
  type WechatTestKeys,
} from '../../../test/payment-providers';
import { call, createTestApp, type TestApp } from '../../../test/test-app';
import { decryptWechatResource } from './wechat';
import { WebhookVerificationError } from './types';

const PUBLIC_URL = 'https://shotlib.test';

/** Whether a request to WeChat Pay carries a valid merchant signature (as WeChat Pay checks it). */
function merchantSigned(keys: WechatTestKeys, request: FakeRequest): boolean {
  const auth = request.headers.authorization ?? '';
  const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') || fields.mchid !== keys.mchid || fields.serial_no !== keys.merchant.serial) return false;
  const message = `${request.method}\n${request.path}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
  return verify('sha256', Buffer.from(message), keys.merchant.publicKey, Buffer.from(fields.signature ?? '', 'base64'));
}

/** A fake WeChat Pay API: signs its replies with the platform key, knows which orders were paid. */
async function fakeWechatPay(keys: WechatTestKeys, clock: { now: Date }) {
  const paid = new Map<string, Record<string, unknown>>();
  const unsignedAnswers = new Set<string>();
  const server = await startFakeServer((request) => {
    const signed = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      return { status, body: text, headers: wechatSignatureHeaders(keys, text, Math.floor(clock.now.getTime() / 1000)) };
    };
    if (!merchantSigned(keys, request)) return signed(401, { code: 'SIGN_ERROR', message: 'bad signature' });
    if (request.method === 'POST' && request.path === '/v3/pay/transactions/native') {
      const body = JSON.parse(request.body) as { out_trade_no: string };
      return signed(200, { code_url: `weixin://wxpay/bizpayurl?pr=${body.out_trade_no}` });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^?]+)\?mchid=(\d+)$/.exec(request.path);
    if (request.method === 'GET' && query) {
      const tno = decodeURIComponent(query[1]!);
      const transaction = paid.get(tno) ?? { appid: keys.appid, mchid: keys.mchid, out_trade_no: tno, trade_state: 'NOTPAY', amount: { total: 0, currency: 'CNY' } };
      if (unsignedAnswers.has(tno)) return { status: 200, body: transaction };
      return signed(200, transaction);
    }
    return signed(404, { code: 'NOT_FOUND' });
  });
  return { server, paid, unsignedAnswers };
}

const transactionOf = (keys: WechatTestKeys, placed: PlacedOrder, clock: { now: Date }, options: { amount?: number; otherMerchant?: boolean } = {}) => ({
  appid: keys.appid,
  mchid: options.otherMerchant ? '1900009999' : keys.mchid,
  out_trade_no: placed.tno,
  transaction_id: `4200001234${placed.tno.slice(-16)}`,
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  success_time: clock.now.toISOString(),
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: options.amount ?? placed.pay.amount, payer_total: (options.amount ?? placed.pay.amount) - 100, currency: 'CNY', payer_currency: 'CNY' },
});

async function wechatApp(keys: WechatTestKeys, server: FakeServer, clock: { now: Date }): Promise<TestApp> {
  return createTestApp({
    env: { PAYMENT_PROVIDERS: 'wechat', PUBLIC_URL, ...wechatEnv(keys, server.url) },
    services: { now: () => clock.now, limits: { billing: { orderQueryGapMs: 0 } } },
  });
}

describeNotificationRules('wechat', async () => {
  const clock = { now: new Date() };
  const keys = wechatTestKeys();
  const fake = await fakeWechatPay(keys, clock);
  const t = await wechatApp(keys, fake.server, clock);
  return {
    t,
    clock,
    provider: 'wechat',
    way: 'wechat',
    notification(placed, options = {}) {
      const timestampS = Math.floor(clock.now.getTime() / 1000) - (options.ageS ?? 0);
      return wechatNotification(keys, transactionOf(keys, placed, clock, options), { timestampS, id: `EV-${placed.tno}` });
    },
    settle(placed) {
      fake.paid.set(placed.tno, transactionOf(keys, placed, clock));
    },
    async close() {
      await t.close();
      await fake.server.close();
    },
  };
});

describe('wechat: orders, requests and refusals', () => {
  const clock = { now: new Date() };
  const keys = wechatTestKeys();
  let fake: Awaited<ReturnType<typeof fakeWechatPay>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await fakeWechatPay(keys, clock);
    t = await wechatApp(keys, fake.server, clock);
  });
  afterAll(async () => {
    await t.close();
    await fake.server.close();
  });

  it('creates a Native order signed by the merchant key, priced in fen from the plan, and answers the QR content', async () => {
    const placed = await placeOrder(t, 'wechat', 1);
    expect(placed.pay).toMatchObject({ action: 'qr', way: 'wechat', amount: 19800, currency: 'CNY', autoRenew: false, sandbox: false });
    expect(placed.pay.url).toBe(`weixin://wxpay/bizpayurl?pr=${placed.tno}`);
    expect(Date.parse(placed.pay.expiresAt!)).toBeGreaterThan(clock.now.getTime());
    const sent = JSON.parse(fake.server.requests.find((r) => r.body.includes(placed.tno))!.body);
    expect(sent).toMatchObject({
      appid: keys.appid,
      mchid: keys.mchid,
      out_trade_no: placed.tno,
      notify_url: `${PUBLIC_URL}${API_PREFIX}/pay/notify/wechat`,
      amount: { total: 19800, currency: 'CNY' },
    });
    expect(sent.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(placed.tno).toMatch(/^T\d{8}[0-9A-Z]{16}$/);
  });

  it('offers only the configured way when the sandbox is off', async () => {
    const ways = await call<{ arr: PaymentWay[] }>(t.app, { method: 'GET', url: `${API_PREFIX}/pay/ways` });
    expect(ways.body.data.arr).toEqual([{ way: 'wechat', sandbox: false, autoRenew: false, currency: 'CNY' }]);
    const payer = await newMember(t);
    const paypal = await call<PayReply>(t.app, { method: 'GET', url: `${API_PREFIX}/pay?way=paypal&grade=3`, token: payer.token });
    expect(paypal.body).toEqual({ code: 1001, message: BillingMessage.wayUnavailable, data: null });
    const sandboxNotify = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/pay/notify/sandbox`, payload: '{}' });
    expect(sandboxNotify.statusCode).toBe(404);
  });

  it("refuses WeChat Pay's signature probes and keys it does not know", async () => {
    const placed = await placeOrder(t, 'wechat');
    const valid = wechatNotification(keys, transactionOf(keys, placed, clock), { timestampS: Math.floor(clock.now.getTime() / 1000) });
    const probe = { ...valid, headers: { ...valid.headers, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${valid.headers['wechatpay-signature']}` } };
    expect((await deliver(t, 'wechat', probe)).status).toBe(401);
    const otherSerial = { ...valid, headers: { ...valid.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } };
    expect((await deliver(t, 'wechat', otherSerial)).status).toBe(401);
    const unsigned = { ...valid, headers: { 'content-type': 'application/json' } };
    expect((await deliver(t, 'wechat', unsigned)).status).toBe(401);
    expect((await orderRow(t, placed.tno)).status).toBe(ORDER_STATUS.unpaid);
  });

  it('does not believe a query reply that WeChat Pay did not sign', async () => {
    const placed = await placeOrder(t, 'wechat');
    fake.paid.set(placed.tno, transactionOf(keys, placed, clock));
    fake.unsignedAnswers.add(placed.tno);
    const seen = await call<{ status: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/order/${placed.tno}`, token: placed.token });
    expect(seen.body.data.status).toBe(ORDER_STATUS.unpaid);
    fake.unsignedAnswers.delete(placed.tno);
    const again = await call<{ status: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/order/${placed.tno}`, token: placed.token });
    expect(again.body.data.status).toBe(ORDER_STATUS.paid);
  });

  it('checks amount.total (what the order charged), not payer_total (after coupons)', async () => {
    const placed = await placeOrder(t, 'wechat');
    const transaction = transactionOf(keys, placed, clock);
    expect(transaction.amount.payer_total).not.toBe(placed.pay.amount);
    const result = await deliver(t, 'wechat', wechatNotification(keys, transaction, { timestampS: Math.floor(clock.now.getTime() / 1000) }));
    expect(result.outcomes).toEqual(['applied']);
  });
});

describe('wechat resource decryption', () => {
  const key = '0123456789abcdef0123456789abcdef';
  it('decrypts AEAD_AES_256_GCM and refuses a changed ciphertext, nonce or associated data', () => {
    const resource = encryptWechatResource('{"out_trade_no":"T1"}', key);
    expect(decryptWechatResource(resource, key)).toBe('{"out_trade_no":"T1"}');
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(() => decryptWechatResource({ ...resource, ciphertext: bytes.toString('base64') }, key)).toThrow(WebhookVerificationError);
    expect(() => decryptWechatResource({ ...resource, associated_data: 'other' }, key)).toThrow(WebhookVerificationError);
    expect(() => decryptWechatResource({ ...resource, nonce: 'aaaaaaaaaaaa' }, key)).toThrow(WebhookVerificationError);
    expect(() => decryptWechatResource(resource, 'ffffffffffffffffffffffffffffffff')).toThrow(WebhookVerificationError);
  });
});
