import { randomBytes } from 'node:crypto';
import {
  LIMITS,
  PORTFOLIO_OPEN_STATES,
  PORTFOLIO_PDF_MAX_BYTES,
  PortfolioMessage,
  type PortfolioQuota,
  type PortfolioRatingInput,
  type PortfolioRequest,
  type PortfolioRequestInput,
  type PortfolioSummary,
  type PortfolioPdf,
  type ReviewAnswerInput,
  type ReviewRequest,
  type ReviewSummary,
  type DeclineInput,
  type PortfolioState,
} from '@shotlib/contract';
import type {
  AdminPortfolioQuery,
  AdminPortfolioRequest,
  AdminPortfolioSummary,
  AdminReviewer,
  AssignInput,
  ReviewerCreate,
  ReviewerUpdate,
} from '@shotlib/contract/admin-portfolio';
import { AdminPortfolioMessage } from '@shotlib/contract/admin-portfolio';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { inTransaction, type Handle } from '../../db/transaction';
import { isVipMember, type AuthMember } from '../../lib/auth';
import { BadRequestError, NotFoundError, RuleError, VipRequiredError } from '../../lib/errors';
import type { Mailer, MailMessage } from '../../lib/mail';
import { isoOrNull, pageWindow, type PageQuery } from '../../lib/paging';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import { PRIVATE_MEDIA_PREFIX, type MediaFile, type MediaStore } from '../../lib/storage';
import { sanitizeArticleHtml } from '../article/article.service';
import * as audit from '../audit/audit.service';
import * as members from '../member/member.service';
import { answeredMail, assignedMail, declinedMail, reviewerAssignedMail } from './portfolio-mail';
import * as repo from './portfolio.repo';
import { quotaOf, subscriptionYear } from './quota';

export type PortfolioDeps = {
  db: Db;
  media: MediaStore;
  limiter: RateLimiter;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The site's origin, for the links of the e-mails. */
  siteUrl: string;
};

/** Where uploaded PDFs live in the media store: a prefix /media never serves (lib/storage.ts). */
const PDF_PREFIX = `${PRIVATE_MEDIA_PREFIX}portfolio/`;

// ---- views ---------------------------------------------------------------------------------------

function toSummary(row: repo.RequestRow): PortfolioSummary {
  return {
    id: row.id,
    state: row.state,
    role: row.role,
    level: row.level,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rating: row.rating,
  };
}

function toRequest(row: repo.RequestRow): PortfolioRequest {
  return {
    ...toSummary(row),
    questions: row.questions,
    locale: row.locale,
    link: row.link,
    pdf: row.pdfName !== null && row.pdfSize !== null ? { name: row.pdfName, size: row.pdfSize } : null,
    assignedAt: isoOrNull(row.assignedAt),
    reviewer:
      row.reviewerId !== null && row.reviewerName !== null
        ? { id: row.reviewerId, name: row.reviewerName, company: row.reviewerCompany ?? '', bio: row.reviewerBio ?? '' }
        : null,
    answer: row.state === 'answered' && row.answerHtml !== null && row.answeredAt ? { html: row.answerHtml, callLink: row.callLink, at: row.answeredAt.toISOString() } : null,
    declinedAt: isoOrNull(row.declinedAt),
    declineReason: row.declineReason,
    ratingComment: row.ratingComment,
  };
}

const toReview = (row: repo.RequestRow): ReviewRequest => ({ ...toRequest(row), member: { nickname: row.memberNickname } });
const toReviewSummary = (row: repo.RequestRow): ReviewSummary => ({
  ...toSummary(row),
  locale: row.locale,
  assignedAt: isoOrNull(row.assignedAt),
  member: { nickname: row.memberNickname },
});
const adminMemberOf = (row: repo.RequestRow) => ({ id: row.memberId, email: row.memberEmail, nickname: row.memberNickname });
const toAdminRequest = (row: repo.RequestRow): AdminPortfolioRequest => ({ ...toRequest(row), member: adminMemberOf(row) });
const toAdminSummary = (row: repo.RequestRow): AdminPortfolioSummary => ({
  ...toSummary(row),
  locale: row.locale,
  member: adminMemberOf(row),
  reviewer: row.reviewerId !== null && row.reviewerName !== null ? { id: row.reviewerId, name: row.reviewerName } : null,
  assignedAt: isoOrNull(row.assignedAt),
});

/** What an audit row keeps of a request: its state and people, not the portfolio or the feedback. */
const auditView = (row: repo.RequestRow) => ({
  id: row.id,
  state: row.state,
  memberId: row.memberId,
  reviewerId: row.reviewerId,
  role: row.role,
  level: row.level,
  locale: row.locale,
  portfolio: row.link !== null ? 'link' : 'pdf',
  declineReason: row.declineReason,
});

function toAdminReviewer(row: repo.ReviewerRow): AdminReviewer {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company: row.company,
    bio: row.bio,
    languages: row.languages,
    open: Number(row.open),
    answered: Number(row.answered),
    rating: row.rating === null ? null : Math.round(Number(row.rating) * 10) / 10,
    createdAt: row.createdAt.toISOString(),
  };
}
const reviewerAuditView = ({ id, email, name, company, bio, languages }: AdminReviewer) => ({ id, email, name, company, bio, languages });

async function mustFind(db: Handle, id: number): Promise<repo.RequestRow> {
  const row = await repo.requestById(db, id);
  if (!row) throw new NotFoundError(PortfolioMessage.requestMissing);
  return row;
}

/** Send after the change committed: a mail that fails is logged, the change stands. */
async function sendAll(deps: PortfolioDeps, mails: MailMessage[]): Promise<void> {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, to: mail.to, subject: mail.subject }, 'portfolio mail not sent');
    }
  }
}

// ---- the member ----------------------------------------------------------------------------------

/** The subscription year that holds now: from the anniversary of the first paid day (else of the account). */
async function currentYear(db: Handle, memberId: number, now: Date): Promise<{ from: Date; to: Date }> {
  const anchor = (await repo.firstPaidAt(db, memberId)) ?? (await repo.memberCreatedAt(db, memberId)) ?? now;
  return subscriptionYear(anchor, now);
}

export async function quota(deps: PortfolioDeps, caller: AuthMember): Promise<PortfolioQuota> {
  const now = deps.now();
  if (!isVipMember(caller, now)) return quotaOf(false, 0, null);
  const year = await currentYear(deps.db, caller.id, now);
  return quotaOf(true, await repo.countUsed(deps.db, caller.id, year.from, year.to), year);
}

/** Whether the bytes are a PDF: the `%PDF-` header first, an `%%EOF` marker near the end. */
export function isPdf(file: Buffer): boolean {
  if (file.length < 16 || file.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  return file.subarray(Math.max(0, file.length - 2048)).toString('latin1').includes('%%EOF');
}

/** The uploaded name, without folders or control characters, at most 120 characters, ending in .pdf. */
export function cleanPdfName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\p{Cc}\p{Cf}"]/gu, '').trim().slice(0, 120);
  if (!base) return 'portfolio.pdf';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/**
 * PDF uploads per member: a request takes one, so a handful is plenty; the limit keeps a member from
 * filling the store with files never sent.
 */
export const PDF_UPLOAD_LIMITS: Limit[] = [
  { max: 10, windowMs: 60 * 60_000 },
  { max: 30, windowMs: 24 * 60 * 60_000 },
];

/** `POST /portfolio/pdf`: subscribers only; the file must be a PDF of at most PORTFOLIO_PDF_MAX_BYTES. */
export async function uploadPdf(deps: PortfolioDeps, caller: AuthMember, read: () => Promise<{ file: Buffer; name: string | undefined }>): Promise<PortfolioPdf> {
  if (!isVipMember(caller, deps.now())) throw new VipRequiredError(PortfolioMessage.vipOnly);
  await deps.limiter.enforce('portfolio-pdf', String(caller.id), PDF_UPLOAD_LIMITS);
  const { file, name } = await read();
  if (file.length > PORTFOLIO_PDF_MAX_BYTES) throw new BadRequestError(PortfolioMessage.pdfTooLarge);
  if (!isPdf(file)) throw new BadRequestError(PortfolioMessage.notAPdf);
  const key = `${PDF_PREFIX}${caller.id}/${randomBytes(16).toString('hex')}.pdf`;
  await deps.media.put(key, file);
  const row = await repo.insertFile(deps.db, { memberId: caller.id, key, name: cleanPdfName(name), size: file.length, createdAt: deps.now() });
  return { pdfId: row.id, name: row.name, size: row.size };
}

/**
 * `POST /portfolio`: subscribers only, within the year's quota (the member's row is locked while
 * counting, so two requests sent at once cannot both take the last place). A PDF must be the
 * caller's own upload, not taken by another request.
 */
export async function createRequest(deps: PortfolioDeps, caller: AuthMember, input: PortfolioRequestInput): Promise<PortfolioRequest> {
  const now = deps.now();
  if (!isVipMember(caller, now)) throw new VipRequiredError(PortfolioMessage.vipOnly);
  const id = await inTransaction(deps.db, async (tx) => {
    await repo.lockMemberForQuota(tx, caller.id);
    const year = await currentYear(tx, caller.id, now);
    const used = await repo.countUsed(tx, caller.id, year.from, year.to);
    if (used >= LIMITS.vip.portfolioPerYear) throw new RuleError(PortfolioMessage.quotaUsed);
    let pdfId: number | null = null;
    if (input.pdfId !== undefined) {
      const file = await repo.freeFileOf(tx, caller.id, input.pdfId);
      if (!file) throw new BadRequestError(PortfolioMessage.pdfMissing);
      pdfId = file.id;
    }
    const newId = await repo.insertRequest(tx, {
      memberId: caller.id,
      link: input.link ?? null,
      pdfId,
      role: input.role,
      level: input.level,
      questions: input.questions,
      locale: input.locale,
      consentAt: now,
      createdAt: now,
    });
    const row = (await repo.requestById(tx, newId))!;
    await audit.recordAudit(tx, { actor: caller, action: 'portfolio.request', target: { type: 'portfolio', id: newId }, before: null, after: auditView(row), at: now });
    return newId;
  });
  return toRequest(await mustFind(deps.db, id));
}

export async function listMine(deps: PortfolioDeps, caller: AuthMember, query: PageQuery): Promise<{ arr: PortfolioSummary[]; total: number }> {
  const { rows, total } = await repo.listRequests(deps.db, { memberId: caller.id }, 'newest', pageWindow(query));
  return { arr: rows.map(toSummary), total };
}

/** One of the caller's requests; another's answers "not found", as a missing one does. */
async function mine(db: Handle, caller: AuthMember, id: number): Promise<repo.RequestRow> {
  const row = await repo.requestById(db, id);
  if (!row || row.memberId !== caller.id) throw new NotFoundError(PortfolioMessage.requestMissing);
  return row;
}

export async function getMine(deps: PortfolioDeps, caller: AuthMember, id: number): Promise<PortfolioRequest> {
  return toRequest(await mine(deps.db, caller, id));
}

/** `PUT /portfolio/{id}/rating`: once answered, the member rates it (again to change it). */
export async function rate(deps: PortfolioDeps, caller: AuthMember, id: number, input: PortfolioRatingInput): Promise<PortfolioRequest> {
  const row = await mine(deps.db, caller, id);
  if (row.state !== 'answered') throw new RuleError(PortfolioMessage.notAnswered);
  const now = deps.now();
  await repo.transition(deps.db, id, ['answered'], { rating: input.rating, ratingComment: input.comment || null, ratedAt: now });
  return toRequest(await mustFind(deps.db, id));
}

/**
 * `GET /portfolio/{id}/pdf`: the request's PDF for its member, its assigned reviewer and admins;
 * "not found" for everyone else and for requests sent with a link.
 */
export async function pdfOf(deps: PortfolioDeps, caller: AuthMember, id: number): Promise<{ file: MediaFile; name: string; requestId: number }> {
  const row = await repo.requestById(deps.db, id);
  const allowed =
    row !== null && (row.memberId === caller.id || caller.role === 'admin' || (caller.role === 'reviewer' && row.reviewerId === caller.id));
  if (!row || !allowed || row.pdfKey === null) throw new NotFoundError(PortfolioMessage.requestMissing);
  const file = await deps.media.open(row.pdfKey);
  if (!file) throw new NotFoundError(PortfolioMessage.requestMissing);
  return { file, name: row.pdfName ?? 'portfolio.pdf', requestId: row.id };
}

// ---- the reviewer --------------------------------------------------------------------------------

export async function listAssigned(deps: PortfolioDeps, caller: AuthMember, query: PageQuery & { state?: PortfolioState }): Promise<{ arr: ReviewSummary[]; total: number }> {
  const { rows, total } = await repo.listRequests(deps.db, { reviewerId: caller.id, state: query.state }, 'openFirst', pageWindow(query));
  return { arr: rows.map(toReviewSummary), total };
}

/** A request assigned to the caller (now or before they answered or declined it); any other: "not found". */
async function assignedTo(db: Handle, caller: AuthMember, id: number): Promise<repo.RequestRow> {
  const row = await repo.requestById(db, id);
  if (!row || row.reviewerId !== caller.id) throw new NotFoundError(PortfolioMessage.requestMissing);
  return row;
}

export async function getAssigned(deps: PortfolioDeps, caller: AuthMember, id: number): Promise<ReviewRequest> {
  return toReview(await assignedTo(deps.db, caller, id));
}

/** `POST /review/{id}/answer`: the sanitised feedback and a call link; assigned → answered; the member is e-mailed. */
export async function answer(deps: PortfolioDeps, caller: AuthMember, id: number, input: ReviewAnswerInput): Promise<ReviewRequest> {
  await assignedTo(deps.db, caller, id);
  const html = sanitizeArticleHtml(input.html);
  if (!html.replace(/<[^>]*>/g, '').trim()) throw new BadRequestError(PortfolioMessage.answerEmpty);
  const now = deps.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const before = await mustFind(tx, id);
    const moved = await repo.transition(tx, id, ['assigned'], { state: 'answered', answerHtml: html, callLink: input.callLink, answeredAt: now, updatedAt: now }, { reviewerId: caller.id });
    if (!moved) throw new RuleError(PortfolioMessage.notOpen);
    const after = await mustFind(tx, id);
    await audit.recordAudit(tx, { actor: caller, action: 'portfolio.answer', target: { type: 'portfolio', id }, before: auditView(before), after: auditView(after), at: now });
    return after;
  });
  await sendAll(deps, [answeredMail({ to: row.memberEmail, locale: row.locale, requestId: id, role: row.role, siteUrl: deps.siteUrl, reviewer: { name: row.reviewerName ?? '' } })]);
  return toReview(row);
}

/**
 * Decline: `from` the states the decliner may decline in (the reviewer: assigned to them; an admin:
 * requested or assigned). The place in the quota comes back (declined requests do not count).
 */
async function decline(
  deps: PortfolioDeps,
  caller: AuthMember,
  id: number,
  input: DeclineInput,
  options: { reviewerId?: number; refusal: string },
): Promise<repo.RequestRow> {
  const now = deps.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const before = await mustFind(tx, id);
    const moved = await repo.transition(tx, id, PORTFOLIO_OPEN_STATES, { state: 'declined', declinedAt: now, declineReason: input.reason, updatedAt: now }, options);
    if (!moved) throw new RuleError(options.refusal);
    const after = await mustFind(tx, id);
    await audit.recordAudit(tx, { actor: caller, action: 'portfolio.decline', target: { type: 'portfolio', id }, reason: input.reason, before: auditView(before), after: auditView(after), at: now });
    return after;
  });
  await sendAll(deps, [declinedMail({ to: row.memberEmail, locale: row.locale, requestId: id, role: row.role, siteUrl: deps.siteUrl, reason: input.reason })]);
  return row;
}

export async function reviewerDecline(deps: PortfolioDeps, caller: AuthMember, id: number, input: DeclineInput): Promise<ReviewRequest> {
  await assignedTo(deps.db, caller, id);
  return toReview(await decline(deps, caller, id, input, { reviewerId: caller.id, refusal: PortfolioMessage.notOpen }));
}

// ---- the console: the queue ----------------------------------------------------------------------

export async function listQueue(deps: PortfolioDeps, query: AdminPortfolioQuery): Promise<{ arr: AdminPortfolioSummary[]; total: number }> {
  const { rows, total } = await repo.listRequests(deps.db, { state: query.state, reviewerId: query.reviewerId }, 'openFirst', pageWindow(query));
  return { arr: rows.map(toAdminSummary), total };
}

export async function getForAdmin(deps: PortfolioDeps, id: number): Promise<AdminPortfolioRequest> {
  return toAdminRequest(await mustFind(deps.db, id));
}

/** `POST /admin/portfolio/{id}/assign`: requested or assigned → assigned to a current reviewer; member and reviewer are e-mailed. */
export async function assign(deps: PortfolioDeps, caller: AuthMember, id: number, input: AssignInput): Promise<AdminPortfolioRequest> {
  const now = deps.now();
  const { row, reviewer } = await inTransaction(deps.db, async (tx) => {
    const before = await mustFind(tx, id);
    const reviewer = await currentReviewer(tx, input.reviewerId, { lock: true });
    const moved = await repo.transition(tx, id, PORTFOLIO_OPEN_STATES, { state: 'assigned', reviewerId: reviewer.id, assignedAt: now, updatedAt: now });
    if (!moved) throw new RuleError(AdminPortfolioMessage.notAssignable);
    const after = await mustFind(tx, id);
    await audit.recordAudit(tx, { actor: caller, action: 'portfolio.assign', target: { type: 'portfolio', id }, before: auditView(before), after: auditView(after), at: now });
    return { row: after, reviewer };
  });
  const common = { requestId: id, role: row.role, siteUrl: deps.siteUrl };
  await sendAll(deps, [
    assignedMail({ ...common, to: row.memberEmail, locale: row.locale, reviewer: { name: reviewer.name, company: reviewer.company } }),
    reviewerAssignedMail({ ...common, to: reviewer.email, locale: reviewer.locale, level: row.level, requestLocale: row.locale }),
  ]);
  return toAdminRequest(row);
}

export async function adminDecline(deps: PortfolioDeps, caller: AuthMember, id: number, input: DeclineInput): Promise<AdminPortfolioRequest> {
  await mustFind(deps.db, id);
  return toAdminRequest(await decline(deps, caller, id, input, { refusal: AdminPortfolioMessage.notDeclinable }));
}

// ---- the console: reviewers ----------------------------------------------------------------------

export async function listReviewers(deps: PortfolioDeps, query: PageQuery & { q?: string }): Promise<{ arr: AdminReviewer[]; total: number }> {
  const { rows, total } = await repo.listReviewers(deps.db, query.q, pageWindow(query));
  return { arr: rows.map(toAdminReviewer), total };
}

/** A reviewer now: the profile not removed and the account still of the reviewer role. */
async function currentReviewer(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<repo.ReviewerRow> {
  const row = await repo.reviewerById(db, id, options);
  if (!row || row.removedAt !== null || row.role !== 'reviewer') throw new NotFoundError(AdminPortfolioMessage.reviewerMissing);
  return row;
}

/**
 * `POST /admin/reviewers`: the account of the address (created when there is none: they sign in
 * with an e-mailed code) becomes a reviewer with this profile. Admins cannot be reviewers.
 */
export async function createReviewer(deps: PortfolioDeps, caller: AuthMember, input: ReviewerCreate): Promise<AdminReviewer> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const { id } = await members.ensureMember(tx, input.email, 'reviewer');
    const account = (await members.adminMember(tx, id, { lock: true }))!;
    if (account.role === 'admin') throw new RuleError(AdminPortfolioMessage.adminCannotReview);
    if (account.role === 'reviewer') throw new RuleError(AdminPortfolioMessage.alreadyReviewer);
    await members.setMemberRole(tx, id, 'reviewer', now);
    await repo.upsertReviewer(tx, id, { name: input.name, company: input.company, bio: input.bio, languages: input.languages }, now);
    const after = toAdminReviewer((await repo.reviewerById(tx, id))!);
    await audit.recordAudit(tx, { actor: caller, action: 'reviewer.create', target: { type: 'reviewer', id }, before: null, after: reviewerAuditView(after), at: now });
    return after;
  });
}

export async function updateReviewer(deps: PortfolioDeps, caller: AuthMember, id: number, input: ReviewerUpdate): Promise<AdminReviewer> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const before = toAdminReviewer(await currentReviewer(tx, id, { lock: true }));
    await repo.updateReviewer(tx, id, input, now);
    const after = toAdminReviewer((await repo.reviewerById(tx, id))!);
    await audit.recordAudit(tx, { actor: caller, action: 'reviewer.update', target: { type: 'reviewer', id }, before: reviewerAuditView(before), after: reviewerAuditView(after), at: now });
    return after;
  });
}

/**
 * `DELETE /admin/reviewers/{id}`: the account is a member again; the requests assigned to them and
 * not answered go back to the queue (requested). Their answered requests keep naming them.
 */
export async function removeReviewer(deps: PortfolioDeps, caller: AuthMember, id: number): Promise<AdminReviewer> {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const before = toAdminReviewer(await currentReviewer(tx, id, { lock: true }));
    const requeued = await repo.unassignOpen(tx, id, now);
    await repo.markReviewerRemoved(tx, id, now);
    await members.setMemberRole(tx, id, 'member', now);
    await audit.recordAudit(tx, {
      actor: caller,
      action: 'reviewer.remove',
      target: { type: 'reviewer', id },
      before: reviewerAuditView(before),
      after: { ...reviewerAuditView(before), removed: true, requeued },
      at: now,
    });
    return { ...before, open: 0 };
  });
}
