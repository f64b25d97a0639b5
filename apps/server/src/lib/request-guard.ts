import { hasUnsafeText } from '@shotlib/contract';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors';

/** Deeper JSON than this is refused: no call of the contract nests more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

export const RequestGuardMessage = {
  unsafeText: 'Text may not contain NUL characters or unpaired surrogates.',
  tooDeep: `The request nests deeper than ${MAX_INPUT_DEPTH} levels.`,
} as const;

/**
 * Why a parsed value is refused, or null when it is fine: a string (or an object key) holding a NUL
 * character or a lone UTF-16 surrogate, or nesting deeper than MAX_INPUT_DEPTH. Iterative, so a
 * hostile 100,000-level body cannot exhaust the stack.
 */
export function inputProblem(value: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasUnsafeText(current)) return RequestGuardMessage.unsafeText;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return RequestGuardMessage.tooDeep;
    for (const [key, child] of Object.entries(current)) {
      if (hasUnsafeText(key)) return RequestGuardMessage.unsafeText;
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * The first gate of every route, before its schema: path parameters, query and parsed body are
 * refused (400) when they carry text no column, log line or e-mail can hold, or absurd nesting.
 * The schemas then check shapes and bounds.
 */
export function installRequestGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body);
    done(problem ? new BadRequestError(problem) : undefined);
  });
}
