import { z } from 'zod';

/** Reply codes of the envelope. 0 is success; anything else carries a human message. */
export const ReplyCode = {
  ok: 0,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  tooManyRequests: 429,
  internal: 500,
  /** A rule of the product refused the call (paywall, limits): shown to the user as a toast. */
  rule: 1001,
  /** The paywall: the caller needs a subscription for this. */
  vipRequired: 1002,
} as const;
export type ReplyCode = (typeof ReplyCode)[keyof typeof ReplyCode];

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** A refusal by a rule of the product: HTTP 200, code 1001 (1002: the paywall), no data (decision 010). */
export const RefusalEnvelopeSchema = z.object({
  code: z.literal([ReplyCode.rule, ReplyCode.vipRequired]),
  message: z.string(),
  data: z.null(),
});

export type Envelope<T> = { code: number; message: string; data: T };

export const listSchema = <T extends z.ZodType>(item: T) =>
  z.object({ arr: z.array(item), total: z.number().int().nonnegative() });

export const EmptySchema = z.null();
