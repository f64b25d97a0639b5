import { createHmac } from 'node:crypto';
import {
  AccountMessage,
  EmptySchema,
  LoginReplySchema,
  LoginRequestSchema,
  OauthCallQuerySchema,
  OauthStartSchema,
  SignReplySchema,
  SignRequestSchema,
} from '@shotlib/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok, replies } from '../../lib/envelope';
import { BadRequestError } from '../../lib/errors';
import { mergeQueryIntoBody } from '../../lib/request';
import { tokenFromHeader } from '../../lib/tokens';
import * as service from './auth.service';
import { createOidcClient } from './oidc';

/** What sign-in takes from the composition root (services.ts). */
export type AuthServices = Pick<service.AuthDeps, 'db' | 'mailer' | 'limiter' | 'background' | 'log' | 'now'> & {
  config: Config;
  limits: { auth: service.AuthLimits };
};

/** preValidation of POST /login: a password or code in the URL would end up in logs and history. */
async function refuseCredentialsInQuery(request: FastifyRequest): Promise<void> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if ('password' in query || 'code' in query || 'state' in query) {
    throw new BadRequestError(AccountMessage.credentialsInQuery);
  }
}

/** Sign-in: the e-mail step, the three ways to get a token, logout, and Google (OIDC). */
export const authRoutes: FastifyPluginAsyncZod<AuthServices> = async (app, services) => {
  const { config } = services;
  if (!config.APP_SECRET) throw new Error('APP_SECRET is required (main.ts generates one into DATA_DIR when unset)');
  const deps: service.AuthDeps = {
    db: services.db,
    mailer: services.mailer,
    limiter: services.limiter,
    background: services.background,
    log: services.log,
    now: services.now,
    limits: services.limits.auth,
    // A key of its own for login codes, derived from the server secret.
    codeSecret: createHmac('sha256', config.APP_SECRET).update('login-code').digest('hex'),
    oidc:
      config.GOOGLE_ISSUER && config.GOOGLE_CLIENT_ID
        ? createOidcClient({ issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET })
        : null,
    siteUrl: config.siteUrl,
  };
  // Google's redirect URI comes from the site's origin (`config.siteUrl`: PUBLIC_URL, else the address the start log prints), never from the Host header.
  const redirectUri = new URL('/callback', config.siteUrl).href;

  app.post(
    '/sign',
    {
      preValidation: mergeQueryIntoBody,
      schema: {
        tags: ['auth'],
        summary: 'Login step 1: next=false → ask for the password; next=true → a code was e-mailed',
        description: 'The address may also be sent as a query parameter. Rate limited per IP and per address.',
        body: SignRequestSchema,
        response: replies(SignReplySchema),
      },
    },
    async (request) => ok(await service.sign(deps, request.body, request.ip)),
  );

  app.post(
    '/login',
    {
      preValidation: refuseCredentialsInQuery,
      schema: {
        tags: ['auth'],
        summary: 'Get a session token with {emailAddr, code}, {emailAddr, password} or a confirmed Google {state}',
        description: 'Credentials travel in the JSON body only. The token lasts 43,000,000 ms; send it as the Authorization header.',
        body: LoginRequestSchema,
        response: replies(LoginReplySchema),
      },
    },
    async (request) => {
      const body = request.body;
      if ('state' in body) return ok(await service.loginWithState(deps, body, request.ip));
      if ('code' in body) return ok(await service.loginWithCode(deps, body, request.ip));
      return ok(await service.loginWithPassword(deps, body, request.ip));
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session of the Authorization token (always answers ok)',
        security: [{ token: [] }],
        response: replies(EmptySchema),
      },
    },
    async (request) => ok(await service.logout(deps, tokenFromHeader(request.headers.authorization))),
  );

  app.get(
    '/oauth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start a Google sign-in: the URL for the popup and its state',
        response: replies(OauthStartSchema),
      },
    },
    async (request) => ok(await service.startOauth(deps, redirectUri, request.ip)),
  );

  app.get(
    '/oauth-call',
    {
      schema: {
        tags: ['auth'],
        summary: "Confirm a Google sign-in with the provider's code; then POST /login {state}",
        querystring: OauthCallQuerySchema,
        response: replies(EmptySchema),
      },
    },
    async (request) => ok(await service.confirmOauth(deps, request.query, redirectUri, request.ip)),
  );
};
