import { createDecipheriv, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { field, int, providerCall, str } from './http';
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
 * WeChat Pay API v3, Native (QR) payments, with node:crypto only:
 * - requests are signed SHA256-with-RSA by the merchant key (`WECHATPAY2-SHA256-RSA2048`);
 * - replies and notifications are verified SHA256-with-RSA over `timestamp\nnonce\nbody\n` with the
 *   WeChat Pay public key named by Wechatpay-Serial, refusing timestamps more than 5 minutes off;
 * - a notification's `resource` is decrypted with AES-256-GCM (APIv3 key, its nonce and
 *   associated_data; the last 16 bytes of the ciphertext are the tag).
 * WeChat Pay has no ordinary automatic renewal: periods are renewed by hand.
 */

export const WECHAT_TOLERANCE_S = 300;

export type WechatConfig = {
  mchid: string;
  appid: string;
  /** The APIv3 key: 32 characters. */
  apiV3Key: string;
  /** Serial number of the merchant's API certificate. */
  merchantSerial: string;
  merchantPrivateKey: string | KeyObject;
  /** The WeChat Pay public key and its id (PUB_KEY_ID_…), as Wechatpay-Serial names it. */
  platformPublicKey: string | KeyObject;
  platformSerial: string;
  baseUrl: string;
  /** https URL of POST /pay/notify/wechat (no query). */
  notifyUrl: string;
  fetch: FetchLike;
  now: () => Date;
};

/** The Authorization header of a request to WeChat Pay. */
export function wechatAuthorization(options: {
  method: string;
  pathWithQuery: string;
  body: string;
  mchid: string;
  serial: string;
  privateKey: KeyObject;
  timestampS: number;
  nonce?: string;
}): string {
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const message = `${options.method}\n${options.pathWithQuery}\n${options.timestampS}\n${nonce}\n${options.body}\n`;
  const signature = sign('sha256', Buffer.from(message), options.privateKey).toString('base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${options.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${options.timestampS}",serial_no="${options.serial}"`;
}

/** Verify the Wechatpay-* headers of a notification or reply against its raw body. */
export function verifyWechatSignature(
  headers: WebhookHeaders | Headers,
  body: Buffer | string,
  options: { platformSerial: string; platformPublicKey: KeyObject; now: Date },
): void {
  const get = (name: string) => (headers instanceof Headers ? (headers.get(name) ?? undefined) : header(headers, name));
  const serial = get('wechatpay-serial');
  const signature = get('wechatpay-signature');
  const timestamp = get('wechatpay-timestamp');
  const nonce = get('wechatpay-nonce');
  if (!serial || !signature || !timestamp || !nonce) throw new WebhookVerificationError('missing Wechatpay-* headers');
  if (serial !== options.platformSerial) throw new WebhookVerificationError(`unknown key serial ${serial}`);
  const seconds = Number(timestamp);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(options.now.getTime() / 1000 - seconds) > WECHAT_TOLERANCE_S) {
    throw new WebhookVerificationError('timestamp outside the tolerance');
  }
  const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), Buffer.from(body), Buffer.from('\n')]);
  let valid = false;
  try {
    valid = verify('sha256', message, options.platformPublicKey, Buffer.from(signature, 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) throw new WebhookVerificationError('signature does not verify');
}

/** Decrypt a notification's `resource` (AEAD_AES_256_GCM); throws when it was tampered with. */
export function decryptWechatResource(resource: { ciphertext: string; nonce: string; associated_data?: string }, apiV3Key: string): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new WebhookVerificationError('ciphertext too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new WebhookVerificationError('resource does not decrypt');
  }
}

/** RFC 3339 in China time, as WeChat writes times: 2026-03-01T10:34:56+08:00. */
export function chinaTime(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export function createWechatProvider(config: WechatConfig): PaymentProvider {
  const privateKey = typeof config.merchantPrivateKey === 'string' ? createPrivateKey(config.merchantPrivateKey) : config.merchantPrivateKey;
  const platformKey = typeof config.platformPublicKey === 'string' ? createPublicKey(config.platformPublicKey) : config.platformPublicKey;
  const base = config.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown) {
    const text = body === undefined ? '' : JSON.stringify(body);
    const reply = await providerCall(config.fetch, `${base}${pathWithQuery}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: wechatAuthorization({
          method,
          pathWithQuery,
          body: text,
          mchid: config.mchid,
          serial: config.merchantSerial,
          privateKey,
          timestampS: Math.floor(config.now().getTime() / 1000),
        }),
      },
      ...(body === undefined ? {} : { body: text }),
    });
    // Only a reply signed by WeChat Pay is believed (errors included, they steer our decisions too).
    if (reply.status >= 200 && reply.status < 300) {
      try {
        verifyWechatSignature(reply.headers, reply.text, { platformSerial: config.platformSerial, platformPublicKey: platformKey, now: config.now() });
      } catch (err) {
        throw new ProviderError(`WeChat Pay reply did not verify: ${(err as Error).message}`);
      }
    }
    return reply;
  }

  /** A transaction (decrypted notification or query reply) as a fact. */
  function transactionFact(transaction: unknown, eventId: string, occurredAt: Date): PaymentFact | null {
    const tno = str(field(transaction, 'out_trade_no'));
    const state = str(field(transaction, 'trade_state'));
    if (!tno || !state) return null;
    const mchid = str(field(transaction, 'mchid'));
    const appid = str(field(transaction, 'appid'));
    const identityMismatch =
      mchid !== config.mchid ? `mchid ${mchid ?? 'missing'}` : appid !== config.appid ? `appid ${appid ?? 'missing'}` : undefined;
    if (state === 'SUCCESS' || state === 'REFUND') {
      const total = int(field(transaction, 'amount', 'total'));
      const currency = str(field(transaction, 'amount', 'currency')) ?? 'CNY';
      const successTime = str(field(transaction, 'success_time'));
      return {
        provider: 'wechat',
        eventId,
        kind: 'paid',
        tno,
        providerPaymentId: str(field(transaction, 'transaction_id')),
        // amount.total is what the order charged; payer_total may differ by coupons.
        amount: total === undefined ? undefined : { minor: total, currency: currency as 'CNY' },
        identityMismatch,
        occurredAt: successTime && !Number.isNaN(Date.parse(successTime)) ? new Date(successTime) : occurredAt,
        detail: { tradeState: state },
      };
    }
    if (state === 'CLOSED' || state === 'PAYERROR' || state === 'REVOKED') {
      return { provider: 'wechat', eventId, kind: 'failed', tno, identityMismatch, occurredAt, detail: { tradeState: state } };
    }
    return null; // NOTPAY, USERPAYING: nothing yet
  }

  return {
    id: 'wechat',
    autoRenewFor: () => false,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      const reply = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appid,
        mchid: config.mchid,
        description: [...request.description].slice(0, 127).join(''),
        out_trade_no: request.tno,
        time_expire: chinaTime(request.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: request.money.minor, currency: 'CNY' },
      });
      const codeUrl = str(field(reply.json, 'code_url'));
      if (reply.status !== 200 || !codeUrl) {
        throw new ProviderError(`WeChat Pay refused the order: ${str(field(reply.json, 'code')) ?? reply.status}`, reply.status);
      }
      return { action: { kind: 'qr', codeUrl, expiresAt: request.expiresAt }, providerRef: request.tno };
    },

    async queryPayment(order: OrderRef): Promise<PaymentFact | null> {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(order.tno)}?mchid=${encodeURIComponent(config.mchid)}`;
      const reply = await call('GET', path);
      if (reply.status === 404) return null; // ORDER_NOT_EXIST
      if (reply.status !== 200) throw new ProviderError(`WeChat Pay query answered ${reply.status}`, reply.status);
      if (str(field(reply.json, 'out_trade_no')) !== order.tno) throw new ProviderError('WeChat Pay answered about another order');
      const id = str(field(reply.json, 'transaction_id')) ?? order.tno;
      return transactionFact(reply.json, `query:${str(field(reply.json, 'trade_state'))}:${id}`, config.now());
    },

    async parseWebhook(headers: WebhookHeaders, rawBody: Buffer): Promise<PaymentFact[]> {
      verifyWechatSignature(headers, rawBody, { platformSerial: config.platformSerial, platformPublicKey: platformKey, now: config.now() });
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookVerificationError('body is not JSON');
      }
      const eventId = str(field(event, 'id'));
      const eventType = str(field(event, 'event_type'));
      const resource = field(event, 'resource') as { ciphertext?: unknown; nonce?: unknown; associated_data?: unknown } | undefined;
      if (!eventId || !eventType || typeof resource?.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
        throw new WebhookVerificationError('not a WeChat Pay notification');
      }
      const plain = decryptWechatResource(
        {
          ciphertext: resource.ciphertext,
          nonce: resource.nonce,
          associated_data: typeof resource.associated_data === 'string' ? resource.associated_data : '',
        },
        config.apiV3Key,
      );
      let data: unknown;
      try {
        data = JSON.parse(plain);
      } catch {
        throw new WebhookVerificationError('resource is not JSON');
      }
      const created = str(field(event, 'create_time'));
      const occurredAt = created && !Number.isNaN(Date.parse(created)) ? new Date(created) : config.now();

      if (eventType === 'TRANSACTION.SUCCESS') {
        const fact = transactionFact(data, eventId, occurredAt);
        return [fact ?? { provider: 'wechat', eventId, kind: 'ignored', occurredAt }];
      }
      if (eventType === 'REFUND.SUCCESS') {
        const total = int(field(data, 'amount', 'total'));
        const refund = int(field(data, 'amount', 'refund'));
        if (total !== undefined && total === refund) {
          return [
            {
              provider: 'wechat',
              eventId,
              kind: 'refunded',
              tno: str(field(data, 'out_trade_no')),
              providerPaymentId: str(field(data, 'transaction_id')),
              occurredAt,
            },
          ];
        }
      }
      return [{ provider: 'wechat', eventId, kind: 'ignored', occurredAt, detail: { eventType } }];
    },
  };
}
