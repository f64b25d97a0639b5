import { z } from 'zod';
import { ID_MAX } from './constants';
import { FLOW_MAX_STEPS } from './ingest';

/**
 * The console's flow editor (issue 13, decision 045): the flows of one app, site or business
 * product, each a flow type, names in three languages and its steps (screens of the same item, in
 * order, each with an optional caption in three languages). Same rules as the rest of `/admin/*`:
 * 401/403 before validation, every write audited (target `flow`) and a catalogue write (the read
 * cache moves on).
 */

/** Paths below ADMIN_PATH. */
export const ADMIN_FLOW_PATHS = {
  /** GET: every flow of the item, steps and captions in full; POST: a new flow. */
  itemFlows: (itemId: number) => `/items/${itemId}/flows`,
  /** PUT: replace the flow's type, names and steps; DELETE. */
  flow: (id: number) => `/flows/${id}`,
  /** PUT {ids}: the order of the item's flows (every flow of the item, each once). */
  flowOrder: (itemId: number) => `/items/${itemId}/flows/order`,
} as const;

export const AdminFlowMessage = {
  flowMissing: 'Flow not found.',
  unknownType: 'type: expected a flow type (below 8).',
  stepOutsideItem: 'steps: every step must be a screen of this app, site or product.',
  orderMismatch: 'ids: send every flow of this app, site or product, each once.',
} as const;

const idField = z.coerce.number().int().min(1).max(ID_MAX);
const nameField = z.string().trim().min(1).max(120);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));

export const AdminFlowStepInputSchema = z.object({
  /** A screen (preview id) of the flow's item. The same screen may appear in several steps. */
  previewId: idField,
  caption: z.string().trim().max(500).default(''),
  captionCn: optionalText(500).default(null),
  captionTw: optionalText(500).default(null),
});

/** POST (create) and PUT (replace) of a flow. */
export const AdminFlowInputSchema = z.object({
  /** The flow type: a category of the flow tree (below root 8). */
  type: idField,
  name: nameField,
  nameCn: optionalText(120).default(null),
  nameTw: optionalText(120).default(null),
  steps: z.array(AdminFlowStepInputSchema).min(1).max(FLOW_MAX_STEPS),
});
export type AdminFlowInput = z.output<typeof AdminFlowInputSchema>;

export const AdminFlowStepSchema = z.object({
  previewId: z.number().int(),
  /** The screen's thumbnail path (signed for the console) and size. */
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  caption: z.string(),
  captionCn: z.string().nullable(),
  captionTw: z.string().nullable(),
});

export const AdminFlowSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  type: z.number().int().nullable(),
  name: z.string(),
  nameCn: z.string().nullable(),
  nameTw: z.string().nullable(),
  sort: z.number().int(),
  steps: z.array(AdminFlowStepSchema),
  createdAt: z.string(),
});
export type AdminFlow = z.infer<typeof AdminFlowSchema>;
export const AdminFlowListSchema = z.array(AdminFlowSchema);

export const FlowOrderSchema = z.object({ ids: z.array(idField).min(1).max(200) });
