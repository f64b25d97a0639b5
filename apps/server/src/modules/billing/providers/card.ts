import Stripe from 'stripe';
import { field, int, str } from './http';
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
 * Card payments through Stripe Checkout in subscription mode (the `stripe` package):
 * - a Checkout Session per order (client_reference_id and subscription metadata carry the order
 *   number, price taken from our plan, idempotency key per order);
 * - invoice.paid extends each period (the first invoice pays the order, later ones are renewals),
 *   checkout.session.completed pays the order too (same invoice id, so only one counts);
 * - notifications verified with stripe.webhooks.constructEvent (tolerance 300 s), and an event
 *   of the other mode (test vs live) is flagged, never applied;
 * - a full refund (charge.refunded with refunded=true) takes back the period of the invoice it
 *   paid, found through the charge's PaymentIntent (GET /v1/invoice_payments); a partial refund
 *   changes nothing;
 * - cancelling sets cancel_at_period_end.
 */

export const STRIPE_TOLERANCE_S = 300;

export type CardConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local fake in tests); unset = https://api.stripe.com. */
  apiUrl?: string;
  /** Requests through this fetch instead of Node's http (tests). */
  fetch?: FetchLike;
  now: () => Date;
};

const idOf = (value: unknown): string | undefined => str(value) ?? str(field(value, 'id'));

export function createCardProvider(config: CardConfig): PaymentProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
    ...(config.fetch ? { httpClient: Stripe.createFetchHttpClient(config.fetch as typeof fetch) } : {}),
  });
  const livemode = /^(sk|rk)_live_/.test(config.secretKey);

  const modeMismatch = (objectLivemode: unknown): string | undefined =>
    typeof objectLivemode === 'boolean' && objectLivemode !== livemode ? `livemode ${objectLivemode}` : undefined;

  const subscriptionOf = (invoice: unknown): string | undefined =>
    idOf(field(invoice, 'parent', 'subscription_details', 'subscription')) ?? idOf(field(invoice, 'subscription'));

  const tnoOfInvoice = (invoice: unknown): string | undefined =>
    str(field(invoice, 'parent', 'subscription_details', 'metadata', 'tno')) ??
    str(field(invoice, 'subscription_details', 'metadata', 'tno')) ??
    str(field(invoice, 'lines', 'data', 0, 'metadata', 'tno'));

  const money = (amount: unknown, currency: unknown) => {
    const minor = int(amount);
    const code = str(currency)?.toUpperCase();
    return minor === undefined || !code ? undefined : { minor, currency: code as 'USD' };
  };

  /** The invoice a PaymentIntent paid (charges no longer name their invoice since API 2025-03-31). */
  async function invoiceOfPaymentIntent(paymentIntent: string): Promise<string | undefined> {
    try {
      const payments = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 });
      return idOf(field(payments.data[0], 'invoice'));
    } catch (err) {
      // Unanswered, the notification fails and Stripe delivers it again later.
      throw new ProviderError(`Stripe invoice lookup failed: ${(err as Error).message}`, (err as { statusCode?: number }).statusCode);
    }
  }

  /** A completed, paid Checkout Session as a fact. */
  function sessionFact(session: unknown, eventId: string, occurredAt: Date, identityMismatch: string | undefined): PaymentFact | null {
    if (field(session, 'mode') !== 'subscription' || field(session, 'payment_status') !== 'paid') return null;
    const invoiceId = idOf(field(session, 'invoice'));
    return {
      provider: 'card',
      eventId,
      kind: 'paid',
      tno: str(field(session, 'client_reference_id')) ?? str(field(session, 'metadata', 'tno')),
      providerPaymentId: invoiceId ?? idOf(session),
      providerSubscriptionId: idOf(field(session, 'subscription')),
      amount: money(field(session, 'amount_total'), field(session, 'currency')),
      identityMismatch,
      occurredAt,
    };
  }

  return {
    id: 'card',
    autoRenewFor: () => true,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: request.tno,
            customer_email: request.email,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.money.currency.toLowerCase(),
                  unit_amount: request.money.minor,
                  recurring: { interval: 'month', interval_count: request.periodMonths },
                  product_data: { name: request.description },
                },
              },
            ],
            metadata: { tno: request.tno },
            subscription_data: { metadata: { tno: request.tno } },
            success_url: `${request.siteOrigin}/ok?tno=${request.tno}&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${request.siteOrigin}/cfm/${request.grade}`,
          },
          { idempotencyKey: `checkout-${request.tno}` },
        );
        if (!session.url) throw new ProviderError('Stripe gave no checkout URL');
        return { action: { kind: 'redirect', url: session.url }, providerRef: session.id };
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        throw new ProviderError(`Stripe checkout failed: ${(err as Error).message}`, (err as { statusCode?: number }).statusCode);
      }
    },

    async queryPayment(order: OrderRef): Promise<PaymentFact | null> {
      if (!order.providerRef) return null;
      let session: unknown;
      try {
        session = await stripe.checkout.sessions.retrieve(order.providerRef);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw new ProviderError(`Stripe lookup failed: ${(err as Error).message}`, (err as { statusCode?: number }).statusCode);
      }
      if (field(session, 'status') === 'expired') {
        return { provider: 'card', eventId: `query:expired:${order.providerRef}`, kind: 'failed', tno: order.tno, occurredAt: config.now() };
      }
      if (field(session, 'status') !== 'complete') return null;
      const invoiceId = idOf(field(session, 'invoice')) ?? order.providerRef;
      return sessionFact(session, `query:${invoiceId}`, config.now(), modeMismatch(field(session, 'livemode')));
    },

    async parseWebhook(headers: WebhookHeaders, rawBody: Buffer): Promise<PaymentFact[]> {
      const signature = header(headers, 'stripe-signature');
      if (!signature) throw new WebhookVerificationError('missing Stripe-Signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, STRIPE_TOLERANCE_S, undefined, config.now().getTime());
      } catch (err) {
        throw new WebhookVerificationError(`Stripe signature: ${(err as Error).message}`);
      }
      const object: unknown = event.data.object;
      const occurredAt = new Date(event.created * 1000);
      const identityMismatch = modeMismatch(event.livemode);
      const ignored: PaymentFact = { provider: 'card', eventId: event.id, kind: 'ignored', occurredAt, detail: { type: event.type } };

      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return [sessionFact(object, event.id, occurredAt, identityMismatch) ?? ignored];
        case 'invoice.paid': {
          const reason = field(object, 'billing_reason');
          const subscriptionId = subscriptionOf(object);
          const invoiceId = idOf(object);
          if (!subscriptionId || !invoiceId || (reason !== 'subscription_create' && reason !== 'subscription_cycle')) return [ignored];
          return [
            {
              provider: 'card',
              eventId: event.id,
              kind: reason === 'subscription_create' ? 'paid' : 'renewed',
              tno: tnoOfInvoice(object),
              providerPaymentId: invoiceId,
              providerSubscriptionId: subscriptionId,
              amount: money(field(object, 'amount_paid'), field(object, 'currency')),
              identityMismatch,
              occurredAt,
            },
          ];
        }
        case 'charge.refunded': {
          // Only a full refund takes the period back.
          if (field(object, 'refunded') !== true) return [ignored];
          const paymentIntent = idOf(field(object, 'payment_intent'));
          const invoiceId = paymentIntent ? await invoiceOfPaymentIntent(paymentIntent) : undefined;
          if (!invoiceId) return [ignored];
          return [{ provider: 'card', eventId: event.id, kind: 'refunded', providerPaymentId: invoiceId, identityMismatch, occurredAt }];
        }
        case 'customer.subscription.updated': {
          const canceling = field(object, 'cancel_at_period_end') === true || typeof field(object, 'cancel_at') === 'number';
          if (!canceling) return [ignored];
          return [{ provider: 'card', eventId: event.id, kind: 'autoRenewCanceled', providerSubscriptionId: idOf(object), identityMismatch, occurredAt }];
        }
        case 'customer.subscription.deleted':
          return [{ provider: 'card', eventId: event.id, kind: 'subscriptionEnded', providerSubscriptionId: idOf(object), identityMismatch, occurredAt }];
        default:
          return [ignored];
      }
    },

    async cancelAutoRenew(providerSubscriptionId: string): Promise<void> {
      try {
        await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
      } catch (err) {
        throw new ProviderError(`Stripe cancel failed: ${(err as Error).message}`, (err as { statusCode?: number }).statusCode);
      }
    },
  };
}
