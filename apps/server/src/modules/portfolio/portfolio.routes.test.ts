import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  API_PREFIX,
  LIMITS,
  ORDER_STATUS,
  PORTFOLIO_PDF_MAX_BYTES,
  PortfolioMessage,
  ReplyCode,
  type MemberInfo,
  type PortfolioPdf,
  type PortfolioQuota,
  type PortfolioRequest,
  type PortfolioSummary,
  type ReviewRequest,
  type ReviewSummary,
} from '@shotlib/contract';
import { ADMIN_PATH, type AuditEntry } from '@shotlib/contract/admin';
import { AdminPortfolioMessage, type AdminPortfolioRequest, type AdminPortfolioSummary, type AdminReviewer } from '@shotlib/contract/admin-portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, order } from '../../db/schema';
import { parseMail, type ParsedMail } from '../../test/mime';
import { call, createTestApp, multipart, type TestApp } from '../../test/test-app';
import { createSession } from '../session/session.service';

let t: TestApp;
beforeAll(async () => {
  // No SMTP_URL: every mail lands in DATA_DIR/outbox as an .eml file.
  t = await createTestApp();
});
afterAll(() => t?.close());

type List<T> = { arr: T[]; total: number };
const api = (p: string) => `${API_PREFIX}${p}`;
const admin = (p: string) => `${API_PREFIX}${ADMIN_PATH}${p}`;
const DAY = 86_400_000;

/** A small but well-formed PDF (header, one object, trailer, end marker). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

let serial = 0;
/** A new member with a session: a subscriber (paid `paidDaysAgo` days ago when given) or not. */
async function newMember(options: { vip?: boolean; paidDaysAgo?: number; locale?: string } = {}): Promise<{ id: number; email: string; token: string }> {
  const now = new Date();
  const email = `pf-${++serial}-${Date.now()}@example.com`;
  const [row] = await t.db
    .insert(member)
    .values({
      email,
      nickname: `pf${serial}`,
      locale: options.locale ?? 'enUS',
      vipExpiresAt: options.vip === false ? null : new Date(now.getTime() + 100 * DAY),
      createdAt: new Date(now.getTime() - 400 * DAY),
    })
    .returning();
  if (options.paidDaysAgo !== undefined) {
    const paidAt = new Date(now.getTime() - options.paidDaysAgo * DAY);
    await t.db.insert(order).values({
      tno: `T${serial}${Date.now()}`,
      memberId: row!.id,
      grade: 1,
      way: 'card',
      provider: 'sandbox',
      amount: 19800,
      currency: 'CNY',
      status: ORDER_STATUS.paid,
      paidAt,
      createdAt: paidAt,
    });
  }
  return { id: row!.id, email, token: await createSession(t.db, row!.id, now) };
}

async function uploadPdf(token: string, data: Buffer = PDF, name = 'My portfolio.pdf') {
  return call<PortfolioPdf>(t.app, { method: 'POST', url: api('/portfolio/pdf'), token, ...(await multipart({ file: { data, name, type: 'application/pdf' } })) });
}

const requestBody = (extra: Record<string, unknown>) => ({
  role: 'Senior product designer',
  level: 'senior',
  questions: 'Is my case study on onboarding convincing for a fintech team?',
  locale: 'enUS',
  consent: true,
  ...extra,
});

const sendRequest = (token: string, extra: Record<string, unknown>) =>
  call<PortfolioRequest>(t.app, { method: 'POST', url: api('/portfolio'), token, payload: requestBody(extra) });

const quotaOf = async (token: string) => (await call<PortfolioQuota>(t.app, { method: 'GET', url: api('/portfolio/quota'), token })).body.data;

/** Every mail written to the outbox so far, to `to`. */
async function mailsTo(to: string): Promise<ParsedMail[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(names.map(async (name) => parseMail(await readFile(path.join(dir, name)))));
  return mails.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

async function auditOf(targetType: 'portfolio' | 'reviewer', targetId: number): Promise<AuditEntry[]> {
  const reply = await call<List<AuditEntry>>(t.app, { method: 'GET', url: admin(`/audit?targetType=${targetType}&targetId=${targetId}`), token: t.fixtures.tokens.admin });
  expect(reply.status).toBe(200);
  return reply.body.data.arr;
}

/** A reviewer made by the console, signed in. */
async function newReviewer(profile: Partial<{ name: string; company: string; languages: string[] }> = {}) {
  const email = `reviewer-${++serial}-${Date.now()}@example.com`;
  const reply = await call<AdminReviewer>(t.app, {
    method: 'POST',
    url: admin('/reviewers'),
    token: t.fixtures.tokens.admin,
    payload: { email, name: 'Lin Chen', company: 'Big Company', bio: 'Design lead, 12 years.', languages: ['enUS', 'zhCN'], ...profile },
  });
  expect(reply.body.code, reply.body.message).toBe(0);
  return { ...reply.body.data, token: await createSession(t.db, reply.body.data.id, new Date()) };
}

const assign = (id: number, reviewerId: number) =>
  call<AdminPortfolioRequest>(t.app, { method: 'POST', url: admin(`/portfolio/${id}/assign`), token: t.fixtures.tokens.admin, payload: { reviewerId } });

describe('the journey', () => {
  it('a subscriber sends a PDF, an admin assigns it, the reviewer answers, the member reads and rates; every step e-mailed and audited', async () => {
    const vip = await newMember({ paidDaysAgo: 30 });
    const reviewer = await newReviewer();
    expect(reviewer).toMatchObject({ name: 'Lin Chen', company: 'Big Company', languages: ['enUS', 'zhCN'], open: 0, answered: 0, rating: null });
    const info = await call<MemberInfo>(t.app, { method: 'GET', url: api('/member/info'), token: reviewer.token });
    expect(info.body.data.role).toBe('reviewer');

    const upload = await uploadPdf(vip.token);
    expect(upload.body).toMatchObject({ code: 0, data: { name: 'My portfolio.pdf', size: PDF.length } });
    const sent = await sendRequest(vip.token, { pdfId: upload.body.data.pdfId, locale: 'zhCN' });
    expect(sent.body.code, sent.body.message).toBe(0);
    const id = sent.body.data.id;
    expect(sent.body.data).toMatchObject({ state: 'requested', link: null, pdf: { name: 'My portfolio.pdf' }, reviewer: null, answer: null, locale: 'zhCN' });
    expect(await quotaOf(vip.token)).toMatchObject({ vip: true, limit: 2, used: 1, left: 1 });

    // The queue shows it, waiting.
    const queue = await call<List<AdminPortfolioSummary>>(t.app, { method: 'GET', url: admin('/portfolio?state=requested'), token: t.fixtures.tokens.admin });
    expect(queue.body.data.arr.find((row) => row.id === id)).toMatchObject({ state: 'requested', member: { email: vip.email }, reviewer: null });

    // Before assignment the reviewer cannot see it.
    expect((await call(t.app, { method: 'GET', url: api(`/review/${id}`), token: reviewer.token })).status).toBe(404);

    const assigned = await assign(id, reviewer.id);
    expect(assigned.body.data).toMatchObject({ state: 'assigned', reviewer: { id: reviewer.id, name: 'Lin Chen', company: 'Big Company' } });
    const [assignedMail] = await mailsTo(vip.email);
    expect(assignedMail!.subject).toBe('已有导师在查看你的作品集');
    expect(assignedMail!.text).toContain('Lin Chen (Big Company)');
    expect(assignedMail!.text).toContain(`/mine/portfolio/${id}`);
    const [toReviewer] = await mailsTo(reviewer.email);
    expect(toReviewer!.subject).toBe('A portfolio to review');
    expect(toReviewer!.text).toContain(`/review/${id}`);

    // The reviewer's list and request; the member appears by nickname only.
    const list = await call<List<ReviewSummary>>(t.app, { method: 'GET', url: api('/review'), token: reviewer.token });
    expect(list.body.data.arr.map((row) => row.id)).toEqual([id]);
    const seen = await call<ReviewRequest>(t.app, { method: 'GET', url: api(`/review/${id}`), token: reviewer.token });
    expect(seen.body.data).toMatchObject({ state: 'assigned', questions: requestBody({}).questions, member: { nickname: expect.any(String) } });
    expect(JSON.stringify(seen.body.data)).not.toContain(vip.email);
    const pdf = await t.app.inject({ method: 'GET', url: api(`/portfolio/${id}/pdf`), headers: { authorization: reviewer.token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    const answered = await call<ReviewRequest>(t.app, {
      method: 'POST',
      url: api(`/review/${id}/answer`),
      token: reviewer.token,
      payload: { html: '<h2>Strengths</h2><p onclick="x()">Clear <strong>story</strong>.</p><script>alert(1)</script>', callLink: 'https://meet.example/abc' },
    });
    expect(answered.body.code, answered.body.message).toBe(0);
    expect(answered.body.data.answer).toMatchObject({ html: '<h2>Strengths</h2><p>Clear <strong>story</strong>.</p>', callLink: 'https://meet.example/abc' });
    const answeredMails = await mailsTo(vip.email);
    expect(answeredMails.map((mail) => mail.subject)).toEqual(['已有导师在查看你的作品集', '你的作品集点评已完成']);

    // A second answer is refused: it is no longer waiting.
    const again = await call(t.app, { method: 'POST', url: api(`/review/${id}/answer`), token: reviewer.token, payload: { html: '<p>more</p>' } });
    expect(again.body).toMatchObject({ code: ReplyCode.rule, message: PortfolioMessage.notOpen });

    const read = await call<PortfolioRequest>(t.app, { method: 'GET', url: api(`/portfolio/${id}`), token: vip.token });
    expect(read.body.data).toMatchObject({ state: 'answered', answer: { callLink: 'https://meet.example/abc' }, reviewer: { name: 'Lin Chen' } });
    const rated = await call<PortfolioRequest>(t.app, { method: 'PUT', url: api(`/portfolio/${id}/rating`), token: vip.token, payload: { rating: 5, comment: 'Very useful' } });
    expect(rated.body.data).toMatchObject({ rating: 5, ratingComment: 'Very useful' });
    const mine = await call<List<PortfolioSummary>>(t.app, { method: 'GET', url: api('/portfolio'), token: vip.token });
    expect(mine.body.data.arr).toEqual([expect.objectContaining({ id, state: 'answered', rating: 5 })]);

    const reviewers = await call<List<AdminReviewer>>(t.app, { method: 'GET', url: admin(`/reviewers?q=${encodeURIComponent(reviewer.email)}`), token: t.fixtures.tokens.admin });
    expect(reviewers.body.data.arr).toEqual([expect.objectContaining({ id: reviewer.id, open: 0, answered: 1, rating: 5 })]);

    const trail = await auditOf('portfolio', id);
    expect(trail.map((row) => row.action).reverse()).toEqual(['portfolio.request', 'portfolio.assign', 'portfolio.answer']);
    expect(trail.map((row) => row.actorEmail).reverse()).toEqual([vip.email, 'admin@example.com', reviewer.email]);
    expect((await auditOf('reviewer', reviewer.id)).map((row) => row.action)).toEqual(['reviewer.create']);
  });

  it('rates only an answered request', async () => {
    const vip = await newMember();
    const sent = await sendRequest(vip.token, { link: 'https://portfolio.example/me' });
    const rated = await call(t.app, { method: 'PUT', url: api(`/portfolio/${sent.body.data.id}/rating`), token: vip.token, payload: { rating: 4 } });
    expect(rated.body).toMatchObject({ code: ReplyCode.rule, message: PortfolioMessage.notAnswered });
    const bad = await call(t.app, { method: 'PUT', url: api(`/portfolio/${sent.body.data.id}/rating`), token: vip.token, payload: { rating: 6 } });
    expect(bad.status).toBe(400);
  });
});

describe('the quota', () => {
  it('allows two requests per subscription year, refuses the third, and a declined request gives its place back', async () => {
    const vip = await newMember({ paidDaysAgo: 400 });
    // First paid 400 days ago: this year started 35 days ago (its anniversary) and renews in 330 days.
    const quota = await quotaOf(vip.token);
    expect(quota).toMatchObject({ vip: true, limit: LIMITS.vip.portfolioPerYear, used: 0, left: 2 });
    const renews = new Date(quota.renewsAt!).getTime() - Date.now();
    expect(Math.round(renews / DAY)).toBeGreaterThanOrEqual(329);
    expect(Math.round(renews / DAY)).toBeLessThanOrEqual(331);

    const first = await sendRequest(vip.token, { link: 'https://portfolio.example/1' });
    const second = await sendRequest(vip.token, { link: 'https://portfolio.example/2' });
    expect([first.body.code, second.body.code]).toEqual([0, 0]);
    const third = await sendRequest(vip.token, { link: 'https://portfolio.example/3' });
    expect(third.status).toBe(200);
    expect(third.body).toEqual({ code: ReplyCode.rule, message: PortfolioMessage.quotaUsed, data: null });
    expect(await quotaOf(vip.token)).toMatchObject({ used: 2, left: 0 });

    const declined = await call<AdminPortfolioRequest>(t.app, {
      method: 'POST',
      url: admin(`/portfolio/${second.body.data.id}/decline`),
      token: t.fixtures.tokens.admin,
      payload: { reason: 'The link does not open.' },
    });
    expect(declined.body.data).toMatchObject({ state: 'declined', declineReason: 'The link does not open.' });
    const [mail] = await mailsTo(vip.email);
    expect(mail!.subject).toBe('Your portfolio review request was declined');
    expect(mail!.text).toContain('The link does not open.');
    expect(await quotaOf(vip.token)).toMatchObject({ used: 1, left: 1 });
    expect((await sendRequest(vip.token, { link: 'https://portfolio.example/3' })).body.code).toBe(0);
    expect((await sendRequest(vip.token, { link: 'https://portfolio.example/4' })).body.message).toBe(PortfolioMessage.quotaUsed);

    // A declined request cannot be declined or assigned again.
    const twice = await call(t.app, { method: 'POST', url: admin(`/portfolio/${second.body.data.id}/decline`), token: t.fixtures.tokens.admin, payload: { reason: 'again' } });
    expect(twice.body).toMatchObject({ code: ReplyCode.rule, message: AdminPortfolioMessage.notDeclinable });
    const reviewer = await newReviewer();
    expect((await assign(second.body.data.id, reviewer.id)).body).toMatchObject({ code: ReplyCode.rule, message: AdminPortfolioMessage.notAssignable });
  });

  it('refuses regular members: no quota, no request, no upload (the paywall, 1002)', async () => {
    const regular = t.fixtures.tokens.regular;
    expect(await quotaOf(regular)).toEqual({ vip: false, limit: 0, used: 0, left: 0, renewsAt: null });
    expect((await sendRequest(regular, { link: 'https://portfolio.example/x' })).body).toEqual({ code: ReplyCode.vipRequired, message: PortfolioMessage.vipOnly, data: null });
    expect((await uploadPdf(regular)).body).toMatchObject({ code: ReplyCode.vipRequired, message: PortfolioMessage.vipOnly });
    expect((await sendRequest(t.fixtures.tokens.lapsed, { link: 'https://portfolio.example/x' })).body.code).toBe(ReplyCode.vipRequired);
    // Visitors: 401 before anything else.
    expect((await call(t.app, { method: 'GET', url: api('/portfolio/quota') })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: api('/portfolio'), payload: { nothing: true } })).status).toBe(401);
  });
});

describe('input', () => {
  it('takes a link or a PDF, never both or neither, and needs consent', async () => {
    const vip = await newMember();
    const upload = await uploadPdf(vip.token);
    const both = await sendRequest(vip.token, { link: 'https://portfolio.example', pdfId: upload.body.data.pdfId });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain(PortfolioMessage.linkOrPdf);
    expect((await sendRequest(vip.token, {})).body.message).toContain(PortfolioMessage.linkOrPdf);
    const noConsent = await sendRequest(vip.token, { link: 'https://portfolio.example', consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toContain(PortfolioMessage.consentRequired);
    expect((await sendRequest(vip.token, { link: 'javascript:alert(1)' })).body.message).toContain(PortfolioMessage.linkInvalid);
    expect((await sendRequest(vip.token, { link: 'https://portfolio.example', locale: 'fr' })).status).toBe(400);
    expect((await sendRequest(vip.token, { link: 'https://portfolio.example', level: 'god' })).status).toBe(400);
    expect(await quotaOf(vip.token)).toMatchObject({ used: 0 });
  });

  it('refuses a file that is not a PDF, and one over the size limit', async () => {
    const vip = await newMember();
    const fake = await uploadPdf(vip.token, Buffer.from('<html><script>alert(1)</script></html>'), 'cv.pdf');
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ code: ReplyCode.badRequest, message: PortfolioMessage.notAPdf });
    const cut = await uploadPdf(vip.token, PDF.subarray(0, PDF.length - 7));
    expect(cut.body.message).toBe(PortfolioMessage.notAPdf);
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(PORTFOLIO_PDF_MAX_BYTES), Buffer.from('\n%%EOF\n')]);
    const tooBig = await uploadPdf(vip.token, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(PortfolioMessage.pdfTooLarge);
    const empty = await call(t.app, { method: 'POST', url: api('/portfolio/pdf'), token: vip.token, headers: { 'content-type': 'application/json' }, payload: '{}' });
    // Not a multipart body at all: the multipart parser's 406, as an envelope.
    expect(empty.status).toBe(406);
    expect(empty.body).toMatchObject({ code: 406, data: null });
  });

  it('limits how many PDFs a member uploads', async () => {
    const vip = await newMember();
    for (let i = 0; i < 10; i++) expect((await uploadPdf(vip.token)).status).toBe(200);
    const over = await uploadPdf(vip.token);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not held back.
    expect((await uploadPdf((await newMember()).token)).status).toBe(200);
  });

  it("takes only the caller's own upload, once", async () => {
    const [a, b] = [await newMember(), await newMember()];
    const upload = await uploadPdf(a.token);
    expect((await sendRequest(b.token, { pdfId: upload.body.data.pdfId })).body).toMatchObject({ code: ReplyCode.badRequest, message: PortfolioMessage.pdfMissing });
    expect((await sendRequest(a.token, { pdfId: upload.body.data.pdfId })).body.code).toBe(0);
    expect((await sendRequest(a.token, { pdfId: upload.body.data.pdfId })).body.message).toBe(PortfolioMessage.pdfMissing);
  });
});

describe('access', () => {
  it("another member cannot read a request or its PDF; /media never serves it; admins can", async () => {
    const [owner, other] = [await newMember(), await newMember()];
    const upload = await uploadPdf(owner.token);
    const id = (await sendRequest(owner.token, { pdfId: upload.body.data.pdfId })).body.data.id;
    for (const token of [other.token, t.fixtures.tokens.regular]) {
      const read = await call(t.app, { method: 'GET', url: api(`/portfolio/${id}`), token });
      expect(read).toMatchObject({ status: 404, body: { code: 404, message: PortfolioMessage.requestMissing } });
      const pdf = await call(t.app, { method: 'GET', url: api(`/portfolio/${id}/pdf`), token });
      expect(pdf).toMatchObject({ status: 404, body: { message: PortfolioMessage.requestMissing } });
      expect((await call(t.app, { method: 'PUT', url: api(`/portfolio/${id}/rating`), token, payload: { rating: 1 } })).status).toBe(404);
    }
    expect((await call(t.app, { method: 'GET', url: api(`/portfolio/${id}/pdf`) })).status).toBe(401);
    // The same answer as a request that does not exist.
    expect((await call(t.app, { method: 'GET', url: api('/portfolio/999999'), token: owner.token })).body.message).toBe(PortfolioMessage.requestMissing);
    const mine = await call<List<PortfolioSummary>>(t.app, { method: 'GET', url: api('/portfolio'), token: other.token });
    expect(mine.body.data).toEqual({ arr: [], total: 0 });

    const byAdmin = await t.app.inject({ method: 'GET', url: api(`/portfolio/${id}/pdf`), headers: { authorization: t.fixtures.tokens.admin } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(PDF)).toBe(true);

    // The stored file under its private key: /media answers 404 for it, as for any missing file.
    const outside = await t.app.inject({ method: 'GET', url: `/media/private/portfolio/${owner.id}/x.pdf` });
    expect(outside.statusCode).toBe(404);
    const listing = await readdir(path.join(t.dataDir, 'media', 'private', 'portfolio', String(owner.id)));
    expect(listing).toHaveLength(1);
    for (const url of [`/media/private/portfolio/${owner.id}/${listing[0]}`, `/media/_w320/private/portfolio/${owner.id}/${listing[0]}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('reviewer routes refuse visitors (401) and non-reviewers (403) before validation; a reviewer sees only their own requests', async () => {
    for (const token of [t.fixtures.tokens.vip, t.fixtures.tokens.admin]) {
      const list = await call(t.app, { method: 'GET', url: api('/review'), token });
      expect(list).toMatchObject({ status: 403, body: { code: 403, message: PortfolioMessage.reviewersOnly } });
      const answer = await call(t.app, { method: 'POST', url: api('/review/1/answer'), token, payload: { html: 42 } });
      expect(answer.status).toBe(403);
    }
    expect((await call(t.app, { method: 'GET', url: api('/review') })).status).toBe(401);

    const vip = await newMember();
    const upload = await uploadPdf(vip.token);
    const id = (await sendRequest(vip.token, { pdfId: upload.body.data.pdfId })).body.data.id;
    const [mineReviewer, otherReviewer] = [await newReviewer(), await newReviewer()];
    await assign(id, mineReviewer.id);
    expect((await call(t.app, { method: 'GET', url: api(`/review/${id}`), token: otherReviewer.token })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: api(`/portfolio/${id}/pdf`), token: otherReviewer.token })).status).toBe(404);
    const otherAnswer = await call(t.app, { method: 'POST', url: api(`/review/${id}/answer`), token: otherReviewer.token, payload: { html: '<p>Hi</p>' } });
    expect(otherAnswer.status).toBe(404);
    expect((await call<List<ReviewSummary>>(t.app, { method: 'GET', url: api('/review'), token: otherReviewer.token })).body.data.total).toBe(0);

    // Reassigned: the first reviewer no longer sees it.
    await assign(id, otherReviewer.id);
    expect((await call(t.app, { method: 'GET', url: api(`/review/${id}`), token: mineReviewer.token })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: api(`/review/${id}`), token: otherReviewer.token })).status).toBe(200);
  });

  it('console routes refuse visitors and non-admins before validation', async () => {
    for (const [method, url] of [
      ['GET', '/reviewers'],
      ['POST', '/reviewers'],
      ['PUT', '/reviewers/1'],
      ['DELETE', '/reviewers/1'],
      ['GET', '/portfolio'],
      ['GET', '/portfolio/1'],
      ['POST', '/portfolio/1/assign'],
      ['POST', '/portfolio/1/decline'],
    ] as const) {
      expect((await call(t.app, { method, url: admin(url), payload: method === 'GET' || method === 'DELETE' ? undefined : { x: 1 } })).status, url).toBe(401);
      expect((await call(t.app, { method, url: admin(url), token: t.fixtures.tokens.vip, payload: method === 'GET' || method === 'DELETE' ? undefined : { x: 1 } })).status, url).toBe(403);
    }
  });
});

describe('reviewers', () => {
  it('declining as the reviewer e-mails the member and returns the place', async () => {
    const vip = await newMember({ locale: 'zhTW' });
    const reviewer = await newReviewer();
    const id = (await sendRequest(vip.token, { link: 'https://portfolio.example', locale: 'zhTW' })).body.data.id;
    await assign(id, reviewer.id);
    const short = await call(t.app, { method: 'POST', url: api(`/review/${id}/decline`), token: reviewer.token, payload: { reason: '' } });
    expect(short.status).toBe(400);
    const declined = await call<ReviewRequest>(t.app, { method: 'POST', url: api(`/review/${id}/decline`), token: reviewer.token, payload: { reason: 'Conflict of interest.' } });
    expect(declined.body.data).toMatchObject({ state: 'declined', declineReason: 'Conflict of interest.' });
    expect((await mailsTo(vip.email)).map((mail) => mail.subject)).toEqual(['已有導師在查看你的作品集', '你的作品集點評申請未被受理']);
    expect(await quotaOf(vip.token)).toMatchObject({ used: 0, left: 2 });
    const [row] = await auditOf('portfolio', id);
    expect(row).toMatchObject({ action: 'portfolio.decline', actorEmail: reviewer.email, reason: 'Conflict of interest.' });
  });

  it('the console edits and removes reviewers; removal puts their open requests back in the queue', async () => {
    const reviewer = await newReviewer();
    const edited = await call<AdminReviewer>(t.app, { method: 'PUT', url: admin(`/reviewers/${reviewer.id}`), token: t.fixtures.tokens.admin, payload: { company: 'Another Co', languages: ['zhTW'] } });
    expect(edited.body.data).toMatchObject({ name: 'Lin Chen', company: 'Another Co', languages: ['zhTW'] });
    expect((await call(t.app, { method: 'PUT', url: admin(`/reviewers/${reviewer.id}`), token: t.fixtures.tokens.admin, payload: {} })).status).toBe(400);
    expect((await call(t.app, { method: 'PUT', url: admin(`/reviewers/${reviewer.id}`), token: t.fixtures.tokens.admin, payload: { languages: [] } })).status).toBe(400);

    // A reviewer's role is not changed in Members.
    const role = await call(t.app, { method: 'POST', url: admin(`/members/${reviewer.id}/role`), token: t.fixtures.tokens.admin, payload: { role: 'admin', reason: 'promote' } });
    expect(role.body).toMatchObject({ code: ReplyCode.rule, message: AdminPortfolioMessage.reviewerRole });
    // Admins cannot be reviewers; a reviewer is not added twice.
    const adminAsReviewer = await call(t.app, { method: 'POST', url: admin('/reviewers'), token: t.fixtures.tokens.admin, payload: { email: 'ADMIN@example.com', name: 'A', company: 'B', languages: ['enUS'] } });
    expect(adminAsReviewer.body.message).toBe(AdminPortfolioMessage.adminCannotReview);
    const twice = await call(t.app, { method: 'POST', url: admin('/reviewers'), token: t.fixtures.tokens.admin, payload: { email: reviewer.email, name: 'A', company: 'B', languages: ['enUS'] } });
    expect(twice.body.message).toBe(AdminPortfolioMessage.alreadyReviewer);

    const vip = await newMember();
    const id = (await sendRequest(vip.token, { link: 'https://portfolio.example' })).body.data.id;
    await assign(id, reviewer.id);
    const removed = await call<AdminReviewer>(t.app, { method: 'DELETE', url: admin(`/reviewers/${reviewer.id}`), token: t.fixtures.tokens.admin });
    expect(removed.body.code).toBe(0);
    const request = await call<AdminPortfolioRequest>(t.app, { method: 'GET', url: admin(`/portfolio/${id}`), token: t.fixtures.tokens.admin });
    expect(request.body.data).toMatchObject({ state: 'requested', reviewer: null, assignedAt: null });
    expect((await call(t.app, { method: 'GET', url: api('/review'), token: reviewer.token })).status).toBe(403);
    expect((await assign(id, reviewer.id)).body).toMatchObject({ code: 404, message: AdminPortfolioMessage.reviewerMissing });
    const listed = await call<List<AdminReviewer>>(t.app, { method: 'GET', url: admin(`/reviewers?q=${encodeURIComponent(reviewer.email)}`), token: t.fixtures.tokens.admin });
    expect(listed.body.data.total).toBe(0);
    expect((await auditOf('reviewer', reviewer.id)).map((row) => row.action)).toEqual(['reviewer.remove', 'reviewer.update', 'reviewer.create']);

    // Added again: a reviewer once more, with the new profile.
    const back = await call<AdminReviewer>(t.app, { method: 'POST', url: admin('/reviewers'), token: t.fixtures.tokens.admin, payload: { email: reviewer.email, name: 'Lin C.', company: 'Third Co', languages: ['enUS'] } });
    expect(back.body.data).toMatchObject({ id: reviewer.id, name: 'Lin C.', company: 'Third Co' });
  });

  it('creates the account of a new address, which then signs in with a code', async () => {
    const email = `fresh-reviewer-${Date.now()}@example.com`;
    const created = await call<AdminReviewer>(t.app, { method: 'POST', url: admin('/reviewers'), token: t.fixtures.tokens.admin, payload: { email, name: 'New', company: 'Co', languages: ['enUS'] } });
    expect(created.body.data).toMatchObject({ email, name: 'New' });
    const sign = await call<{ next: boolean }>(t.app, { method: 'POST', url: api('/sign'), payload: { emailAddr: email } });
    expect(sign.body.data.next).toBe(true);
  });
});
