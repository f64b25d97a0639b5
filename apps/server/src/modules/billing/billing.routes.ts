import {
  CancelRenewalBodySchema,
  ErrorEnvelopeSchema,
  GradeParamSchema,
  NotifyReplySchema,
  OrderListSchema,
  OrderSchema,
  PayConfirmSchema,
  PayIdParamSchema,
  PaymentWayListSchema,
  PayQuerySchema,
  PayReplySchema,
  PlanListSchema,
  PlanSchema,
  ReplyCode,
  SubscriptionInfoSchema,
  TnoParamSchema,
} from '@shotlib/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { currentMember, requireMember } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import { AppError, UnauthorizedError } from '../../lib/errors';
import * as service from './billing.service';
import { ProviderError, WebhookVerificationError } from './providers/types';

/** What billing takes from the composition root (services.ts). */
export type BillingServices = Pick<service.BillingDeps, 'db' | 'now' | 'providers' | 'limiter' | 'log'> & {
  config: Config;
  limits: { billing: service.BillingLimits };
};

/** Largest notification body accepted (providers send a few kilobytes). */
const NOTIFY_BODY_LIMIT = 256 * 1024;

/** Plans, orders and payments, the member's subscription and provider notifications. */
export const billingRoutes: FastifyPluginAsyncZod<BillingServices> = async (app, services) => {
  const deps: service.BillingDeps = {
    db: services.db,
    now: services.now,
    providers: services.providers,
    limiter: services.limiter,
    log: services.log,
    limits: services.limits.billing,
  };
  // Return URLs come from the site's origin (config.siteUrl, decision 050), never from the Host header.
  const { siteUrl } = services.config;
  const member = { preHandler: requireMember };
  const secured = { security: [{ token: [] }] };

  app.get(
    '/grade',
    { schema: { tags: ['billing'], summary: 'Every plan, by grade', response: replies(PlanListSchema) } },
    async () => ok(await service.listPlans(deps)),
  );

  app.get(
    '/grade/:grade',
    { schema: { tags: ['billing'], summary: 'One plan', params: GradeParamSchema, response: replies(PlanSchema) } },
    async (request) => ok(await service.getPlan(deps, request.params.grade)),
  );

  app.get(
    '/pay/ways',
    {
      schema: {
        tags: ['billing'],
        summary: 'The ways of paying this server offers (wechat, paypal, card), and whether the sandbox stands in',
        response: replies(PaymentWayListSchema),
      },
    },
    async () => ok(service.paymentWays(deps)),
  );

  app.get(
    '/pay',
    {
      ...member,
      schema: {
        tags: ['billing'],
        summary: 'Start paying for a plan: an order priced by the server, and where to pay it (QR or redirect)',
        description: 'The amount comes from the plan: CNY for wechat, USD for paypal and card. Rate limited per member.',
        ...secured,
        querystring: PayQuerySchema,
        response: replies(PayReplySchema),
      },
    },
    async (request) => ok(await service.createPayment(deps, currentMember(request), request.query, siteUrl)),
  );

  app.get(
    '/pay/:id',
    {
      ...member,
      schema: {
        tags: ['billing'],
        summary: 'Confirm a PayPal-style return (/confirm?token=id): asks the provider, captures; status 1 = paid',
        ...secured,
        params: PayIdParamSchema,
        response: replies(PayConfirmSchema),
      },
    },
    async (request) => ok(await service.confirmPayment(deps, currentMember(request), request.params.id)),
  );

  app.get(
    '/order',
    {
      ...member,
      schema: { tags: ['billing'], summary: "The member's orders, newest first", ...secured, response: replies(OrderListSchema) },
    },
    async (request) => ok(await service.listOrders(deps, currentMember(request))),
  );

  app.get(
    '/order/:tno',
    {
      ...member,
      schema: {
        tags: ['billing'],
        summary: "One of the member's orders (status 0 unpaid, 1 paid, 2 closed, 3 refunded); asks the provider while unpaid",
        ...secured,
        params: TnoParamSchema,
        response: replies(OrderSchema),
      },
    },
    async (request) => ok(await service.getOrder(deps, currentMember(request), request.params.tno)),
  );

  app.get(
    '/subscription',
    {
      ...member,
      schema: {
        tags: ['billing'],
        summary: "The member's membership expiry and current subscription (way, renewal, period end)",
        ...secured,
        response: replies(SubscriptionInfoSchema),
      },
    },
    async (request) => ok(await service.subscriptionInfo(deps, currentMember(request))),
  );

  app.post(
    '/subscription/cancel',
    {
      ...member,
      schema: {
        tags: ['billing'],
        summary: 'Stop automatic renewal at the provider; access lasts until the period ends',
        ...secured,
        body: CancelRenewalBodySchema,
        response: replies(SubscriptionInfoSchema),
      },
    },
    async (request) => ok(await service.cancelRenewal(deps, currentMember(request))),
  );

  // Provider notifications: signatures cover the exact bytes, so this route alone keeps the raw body.
  await app.register(async (scope) => {
    const hooks = scope.withTypeProvider<ZodTypeProvider>();
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => done(null, body));
    hooks.post(
      '/pay/notify/:provider',
      {
        schema: {
          tags: ['billing'],
          summary: 'Payment notifications of wechat, paypal, card (Stripe) and sandbox, verified by signature',
          params: z.object({ provider: z.string().min(1).max(20) }),
          // 401: the notification did not verify; 503: reading it needs the provider, which did not answer.
          response: { ...replies(NotifyReplySchema), 401: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          return ok({ outcomes: await service.handleNotification(deps, request.params.provider, request.headers, body) });
        } catch (err) {
          // The provider's failures become the replies it understands; the central handler sends them.
          if (err instanceof WebhookVerificationError) {
            request.log.warn({ provider: request.params.provider, reason: err.message }, 'payment notification refused');
            throw new UnauthorizedError('Notification did not verify.');
          }
          if (err instanceof ProviderError) {
            // Reading it needed a call back to the provider that failed: a non-2xx makes the provider deliver it again.
            request.log.warn({ provider: request.params.provider, reason: err.message }, 'payment notification deferred');
            throw new AppError(503, ReplyCode.internal, 'The payment provider could not be reached. Deliver again later.');
          }
          throw err;
        }
      },
    );
  });
};
