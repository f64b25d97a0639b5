import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Background } from '../../lib/background';
import { createMailer } from '../../lib/mail';
import { createRateLimiter, memoryCounterStore, redisCounterStore } from '../../lib/rate-limit';
import type { MediaStore } from '../../lib/storage';
import { memberRoutes } from '../member/member.routes';
import { DEFAULT_MEMBER_LIMITS, type MemberLimits } from '../member/member.service';
import { stripAvatars } from '../member/strip-avatars';
import { authRoutes } from './auth.routes';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './auth.service';
import { createOidcClient } from './oidc';

/** What tests may change: the clock and the abuse limits. */
export type AccountsOptions = {
  now?: () => Date;
  authLimits?: Partial<AuthLimits>;
  memberLimits?: Partial<MemberLimits>;
};

type AccountsPluginOptions = {
  config: Config;
  db: Db;
  media: MediaStore;
  background: Background;
  options?: AccountsOptions;
};

/**
 * Accounts: sign-in (e-mail code, password, Google) and the member's profile. One rate limiter
 * (Redis when REDIS_URL is set) and one mailer (SMTP_URL, else DATA_DIR/outbox) serve both.
 */
export const accountsPlugin: FastifyPluginAsync<AccountsPluginOptions> = async (app, { config, db, media, background, options = {} }) => {
  if (!config.APP_SECRET) throw new Error('APP_SECRET is required (main.ts generates one into DATA_DIR when unset)');
  const now = options.now ?? (() => new Date());
  const store = config.REDIS_URL ? redisCounterStore(config.REDIS_URL, app.log) : memoryCounterStore();
  const limiter = createRateLimiter(store, now);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    mailer.close();
    await limiter.close();
  });

  const oidc =
    config.GOOGLE_ISSUER && config.GOOGLE_CLIENT_ID
      ? createOidcClient({ issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET })
      : null;

  await app.register(authRoutes, {
    db,
    // A key of its own for login codes, derived from the server secret.
    codeSecret: createHmac('sha256', config.APP_SECRET).update('login-code').digest('hex'),
    mailer,
    limiter,
    limits: {
      ...DEFAULT_AUTH_LIMITS,
      ...(config.AUTH_IP_LIMITS ? {} : { signPerIp: [], loginPerIp: [] }),
      ...options.authLimits,
    },
    oidc,
    background,
    log: app.log,
    now,
    siteUrl: config.PUBLIC_URL,
    origin: config.siteUrl,
  });
  await app.register(memberRoutes, {
    db,
    media,
    limiter,
    limits: { ...DEFAULT_MEMBER_LIMITS, ...options.memberLimits },
    now,
    stripAvatars: stripAvatars(media),
  });
};
