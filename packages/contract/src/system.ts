import { z } from 'zod';

/** `GET /healthz` (outside the API prefix, no envelope): 200 ok when the database answers, 503 otherwise. */
export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type Health = z.infer<typeof HealthSchema>;

/**
 * `GET /readyz` (outside the API prefix, no envelope): 200 ready when the database answers and the
 * start-up work (the first start's demo import and its processing) is done; 503 `starting` with
 * what it waits for, or `unavailable` when the database does not answer.
 */
export const ReadySchema = z.object({
  status: z.enum(['ready', 'starting', 'unavailable']),
  waitingFor: z.array(z.string()).optional(),
});
export type Ready = z.infer<typeof ReadySchema>;
