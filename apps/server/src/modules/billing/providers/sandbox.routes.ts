import { API_PREFIX } from '@shotlib/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderSandboxNotFound, renderSandboxPage } from './sandbox-page';
import { sandboxPagePath, type SandboxProvider } from './sandbox';

/**
 * The sandbox provider's own routes: its hosted checkout page (`GET` and `POST
 * /sandbox/pay/{ref}`), standing where a real provider's page would be. Pay, Fail and Renew
 * deliver a signed notification through `POST /pay/notify/sandbox`, the same route and pipeline
 * as the real providers' notifications.
 */
export const sandboxRoutes: FastifyPluginAsync<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
  // The sandbox's checkout page: what a real provider's hosted page would be (HTML, forms, no script).
  const page = app.withTypeProvider<ZodTypeProvider>();
  page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const params = z.object({ ref: z.string().min(1).max(64) });
  // A page under the API prefix, which sends JSON's policy (nothing allowed): this page's own.
  const pagePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'";
  page.get('/sandbox/pay/:ref', { schema: { hide: true, params } }, async (request, reply) => {
    const row = await sandbox.find(request.params.ref);
    reply.header('cache-control', 'no-store').header('content-security-policy', pagePolicy).type('text/html; charset=utf-8');
    if (!row) return reply.status(404).send(renderSandboxNotFound());
    return reply.send(renderSandboxPage({ row, actionPath: sandboxPagePath(row.ref) }));
  });

  page.post(
    '/sandbox/pay/:ref',
    { schema: { hide: true, params, body: z.object({ action: z.enum(['pay', 'fail', 'renew']) }) } },
    async (request, reply) => {
      const { ref } = request.params;
      const { action } = request.body;
      const result = action === 'pay' ? await sandbox.pay(ref) : action === 'fail' ? await sandbox.fail(ref) : await sandbox.renew(ref);
      reply.header('cache-control', 'no-store').header('content-security-policy', pagePolicy).type('text/html; charset=utf-8');
      if (!result) {
        const row = await sandbox.find(ref);
        if (!row) return reply.status(404).send(renderSandboxNotFound());
        return reply.send(renderSandboxPage({ row, actionPath: sandboxPagePath(ref), message: ['Nothing to charge.', '没有可续费的订阅。'] }));
      }
      // Deliver the signed notification through the same route and pipeline as real providers'.
      if (result.delivery) {
        const delivered = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/pay/notify/sandbox`,
          headers: result.delivery.headers,
          payload: result.delivery.body,
        });
        if (delivered.statusCode !== 200) {
          request.log.warn({ ref, status: delivered.statusCode }, 'sandbox notification was not accepted; reconciliation will find it');
        }
      }
      const { row } = result;
      if (action !== 'renew' && row.way !== 'wechat') {
        return reply.redirect(row.status === 'paid' ? row.returnUrl : row.cancelUrl, 303);
      }
      const message: [string, string] | undefined = action === 'renew' ? ['The next period was charged.', '已模拟续费一期。'] : undefined;
      return reply.send(renderSandboxPage({ row, actionPath: sandboxPagePath(ref), message }));
    },
  );
};
