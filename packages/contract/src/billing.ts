import { z } from 'zod';
import { listSchema } from './envelope';

// ---- Plans ---------------------------------------------------------------------------------

export const PlanSchema = z.object({
  grade: z.number().int(),
  /** Months: 1, 3 or 12. */
  period: z.number().int(),
  /** CNY cents. */
  money: z.number().int(),
  /** USD cents. */
  usdMoney: z.number().int(),
});
export type Plan = z.infer<typeof PlanSchema>;
export const PlanListSchema = listSchema(PlanSchema);
const gradeField = z.coerce.number().int().min(1).max(3);
export const GradeParamSchema = z.object({ grade: gradeField });

/** Prices are cents divided by 100 to two decimals: ¥ with CNY in Chinese locales, $ with USD otherwise. */
export function formatPrice(plan: Pick<Plan, 'money' | 'usdMoney'>, locale: string): string {
  const chinese = locale === 'zhCN' || locale === 'zhTW';
  const cents = chinese ? plan.money : plan.usdMoney;
  return `${chinese ? '¥' : '$'}${(cents / 100).toFixed(2)}`;
}

// ---- Ways of paying and money -----------------------------------------------------------------

/**
 * Ways of paying (`way` of `GET /pay`): WeChat Pay (a QR code, CNY, renewed by hand), PayPal
 * (a redirect, USD) and card (a redirect to a hosted card checkout, USD, renews automatically).
 */
export const PAY_WAYS = ['wechat', 'paypal', 'card'] as const;
export const PayWaySchema = z.enum(PAY_WAYS);
export type PayWay = z.infer<typeof PayWaySchema>;

export const CURRENCIES = ['CNY', 'USD'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** An amount of money in integer minor units (cents or fen). */
export type Money = { amount: number; currency: Currency };

/** The currency a way charges in: WeChat Pay in CNY, PayPal and card in USD (decision record). */
export function wayCurrency(way: PayWay): Currency {
  return way === 'wechat' ? 'CNY' : 'USD';
}

/** What a plan costs when paid a given way: `money` (CNY) for WeChat Pay, `usdMoney` (USD) otherwise. */
export function wayPrice(plan: Pick<Plan, 'money' | 'usdMoney'>, way: PayWay): Money {
  const currency = wayCurrency(way);
  return { amount: currency === 'CNY' ? plan.money : plan.usdMoney, currency };
}

/** '¥219.00' or '$29.99'. */
export function formatMoney(money: Money): string {
  return `${money.currency === 'CNY' ? '¥' : '$'}${(money.amount / 100).toFixed(2)}`;
}

/** The notice on every checkout the sandbox serves (its own page, and the app's checkout through i18n). */
export const TEST_MODE_TEXT = {
  enUS: 'Test mode — no money moves.',
  zhCN: '测试模式——不会产生真实扣款。',
  zhTW: '測試模式——不會產生實際扣款。',
} as const;

/**
 * `GET /pay/ways`: the ways this server takes payments by. `sandbox` is true when the way runs on
 * the built-in offline sandbox (no real money; its page says so). `autoRenew` says whether a
 * subscription paid this way renews by itself (WeChat Pay periods are renewed by hand).
 */
export const PaymentWaySchema = z.object({
  way: PayWaySchema,
  sandbox: z.boolean(),
  autoRenew: z.boolean(),
  currency: CurrencySchema,
});
export type PaymentWay = z.infer<typeof PaymentWaySchema>;
export const PaymentWayListSchema = listSchema(PaymentWaySchema);

// ---- Orders ----------------------------------------------------------------------------------

/**
 * Order numbers (`tno`): 'T', the UTC date (yyyymmdd) and 16 random base-32 characters, e.g.
 * `T20260301K7Q2M9X4C1V8B3NZ`.
 */
export const TNO_PATTERN = /^T\d{8}[0-9A-Z]{16}$/;

/**
 * `GET /pay?way&grade` (login needed): make an order for a plan; the server sets the amount from
 * the plan (never the client). Rate limited per member.
 */
export const PayQuerySchema = z.object({ way: PayWaySchema, grade: gradeField });
export type PayQuery = z.infer<typeof PayQuerySchema>;

/**
 * Reply of `GET /pay`. `action` 'qr' (WeChat Pay): show `url` as a QR code (220 px, margin 2) and
 * poll `GET /order/{tno}` every 3 s until status 1; it can be paid until `expiresAt`.
 * `action` 'redirect' (PayPal, card): send the browser to `url`. PayPal comes back to
 * `/confirm?token=…` (then `GET /pay/{token}`); card comes back to `/ok?tno=…`; both come back to
 * `/cfm/{grade}` when the payer cancels.
 */
export const PayReplySchema = z.object({
  url: z.string(),
  tno: z.string(),
  way: PayWaySchema,
  action: z.enum(['qr', 'redirect']),
  /** What will be charged, in minor units of `currency`. */
  amount: z.number().int(),
  currency: CurrencySchema,
  /** Whether this purchase starts a subscription that renews by itself until cancelled. */
  autoRenew: z.boolean(),
  /** ISO 8601: until when the QR code can be paid (null for redirects). */
  expiresAt: z.string().nullable(),
  /** True when the built-in sandbox stands in for the real provider (no real money). */
  sandbox: z.boolean(),
});
export type PayReply = z.infer<typeof PayReplySchema>;

/** `GET /order/{tno}` path. An unknown order and somebody else's order both answer 404. */
export const TnoParamSchema = z.object({ tno: z.string().min(1).max(64) });

/**
 * What became of an order, as its owner reads it (decision 051): `unpaid` (awaiting payment, within
 * its 48-hour window), `paid`, `failed` (the provider declined it, the payer cancelled, or the checkout
 * could not be made), `expired` (left unpaid past its window), `refunded`. Derived on the server from
 * `status` and the ledger's events.
 */
export const ORDER_STATES = ['unpaid', 'paid', 'failed', 'expired', 'refunded'] as const;
export const OrderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderStateSchema>;

/**
 * An order of the member (`GET /order`, `GET /order/{tno}`). `status`: 0 unpaid, 1 paid
 * (Subscribed), 2 closed (never paid), 3 refunded (see ORDER_STATUS); `state` says which of these a
 * person would name (failed or expired for a closed order). `createTime` and `paidTime` are ISO 8601.
 */
export const OrderSchema = z.object({
  grade: z.number().int(),
  createTime: z.string(),
  status: z.number().int(),
  state: OrderStateSchema,
  tno: z.string(),
  way: PayWaySchema,
  amount: z.number().int(),
  currency: CurrencySchema,
  paidTime: z.string().nullable(),
  /** True for an order the provider made when it renewed a subscription by itself. */
  renewal: z.boolean(),
});
export type Order = z.infer<typeof OrderSchema>;
/** `GET /order`: the member's orders, newest first (at most the 100 newest). */
export const OrderListSchema = listSchema(OrderSchema);

/**
 * `GET /pay/{id}`: confirm a PayPal-style return. `id` is the `token` of `/confirm?token=…` (the
 * provider's order id, or the order number). The server asks the provider (capturing an approved
 * PayPal order); the browser's return alone never marks an order paid.
 */
export const PayIdParamSchema = z.object({ id: z.string().min(1).max(128) });
/** `status` 1: paid, go to Ok; anything else: go to MineSub. */
export const PayConfirmSchema = z.object({ status: z.number().int(), tno: z.string() });
export type PayConfirm = z.infer<typeof PayConfirmSchema>;

// ---- Subscription ----------------------------------------------------------------------------

/**
 * The member's current subscription. `autoRenew`: the provider will charge again at
 * `currentPeriodEnd` (PayPal, card). `renewsManually`: WeChat Pay (and one-time PayPal payments)
 * never renew by themselves; a reminder e-mail goes out a few days before expiry.
 * `cancelAtPeriodEnd`: renewal was cancelled; access lasts until `currentPeriodEnd`.
 */
export const SubscriptionSchema = z.object({
  way: PayWaySchema,
  grade: z.number().int(),
  status: z.enum(['active', 'canceled', 'ended']),
  autoRenew: z.boolean(),
  renewsManually: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  /** ISO 8601 end of the paid period (null before the first payment). */
  currentPeriodEnd: z.string().nullable(),
  amount: z.number().int(),
  currency: CurrencySchema,
  sandbox: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/**
 * `GET /subscription` and `POST /subscription/cancel`: the membership (`expired`, as in
 * `/member/info`, and `vip`) and the most recent subscription, or null when the member never paid.
 */
export const SubscriptionInfoSchema = z.object({
  expired: z.string().nullable(),
  vip: z.boolean(),
  subscription: SubscriptionSchema.nullable(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfoSchema>;

/** `POST /subscription/cancel` takes no fields: no body, `{}` or `null`. */
export const CancelRenewalBodySchema = z.object({}).nullish();

// ---- Provider notifications ------------------------------------------------------------------------

/**
 * `POST /pay/notify/{provider}` (wechat, paypal, card, sandbox) answers the provider: 200 with what
 * each verified fact did (applied, duplicate, mismatch, unknown, ignored); 401 when the signature
 * or its timestamp does not verify (the provider retries); 404 for a provider that is not on.
 */
export const NotifyReplySchema = z.object({ outcomes: z.array(z.enum(['applied', 'duplicate', 'mismatch', 'unknown', 'ignored'])) });
export type NotifyReply = z.infer<typeof NotifyReplySchema>;

// ---- Messages --------------------------------------------------------------------------------

/**
 * Messages of the billing calls. The server answers with the English text; the web app
 * translates them by key (`serverMessages.<key>`).
 */
export const BillingMessage = {
  planNotFound: 'Plan not found.',
  orderNotFound: 'Order not found.',
  wayUnavailable: 'This payment method is not available right now.',
  providerUnavailable: 'The payment service is unavailable right now. Please try again in a moment.',
  alreadyRenewing:
    'You already have a subscription that renews automatically. Cancel its renewal on your subscription page before starting another one.',
  nothingToCancel: 'You have no subscription that renews automatically.',
  cancelFailed: 'The payment service could not cancel the renewal right now. Please try again in a moment.',
} as const;
export type BillingMessageKey = keyof typeof BillingMessage;
