import { envelopeSchema, ErrorEnvelopeSchema, type Envelope, type ErrorEnvelope } from '@shotlib/contract';
import type { z } from 'zod';

/** The success envelope: code 0, message 'ok'. */
export function ok<T>(data: T): Envelope<T> {
  return { code: 0, message: 'ok', data };
}

/** An error envelope: a non-zero code, a message the page may show, no data. */
export function failure(code: number, message: string): ErrorEnvelope {
  return { code, message, data: null };
}

/**
 * Response schemas of a route: the success envelope around `data`, and the error envelope for
 * 4xx/5xx. (Rule refusals are HTTP 200 with a non-zero code; the error handler sends those
 * pre-serialised, so they never meet the success schema. The OpenAPI description lists them and
 * each error status one by one: lib/openapi.ts.)
 */
export function replies<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': ErrorEnvelopeSchema,
    '5xx': ErrorEnvelopeSchema,
  };
}
