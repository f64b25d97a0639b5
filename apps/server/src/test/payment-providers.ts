import { createCipheriv, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * The payment providers' side, for tests: a fake HTTP API on 127.0.0.1, and notifications signed
 * exactly as each provider signs them, with keys the tests generate.
 */

// ---- A fake provider API -----------------------------------------------------------------------

export type FakeRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
export type FakeReply = { status?: number; headers?: Record<string, string>; body?: unknown };
export type FakeServer = { url: string; requests: FakeRequest[]; close(): Promise<void> };

/** An HTTP server on a free loopback port answering with `handler`; it records every request. */
export async function startFakeServer(handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      Promise.resolve(handler(request))
        .then((reply) => {
          const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
          res.end(body);
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

export const rsaKeyPair = (): { privateKey: KeyObject; publicKey: KeyObject } => generateKeyPairSync('rsa', { modulusLength: 2048 });
export const pem = (key: KeyObject): string =>
  key.type === 'private' ? (key.export({ type: 'pkcs8', format: 'pem' }) as string) : (key.export({ type: 'spki', format: 'pem' }) as string);

// ---- X.509: a self-signed certificate (PayPal's webhook certificate stand-in) -------------------------

const derLength = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, content: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const derInt = (value: Buffer) => tlv(0x02, value[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
const oid = (dotted: string): Buffer => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk: number[] = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const utcTime = (date: Date) => tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
const name = (commonName: string) => seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName, 'utf8')))));

/** A self-signed certificate (sha256WithRSAEncryption) for `commonName`, PEM. */
export function selfSignedCertificate(options: {
  commonName: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
}): string {
  const algorithm = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const tbs = seq(
    tlv(0xa0, derInt(Buffer.from([2]))),
    derInt(randomBytes(8)),
    algorithm,
    name(options.commonName),
    seq(utcTime(options.notBefore), utcTime(options.notAfter)),
    name(options.commonName),
    options.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, options.privateKey);
  const der = seq(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = der.toString('base64').match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`;
}

// ---- WeChat Pay -------------------------------------------------------------------------------

export type WechatTestKeys = {
  mchid: string;
  appid: string;
  apiV3Key: string;
  merchant: { privateKey: KeyObject; publicKey: KeyObject; serial: string };
  platform: { privateKey: KeyObject; publicKey: KeyObject; serial: string };
};

export function wechatTestKeys(): WechatTestKeys {
  return {
    mchid: '1900000109',
    appid: 'wxd678efh567hg6787',
    apiV3Key: randomBytes(16).toString('hex'),
    merchant: { ...rsaKeyPair(), serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' },
    platform: { ...rsaKeyPair(), serial: 'PUB_KEY_ID_0114232134912410000000000001' },
  };
}

/** The configuration variables of a WeChat Pay merchant with these keys. */
export const wechatEnv = (keys: WechatTestKeys, baseUrl: string): Record<string, string> => ({
  WECHATPAY_MCHID: keys.mchid,
  WECHATPAY_APPID: keys.appid,
  WECHATPAY_API_V3_KEY: keys.apiV3Key,
  WECHATPAY_MCH_SERIAL: keys.merchant.serial,
  WECHATPAY_PRIVATE_KEY: pem(keys.merchant.privateKey),
  WECHATPAY_PLATFORM_PUBLIC_KEY: pem(keys.platform.publicKey),
  WECHATPAY_PLATFORM_SERIAL: keys.platform.serial,
  WECHATPAY_BASE_URL: baseUrl,
});

/** The Wechatpay-* headers WeChat Pay puts on a notification or reply. */
export function wechatSignatureHeaders(
  keys: WechatTestKeys,
  body: string,
  timestampS: number,
  options: { serial?: string; nonce?: string } = {},
): Record<string, string> {
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const signature = sign('sha256', Buffer.from(`${timestampS}\n${nonce}\n${body}\n`), keys.platform.privateKey).toString('base64');
  return {
    'wechatpay-serial': options.serial ?? keys.platform.serial,
    'wechatpay-signature': signature,
    'wechatpay-timestamp': String(timestampS),
    'wechatpay-nonce': nonce,
  };
}

/** Encrypt a notification resource as WeChat Pay does (AEAD_AES_256_GCM, tag appended). */
export function encryptWechatResource(plaintext: string, apiV3Key: string, associatedData = 'transaction') {
  const nonce = randomBytes(6).toString('hex'); // 12 characters
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  return { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce };
}

/** A TRANSACTION.SUCCESS notification of a transaction, signed and encrypted. */
export function wechatNotification(
  keys: WechatTestKeys,
  transaction: Record<string, unknown>,
  options: { timestampS: number; id?: string; eventType?: string },
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    id: options.id ?? `EV-${randomBytes(8).toString('hex')}`,
    create_time: new Date(options.timestampS * 1000).toISOString(),
    resource_type: 'encrypt-resource',
    event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encryptWechatResource(JSON.stringify(transaction), keys.apiV3Key),
  });
  return { headers: { 'content-type': 'application/json', ...wechatSignatureHeaders(keys, body, options.timestampS) }, body };
}

// ---- PayPal ----------------------------------------------------------------------------------

export type PaypalTestKeys = { privateKey: KeyObject; certPem: string; certUrl: string; webhookId: string };

export function paypalTestKeys(now: Date): PaypalTestKeys {
  const { privateKey, publicKey } = rsaKeyPair();
  return {
    privateKey,
    certPem: selfSignedCertificate({
      commonName: 'messageverificationcerts.paypal.com',
      privateKey,
      publicKey,
      notBefore: new Date(now.getTime() - 86_400_000),
      notAfter: new Date(now.getTime() + 365 * 86_400_000),
    }),
    certUrl: 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-test',
    webhookId: '1JE4291016473214C',
  };
}

/** The PayPal-Transmission-* headers of a webhook body. */
export function paypalWebhookHeaders(
  keys: PaypalTestKeys,
  body: string,
  transmissionTime: Date,
  options: { webhookId?: string; transmissionId?: string; certUrl?: string } = {},
): Record<string, string> {
  const transmissionId = options.transmissionId ?? randomBytes(16).toString('hex');
  const time = transmissionTime.toISOString();
  // The signed text as PayPal documents it (docs/payments-and-identity.md), written out here rather
  // than taken from the adapter, so a mistake in the adapter's version cannot hide in its own test.
  const text = `${transmissionId}|${time}|${options.webhookId ?? keys.webhookId}|${zlib.crc32(Buffer.from(body))}`;
  return {
    'content-type': 'application/json',
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': sign('sha256', Buffer.from(text), keys.privateKey).toString('base64'),
    'paypal-cert-url': options.certUrl ?? keys.certUrl,
    'paypal-auth-algo': 'SHA256withRSA',
  };
}
