import { describe, expect, it } from 'vitest';
import { describeNotificationRules, type PlacedOrder } from '../../../test/payment-matrix';
import { createTestApp } from '../../../test/test-app';
import {
  SANDBOX_MERCHANT,
  SANDBOX_SIGNATURE_HEADER,
  sandboxSigningKey,
  signSandboxNotification,
  verifySandboxSignature,
  type SandboxNotification,
} from './sandbox';
import { sandboxPaymentByRef, settleSandboxPayment } from './sandbox.repo';
import { WebhookVerificationError } from './types';

const refOf = (placed: PlacedOrder) => placed.pay.url.split('/').pop()!;
const paymentIdOf = (placed: PlacedOrder) => `SBXPAY-${placed.tno}`;

describeNotificationRules('sandbox', async () => {
  const clock = { now: new Date() };
  const t = await createTestApp({ services: { now: () => clock.now, limits: { billing: { orderQueryGapMs: 0 } } } });
  const key = sandboxSigningKey(t.config.APP_SECRET!);
  return {
    t,
    clock,
    provider: 'sandbox',
    way: 'wechat',
    async notification(placed, options = {}) {
      const row = (await sandboxPaymentByRef(t.db, refOf(placed)))!;
      const event: SandboxNotification = {
        id: `evt-${placed.tno}`,
        type: 'payment.succeeded',
        created: Math.floor(clock.now.getTime() / 1000),
        merchant: options.otherMerchant ? 'another-merchant' : SANDBOX_MERCHANT,
        data: {
          ref: row.ref,
          tno: row.tno,
          paymentId: paymentIdOf(placed),
          subscriptionId: null,
          amount: options.amount ?? row.amount,
          currency: row.currency,
        },
      };
      const body = JSON.stringify(event);
      const timestamp = Math.floor(clock.now.getTime() / 1000) - (options.ageS ?? 0);
      return { headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(key, body, timestamp) }, body };
    },
    async settle(placed) {
      await settleSandboxPayment(t.db, refOf(placed), { status: 'paid', paymentId: paymentIdOf(placed), subscriptionId: null, now: clock.now });
    },
    close: () => t.close(),
  };
});

describe('sandbox signatures', () => {
  const key = sandboxSigningKey('a-server-secret-a-server-secret-0123');
  const now = new Date('2026-03-01T12:00:00Z');
  const body = Buffer.from('{"id":"evt_1"}');
  const ts = now.getTime() / 1000;

  it('verify over timestamp.body with a key derived from the server secret', () => {
    expect(() => verifySandboxSignature(key, signSandboxNotification(key, body.toString(), ts), body, now)).not.toThrow();
    expect(key.equals(Buffer.from('a-server-secret-a-server-secret-0123'))).toBe(false);
  });

  it('refuse another key, a missing or malformed header, and timestamps beyond five minutes', () => {
    const other = sandboxSigningKey('another-secret-another-secret-012345');
    const cases = [
      signSandboxNotification(other, body.toString(), ts),
      undefined,
      't=abc,v1=00',
      signSandboxNotification(key, body.toString(), ts - 301),
      signSandboxNotification(key, body.toString(), ts + 301),
    ];
    for (const header of cases) {
      expect(() => verifySandboxSignature(key, header, body, now), String(header)).toThrow(WebhookVerificationError);
    }
    expect(() => verifySandboxSignature(key, signSandboxNotification(key, body.toString(), ts - 299), body, now)).not.toThrow();
  });
});
