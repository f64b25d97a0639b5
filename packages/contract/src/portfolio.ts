import { z } from 'zod';
import { ID_MAX, MAX_PAGE_SIZE } from './constants';
import { listSchema } from './envelope';
import { LocaleSchema } from './account';

/**
 * Portfolio guidance (issue 15, docs/decisions/046-portfolio-guidance.md): a subscriber asks a
 * designer of a big company to review their portfolio, a limited number of times per subscription
 * year (LIMITS.<tier>.portfolioPerYear). States: requested → assigned (an admin picked a reviewer)
 * → answered (written feedback, an optional call link), or declined (with a reason, by the reviewer
 * or an admin; a declined request gives its place in the quota back). The member is e-mailed at each
 * step in the request's language. The member's calls live under PORTFOLIO_PATH, the reviewer's
 * under REVIEW_PATH, the console's in `@shotlib/contract/admin-portfolio`.
 */

/** The member's calls (below API_PREFIX). */
export const PORTFOLIO_PATH = '/portfolio';
export const PORTFOLIO_PATHS = {
  /** GET: the caller's requests, newest first (`?page&pageSize`); POST: a new request. */
  list: PORTFOLIO_PATH,
  /** GET: the quota of the current subscription year. */
  quota: `${PORTFOLIO_PATH}/quota`,
  /** POST multipart (one part named `file`): upload the PDF before sending the request. */
  pdfUpload: `${PORTFOLIO_PATH}/pdf`,
  /** GET: one of the caller's requests. */
  request: (id: number) => `${PORTFOLIO_PATH}/${id}`,
  /** PUT {rating, comment}: rate an answered request (again to change it). */
  rating: (id: number) => `${PORTFOLIO_PATH}/${id}/rating`,
  /**
   * GET: the request's PDF (application/pdf, sent as an attachment) for its member, its assigned
   * reviewer and admins; "not found" for anyone else. Needs the Authorization header: the web
   * fetches it as a blob. The public media route never serves these files.
   */
  pdf: (id: number) => `${PORTFOLIO_PATH}/${id}/pdf`,
} as const;

/** The reviewer's calls (below API_PREFIX): only requests assigned to the caller exist for them. */
export const REVIEW_PATH = '/review';
export const REVIEW_PATHS = {
  /** GET `?state&page&pageSize`: requests assigned to the caller (open ones first). */
  list: REVIEW_PATH,
  /** GET: one of them. */
  request: (id: number) => `${REVIEW_PATH}/${id}`,
  /** POST {html, callLink}: the written feedback; assigned → answered. */
  answer: (id: number) => `${REVIEW_PATH}/${id}/answer`,
  /** POST {reason}: decline it; assigned → declined (the member's quota place comes back). */
  decline: (id: number) => `${REVIEW_PATH}/${id}/decline`,
} as const;

/** An uploaded PDF: at most this many bytes, and it must start with `%PDF-`. */
export const PORTFOLIO_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const PORTFOLIO_ROLE_MIN = 2;
export const PORTFOLIO_ROLE_MAX = 120;
export const PORTFOLIO_QUESTIONS_MIN = 10;
export const PORTFOLIO_QUESTIONS_MAX = 4000;
export const PORTFOLIO_LINK_MAX = 2000;
/** The reviewer's feedback: HTML, sanitised on the server when saved (the articles' allow-list). */
export const PORTFOLIO_ANSWER_HTML_MAX = 100_000;
export const PORTFOLIO_DECLINE_REASON_MAX = 1000;
export const PORTFOLIO_RATING_COMMENT_MAX = 1000;
/** Rows per page of portfolio lists unless asked otherwise. */
export const PORTFOLIO_PAGE_SIZE = 20;

export const PORTFOLIO_STATES = ['requested', 'assigned', 'answered', 'declined'] as const;
export type PortfolioState = (typeof PORTFOLIO_STATES)[number];
export const PortfolioStateSchema = z.enum(PORTFOLIO_STATES);
/** States in which the request is still waiting for feedback. */
export const PORTFOLIO_OPEN_STATES = ['requested', 'assigned'] as const satisfies readonly PortfolioState[];

/** The level the member aims at (the web translates each: `portfolio.level.<value>`). */
export const PORTFOLIO_LEVELS = ['intern', 'junior', 'mid', 'senior', 'lead'] as const;
export type PortfolioLevel = (typeof PORTFOLIO_LEVELS)[number];
export const PortfolioLevelSchema = z.enum(PORTFOLIO_LEVELS);

/** Refusals and messages of the portfolio calls (the web translates them by key). */
export const PortfolioMessage = {
  /** code 1002: the caller is not a subscriber. */
  vipOnly: 'Portfolio guidance is a subscriber benefit. Subscribe to ask for a review.',
  /** code 1001: no request left in this subscription year. */
  quotaUsed: 'You have used every portfolio review of this subscription year. More come when it renews.',
  linkOrPdf: 'Give a link to your portfolio or upload a PDF (one of the two).',
  consentRequired: 'Agree to share your portfolio with the reviewer to send the request.',
  notAPdf: 'This file is not a PDF.',
  pdfTooLarge: `The PDF is larger than ${PORTFOLIO_PDF_MAX_BYTES / 1024 / 1024} MB.`,
  pdfMissing: 'The uploaded PDF was not found: upload it again.',
  linkInvalid: 'Expected an http(s) address.',
  /** 404: not found, or not the caller's (the same answer). */
  requestMissing: 'Portfolio request not found.',
  /** code 1001: rating before the answer came. */
  notAnswered: 'You can rate the feedback once it has arrived.',
  /** code 1001: answer or decline of a request that is no longer assigned to the caller. */
  notOpen: 'This request is no longer waiting for feedback.',
  /** 400: the feedback is empty once sanitised. */
  answerEmpty: 'Write the feedback before sending it.',
  /** 403: the caller is not a reviewer. */
  reviewersOnly: 'This page is for reviewers.',
} as const;
export type PortfolioMessageKey = keyof typeof PortfolioMessage;

const idField = z.coerce.number().int().min(1).max(ID_MAX);
const pageField = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeField = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PORTFOLIO_PAGE_SIZE);

/** An http(s) address (a portfolio, a call link). */
export const HttpLinkSchema = z
  .string()
  .trim()
  .max(PORTFOLIO_LINK_MAX)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { error: PortfolioMessage.linkInvalid });

// ---- member ------------------------------------------------------------------------------------

/** `POST /portfolio/pdf` reply: the stored PDF, to name in the request as `pdfId` (the uploader's only). */
export const PortfolioPdfSchema = z.object({ pdfId: z.number().int(), name: z.string(), size: z.number().int() });
export type PortfolioPdf = z.infer<typeof PortfolioPdfSchema>;

/** `POST /portfolio`: a link XOR an uploaded PDF, what the member aims at, their questions. */
export const PortfolioRequestInputSchema = z
  .object({
    link: HttpLinkSchema.optional(),
    pdfId: idField.optional(),
    /** The role aimed at, e.g. "Senior product designer". */
    role: z.string().trim().min(PORTFOLIO_ROLE_MIN).max(PORTFOLIO_ROLE_MAX),
    level: PortfolioLevelSchema,
    questions: z.string().trim().min(PORTFOLIO_QUESTIONS_MIN).max(PORTFOLIO_QUESTIONS_MAX),
    /** The language of the feedback and of the e-mails about this request. */
    locale: LocaleSchema,
    /** Consent to share the portfolio with the reviewer: must be true. */
    consent: z.literal(true, { error: PortfolioMessage.consentRequired }),
  })
  .refine((value) => (value.link === undefined) !== (value.pdfId === undefined), {
    error: PortfolioMessage.linkOrPdf,
    path: ['link'],
  });
export type PortfolioRequestInput = z.output<typeof PortfolioRequestInputSchema>;

export const PortfolioListQuerySchema = z.object({ page: pageField, pageSize: pageSizeField });

/** `PUT /portfolio/{id}/rating`. */
export const PortfolioRatingInputSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(PORTFOLIO_RATING_COMMENT_MAX).default(''),
});
export type PortfolioRatingInput = z.output<typeof PortfolioRatingInputSchema>;

/** A reviewer as members see them (once assigned). */
export const PortfolioReviewerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  bio: z.string(),
});
export type PortfolioReviewer = z.infer<typeof PortfolioReviewerSchema>;

/** The uploaded PDF of a request (download through PORTFOLIO_PATHS.pdf). */
export const PortfolioPdfInfoSchema = z.object({ name: z.string(), size: z.number().int() });

export const PortfolioAnswerSchema = z.object({
  /** Sanitised HTML. */
  html: z.string(),
  callLink: z.string().nullable(),
  at: z.string(),
});
export type PortfolioAnswer = z.infer<typeof PortfolioAnswerSchema>;

/** A row of the member's list. */
export const PortfolioSummarySchema = z.object({
  id: z.number().int(),
  state: PortfolioStateSchema,
  role: z.string(),
  level: PortfolioLevelSchema,
  createdAt: z.string(),
  /** When it last changed state (createdAt while requested). */
  updatedAt: z.string(),
  rating: z.number().int().nullable(),
});
export type PortfolioSummary = z.infer<typeof PortfolioSummarySchema>;
export const PortfolioListSchema = listSchema(PortfolioSummarySchema);

/** The whole request, as its member, its reviewer and admins see it. */
export const PortfolioRequestSchema = PortfolioSummarySchema.extend({
  questions: z.string(),
  locale: LocaleSchema,
  link: z.string().nullable(),
  pdf: PortfolioPdfInfoSchema.nullable(),
  assignedAt: z.string().nullable(),
  /** The reviewer once assigned (null while requested, and after a decline by an admin before assignment). */
  reviewer: PortfolioReviewerSchema.nullable(),
  answer: PortfolioAnswerSchema.nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  ratingComment: z.string().nullable(),
});
export type PortfolioRequest = z.infer<typeof PortfolioRequestSchema>;

/**
 * `GET /portfolio/quota`: requests per subscription year (counted from the anniversary of the
 * member's first paid day; a declined request does not count). Regular members: limit 0.
 */
export const PortfolioQuotaSchema = z.object({
  vip: z.boolean(),
  limit: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  /** When the current subscription year ends and the quota starts again (ISO); null for regular members. */
  renewsAt: z.string().nullable(),
});
export type PortfolioQuota = z.infer<typeof PortfolioQuotaSchema>;

// ---- reviewer ----------------------------------------------------------------------------------

export const ReviewListQuerySchema = z.object({
  state: PortfolioStateSchema.optional(),
  page: pageField,
  pageSize: pageSizeField,
});

/** A request as its reviewer sees it: the member by nickname only. */
export const ReviewRequestSchema = PortfolioRequestSchema.extend({
  member: z.object({ nickname: z.string() }),
});
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;
export const ReviewSummarySchema = PortfolioSummarySchema.extend({
  locale: LocaleSchema,
  assignedAt: z.string().nullable(),
  member: z.object({ nickname: z.string() }),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;
export const ReviewListSchema = listSchema(ReviewSummarySchema);

/** `POST /review/{id}/answer`: the feedback (sanitised on save) and an optional call link. */
export const ReviewAnswerInputSchema = z.object({
  html: z.string().trim().min(1).max(PORTFOLIO_ANSWER_HTML_MAX),
  callLink: HttpLinkSchema.nullable().default(null),
});
export type ReviewAnswerInput = z.output<typeof ReviewAnswerInputSchema>;

/** `POST /review/{id}/decline` (and the console's decline): why, shown to the member. */
export const DeclineInputSchema = z.object({ reason: z.string().trim().min(3).max(PORTFOLIO_DECLINE_REASON_MAX) });
export type DeclineInput = z.output<typeof DeclineInputSchema>;
