import { ReplyCode } from '@shotlib/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { failure } from './envelope';
import { AppError } from './errors';

type ValidationIssue = { instancePath?: string; message?: string };

/** Send an error envelope, pre-serialised so no route's success schema applies to it. */
export function sendFailure(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(failure(code, message)));
}

/**
 * A readable message for schema failures, naming the field:
 * `pageSize: Too big: expected number to be <=50`. The part (body, querystring, params) names
 * the field when the whole part is wrong.
 */
export function validationMessage(issues: readonly ValidationIssue[], context: string | undefined): string {
  const parts = issues.slice(0, 3).map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return `${field || context || 'request'}: ${issue.message ?? 'Invalid value'}`;
  });
  return parts.join('; ');
}

/**
 * One place that turns every failure into an envelope:
 * - typed domain errors (AppError) → their status, code and message;
 * - request validation → 400 with the field named;
 * - Fastify's own client errors (malformed JSON, body too large, bad content type) → their 4xx;
 * - anything else → 500 'Internal Server Error', logged with the request id, message never echoed.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendFailure(reply, error.status, error.replyCode, error.message);
    }
    if (Array.isArray(error.validation) && error.validation.length > 0) {
      return sendFailure(reply, 400, ReplyCode.badRequest, validationMessage(error.validation, error.validationContext));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors carry generic, safe messages (e.g. invalid JSON body).
      return sendFailure(reply, status, status, error.message);
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return sendFailure(reply, 500, ReplyCode.internal, 'Internal Server Error');
  });
}
