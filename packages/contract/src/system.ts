import { z } from 'zod';

/** `GET /healthz` (outside the API prefix, no envelope): 200 ok when the database answers, 503 otherwise. */
export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type Health = z.infer<typeof HealthSchema>;
