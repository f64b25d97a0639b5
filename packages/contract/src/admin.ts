import { z } from 'zod';
import { ID_MAX, MAX_PAGE_SIZE } from './constants';
import { MemberRoleSchema } from './account';
import { listSchema } from './envelope';
import { SiteUrlSchema } from './site-url-schema';
import { EmailSchema, InstantSchema } from './validation';

/**
 * The admin console's API (docs/decisions/037-admin-role-and-audit.md): every call lives under
 * `/admin/*`, is refused with 401 to visitors and 403 to members who are not admins (before any
 * validation, so a non-admin learns nothing of the shapes), and every write leaves an audit row.
 */

/** The admin routes' prefix below API_PREFIX. */
export const ADMIN_PATH = '/admin';
/** Rows per page of admin lists unless asked otherwise. */
export const ADMIN_PAGE_SIZE = 20;
/** An uploaded logo: at most this many bytes, re-encoded as a WebP of at most LOGO_MAX_SIDE_PX a side. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MAX_SIDE_PX = 512;
/** The longest grant or extension of a membership an admin may give at once, in months. */
export const ADMIN_VIP_MAX_MONTHS = 120;

/** What an audit row records. */
export const AUDIT_ACTIONS = [
  'item.create',
  'item.update',
  'item.unpublish',
  'item.publish',
  'item.logo',
  'member.vip.grant',
  'member.vip.extend',
  'member.vip.revoke',
  'member.role',
  'screen.add',
  'screen.order',
  'screen.category',
  'screen.delete',
  'category.create',
  'category.update',
  'category.delete',
  'article.create',
  'article.update',
  'article.unpublish',
  'article.publish',
  'article.delete',
  'plan.update',
  'order.resolve',
  'flow.create',
  'flow.update',
  'flow.delete',
  'reviewer.create',
  'reviewer.update',
  'reviewer.remove',
  'portfolio.request',
  'portfolio.assign',
  'portfolio.answer',
  'portfolio.decline',
  'testimonial.create',
  'testimonial.update',
  'testimonial.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Targets of audit rows; a plan's target id is its grade. */
export const AUDIT_TARGETS = ['item', 'member', 'category', 'article', 'plan', 'order', 'flow', 'reviewer', 'portfolio', 'testimonial'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** Messages of admin refusals (code 1001 unless said otherwise). */
export const AdminMessage = {
  itemMissing: 'App or website not found.',
  memberMissing: 'Member not found.',
  unknownCategory: 'group: every category must be an app/site category (below 9).',
  unknownBusinessCategory: 'group: every category of business software must be a business category (below 10).',
  emptyUpdate: 'Nothing to change: send at least one field.',
  alreadyVip: 'This member is a subscriber already: extend the membership instead.',
  notVip: 'This member has no running membership to revoke.',
  untilNotLater: 'until: the new expiry must be later than the current one.',
  lastAdmin: 'The last admin cannot stop being one: name another admin first.',
  sameRole: 'The member has this role already.',
  notAnImage: 'The file is not an image (JPEG, PNG, WebP, GIF, AVIF or HEIF).',
  logoTooLarge: `The logo is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB.`,
} as const;

const pageField = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeField = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE);
const idField = z.coerce.number().int().min(1).max(ID_MAX);
/** 'true' / 'false' in a query string. */
const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Why an admin changes a member: required, kept in the audit row. */
export const ReasonSchema = z.string().trim().min(3).max(500);

// ---- items ------------------------------------------------------------------------------------

const nameField = z.string().trim().min(1).max(120);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));
/** The item's site: the one site-URL rule (site-url.ts), empty for none. */
const siteField = SiteUrlSchema;

/** An item as the console edits it: every language, the flags, the categories. */
export const AdminItemInputSchema = z.object({
  name: nameField,
  nameCn: optionalText(120).optional(),
  nameTw: optionalText(120).optional(),
  briefing: z.string().trim().max(4000).default(''),
  briefingCn: optionalText(4000).optional(),
  briefingTw: optionalText(4000).optional(),
  site: siteField.default(''),
  rating: z.number().min(0).max(5).default(0),
  /** false: mobile app, true: website. */
  platform: z.boolean(),
  /** Business (B-end) software, listed on /b; its categories are then those of the business tree (10). */
  business: z.boolean().default(false),
  publishedAt: InstantSchema.optional(),
  /** App/site categories (children of 9), or business categories (children of 10) for business software. */
  group: z.array(idField).max(50).default([]),
  /** Create it public at once (default: unpublished, a draft to finish, e.g. its logo). */
  published: z.boolean().default(false),
});
export type AdminItemInput = z.output<typeof AdminItemInputSchema>;

/** An edit: any of the fields, at least one. */
export const AdminItemUpdateSchema = z
  .object({
    name: nameField,
    nameCn: optionalText(120),
    nameTw: optionalText(120),
    briefing: z.string().trim().max(4000),
    briefingCn: optionalText(4000),
    briefingTw: optionalText(4000),
    site: siteField,
    rating: z.number().min(0).max(5),
    platform: z.boolean(),
    business: z.boolean(),
    publishedAt: InstantSchema,
    group: z.array(idField).max(50),
  })
  .partial()
  .strict();
export type AdminItemUpdate = z.output<typeof AdminItemUpdateSchema>;

export const AdminItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameCn: z.string().nullable(),
  nameTw: z.string().nullable(),
  briefing: z.string(),
  briefingCn: z.string().nullable(),
  briefingTw: z.string().nullable(),
  logo: z.string(),
  site: z.string(),
  rating: z.number(),
  platform: z.boolean(),
  business: z.boolean(),
  publishedAt: z.string(),
  /** When it was taken off the public catalogue; null while public. */
  unpublishedAt: z.string().nullable(),
  group: z.array(z.number().int()),
  /** How many screens it has. */
  screens: z.number().int(),
  /** How many flows it has. */
  flows: z.number().int(),
});
export type AdminItem = z.infer<typeof AdminItemSchema>;
/** An item of the console's list: with its first screen (signed like every screen for admins), null when it has none. */
export const AdminItemListEntrySchema = AdminItemSchema.extend({
  cover: z.object({ path: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type AdminItemListEntry = z.infer<typeof AdminItemListEntrySchema>;
export const AdminItemListSchema = listSchema(AdminItemListEntrySchema);

export const AdminItemListQuerySchema = z.object({
  /** A part of a name or brief (any language), case-insensitive. */
  q: z.string().trim().max(100).optional(),
  platform: queryBoolean.optional(),
  /** true: business software only; false: apps and websites only (default: both). */
  business: queryBoolean.optional(),
  status: z.enum(['all', 'published', 'unpublished']).default('all'),
  page: pageField,
  pageSize: pageSizeField,
});

// ---- members ----------------------------------------------------------------------------------

export const AdminMemberQuerySchema = z.object({
  /** A part of the e-mail address, case-insensitive; absent or empty: every member, the newest first. */
  email: z.string().trim().max(254).default(''),
  page: pageField,
  pageSize: pageSizeField,
});

export const AdminMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  role: MemberRoleSchema,
  /** Membership expiry (ISO), or null when never a subscriber. */
  vipExpiresAt: z.string().nullable(),
  vip: z.boolean(),
  createdAt: z.string(),
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;
export const AdminMemberListSchema = listSchema(AdminMemberSchema);

/**
 * grant (a member who is not a subscriber now: from now), extend (from the current expiry when it
 * is still running, else from now) by `months`, or to `until`; revoke ends the membership now.
 */
export const VipChangeSchema = z
  .object({
    action: z.enum(['grant', 'extend', 'revoke']),
    months: z.number().int().min(1).max(ADMIN_VIP_MAX_MONTHS).optional(),
    until: InstantSchema.optional(),
    reason: ReasonSchema,
  })
  .refine((value) => (value.action === 'revoke' ? value.months === undefined && value.until === undefined : (value.months === undefined) !== (value.until === undefined)), {
    message: 'grant and extend take either months or until; revoke takes neither',
    path: ['months'],
  });
export type VipChange = z.output<typeof VipChangeSchema>;

export const RoleChangeSchema = z.object({ role: z.enum(['member', 'admin']), reason: ReasonSchema });
export type RoleChange = z.output<typeof RoleChangeSchema>;

// ---- audit ------------------------------------------------------------------------------------

export const AuditQuerySchema = z.object({
  actorId: idField.optional(),
  /** The actor's address, any case. */
  actorEmail: EmailSchema.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetType: z.enum(AUDIT_TARGETS).optional(),
  targetId: idField.optional(),
  /** Rows at or after / before this instant. */
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
  page: pageField,
  pageSize: pageSizeField,
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = listSchema(AuditEntrySchema);
