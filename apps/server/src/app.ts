import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, ReplyCode } from '@shotlib/contract';
import { ADMIN_PATH } from '@shotlib/contract/admin';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installAllowedMethods } from './lib/allowed-methods';
import { installAuth } from './lib/auth';
import { createCachedReadLane } from './lib/cached-read-lane';
import { installErrorHandler, sendFailure } from './lib/error-handler';
import { describeReplies } from './lib/openapi';
import { installRequestGuard } from './lib/request-guard';
import { adminRoutes } from './modules/admin/admin.routes';
import { articleRoutes } from './modules/article/article.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { boardRoutes } from './modules/board/board.routes';
import { sandboxRoutes } from './modules/billing/providers/sandbox.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { collectRoutes } from './modules/collect/collect.routes';
import { flowRoutes } from './modules/flow/flow.routes';
import { screenRoutes } from './modules/screen/screen.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { memberRoutes } from './modules/member/member.routes';
import { portfolioAdminRoutes } from './modules/portfolio/portfolio-admin.routes';
import { testimonialAdminRoutes, testimonialRoutes } from './modules/testimonial/testimonial.routes';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes';
import { configRoutes, healthRoutes } from './modules/system/system.routes';
import type { Services } from './services';
import { isSpaNavigation, registerSpa, resolveWebDist } from './spa';

export const DOCS_PREFIX = '/ui/docs';

/** The security headers of API replies (JSON: no scripts, styles or frames to allow). */
const API_SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

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
 * Build the whole server over the services of the composition root (services.ts): API under
 * /ui/c-api/v1, OpenAPI docs at /ui/docs, /media, /healthz and the built SPA at /. Every module
 * is a routes plugin over the services. Nothing listens until the caller says so; tests use
 * `app.inject`. Closing the app closes the services.
 */
export function buildApp(services: Services): FastifyInstance {
  const { config } = services;
  // Cached catalogue reads are answered before Fastify routes them (the lane's doc says why it is safe).
  const lane = createCachedReadLane({
    catalogCache: services.catalogCache,
    signer: services.signer,
    identify: services.sessions.identify,
    remembered: services.sessions.remembered,
    log: services.log,
    headers: API_SECURITY_HEADERS,
    prefix: API_PREFIX,
  });
  if (config.TRUST_PROXY === true) {
    services.log.warn(
      'TRUST_PROXY=true (allowed by TRUST_PROXY_ALLOW_ALL): every X-Forwarded-For hop is believed, so per-IP limits count whatever ' +
        "address a client writes unless the edge in front replaces the header. A hop count or the proxies' addresses is safer (decision 059).",
    );
  }
  const app = Fastify({
    loggerInstance: services.log,
    serverFactory: lane.serverFactory,
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
  // Before any route: the methods of each path, for the 405 of a method the path does not answer.
  const allowedMethods = installAllowedMethods(app);
  lane.install(app);
  app.decorateRequest('member', null);
  installAuth(app, services.sessions.identify);
  // A request may have ended a session or changed a member (sign-out, payment, profile, admin):
  // forget the remembered lookups before its reply leaves. Only the catalogue's reads (marked
  // `config.catalogueRead`) and the routes marked `config.keepsSessions` (collections) change neither.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const { config } = request.routeOptions;
    if (!config.catalogueRead && !config.keepsSessions) services.sessions.forget();
    done(null, payload);
  });
  installErrorHandler(app);
  installRequestGuard(app);
  app.addHook('onReady', async () => services.start());
  app.addHook('onClose', () => services.close());

  // Security headers on every reply. Helmet's middleware is built once here: @fastify/helmet built
  // it anew (parsing the policy) for every request, a tenth of a cached catalogue read.
  const securityHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(API_PREFIX)) return securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    // API replies are JSON, never documents: the short set for REST APIs (OWASP REST Security).
    for (const [name, value] of API_SECURITY_HEADERS) reply.raw.setHeader(name, value);
    done();
  });

  app.register(swagger, {
    openapi: {
      info: { title: 'Shotlib API', version: '0.1.0', description: 'Every reply is an envelope {code, message, data}; code 0 is success.' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    // Every reply the API gives, described: refusals in the 200s, each error status (decision 049).
    ...describeReplies({ transform: jsonSchemaTransform, transformObject: jsonSchemaTransformObject }),
  });
  app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });

  app.register(
    async (api) => {
      await api.register(configRoutes, services);
      await api.register(authRoutes, services);
      await api.register(memberRoutes, services);
      await api.register(catalogRoutes, services);
      await api.register(collectRoutes, services);
      await api.register(flowRoutes, services);
      await api.register(boardRoutes, services);
      await api.register(screenRoutes, services);
      await api.register(billingRoutes, services);
      const { sandbox } = services.providers;
      if (sandbox) await api.register(sandboxRoutes, { sandbox });
      await api.register(articleRoutes, services);
      await api.register(portfolioRoutes, services);
      await api.register(adminRoutes, { ...services, prefix: ADMIN_PATH });
      await api.register(portfolioAdminRoutes, { ...services, prefix: ADMIN_PATH });
      await api.register(testimonialRoutes, services);
      await api.register(testimonialAdminRoutes, { ...services, prefix: ADMIN_PATH });
    },
    { prefix: API_PREFIX },
  );
  app.register(healthRoutes, services);
  app.register(mediaRoutes, services);

  const spaFallback = registerSpa(app, resolveWebDist(config));
  app.setNotFoundHandler((request, reply) => {
    if (isSpaNavigation(request)) return spaFallback(request, reply);
    // A known path asked with a method it does not answer (TRACE, PATCH on a read): 405 and what it answers.
    const allowed = allowedMethods.at(request.method, request.url);
    if (allowed.length > 0) return sendFailure(reply.header('allow', allowed.join(', ')), 405, ReplyCode.methodNotAllowed, 'Method Not Allowed');
    return sendFailure(reply, 404, ReplyCode.notFound, 'Not Found');
  });

  return app;
}
