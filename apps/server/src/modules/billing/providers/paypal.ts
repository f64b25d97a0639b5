import { verify, X509Certificate, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { field, providerCall, providerCallOk, str, type ProviderReply } from './http';
import { minorToDecimal, moneyFromDecimal } from './money';
import {
  header,
  ProviderError,
  WebhookVerificationError,
  type CheckoutRequest,
  type CheckoutResult,
  type FetchLike,
  type OrderRef,
  type PaymentFact,
  type PaymentProvider,
  type WebhookHeaders,
} from './types';

/**
 * PayPal through its REST API with a thin fetch client:
 * - one-time payments: Orders v2 (intent CAPTURE, `PayPal-Request-Id` idempotency), the payer
 *   approves at PayPal and comes back to /confirm?token=<order id>, where we capture;
 * - auto-renewal (when PAYPAL_PLAN_IDS names a billing plan per grade): Subscriptions v1, whose
 *   payments arrive as PAYMENT.SALE.COMPLETED; cancelled with POST …/cancel;
 * - webhooks verified offline: SHA256withRSA over `transmissionId|transmissionTime|webhookId|crc32(body)`
 *   with the certificate at PAYPAL-CERT-URL (https, a paypal.com host only; cached), and the
 *   transmission time within 5 minutes.
 */

export const PAYPAL_TOLERANCE_S = 300;

export type PaypalConfig = {
  clientId: string;
  clientSecret: string;
  /** Our webhook's id: part of every signature, so another app's notifications never verify. */
  webhookId: string;
  baseUrl: string;
  /** Billing plan per grade: auto-renewal through Subscriptions. Absent: one-time Orders. */
  planIds?: Record<number, string>;
  /** Our merchant id: a capture paid to another payee is flagged. */
  merchantId?: string;
  brandName: string;
  fetch: FetchLike;
  now: () => Date;
};

/** Whether a certificate URL may be fetched: https on paypal.com or one of its subdomains. */
export function isPaypalCertUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com')) && url.port === '';
}

/** The text PayPal signs for a webhook. */
function paypalSignedText(transmissionId: string, transmissionTime: string, webhookId: string, rawBody: Buffer): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(rawBody)}`;
}

export function createPaypalProvider(config: PaypalConfig): PaymentProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;
  const certificates = new Map<string, KeyObject>();

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > config.now().getTime()) return token.value;
    const reply = await providerCallOk(config.fetch, `${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const value = str(field(reply.json, 'access_token'));
    const expiresIn = Number(field(reply.json, 'expires_in') ?? 0);
    if (!value) throw new ProviderError('PayPal gave no access token');
    token = { value, expiresAt: config.now().getTime() + Math.max(0, expiresIn - 60) * 1000 };
    return value;
  }

  async function api(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<ProviderReply> {
    return providerCall(config.fetch, `${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  const approveLink = (json: unknown): string | undefined => {
    const links = field(json, 'links');
    if (!Array.isArray(links)) return undefined;
    const link = links.find((l) => field(l, 'rel') === 'payer-action' || field(l, 'rel') === 'approve');
    return str(field(link, 'href'));
  };

  const payeeMismatch = (resource: unknown): string | undefined => {
    const payee = str(field(resource, 'payee', 'merchant_id'));
    return config.merchantId && payee && payee !== config.merchantId ? `payee ${payee}` : undefined;
  };

  /** A capture (from a capture reply, an order or a webhook) as a fact. */
  function captureFact(capture: unknown, eventId: string, fallbackTno: string | undefined): PaymentFact | null {
    const id = str(field(capture, 'id'));
    const status = str(field(capture, 'status'));
    const tno = str(field(capture, 'custom_id')) ?? str(field(capture, 'invoice_id')) ?? fallbackTno;
    if (!id || !status) return null;
    const occurredAt = config.now();
    if (status === 'COMPLETED') {
      return {
        provider: 'paypal',
        eventId: eventId || `capture:${id}`,
        kind: 'paid',
        tno,
        providerPaymentId: id,
        amount: moneyFromDecimal(field(capture, 'amount', 'value'), field(capture, 'amount', 'currency_code')),
        identityMismatch: payeeMismatch(capture),
        occurredAt,
      };
    }
    if (status === 'DECLINED' || status === 'FAILED') return { provider: 'paypal', eventId: eventId || `capture-failed:${id}`, kind: 'failed', tno, occurredAt };
    return null; // PENDING: the webhook will tell
  }

  /** The first capture of an Orders v2 order. */
  const firstCapture = (paypalOrder: unknown): { capture: unknown; customId: string | undefined } => {
    const unit = field(paypalOrder, 'purchase_units', 0);
    return { capture: field(unit, 'payments', 'captures', 0), customId: str(field(unit, 'custom_id')) };
  };

  async function capture(order: OrderRef, orderId: string): Promise<PaymentFact | null> {
    const reply = await api('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, `capture-${order.tno}`);
    if (reply.status === 200 || reply.status === 201) {
      const { capture: found, customId } = firstCapture(reply.json);
      return captureFact(found, '', customId ?? order.tno);
    }
    const issue = str(field(reply.json, 'details', 0, 'issue'));
    if (reply.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') return lookUpOrder(order, orderId, false);
    if (reply.status === 422) return null; // not approved yet, or declined: the payer may try again at PayPal
    throw new ProviderError(`PayPal capture answered ${reply.status}`, reply.status);
  }

  async function lookUpOrder(order: OrderRef, orderId: string, captureIfApproved: boolean): Promise<PaymentFact | null> {
    const reply = await api('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (reply.status === 404) return null;
    if (reply.status !== 200) throw new ProviderError(`PayPal order lookup answered ${reply.status}`, reply.status);
    const status = str(field(reply.json, 'status'));
    if (status === 'COMPLETED') {
      const { capture: found, customId } = firstCapture(reply.json);
      return captureFact(found, '', customId ?? order.tno);
    }
    // Approved but the payer never came back: capturing is what they agreed to.
    if (status === 'APPROVED' && captureIfApproved) return capture(order, orderId);
    if (status === 'VOIDED') return { provider: 'paypal', eventId: `voided:${orderId}`, kind: 'failed', tno: order.tno, occurredAt: config.now() };
    return null;
  }

  /** A subscription's first completed payment, as a fact about the order that started it. */
  async function subscriptionPayment(order: OrderRef, subscriptionId: string): Promise<PaymentFact | null> {
    const sub = await api('GET', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`);
    if (sub.status === 404) return null;
    if (sub.status !== 200) throw new ProviderError(`PayPal subscription lookup answered ${sub.status}`, sub.status);
    const status = str(field(sub.json, 'status'));
    if (status === 'APPROVAL_PENDING' || status === 'APPROVED') return null;
    const start = new Date(order.createdAt.getTime() - 86_400_000).toISOString();
    const end = new Date(config.now().getTime() + 86_400_000).toISOString();
    const list = await api(
      'GET',
      `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/transactions?start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}`,
    );
    if (list.status !== 200) throw new ProviderError(`PayPal transactions answered ${list.status}`, list.status);
    const transactions = field(list.json, 'transactions');
    if (!Array.isArray(transactions)) return null;
    const completed = transactions
      .filter((t) => field(t, 'status') === 'COMPLETED' && str(field(t, 'id')))
      .sort((a, b) => String(field(a, 'time')).localeCompare(String(field(b, 'time'))));
    const first = completed[0];
    if (!first) return null;
    const id = str(field(first, 'id'))!;
    const customId = str(field(sub.json, 'custom_id'));
    return {
      provider: 'paypal',
      eventId: `query:${id}`,
      kind: 'paid',
      tno: order.tno,
      providerPaymentId: id,
      providerSubscriptionId: subscriptionId,
      amount: moneyFromDecimal(
        field(first, 'amount_with_breakdown', 'gross_amount', 'value'),
        field(first, 'amount_with_breakdown', 'gross_amount', 'currency_code'),
      ),
      identityMismatch: customId && customId !== order.tno ? `custom_id ${customId}` : undefined,
      occurredAt: config.now(),
    };
  }

  const query = (order: OrderRef): Promise<PaymentFact | null> => {
    if (order.providerSubscriptionId) return subscriptionPayment(order, order.providerSubscriptionId);
    if (!order.providerRef) return Promise.resolve(null);
    return lookUpOrder(order, order.providerRef, true);
  };

  async function certificateKey(url: string): Promise<KeyObject> {
    const cached = certificates.get(url);
    if (cached) return cached;
    if (!isPaypalCertUrl(url)) throw new WebhookVerificationError('certificate URL is not on paypal.com');
    let reply: ProviderReply;
    try {
      reply = await providerCallOk(config.fetch, url, { method: 'GET' });
    } catch {
      throw new WebhookVerificationError('certificate could not be fetched');
    }
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(reply.text);
    } catch {
      throw new WebhookVerificationError('certificate does not parse');
    }
    const now = config.now().getTime();
    if (cert.validFromDate.getTime() > now || cert.validToDate.getTime() < now) throw new WebhookVerificationError('certificate expired');
    const commonName = /(?:^|\n)CN=([^\n]+)/.exec(cert.subject)?.[1] ?? '';
    if (!(commonName === 'paypal.com' || commonName.endsWith('.paypal.com'))) throw new WebhookVerificationError('certificate is not PayPal’s');
    certificates.set(url, cert.publicKey);
    return cert.publicKey;
  }

  async function verifyWebhook(headers: WebhookHeaders, rawBody: Buffer): Promise<void> {
    const transmissionId = header(headers, 'paypal-transmission-id');
    const transmissionTime = header(headers, 'paypal-transmission-time');
    const signature = header(headers, 'paypal-transmission-sig');
    const certUrl = header(headers, 'paypal-cert-url');
    const algorithm = header(headers, 'paypal-auth-algo') ?? 'SHA256withRSA';
    if (!transmissionId || !transmissionTime || !signature || !certUrl) throw new WebhookVerificationError('missing PayPal-Transmission-* headers');
    if (algorithm !== 'SHA256withRSA') throw new WebhookVerificationError(`unsupported algorithm ${algorithm}`);
    const sentAt = Date.parse(transmissionTime);
    if (Number.isNaN(sentAt) || Math.abs(config.now().getTime() - sentAt) > PAYPAL_TOLERANCE_S * 1000) {
      throw new WebhookVerificationError('transmission time outside the tolerance');
    }
    const key = await certificateKey(certUrl);
    const text = paypalSignedText(transmissionId, transmissionTime, config.webhookId, rawBody);
    let valid = false;
    try {
      valid = verify('sha256', Buffer.from(text), key, Buffer.from(signature, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw new WebhookVerificationError('signature does not verify');
  }

  return {
    id: 'paypal',
    autoRenewFor: () => config.planIds !== undefined,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      const cancelUrl = `${request.siteOrigin}/cfm/${request.grade}`;
      const planId = config.planIds?.[request.grade];
      if (planId) {
        const reply = await api(
          'POST',
          '/v1/billing/subscriptions',
          {
            plan_id: planId,
            custom_id: request.tno,
            subscriber: { email_address: request.email },
            application_context: {
              brand_name: config.brandName,
              user_action: 'SUBSCRIBE_NOW',
              shipping_preference: 'NO_SHIPPING',
              // PayPal adds its own token=…; the page reads the first token, our order number.
              return_url: `${request.siteOrigin}/confirm?token=${request.tno}`,
              cancel_url: cancelUrl,
            },
          },
          `subscription-${request.tno}`,
        );
        const id = str(field(reply.json, 'id'));
        const url = approveLink(reply.json);
        if (reply.status >= 300 || !id || !url) throw new ProviderError(`PayPal subscription answered ${reply.status}`, reply.status);
        return { action: { kind: 'redirect', url }, providerRef: id, providerSubscriptionId: id };
      }
      const reply = await api(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.tno,
              custom_id: request.tno,
              invoice_id: request.tno,
              description: [...request.description].slice(0, 127).join(''),
              amount: { currency_code: request.money.currency, value: minorToDecimal(request.money.minor) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: config.brandName,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                return_url: `${request.siteOrigin}/confirm`,
                cancel_url: cancelUrl,
              },
            },
          },
        },
        `order-${request.tno}`,
      );
      const id = str(field(reply.json, 'id'));
      const url = approveLink(reply.json);
      if (reply.status >= 300 || !id || !url) throw new ProviderError(`PayPal order answered ${reply.status}`, reply.status);
      return { action: { kind: 'redirect', url }, providerRef: id };
    },

    async confirmReturn(order: OrderRef): Promise<PaymentFact | null> {
      if (order.providerSubscriptionId) return subscriptionPayment(order, order.providerSubscriptionId);
      if (!order.providerRef) return null;
      return capture(order, order.providerRef);
    },

    queryPayment: query,

    async parseWebhook(headers: WebhookHeaders, rawBody: Buffer): Promise<PaymentFact[]> {
      await verifyWebhook(headers, rawBody);
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookVerificationError('body is not JSON');
      }
      const eventId = str(field(event, 'id'));
      const eventType = str(field(event, 'event_type'));
      if (!eventId || !eventType) throw new WebhookVerificationError('not a PayPal event');
      const resource = field(event, 'resource');
      const created = str(field(event, 'create_time'));
      const occurredAt = created && !Number.isNaN(Date.parse(created)) ? new Date(created) : config.now();
      const ignored: PaymentFact = { provider: 'paypal', eventId, kind: 'ignored', occurredAt, detail: { eventType } };

      switch (eventType) {
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED': {
          const fact = captureFact(resource, eventId, undefined);
          return [fact ? { ...fact, occurredAt } : ignored];
        }
        case 'PAYMENT.CAPTURE.REFUNDED': {
          const links = field(resource, 'links');
          const up = Array.isArray(links) ? str(field(links.find((l) => field(l, 'rel') === 'up'), 'href')) : undefined;
          const captureId = up?.split('/').pop();
          return [captureId ? { provider: 'paypal', eventId, kind: 'refunded', providerPaymentId: captureId, occurredAt } : ignored];
        }
        case 'PAYMENT.SALE.COMPLETED': {
          const saleId = str(field(resource, 'id'));
          const subscriptionId = str(field(resource, 'billing_agreement_id'));
          if (!saleId || !subscriptionId || str(field(resource, 'state')) !== 'completed') return [ignored];
          return [
            {
              provider: 'paypal',
              eventId,
              kind: 'paid',
              tno: str(field(resource, 'custom')) ?? str(field(resource, 'custom_id')),
              providerPaymentId: saleId,
              providerSubscriptionId: subscriptionId,
              amount: moneyFromDecimal(field(resource, 'amount', 'total'), field(resource, 'amount', 'currency')),
              occurredAt,
            },
          ];
        }
        case 'PAYMENT.SALE.REFUNDED':
        case 'PAYMENT.SALE.REVERSED': {
          const saleId = str(field(resource, 'sale_id'));
          return [saleId ? { provider: 'paypal', eventId, kind: 'refunded', providerPaymentId: saleId, occurredAt } : ignored];
        }
        case 'BILLING.SUBSCRIPTION.CANCELLED':
          return [{ provider: 'paypal', eventId, kind: 'autoRenewCanceled', providerSubscriptionId: str(field(resource, 'id')), occurredAt }];
        case 'BILLING.SUBSCRIPTION.EXPIRED':
          return [{ provider: 'paypal', eventId, kind: 'subscriptionEnded', providerSubscriptionId: str(field(resource, 'id')), occurredAt }];
        default:
          return [ignored];
      }
    },

    async cancelAutoRenew(providerSubscriptionId: string): Promise<void> {
      const reply = await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(providerSubscriptionId)}/cancel`, {
        reason: 'Cancelled by the member',
      });
      if (reply.status === 204 || reply.status === 200) return;
      // Already cancelled or expired at PayPal: renewal has stopped, which is what we wanted.
      if (reply.status === 422 && str(field(reply.json, 'details', 0, 'issue')) === 'SUBSCRIPTION_STATUS_INVALID') return;
      throw new ProviderError(`PayPal cancel answered ${reply.status}`, reply.status);
    },
  };
}
