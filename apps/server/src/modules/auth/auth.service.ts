import { randomInt } from 'node:crypto';
import {
  AccountMessage,
  LOCALES,
  LOGIN_CODE_RESEND_S,
  NICKNAME_MAX,
  NICKNAME_MIN,
  type Locale,
  type LoginReply,
  type OauthStart,
  type SignReply,
  type SignRequest,
} from '@shotlib/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Background } from '../../lib/background';
import { RuleError } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { subjectKey, type Limit, type RateLimiter } from '../../lib/rate-limit';
import * as members from '../member/member.service';
import { createSession, endSession } from '../session/session.service';
import * as repo from './auth.repo';
import { codeMail } from './code-mail';
import { LOGIN_CODE_TTL_MS, loginCodeHash, newLoginCode, sameHash } from './login-code';
import type { OidcClient } from './oidc';

/** Abuse limits of sign-in (decision record 004). Tests pass smaller ones. */
export type AuthLimits = {
  signPerIp: Limit[];
  signPerAddress: Limit[];
  loginPerIp: Limit[];
  loginPerAddress: Limit[];
  codeMailPerAddress: Limit[];
  /** No new code mail while the last one is unused and younger than this. */
  codeMailCooldownMs: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signPerIp: [
    { max: 30, windowMs: MINUTE },
    { max: 300, windowMs: HOUR },
  ],
  signPerAddress: [{ max: 10, windowMs: 10 * MINUTE }],
  loginPerIp: [
    { max: 60, windowMs: MINUTE },
    { max: 600, windowMs: HOUR },
  ],
  loginPerAddress: [{ max: 10, windowMs: 10 * MINUTE }],
  codeMailPerAddress: [{ max: 5, windowMs: HOUR }],
  codeMailCooldownMs: LOGIN_CODE_RESEND_S * 1000,
};

/** How long a started Google sign-in may take. */
export const OAUTH_STATE_TTL_MS = 10 * MINUTE;

export type AuthDeps = {
  db: Db;
  /** Key of the login-code HMAC. */
  codeSecret: string;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AuthLimits;
  /** Null when Google sign-in is not configured. */
  oidc: OidcClient | null;
  background: Background;
  log: FastifyBaseLogger;
  now: () => Date;
  /** PUBLIC_URL, named in e-mails when set. */
  siteUrl?: string;
};

/** The messages of sign-in (shared with the web app, which translates them). */
export const MESSAGES = AccountMessage;

const isLocale = (value: unknown): value is Locale => LOCALES.some((locale) => locale === value);

/** A starting nickname (3–20 characters) from a name or an address's local part. */
export function defaultNickname(source: string): string {
  const base = (source.split('@')[0] ?? '')
    .replace(/[^\p{L}\p{N}_.-]+/gu, ' ')
    .trim()
    .slice(0, NICKNAME_MAX)
    .trim();
  if (base.length >= NICKNAME_MIN) return base;
  return `${base || 'designer'}${randomInt(100, 1000)}`.slice(0, NICKNAME_MAX);
}

/**
 * `POST /sign`: `next=false` when the account has a password (and no code was asked for with
 * `via: 'code'`); otherwise a code is e-mailed and `next=true`. The reply costs the same one
 * lookup either way: the code is made and mailed in the background, so timing does not tell a
 * new address from an existing one.
 */
export async function sign(deps: AuthDeps, input: SignRequest, ip: string): Promise<SignReply> {
  const email = input.emailAddr;
  await deps.limiter.enforce('sign-ip', ip, deps.limits.signPerIp);
  await deps.limiter.enforce('sign-addr', subjectKey(email.toLowerCase()), deps.limits.signPerAddress);
  const found = await members.credentialsByEmail(deps.db, email);
  if (found?.passwordHash && input.via !== 'code') return { next: false };
  const locale = input.locale ?? (isLocale(found?.locale) ? found.locale : 'enUS');
  deps.background.run('login code mail', () => sendLoginCode(deps, email, locale));
  return { next: true };
}

/** Make a new code and mail it, unless the last one is fresh and unused or the hourly quota is spent. */
export async function sendLoginCode(deps: AuthDeps, email: string, locale: Locale): Promise<void> {
  const now = deps.now();
  const newest = await repo.newestLoginCode(deps.db, email);
  if (
    newest &&
    !newest.usedAt &&
    newest.expiresAt > now &&
    now.getTime() - newest.createdAt.getTime() < deps.limits.codeMailCooldownMs
  ) {
    deps.log.info('login code not re-sent: the last one is less than a minute old and unused');
    return;
  }
  const quota = await deps.limiter.hit('code-mail', subjectKey(email.toLowerCase()), deps.limits.codeMailPerAddress);
  if (!quota.allowed) {
    deps.log.warn('login code not sent: hourly limit of code mails for this address reached');
    return;
  }
  const code = newLoginCode();
  await repo.insertLoginCode(deps.db, {
    email,
    codeHash: loginCodeHash(deps.codeSecret, email, code),
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
    createdAt: now,
  });
  await deps.mailer.send(codeMail({ to: email, code, locale, validMinutes: LOGIN_CODE_TTL_MS / MINUTE, siteUrl: deps.siteUrl }));
  await repo.purgeExpired(deps.db, now);
}

async function limitLogin(deps: AuthDeps, ip: string, email?: string): Promise<void> {
  await deps.limiter.enforce('login-ip', ip, deps.limits.loginPerIp);
  if (email) await deps.limiter.enforce('login-addr', subjectKey(email.toLowerCase()), deps.limits.loginPerAddress);
}

/**
 * Sign in with the newest e-mailed code: single use, valid ten minutes, void after five tries.
 * The account is created on its first successful code login.
 */
export async function loginWithCode(
  deps: AuthDeps,
  input: { emailAddr: string; code: string; locale?: Locale },
  ip: string,
): Promise<LoginReply> {
  const email = input.emailAddr;
  await limitLogin(deps, ip, email);
  const now = deps.now();
  const expected = loginCodeHash(deps.codeSecret, email, input.code);
  const row = await repo.newestLoginCode(deps.db, email);
  if (!row || !(await repo.reserveCodeAttempt(deps.db, row.id, now))) throw new RuleError(MESSAGES.codeFailed);
  if (!sameHash(row.codeHash, expected)) throw new RuleError(MESSAGES.codeFailed);
  if (!(await repo.consumeLoginCode(deps.db, row.id, now))) throw new RuleError(MESSAGES.codeFailed);
  const found = await members.findOrCreateMember(deps.db, { email, nickname: defaultNickname(email), locale: input.locale ?? 'enUS' });
  return { token: await createSession(deps.db, found.id, now, { codeVerified: true }) };
}

/** Sign in with a password. Unknown addresses cost the same hashing work and get the same answer. */
export async function loginWithPassword(deps: AuthDeps, input: { emailAddr: string; password: string }, ip: string): Promise<LoginReply> {
  await limitLogin(deps, ip, input.emailAddr);
  const found = await members.credentialsByEmail(deps.db, input.emailAddr);
  const matches = await verifyPassword(input.password, found?.passwordHash);
  if (!found?.passwordHash || !matches) throw new RuleError(MESSAGES.passwordFailed);
  if (needsRehash(found.passwordHash)) {
    const { id } = found;
    deps.background.run('password rehash', async () => members.setPasswordHash(deps.db, id, await hashPassword(input.password)));
  }
  return { token: await createSession(deps.db, found.id, deps.now()) };
}

/** Finish a Google sign-in: the state confirmed by `GET /oauth-call`, once. */
export async function loginWithState(deps: AuthDeps, input: { state: string }, ip: string): Promise<LoginReply> {
  await limitLogin(deps, ip);
  const now = deps.now();
  const memberId = await repo.consumeOauthState(deps.db, input.state, now);
  if (memberId === null) throw new RuleError(MESSAGES.googleState);
  return { token: await createSession(deps.db, memberId, now) };
}

/** `POST /logout`: revoke the caller's session, if the token is one. Always succeeds. */
export async function logout(deps: AuthDeps, token: string | null): Promise<null> {
  if (token) await endSession(deps.db, token, deps.now());
  return null;
}

/** `GET /oauth`: start a Google sign-in; the state, PKCE verifier and nonce stay on the server. */
export async function startOauth(deps: AuthDeps, redirectUri: string, ip: string): Promise<OauthStart> {
  if (!deps.oidc) throw new RuleError(MESSAGES.googleNotConfigured);
  await limitLogin(deps, ip);
  let started;
  try {
    started = await deps.oidc.start(redirectUri);
  } catch (err) {
    deps.log.error({ err }, 'OpenID Connect discovery failed');
    throw new RuleError(MESSAGES.googleUnavailable);
  }
  const now = deps.now();
  await repo.insertOauthState(deps.db, {
    state: started.state,
    codeVerifier: started.codeVerifier,
    nonce: started.nonce,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    createdAt: now,
  });
  return { url: started.url, state: started.state };
}

/**
 * `GET /oauth-call`: exchange the provider's code (PKCE, state and nonce checked), then find the
 * member — by Google subject, else by the verified e-mail address (linking it), else a new one —
 * and bind it to the state for `POST /login {state}`.
 */
export async function confirmOauth(deps: AuthDeps, input: { code: string; state: string }, redirectUri: string, ip: string): Promise<null> {
  if (!deps.oidc) throw new RuleError(MESSAGES.googleNotConfigured);
  await limitLogin(deps, ip);
  const pending = await repo.pendingOauthState(deps.db, input.state, deps.now());
  if (!pending) throw new RuleError(MESSAGES.googleState);

  let identity;
  try {
    identity = await deps.oidc.finish({
      redirectUri,
      code: input.code,
      state: pending.state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
  } catch (err) {
    deps.log.warn({ err }, 'OpenID Connect code exchange refused');
    throw new RuleError(MESSAGES.googleFailed);
  }
  if (!identity.email || !identity.emailVerified) throw new RuleError(MESSAGES.googleUnverified);

  let found = await members.credentialsByGoogleSub(deps.db, identity.sub);
  if (!found) {
    found = await members.findOrCreateMember(deps.db, {
      email: identity.email,
      nickname: defaultNickname(identity.name ?? identity.email),
      locale: 'enUS',
    });
    if (!(await members.linkGoogleSub(deps.db, found.id, identity.sub, deps.now()))) throw new RuleError(MESSAGES.googleLinkedElsewhere);
  }
  if (!(await repo.bindOauthState(deps.db, pending.state, found.id))) throw new RuleError(MESSAGES.googleState);
  return null;
}
