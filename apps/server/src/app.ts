import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@shotlib/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { installAuth } from './lib/auth';
import { createBackground } from './lib/background';
import { installErrorHandler, sendFailure } from './lib/error-handler';
import { createMediaSigner } from './lib/media-signature';
import { installRequestGuard } from './lib/request-guard';
import type { MediaStore } from './lib/storage';
import { articleRoutes } from './modules/article/article.routes';
import { accountsPlugin, type AccountsOptions } from './modules/auth/accounts';
import { billingPlugin, type BillingOptions } from './modules/billing/billing';
import { createActivityRecorder } from './modules/catalog/activity-recorder';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { collectRoutes } from './modules/collect/collect.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { configRoutes, healthRoutes } from './modules/system/system.routes';
import { isSpaNavigation, registerSpa, resolveWebDist } from './spa';

export type AppDeps = {
  config: Config;
  database: Database;
  media: MediaStore;
  /** Fastify's logger option; defaults to pino at LOG_LEVEL. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Accounts: tests change the clock and the abuse limits. */
  accounts?: AccountsOptions;
  /** Billing: tests change the clock, the providers' fetch, limits, the mailer and the job timer. */
  billing?: BillingOptions;
};

export const DOCS_PREFIX = '/ui/docs';

/** Fastify's trustProxy from TRUST_PROXY: all proxies, the first n hops, or the listed addresses. */
function trustProxy(value: true | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** Origins images may come from: this server, inline data, blobs, and the media host when it is elsewhere. */
function imageSources(mediaBase: string): string[] {
  const sources = ["'self'", 'data:', 'blob:'];
  if (URL.canParse(mediaBase) && /^https?:$/.test(new URL(mediaBase).protocol)) sources.push(new URL(mediaBase).origin);
  return sources;
}

/**
 * Build the whole server: API under /ui/c-api/v1, OpenAPI docs at /ui/docs, /media, /healthz
 * and the built SPA at /. Nothing listens until the caller says so; tests use `app.inject`.
 */
export function buildApp(deps: AppDeps): FastifyInstance {
  const { config, database, media } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    // Behind a proxy, request.ip is the client's (per-IP rate limits) only when the proxy is trusted.
    ...(config.TRUST_PROXY !== undefined ? { trustProxy: trustProxy(config.TRUST_PROXY) } : {}),
    // Errors Fastify meets before any route (a malformed URL, an unsupported content type): envelopes too.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      return sendFailure(reply, status, status, status === 400 ? 'Bad Request: the URL or a header is malformed.' : 'Bad Request');
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('member', null);
  installAuth(app, database.db);
  installErrorHandler(app);
  installRequestGuard(app);

  // Screenshot URLs in replies are signed for the caller; /media serves screenshots only so.
  if (!config.APP_SECRET) throw new Error('APP_SECRET is required (main.ts generates one into DATA_DIR when unset)');
  const signer = createMediaSigner(config.APP_SECRET);

  const background = createBackground(app.log);
  app.addHook('onClose', () => background.drain());
  // Views and collects for the Hot ranking, written in batches (flushed on close).
  const activity = createActivityRecorder({ db: database.db, log: app.log });
  app.addHook('onClose', () => activity.close());

  app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes are common in component libraries; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: imageSources(config.MEDIA_BASE_URL),
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The product may run on plain http (a LAN, a loopback test): never rewrite its URLs.
        upgradeInsecureRequests: null,
      },
    },
    // Google sign-in opens a popup that must be able to post back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
  });

  app.register(swagger, {
    openapi: {
      info: { title: 'Shotlib API', version: '0.1.0', description: 'Every reply is an envelope {code, message, data}; code 0 is success.' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });

  app.register(
    async (api) => {
      await api.register(configRoutes, { config });
      await api.register(accountsPlugin, { config, db: database.db, media, background, options: deps.accounts });
      await api.register(catalogRoutes, { db: database.db, background, activity, signer });
      await api.register(collectRoutes, { db: database.db, activity, signer });
      await api.register(billingPlugin, { config, db: database.db, options: deps.billing });
      await api.register(articleRoutes, { db: database.db });
    },
    { prefix: API_PREFIX },
  );
  app.register(healthRoutes, { db: database.db });
  app.register(mediaRoutes, { media, signer });

  const spaFallback = registerSpa(app, resolveWebDist(config));
  app.setNotFoundHandler((request, reply) => {
    if (isSpaNavigation(request)) return spaFallback(reply);
    return sendFailure(reply, 404, 404, 'Not Found');
  });

  return app;
}
