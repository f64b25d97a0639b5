import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, type PayWay } from '@shotlib/contract';
import type { Db } from '../../../db/client';
import { randomBase32 } from '../order-number';
import * as store from './sandbox.repo';
import {
  header,
  WebhookVerificationError,
  type CheckoutRequest,
  type CheckoutResult,
  type OrderRef,
  type PaymentFact,
  type PaymentProvider,
  type WebhookHeaders,
} from './types';

/**
 * The built-in offline provider. It stands in for any way whose real provider is not configured
 * and keeps that way's experience: a QR code for WeChat Pay, a redirect that comes back to
 * /confirm?token= for PayPal, a redirect that comes back to /ok for card. Its checkout page (served
 * by this server) pays or fails the order, and its notifications are signed (HMAC-SHA256 over
 * `timestamp.body` with a key derived from APP_SECRET) and delivered to the same webhook route as
 * the real providers'. No money moves.
 */

export const SANDBOX_MERCHANT = 'shotlib-sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Notifications older (or newer) than this are refused. */
export const SANDBOX_TOLERANCE_S = 300;

export type SandboxEventType = 'payment.succeeded' | 'payment.failed' | 'subscription.renewed' | 'subscription.canceled';

/** The body of a sandbox notification. */
export type SandboxNotification = {
  id: string;
  type: SandboxEventType;
  /** Unix seconds. */
  created: number;
  merchant: string;
  data: {
    ref: string;
    tno: string;
    paymentId: string | null;
    subscriptionId: string | null;
    /** Minor units. */
    amount: number;
    currency: string;
  };
};

/** The sandbox's webhook key: derived from the server secret, never the secret itself. */
export function sandboxSigningKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('sandbox-webhook').digest();
}

/** The `Sandbox-Signature` header for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signSandboxNotification(key: Buffer, body: string, timestampS: number): string {
  const mac = createHmac('sha256', key).update(`${timestampS}.${body}`).digest('hex');
  return `t=${timestampS},v1=${mac}`;
}

/** Verify a `Sandbox-Signature` header: the HMAC in constant time, then the timestamp window. */
export function verifySandboxSignature(key: Buffer, signature: string | undefined, rawBody: Buffer, now: Date): void {
  if (!signature) throw new WebhookVerificationError('missing signature');
  const parts = new Map(
    signature.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookVerificationError('malformed signature');
  const expected = createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookVerificationError('signature does not match');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SANDBOX_TOLERANCE_S) throw new WebhookVerificationError('timestamp outside the tolerance');
}

export type SandboxOptions = {
  db: Db;
  signingKey: Buffer;
  now: () => Date;
};

/** A notification ready to deliver to POST /pay/notify/sandbox. */
export type SandboxDelivery = { body: string; headers: Record<string, string> };

export type SandboxProvider = PaymentProvider & {
  /** The sandbox's record of a checkout (for its page). */
  find(ref: string): Promise<store.SandboxPaymentRow | null>;
  /** The payer pressed Pay: the checkout is paid (once) and a notification is made. */
  pay(ref: string): Promise<{ row: store.SandboxPaymentRow; delivery: SandboxDelivery | null } | null>;
  /** The payer pressed Fail. */
  fail(ref: string): Promise<{ row: store.SandboxPaymentRow; delivery: SandboxDelivery | null } | null>;
  /** Charge a renewing subscription for the next period (what a real provider does by itself). */
  renew(ref: string): Promise<{ row: store.SandboxPaymentRow; delivery: SandboxDelivery } | null>;
  /** Sign any notification body (tests use it to forge or replay notifications). */
  sign(notification: SandboxNotification, timestampS?: number): SandboxDelivery;
};

/** Whether a way's checkout starts a renewing subscription (WeChat Pay periods are renewed by hand). */
export const sandboxAutoRenew = (way: PayWay): boolean => way !== 'wechat';

/** Where the payer comes back to after the sandbox page, as the real provider of the way would send them. */
function returnUrls(request: CheckoutRequest, ref: string): { returnUrl: string; cancelUrl: string } {
  const origin = request.siteOrigin;
  switch (request.way) {
    case 'paypal':
      return { returnUrl: `${origin}/confirm?token=${ref}`, cancelUrl: `${origin}/confirm?token=${ref}` };
    case 'card':
      return { returnUrl: `${origin}/ok?tno=${request.tno}`, cancelUrl: `${origin}/cfm/${request.grade}` };
    case 'wechat':
      return { returnUrl: '', cancelUrl: '' };
  }
}

/** The path of the sandbox's checkout page of a checkout. */
export const sandboxPagePath = (ref: string): string => `${API_PREFIX}/sandbox/pay/${ref}`;

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db, signingKey, now } = options;

  const sign = (notification: SandboxNotification, timestampS = Math.floor(now().getTime() / 1000)): SandboxDelivery => {
    const body = JSON.stringify(notification);
    return {
      body,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(signingKey, body, timestampS) },
    };
  };

  const notify = (type: SandboxEventType, row: store.SandboxPaymentRow, paymentId: string | null): SandboxDelivery =>
    sign({
      id: `evt_${randomBase32(10)}`,
      type,
      created: Math.floor(now().getTime() / 1000),
      merchant: SANDBOX_MERCHANT,
      data: {
        ref: row.ref,
        tno: row.tno,
        paymentId,
        subscriptionId: row.subscriptionId,
        amount: row.amount,
        currency: row.currency,
      },
    });

  const factOf = (row: store.SandboxPaymentRow, eventId: string): PaymentFact | null => {
    if (row.status === 'paid') {
      return {
        provider: 'sandbox',
        eventId,
        kind: 'paid',
        tno: row.tno,
        providerPaymentId: row.paymentId ?? undefined,
        providerSubscriptionId: row.subscriptionId ?? undefined,
        amount: { minor: row.amount, currency: row.currency },
        occurredAt: row.updatedAt,
      };
    }
    if (row.status === 'failed') return { provider: 'sandbox', eventId, kind: 'failed', tno: row.tno, occurredAt: row.updatedAt };
    return null;
  };

  const query = async (order: OrderRef): Promise<PaymentFact | null> => {
    if (!order.providerRef) return null;
    const row = await store.sandboxPaymentByRef(db, order.providerRef);
    if (!row || row.tno !== order.tno) return null;
    return factOf(row, `query:${row.status}:${row.paymentId ?? row.ref}`);
  };

  return {
    id: 'sandbox',
    autoRenewFor: sandboxAutoRenew,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      const ref = `SBX${randomBase32(10)}`;
      await store.insertSandboxPayment(db, {
        ref,
        tno: request.tno,
        way: request.way,
        grade: request.grade,
        amount: request.money.minor,
        currency: request.money.currency,
        autoRenew: sandboxAutoRenew(request.way),
        ...returnUrls(request, ref),
        createdAt: now(),
        updatedAt: now(),
      });
      const url = `${request.siteOrigin}${sandboxPagePath(ref)}`;
      const action =
        request.way === 'wechat' ? { kind: 'qr' as const, codeUrl: url, expiresAt: request.expiresAt } : { kind: 'redirect' as const, url };
      return { action, providerRef: ref };
    },

    confirmReturn: query,
    queryPayment: query,

    async parseWebhook(headers: WebhookHeaders, rawBody: Buffer): Promise<PaymentFact[]> {
      verifySandboxSignature(signingKey, header(headers, SANDBOX_SIGNATURE_HEADER), rawBody, now());
      let event: SandboxNotification;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as SandboxNotification;
      } catch {
        throw new WebhookVerificationError('body is not JSON');
      }
      if (typeof event?.id !== 'string' || typeof event.data?.tno !== 'string') throw new WebhookVerificationError('not a sandbox event');
      const { data } = event;
      const base = {
        provider: 'sandbox' as const,
        eventId: event.id,
        tno: data.tno,
        occurredAt: new Date(event.created * 1000),
        identityMismatch: event.merchant === SANDBOX_MERCHANT ? undefined : `merchant ${String(event.merchant)}`,
        detail: { type: event.type, ref: data.ref },
      };
      const money = { minor: data.amount, currency: data.currency as 'CNY' | 'USD' };
      switch (event.type) {
        case 'payment.succeeded':
          return [
            {
              ...base,
              kind: 'paid',
              providerPaymentId: data.paymentId ?? undefined,
              providerSubscriptionId: data.subscriptionId ?? undefined,
              amount: money,
            },
          ];
        case 'payment.failed':
          return [{ ...base, kind: 'failed' }];
        case 'subscription.renewed':
          return [
            {
              ...base,
              kind: 'renewed',
              providerPaymentId: data.paymentId ?? undefined,
              providerSubscriptionId: data.subscriptionId ?? undefined,
              amount: money,
            },
          ];
        case 'subscription.canceled':
          return [{ ...base, kind: 'autoRenewCanceled', providerSubscriptionId: data.subscriptionId ?? undefined }];
        default:
          return [{ ...base, kind: 'ignored' }];
      }
    },

    async cancelAutoRenew(providerSubscriptionId: string): Promise<void> {
      await store.cancelSandboxSubscription(db, providerSubscriptionId, now());
    },

    find: (ref) => store.sandboxPaymentByRef(db, ref),

    async pay(ref) {
      const existing = await store.sandboxPaymentByRef(db, ref);
      if (!existing) return null;
      const row = await store.settleSandboxPayment(db, ref, {
        status: 'paid',
        paymentId: `SBXPAY${randomBase32(10)}`,
        subscriptionId: existing.autoRenew ? `SBXSUB${randomBase32(10)}` : null,
        now: now(),
      });
      // Paid (or failed) before: nothing new to tell.
      if (!row) return { row: existing, delivery: null };
      return { row, delivery: notify('payment.succeeded', row, row.paymentId) };
    },

    async fail(ref) {
      const existing = await store.sandboxPaymentByRef(db, ref);
      if (!existing) return null;
      const row = await store.settleSandboxPayment(db, ref, { status: 'failed', paymentId: null, subscriptionId: null, now: now() });
      if (!row) return { row: existing, delivery: null };
      return { row, delivery: notify('payment.failed', row, null) };
    },

    async renew(ref) {
      const row = await store.countSandboxRenewal(db, ref, now());
      if (!row) return null;
      return { row, delivery: notify('subscription.renewed', row, `${row.paymentId}R${row.renewals}`) };
    },

    sign,
  };
}
