import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * preValidation hook for POST routes the web client calls with query parameters (docs/product-spec.md §7):
 * the query string and the JSON body are read as one object (body fields win), so the route's
 * body schema validates either form. A body that is not an object is left to fail validation.
 */
export function mergeQueryIntoBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const query = isPlainObject(request.query) ? request.query : {};
  if (request.body === undefined || request.body === null) request.body = { ...query };
  else if (isPlainObject(request.body)) request.body = { ...query, ...request.body };
  done();
}
