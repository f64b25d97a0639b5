import { ReplyCode } from '@shotlib/contract';

/**
 * A failure the caller may see: an HTTP status, an envelope code and a message safe to show.
 * Services throw these; the central error handler turns them into envelopes.
 */
export class AppError extends Error {
  constructor(
    /** HTTP status of the reply. Rule failures use 200 so the page shows the message as a toast. */
    readonly status: number,
    /** The envelope's `code` (never 0). */
    readonly replyCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Bad Request') {
    super(400, ReplyCode.badRequest, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please log in.') {
    super(401, ReplyCode.unauthorized, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, ReplyCode.forbidden, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not Found') {
    super(404, ReplyCode.notFound, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Conflict') {
    super(409, ReplyCode.conflict, message);
  }
}

/** Too many requests: a 429 whose `Retry-After` header says how many seconds to wait. */
export class TooManyRequestsError extends AppError {
  constructor(
    /** Seconds until the caller may try again (at least 1). */
    readonly retryAfterS = 60,
    message = 'Too many requests, please try again later.',
  ) {
    super(429, ReplyCode.tooManyRequests, message);
  }
}

/** A product rule refused the call: HTTP 200, code 1001, the page shows the message. */
export class RuleError extends AppError {
  constructor(message: string) {
    super(200, ReplyCode.rule, message);
  }
}

/** The paywall: HTTP 200, code 1002; the page offers the subscription. */
export class VipRequiredError extends AppError {
  constructor(message = 'Subscribe to unlock this.') {
    super(200, ReplyCode.vipRequired, message);
  }
}
