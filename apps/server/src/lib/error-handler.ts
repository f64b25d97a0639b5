import { ECHO_MAX, ReplyCode } from '@shotlib/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { failure } from './envelope';
import { AppError, TooManyRequestsError } from './errors';
import { serializeError } from './log-serializers';

type ValidationIssue = { instancePath?: string; message?: string };

/** Send an error envelope, pre-serialised so no route's success schema applies to it. */
export function sendFailure(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(failure(code, message)));
}

/** The longest message an error reply carries: a few field names and short quotes of the input. */
const MESSAGE_MAX = 300;

/** Cut a message to `max` characters (whole code points), marking the cut with '…'. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * A readable message for schema failures, naming the field:
 * `pageSize: Too big: expected number to be <=50`. The part (body, querystring, params) names
 * the field when the whole part is wrong.
 */
export function validationMessage(issues: readonly ValidationIssue[], context: string | undefined): string {
  const parts = issues.slice(0, 3).map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    // Messages may quote the input (zod's and the spec's e-mail message do): never more than a short quote.
    return `${clip(field || context || 'request', ECHO_MAX)}: ${clip(issue.message ?? 'Invalid value', 2 * ECHO_MAX)}`;
  });
  return clip(parts.join('; '), MESSAGE_MAX);
}

/**
 * One place that turns every failure into an envelope:
 * - typed domain errors (AppError) → their status, code and message;
 * - request validation → 400 with the field named;
 * - Fastify's own client errors (malformed JSON, body too large, bad content type) → their 4xx;
 * - anything else → 500 'Internal Server Error', logged with the request id, message never echoed;
 *   the log has the error's type, code, message and stack, never SQL or its parameter values.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterS));
      return sendFailure(reply, error.status, error.replyCode, error.message);
    }
    if (Array.isArray(error.validation) && error.validation.length > 0) {
      return sendFailure(reply, 400, ReplyCode.badRequest, validationMessage(error.validation, error.validationContext));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (invalid JSON, a bad multipart body, too large) carry generic
      // messages; clipped all the same, as some quote a little of the input.
      return sendFailure(reply, status, status, clip(error.message, MESSAGE_MAX));
    }
    request.log.error({ err: serializeError(error), reqId: request.id }, 'request failed');
    return sendFailure(reply, 500, ReplyCode.internal, 'Internal Server Error');
  });
}
