import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3MediaOptions } from './lib/s3-media-store';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Payment providers PAYMENT_PROVIDERS may list. */
export const PAYMENT_PROVIDER_IDS = ['sandbox', 'wechat', 'paypal', 'card'] as const;

/** A PEM key given inline (`\\n` escapes allowed, for one-line .env values) or as a file path. */
const pemOrFile = optionalString.transform((value, ctx) => {
  if (!value) return undefined;
  if (value.startsWith('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch {
    ctx.addIssue({ code: 'custom', message: `expected a PEM key or a readable file, got ${value}` });
    return z.NEVER;
  }
});

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /**
   * Where the web app loads media from: this server's /media, or a CDN whose origin is this
   * server's /media (forwarding the query string). Never the bucket: see docs/decisions/039.
   */
  MEDIA_BASE_URL: z
    .string()
    .trim()
    .default('/media')
    .refine((value) => value.startsWith('/') || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), {
      message: 'expected a path starting with / or an http(s) URL',
    })
    .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
      message: 'must not hold credentials',
    }),
  /**
   * Media in an S3-compatible bucket instead of DATA_DIR/media: S3_BUCKET turns it on. S3_ENDPOINT
   * names a server other than AWS (MinIO, R2, …); S3_REGION is the bucket's region (required for
   * AWS, us-east-1 by default elsewhere); the key pair (both or neither: the SDK's default chain);
   * S3_FORCE_PATH_STYLE for servers without bucket subdomains.
   */
  S3_ENDPOINT: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, message: 'expected an http(s) URL' })
      .refine((value) => !new URL(value).username && !new URL(value).password, {
        message: 'must not hold credentials: give them in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      })
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanString.transform((value) => value ?? false),
  /** SMTP server for one-time codes (smtp:// or smtps://); unset = .eml files in DATA_DIR/outbox. */
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Shotlib <no-reply@shotlib.local>'),
  SUPPORT_EMAIL: z.email().default('support@shotlib.app'),
  /** Any OpenID Connect issuer; Google's by default. Sign-in is on when GOOGLE_CLIENT_ID is set. */
  GOOGLE_ISSUER: optionalString.pipe(z.url().optional()).transform((value) => value ?? 'https://accounts.google.com'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /**
   * Payment providers, comma-separated: `wechat`, `paypal`, `card` (each needs its keys below) and
   * `sandbox`, the built-in offline provider that stands in for every way not listed. Without
   * `sandbox`, a way not listed is not offered.
   */
  PAYMENT_PROVIDERS: z
    .string()
    .default('sandbox')
    .transform((value) => value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.enum(PAYMENT_PROVIDER_IDS)).transform((list) => [...new Set(list)])),
  /**
   * The sandbox marks orders paid with no money. With PUBLIC_URL on a host other than this machine
   * (a deployment), it runs only when this says so explicitly: a test deployment.
   */
  PAYMENT_SANDBOX: booleanString.transform((value) => value ?? false),
  /** How often the reconciliation job asks the providers about unpaid orders (seconds); 0 turns it off. */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** WeChat Pay v3 (Native QR): merchant and app ids, APIv3 key, the merchant's API certificate serial and private key. */
  WECHATPAY_MCHID: optionalString,
  WECHATPAY_APPID: optionalString,
  WECHATPAY_API_V3_KEY: optionalString.pipe(z.string().length(32).optional()),
  WECHATPAY_MCH_SERIAL: optionalString,
  WECHATPAY_PRIVATE_KEY: pemOrFile,
  /** The WeChat Pay public key (PEM or file) and its id (PUB_KEY_ID_…), which notifications name in Wechatpay-Serial. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: pemOrFile,
  WECHATPAY_PLATFORM_SERIAL: optionalString,
  WECHATPAY_BASE_URL: optionalString.pipe(z.url().optional()).transform((value) => value ?? 'https://api.mch.weixin.qq.com'),
  /** PayPal REST app: client id and secret, and the id of the webhook registered for this site. */
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_WEBHOOK_ID: optionalString,
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com (PayPal's own test system). */
  PAYPAL_BASE_URL: optionalString.pipe(z.url().optional()).transform((value) => value ?? 'https://api-m.paypal.com'),
  /**
   * PayPal billing plans for auto-renewal, per grade: `1=P-…,2=P-…,3=P-…` (all three). Unset:
   * PayPal takes one-time payments (Orders v2, captured on return) that are renewed by hand.
   */
  PAYPAL_PLAN_IDS: optionalString.transform((value, ctx) => {
    if (!value) return undefined;
    const plans: Record<number, string> = {};
    for (const entry of value.split(',')) {
      const match = /^\s*([123])\s*=\s*(\S+)\s*$/.exec(entry);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'expected 1=P-…,2=P-…,3=P-…' });
        return z.NEVER;
      }
      plans[Number(match[1])] = match[2]!;
    }
    if (Object.keys(plans).length !== 3) {
      ctx.addIssue({ code: 'custom', message: 'name a plan for each of the grades 1, 2 and 3' });
      return z.NEVER;
    }
    return plans;
  }),
  /** Optional: our PayPal merchant id; a payment to another payee is flagged for review. */
  PAYPAL_MERCHANT_ID: optionalString,
  /** Stripe (card): secret API key (sk_live_… or sk_test_…) and the webhook endpoint's signing secret (whsec_…). */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API origin (e.g. a local mock); unset = https://api.stripe.com. */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /**
   * Behind a reverse proxy: which X-Forwarded-For hops to trust, so per-IP limits see the client.
   * A number of hops, or comma-separated proxy addresses/CIDRs; 'true' (every hop, so whatever
   * the client writes) only with TRUST_PROXY_ALLOW_ALL (decision 059). Unset: none.
   */
  TRUST_PROXY: optionalString.transform((value) => {
    if (value === undefined || value === 'false') return undefined;
    if (value === 'true') return true;
    return /^\d+$/.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim());
  }),
  /** Allows TRUST_PROXY=true: for a platform whose edge replaces X-Forwarded-For (decision 059). */
  TRUST_PROXY_ALLOW_ALL: booleanString.transform((value) => value ?? false),
  /**
   * Per-IP limits of sign-in (on by default). Browser test runs, where every request comes from one
   * address, turn them off; the per-address limits stay.
   */
  AUTH_IP_LIMITS: booleanString.transform((value) => value ?? true),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  /** Seed demo content on start when the catalogue is empty (default true). */
  SEED_DEMO: booleanString.transform((value) => value ?? true),
  /**
   * How the demo reaches an empty catalogue: `direct` (1× screens written straight to the tables
   * before the server listens) or `import` (the realistic demo of decision 042 generated once into
   * DATA_DIR/demo-cache and loaded through the ingestion pipeline after the server listens).
   */
  DEMO_SOURCE: z.enum(['direct', 'import']).default('import'),
  /**
   * Reading the text inside screenshots at ingest with tesseract (issue 14, decision 047): `on`
   * when tesseract and its English data are installed (the start log says which languages), `off`
   * never. Without it screens are ingested all the same, with no text to search.
   */
  OCR: z.enum(['on', 'off']).default('on'),
  /** The tesseract executable (default `tesseract` on the PATH). */
  TESSERACT: optionalString.transform((value) => value ?? 'tesseract'),
  /** A server secret for HMACs (login codes, sandbox signatures). Generated and kept in DATA_DIR when unset. */
  APP_SECRET: optionalString.pipe(z.string().min(32).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built web app; the server serves it at /. */
  WEB_DIST: optionalString,
});

export type Config = z.infer<typeof ConfigSchema> & {
  dataDir: string;
  /**
   * The site's origin for every URL the server hands out (payment returns, e-mail links, Google's
   * redirect URI) and the address the start log prints: PUBLIC_URL, else `defaultSiteUrl` (this
   * machine). Never the request's Host header. See docs/decisions/030 and 050.
   */
  siteUrl: string;
  /** The media bucket when S3_BUCKET is set; undefined: files in DATA_DIR/media. */
  s3: S3MediaOptions | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The keys each real payment provider needs when PAYMENT_PROVIDERS lists it. */
export const PAYMENT_PROVIDER_KEYS = {
  wechat: [
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_API_V3_KEY',
    'WECHATPAY_MCH_SERIAL',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_PLATFORM_PUBLIC_KEY',
    'WECHATPAY_PLATFORM_SERIAL',
  ],
  paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  card: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
} as const satisfies Record<Exclude<(typeof PAYMENT_PROVIDER_IDS)[number], 'sandbox'>, readonly (keyof z.infer<typeof ConfigSchema>)[]>;

/** Whether a URL names this machine: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A real provider listed without its keys would silently take no money, the sandbox on a public
 * site would give membership away, and Google sign-in needs a fixed redirect URI: refuse to start.
 */
function deploymentProblems(data: z.infer<typeof ConfigSchema>): string[] {
  const problems: string[] = [];
  if (data.PAYMENT_PROVIDERS.includes('sandbox') && data.PUBLIC_URL && !isLoopbackUrl(data.PUBLIC_URL) && !data.PAYMENT_SANDBOX) {
    problems.push(
      `PAYMENT_PROVIDERS: the sandbox lets anyone mark their own order paid, and PUBLIC_URL (${new URL(data.PUBLIC_URL).host}) is not this machine. ` +
        'List real providers (wechat, paypal, card) without sandbox, or set PAYMENT_SANDBOX=true for a test deployment.',
    );
  }
  if (data.TRUST_PROXY === true && !data.TRUST_PROXY_ALLOW_ALL) {
    problems.push(
      'TRUST_PROXY: true trusts every X-Forwarded-For hop, including the ones a client writes itself, so anyone can pick the address ' +
        'the per-IP limits count. Name the proxies instead: a hop count (1 for one proxy in front of this server) or their addresses/CIDRs ' +
        '(e.g. 10.0.0.0/8,127.0.0.1); or, only if the edge in front replaces X-Forwarded-For, also set TRUST_PROXY_ALLOW_ALL=true.',
    );
  }
  if (data.GOOGLE_CLIENT_ID && !data.PUBLIC_URL) {
    problems.push('GOOGLE_CLIENT_ID: Google sign-in needs PUBLIC_URL (its redirect URI is <PUBLIC_URL>/callback)');
  }
  for (const provider of data.PAYMENT_PROVIDERS) {
    if (provider === 'sandbox') continue;
    const missing = PAYMENT_PROVIDER_KEYS[provider].filter((key) => data[key] === undefined);
    if (missing.length > 0) problems.push(`PAYMENT_PROVIDERS: ${provider} needs ${missing.join(', ')}`);
    if (!data.PUBLIC_URL) problems.push(`PAYMENT_PROVIDERS: ${provider} needs PUBLIC_URL (its notification and return URLs)`);
  }
  return [...new Set(problems)];
}

/** The S3_* variables that make sense only with S3_BUCKET. */
const S3_DETAILS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** A partial S3 configuration would silently store media on disk, or fail at the first upload: refuse to start. */
function s3Problems(data: z.infer<typeof ConfigSchema>): string[] {
  if (!data.S3_BUCKET) {
    const given: string[] = S3_DETAILS.filter((key) => data[key] !== undefined);
    if (data.S3_FORCE_PATH_STYLE) given.push('S3_FORCE_PATH_STYLE');
    return given.length > 0
      ? [`S3_BUCKET: media are kept in an S3 bucket only when S3_BUCKET names it, but ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set without it (name the bucket, or unset ${given.length > 1 ? 'them' : 'it'} to keep media in DATA_DIR/media)`]
      : [];
  }
  const problems: string[] = [];
  if (data.S3_ACCESS_KEY_ID && !data.S3_SECRET_ACCESS_KEY) problems.push("S3_SECRET_ACCESS_KEY: needed with S3_ACCESS_KEY_ID (give both, or neither for the SDK's default credentials)");
  if (data.S3_SECRET_ACCESS_KEY && !data.S3_ACCESS_KEY_ID) problems.push("S3_ACCESS_KEY_ID: needed with S3_SECRET_ACCESS_KEY (give both, or neither for the SDK's default credentials)");
  if (!data.S3_ENDPOINT && !data.S3_REGION) problems.push("S3_REGION: AWS S3 needs the bucket's region (e.g. eu-west-1), or set S3_ENDPOINT for another S3-compatible server");
  if (URL.canParse(data.MEDIA_BASE_URL) && servesBucket(new URL(data.MEDIA_BASE_URL).host, data.S3_ENDPOINT, data.S3_BUCKET)) {
    problems.push(
      'MEDIA_BASE_URL: points at the media bucket, which must stay private (screenshots are served only through signed /media URLs); ' +
        "point it at this server's /media or at a CDN in front of it",
    );
  }
  return problems;
}

/** Whether `host` (host[:port]) is the bucket's own: the endpoint, a bucket subdomain of it, or AWS S3. */
function servesBucket(host: string, endpoint: string | undefined, bucket: string): boolean {
  if (endpoint) {
    const endpointHost = new URL(endpoint).host;
    return host === endpointHost || host === `${bucket}.${endpointHost}`;
  }
  return host.endsWith('.amazonaws.com') && (host.startsWith(`${bucket}.`) || host.startsWith('s3.') || host.startsWith('s3-'));
}

function s3Options(data: z.infer<typeof ConfigSchema>): S3MediaOptions | undefined {
  if (!data.S3_BUCKET) return undefined;
  return {
    ...(data.S3_ENDPOINT ? { endpoint: data.S3_ENDPOINT } : {}),
    region: data.S3_REGION ?? 'us-east-1',
    bucket: data.S3_BUCKET,
    forcePathStyle: data.S3_FORCE_PATH_STYLE,
    ...(data.S3_ACCESS_KEY_ID && data.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: data.S3_ACCESS_KEY_ID, secretAccessKey: data.S3_SECRET_ACCESS_KEY } }
      : {}),
  };
}

/**
 * The origin of a local run without PUBLIC_URL: `http://localhost:<PORT>` when the server listens on
 * every interface (HOST 0.0.0.0 or ::), else the one address it listens on (`HOST=127.0.0.1` serves
 * nothing at localhost when localhost resolves to ::1 first). The start log prints it, and every
 * link built for a browser starts with it, so a reader who follows the log stays on one origin.
 */
export function defaultSiteUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** The start log's line naming where the site is: its one origin, `siteUrl`. */
export const runningAt = (config: Pick<Config, 'siteUrl'>): string => `Shotlib is running at ${config.siteUrl}`;

/** Parse the environment once; a bad value stops the start with a list of what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  const problems = [...deploymentProblems(parsed.data), ...s3Problems(parsed.data)];
  if (problems.length > 0) throw new ConfigError(problems);
  const siteUrl = (parsed.data.PUBLIC_URL ?? defaultSiteUrl(parsed.data.HOST, parsed.data.PORT)).replace(/\/+$/, '');
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR), siteUrl, s3: s3Options(parsed.data) };
}
