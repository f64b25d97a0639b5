import { z } from 'zod';
import { LocaleSchema } from './account';
import { ID_MAX, MAX_PAGE_SIZE } from './constants';
import { listSchema } from './envelope';
import {
  PORTFOLIO_PAGE_SIZE,
  PortfolioLevelSchema,
  PortfolioRequestSchema,
  PortfolioStateSchema,
  PortfolioSummarySchema,
} from './portfolio';
import { EmailSchema } from './validation';

/**
 * The console's side of portfolio guidance (issue 15, decision 046): reviewers and the queue. Same
 * rules as the rest of `/admin/*` (401/403 before validation; every write audited: `reviewer.*`
 * with target `reviewer` = the reviewer's member id, `portfolio.*` with target `portfolio`).
 *
 * A reviewer is a member whose role is `reviewer`, with a profile (name, company, bio, languages).
 * Adding one by e-mail address creates the account when there is none (they sign in with an
 * e-mailed code); an admin cannot be made a reviewer. Removing one makes them a member again and
 * puts their assigned requests back in the queue.
 */

/** Paths below ADMIN_PATH. */
export const ADMIN_PORTFOLIO_PATHS = {
  /** GET `?page&pageSize&q`: reviewers; POST: add one. */
  reviewers: '/reviewers',
  /** PUT: edit the profile; DELETE: remove the reviewer role. */
  reviewer: (id: number) => `/reviewers/${id}`,
  /** GET `?state&reviewerId&page&pageSize`: the queue (oldest waiting first). */
  queue: '/portfolio',
  /** GET: one request in full. */
  request: (id: number) => `/portfolio/${id}`,
  /** POST {reviewerId}: assign (or reassign while assigned). */
  assign: (id: number) => `/portfolio/${id}/assign`,
  /** POST {reason}: decline a request that is requested or assigned. */
  decline: (id: number) => `/portfolio/${id}/decline`,
} as const;

export const AdminPortfolioMessage = {
  reviewerMissing: 'Reviewer not found.',
  alreadyReviewer: 'This account is a reviewer already.',
  adminCannotReview: 'An admin cannot be a reviewer: use another account.',
  /** Changing the role of a reviewer in Members: remove them in Reviewers instead. */
  reviewerRole: 'This member is a reviewer: remove them in Reviewers first.',
  notAssignable: 'Only a request that is waiting or assigned can be assigned.',
  notDeclinable: 'Only a request that is waiting or assigned can be declined.',
} as const;

const idField = z.coerce.number().int().min(1).max(ID_MAX);
const pageField = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeField = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PORTFOLIO_PAGE_SIZE);

// ---- reviewers -----------------------------------------------------------------------------------

/** A reviewer's name and company: at most this many characters (and not empty). */
export const REVIEWER_NAME_MAX = 120;
/** A reviewer's bio: at most this many characters. */
export const REVIEWER_BIO_MAX = 2000;

const reviewerProfile = {
  name: z.string().trim().min(1).max(REVIEWER_NAME_MAX),
  company: z.string().trim().min(1).max(REVIEWER_NAME_MAX),
  bio: z.string().trim().max(REVIEWER_BIO_MAX),
  /** The languages they review in (at least one). */
  languages: z.array(LocaleSchema).min(1).max(3),
};

export const ReviewerCreateSchema = z.object({ email: EmailSchema, ...reviewerProfile, bio: reviewerProfile.bio.default('') });
export type ReviewerCreate = z.output<typeof ReviewerCreateSchema>;
/** An edit: any of the profile fields, at least one. */
export const ReviewerUpdateSchema = z
  .object(reviewerProfile)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'Nothing to change: send at least one field.' });
export type ReviewerUpdate = z.output<typeof ReviewerUpdateSchema>;

export const ReviewerListQuerySchema = z.object({
  /** A part of the name, company or e-mail address, any case. */
  q: z.string().trim().max(100).optional(),
  page: pageField,
  pageSize: pageSizeField,
});

export const AdminReviewerSchema = z.object({
  /** The reviewer's member id. */
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  company: z.string(),
  bio: z.string(),
  languages: z.array(LocaleSchema),
  /** Requests assigned to them and not answered yet. */
  open: z.number().int(),
  /** Requests they answered. */
  answered: z.number().int(),
  /** Mean rating of their answers (1–5), null before the first rating. */
  rating: z.number().nullable(),
  createdAt: z.string(),
});
export type AdminReviewer = z.infer<typeof AdminReviewerSchema>;
export const AdminReviewerListSchema = listSchema(AdminReviewerSchema);

// ---- queue ---------------------------------------------------------------------------------------

export const AdminPortfolioQuerySchema = z.object({
  state: PortfolioStateSchema.optional(),
  reviewerId: idField.optional(),
  page: pageField,
  pageSize: pageSizeField,
});
export type AdminPortfolioQuery = z.output<typeof AdminPortfolioQuerySchema>;

const adminMember = z.object({ id: z.number().int(), email: z.string(), nickname: z.string() });
const adminReviewerRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const AdminPortfolioSummarySchema = PortfolioSummarySchema.extend({
  locale: LocaleSchema,
  level: PortfolioLevelSchema,
  member: adminMember,
  reviewer: adminReviewerRef,
  assignedAt: z.string().nullable(),
});
export type AdminPortfolioSummary = z.infer<typeof AdminPortfolioSummarySchema>;
export const AdminPortfolioListSchema = listSchema(AdminPortfolioSummarySchema);

export const AdminPortfolioRequestSchema = PortfolioRequestSchema.extend({ member: adminMember });
export type AdminPortfolioRequest = z.infer<typeof AdminPortfolioRequestSchema>;

export const AssignInputSchema = z.object({ reviewerId: idField });
export type AssignInput = z.output<typeof AssignInputSchema>;
