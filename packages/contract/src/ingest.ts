import { z } from 'zod';
import { ID_MAX } from './constants';
import { SiteUrlSchema } from './site-url-schema';
import { InstantSchema } from './validation';

/**
 * The ingestion pipeline's shapes (issue 12): the import manifest read by `npm run import` and
 * written by the demo generator, and the admin calls that add, order, tag and delete screens.
 * Both paths end in the same pipeline: a file is decoded and validated, stored once per content
 * hash, and its heavy steps (WebP variants, dominant colours, blurhash) run as queued jobs.
 */

/** The most steps one flow may have. */
export const FLOW_MAX_STEPS = 60;
/** The manifest format this build reads. */
export const MANIFEST_VERSION = 1;
/** One screenshot: at most this many bytes as uploaded or imported. */
export const SCREEN_MAX_BYTES = 25 * 1024 * 1024;
/** Decoded size limit: wider or taller images, or more pixels, are refused (decompression bombs). */
export const SCREEN_MAX_SIDE_PX = 20_000;
export const SCREEN_MAX_PIXELS = 80_000_000;
/** Smallest side accepted for a screenshot. */
export const SCREEN_MIN_SIDE_PX = 64;
/** At most this many UI elements are tagged on one screen. */
export const SCREEN_ELEMENTS_MAX = 30;
/** How many screens an admin may select for one category change or delete. */
export const SCREEN_BATCH_MAX = 500;

/** Why a file was refused (the summary and the console show the message of each). */
export const IngestMessage = {
  notAnImage: 'Not an image: expected PNG, JPEG, WebP, GIF, AVIF or HEIF.',
  tooLarge: `Larger than ${SCREEN_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `Too large once decoded: at most ${SCREEN_MAX_SIDE_PX} px a side and ${SCREEN_MAX_PIXELS / 1_000_000} megapixels.`,
  tooSmall: `Too small: at least ${SCREEN_MIN_SIDE_PX} px a side.`,
  missingFile: 'The manifest names a file that is not there.',
  unknownCategory: 'Unknown category: declare it in the manifest\u2019s categories or use an existing English name.',
  duplicate: 'Already in this app or website (same content).',
  outsideFolder: 'A link to a file or folder outside the import folder: not read.',
  flowStepUnknown: 'A flow step names a file that is not one of this item\u2019s screens (or was rejected).',
  unknownFlowType: 'Unknown flow type: declare it in the manifest\u2019s categories (tree "flow") or use an existing English name.',
} as const;

/** Refusals of the console's screen calls (400 or 404 envelopes). */
export const ScreenMessage = {
  screenMissing: 'Screen not found.',
  unknownGroup: 'group: expected a screen category (below 11).',
  orderMismatch: 'ids: send every screen of this app or website, each once.',
  fileMissing: 'file: expected the image in the field "file".',
  unknownElement: 'elements: expected UI elements (below 7).',
} as const;

/** A text in the three locales; English is required, the Chinese ones fall back to it when absent. */
export const LocalizedTextSchema = z.object({
  en: z.string().trim().min(1),
  zhCN: z.string().trim().min(1).optional(),
  zhTW: z.string().trim().min(1).optional(),
});
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/**
 * The kinds of catalogue entry the manifest can hold: a mobile app, a website, business (B-end)
 * software that runs on the web (`business`) or on phones (`business-app`).
 */
export const MANIFEST_KINDS = ['app', 'site', 'business', 'business-app'] as const;
export type ManifestKind = (typeof MANIFEST_KINDS)[number];

/**
 * The category trees a manifest can name: list (apps and sites), business (business software),
 * screen (screen types), flow (flow types) and element (UI elements, issue 14). An item's `categories` are of the business tree when
 * its kind is business software, of the list tree otherwise.
 */
export const MANIFEST_TREES = ['list', 'screen', 'business', 'flow', 'element'] as const;

/**
 * A category the manifest needs. Categories are matched by tree and English name (any case);
 * a declared one that does not exist yet is created, under `parent` (an English name of the same
 * tree) or the tree's root.
 */
export const ManifestCategorySchema = z.object({
  tree: z.enum(MANIFEST_TREES),
  name: LocalizedTextSchema,
  parent: z.string().trim().min(1).optional(),
});

/** A file path relative to the manifest's folder: no absolute paths, no `..`. */
const relativeFile = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine((value) => !value.startsWith('/') && !value.split(/[\\/]/).includes('..'), {
    message: 'expected a path inside the manifest\u2019s folder',
  });

export const ManifestScreenSchema = z.object({
  file: relativeFile,
  /** The screen category's English name (the screen tree). */
  category: z.string().trim().min(1).optional(),
  /** Its UI elements by English name (the element tree), many per screen (issue 14). */
  elements: z.array(z.string().trim().min(1)).max(SCREEN_ELEMENTS_MAX).default([]),
});
export type ManifestScreen = z.infer<typeof ManifestScreenSchema>;

/** One step of a flow: a screen of the same item, named by its file, and an optional caption. */
export const ManifestFlowStepSchema = z.object({
  file: relativeFile,
  caption: LocalizedTextSchema.optional(),
});

/** A stable key within a manifest: an item's (e.g. its slug) or a flow's within its item. */
const manifestKey = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'key: lower-case letters, digits, dot, dash or underscore');

/**
 * A flow of the item: its steps in order, each a file of the item's `screens`. Flows are matched by
 * `key` within the item: re-importing replaces that flow's type, names and steps.
 */
export const ManifestFlowSchema = z.object({
  key: manifestKey,
  /** The flow type's English name (the flow tree). */
  type: z.string().trim().min(1),
  name: LocalizedTextSchema,
  steps: z.array(ManifestFlowStepSchema).min(1).max(FLOW_MAX_STEPS),
});
export type ManifestFlow = z.infer<typeof ManifestFlowSchema>;

export const ManifestItemSchema = z.object({
  /** A stable key of the app or site (e.g. its slug): re-importing updates the same item. */
  key: manifestKey,
  kind: z.enum(MANIFEST_KINDS),
  name: LocalizedTextSchema,
  briefing: LocalizedTextSchema.optional(),
  /** The one site-URL rule (site-url.ts): an absolute http(s) address, or empty for none. */
  site: SiteUrlSchema.optional(),
  rating: z.number().min(0).max(5).optional(),
  publishedAt: InstantSchema.optional(),
  /** Published at once (default) or kept as an unpublished draft. */
  published: z.boolean().default(true),
  logo: relativeFile.optional(),
  /** List categories by English name. */
  categories: z.array(z.string().trim().min(1)).max(50).default([]),
  /** The screens in their order. */
  screens: z.array(ManifestScreenSchema).max(5000).default([]),
  /** Its flows, in their order on the detail page. */
  flows: z.array(ManifestFlowSchema).max(200).default([]),
});
export type ManifestItem = z.infer<typeof ManifestItemSchema>;

export const ManifestSchema = z.object({
  version: z.literal(MANIFEST_VERSION),
  categories: z.array(ManifestCategorySchema).default([]),
  items: z.array(ManifestItemSchema).min(1),
});
export type Manifest = z.infer<typeof ManifestSchema>;

// ---- admin screens ----------------------------------------------------------------------------

const idField = z.coerce.number().int().min(1).max(ID_MAX);

/** A screen as the console manages it. */
export const AdminScreenSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Screen category id, or null. */
  group: z.number().int().nullable(),
  sort: z.number().int(),
  /** sha-256 of the stored original, hex. */
  hash: z.string(),
  /** 'processing' until the queued steps (variants, colours, placeholder) are done. */
  status: z.enum(['processing', 'ready', 'failed']),
  /** Dominant colours, most present first, as #rrggbb. */
  colors: z.array(z.string()),
  blurhash: z.string().nullable(),
  /** Its UI elements (ids of the element tree, issue 14). */
  elements: z.array(z.number().int()),
  /** The words read inside it by OCR at ingest; null when not read (no OCR on the machine, or not yet). */
  text: z.string().nullable(),
});
export type AdminScreen = z.infer<typeof AdminScreenSchema>;
export const AdminScreenListSchema = z.array(AdminScreenSchema);

/** The new order of an item's screens: every one of its screen ids, once each. */
export const ScreenOrderSchema = z.object({ ids: z.array(idField).min(1).max(5000) });
/** Set (or clear, with null) the screen category of several screens. */
export const ScreenCategoryChangeSchema = z.object({
  ids: z.array(idField).min(1).max(SCREEN_BATCH_MAX),
  group: idField.nullable(),
});
/** Tag (add) and untag (remove) UI elements (ids of the element tree) on several screens at once. */
export const ScreenElementChangeSchema = z
  .object({
    ids: z.array(idField).min(1).max(SCREEN_BATCH_MAX),
    add: z.array(idField).max(SCREEN_ELEMENTS_MAX).default([]),
    remove: z.array(idField).max(SCREEN_ELEMENTS_MAX).default([]),
  })
  .refine((value) => value.add.length + value.remove.length > 0, { message: 'add or remove at least one element' });
export const ScreenDeleteSchema = z.object({ ids: z.array(idField).min(1).max(SCREEN_BATCH_MAX) });

/** The reply to one uploaded file: the screen added, or the one it duplicates (`duplicate: true`). */
export const ScreenUploadResultSchema = z.object({ screen: AdminScreenSchema, duplicate: z.boolean() });
export type ScreenUploadResult = z.infer<typeof ScreenUploadResultSchema>;

/** The reply to a delete: how many screens went. */
export const ScreenDeleteResultSchema = z.object({ deleted: z.number().int() });
export type ScreenDeleteResult = z.infer<typeof ScreenDeleteResultSchema>;
