import { API_PREFIX, PAY_WAYS, type PayWay } from '@shotlib/contract';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { createCardProvider } from './card';
import { createPaypalProvider } from './paypal';
import { createSandboxProvider, sandboxSigningKey, type SandboxProvider } from './sandbox';
import type { FetchLike, PaymentProvider, ProviderId } from './types';
import { createWechatProvider } from './wechat';

/** The providers this server runs, and which one takes each way. */
export type ProviderRegistry = {
  /** The provider that takes payments of a way; null when the way is not offered. */
  forWay(way: PayWay): PaymentProvider | null;
  /** A provider by id (webhooks, queries of existing orders). */
  byId(id: string): PaymentProvider | null;
  /** The sandbox, when it is on. */
  sandbox: SandboxProvider | null;
  /** The ways offered, in the spec's order. */
  ways(): PayWay[];
};

export type RegistryOptions = {
  config: Config;
  db: Db;
  now: () => Date;
  /** fetch for the providers' APIs (tests aim it at local fakes). */
  fetch?: FetchLike;
  /** Replace or add providers (tests). */
  overrides?: Partial<Record<ProviderId, PaymentProvider>>;
};

export const BRAND_NAME = 'Shotlib';

/**
 * Build the providers from the configuration: each way listed in PAYMENT_PROVIDERS gets its real
 * provider (loadConfig made sure its keys are there); every other way gets the sandbox when
 * `sandbox` is listed, and is not offered otherwise.
 */
export function createProviderRegistry(options: RegistryOptions): ProviderRegistry {
  const { config, db, now } = options;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const listed = new Set(config.PAYMENT_PROVIDERS);
  const notifyUrl = (provider: ProviderId) => `${(config.PUBLIC_URL ?? '').replace(/\/+$/, '')}${API_PREFIX}/pay/notify/${provider}`;
  const providers = new Map<ProviderId, PaymentProvider>();

  const sandbox = listed.has('sandbox')
    ? createSandboxProvider({ db, signingKey: sandboxSigningKey(config.APP_SECRET ?? ''), now })
    : null;
  if (sandbox) providers.set('sandbox', sandbox);

  if (listed.has('wechat')) {
    providers.set(
      'wechat',
      createWechatProvider({
        mchid: config.WECHATPAY_MCHID!,
        appid: config.WECHATPAY_APPID!,
        apiV3Key: config.WECHATPAY_API_V3_KEY!,
        merchantSerial: config.WECHATPAY_MCH_SERIAL!,
        merchantPrivateKey: config.WECHATPAY_PRIVATE_KEY!,
        platformPublicKey: config.WECHATPAY_PLATFORM_PUBLIC_KEY!,
        platformSerial: config.WECHATPAY_PLATFORM_SERIAL!,
        baseUrl: config.WECHATPAY_BASE_URL,
        notifyUrl: notifyUrl('wechat'),
        fetch: fetchImpl,
        now,
      }),
    );
  }
  if (listed.has('paypal')) {
    providers.set(
      'paypal',
      createPaypalProvider({
        clientId: config.PAYPAL_CLIENT_ID!,
        clientSecret: config.PAYPAL_CLIENT_SECRET!,
        webhookId: config.PAYPAL_WEBHOOK_ID!,
        baseUrl: config.PAYPAL_BASE_URL,
        planIds: config.PAYPAL_PLAN_IDS,
        merchantId: config.PAYPAL_MERCHANT_ID,
        brandName: BRAND_NAME,
        fetch: fetchImpl,
        now,
      }),
    );
  }
  if (listed.has('card')) {
    providers.set(
      'card',
      createCardProvider({
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        apiUrl: config.STRIPE_API_URL,
        fetch: options.fetch,
        now,
      }),
    );
  }
  for (const [id, provider] of Object.entries(options.overrides ?? {}) as [ProviderId, PaymentProvider][]) {
    providers.set(id, provider);
  }

  const forWay = (way: PayWay): PaymentProvider | null => providers.get(way) ?? sandbox;
  return {
    forWay,
    byId: (id) => providers.get(id as ProviderId) ?? null,
    sandbox,
    ways: () => PAY_WAYS.filter((way) => forWay(way) !== null),
  };
}
