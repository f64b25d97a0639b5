import type { Currency, PayWay } from '@shotlib/contract';

/**
 * The payment provider adapters (docs/payments-and-identity.md). Each turns the
 * provider's API and notifications into verified, normalised facts; the ledger
 * (payment-ledger.ts) alone decides what a fact changes.
 */

export type ProviderId = PayWay | 'sandbox';

/** Integer minor units only (cents, fen). */
export type Money = { minor: number; currency: Currency };

export type CheckoutAction = { kind: 'qr'; codeUrl: string; expiresAt: Date } | { kind: 'redirect'; url: string };

/** What an adapter needs to open a checkout for an order. */
export type CheckoutRequest = {
  tno: string;
  way: PayWay;
  grade: number;
  periodMonths: number;
  money: Money;
  /** The member's e-mail (prefills the card checkout). */
  email: string;
  /** One line for the payer's statement, e.g. 'Shotlib membership, 1 month'. */
  description: string;
  /** Origin of the site (PUBLIC_URL, else the request's origin) for return URLs. */
  siteOrigin: string;
  /** The QR code (WeChat) may be paid until then. */
  expiresAt: Date;
};

export type CheckoutResult = {
  action: CheckoutAction;
  /** The provider's id of this checkout (kept as order.provider_ref). */
  providerRef: string;
  /** The provider's subscription id when the checkout creates one up front (PayPal subscriptions). */
  providerSubscriptionId?: string;
};

/** An order as adapters see it when asked about it. */
export type OrderRef = {
  tno: string;
  providerRef: string | null;
  providerSubscriptionId: string | null;
  createdAt: Date;
};

export type FactKind = 'paid' | 'failed' | 'renewed' | 'autoRenewCanceled' | 'subscriptionEnded' | 'refunded' | 'ignored';

/** A verified, normalised statement of the provider. */
export type PaymentFact = {
  provider: ProviderId;
  /** Dedupe key: the same event id is applied once. */
  eventId: string;
  kind: FactKind;
  /** Our order number, when the provider carries it. */
  tno?: string;
  providerPaymentId?: string;
  providerSubscriptionId?: string;
  amount?: Money;
  /** Set by the adapter when the notification was for another merchant, app or mode. */
  identityMismatch?: string;
  occurredAt: Date;
  /** A short, non-secret summary of the provider's payload, kept with the event. */
  detail?: Record<string, unknown>;
};

/** A notification whose signature, timestamp or format did not verify: answered 401, never applied. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** The provider answered with an error or could not be reached. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Whether a checkout of `way` starts a subscription that renews by itself until cancelled. */
  autoRenewFor(way: PayWay): boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutResult>;
  /** The payer came back (PayPal `/confirm?token=`): capture or look up, never trust the return alone. */
  confirmReturn?(order: OrderRef): Promise<PaymentFact | null>;
  /** Ask the provider what became of an order (polling, reconciliation). Null: nothing paid yet. */
  queryPayment(order: OrderRef): Promise<PaymentFact | null>;
  /** Verify and read a notification; throws WebhookVerificationError when it does not verify. */
  parseWebhook(headers: WebhookHeaders, rawBody: Buffer): Promise<PaymentFact[]>;
  /** Stop renewal at the provider; access lasts to the period end. */
  cancelAutoRenew?(providerSubscriptionId: string): Promise<void>;
}

/** One header value (the first when repeated). */
export function header(headers: WebhookHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Injected so tests aim adapters at local servers and move the clock. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
