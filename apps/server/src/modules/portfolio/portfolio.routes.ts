import multipart from '@fastify/multipart';
import {
  DeclineInputSchema,
  IdParamSchema,
  PORTFOLIO_PDF_MAX_BYTES,
  PortfolioListQuerySchema,
  PortfolioListSchema,
  PortfolioMessage,
  PortfolioPdfSchema,
  PortfolioQuotaSchema,
  PortfolioRatingInputSchema,
  PortfolioRequestInputSchema,
  PortfolioRequestSchema,
  ReviewAnswerInputSchema,
  ReviewListQuerySchema,
  ReviewListSchema,
  ReviewRequestSchema,
} from '@shotlib/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';
import { currentMember, requireMember, requireReviewer } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import { AppError, BadRequestError } from '../../lib/errors';
import * as service from './portfolio.service';

/** Read the multipart form of a PDF upload: one file in the field `file` (413 beyond the limit). */
async function readPdf(request: FastifyRequest): Promise<{ file: Buffer; name: string | undefined }> {
  let found: { file: Buffer; name: string | undefined } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw new BadRequestError('file: expected the PDF in the field "file".');
      found = { file: await part.toBuffer(), name: part.filename };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 413, PortfolioMessage.pdfTooLarge);
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    throw new BadRequestError('file: expected a multipart/form-data body with the PDF in "file".');
  }
  if (!found || found.file.length === 0) throw new BadRequestError('file: Required');
  return found;
}

/** A header-safe `filename` and its UTF-8 form (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export type PortfolioServices = Pick<Services, 'db' | 'media' | 'limiter' | 'mailer' | 'now' | 'log'> & { config: Pick<Services['config'], 'siteUrl'> };

export const portfolioDeps = (services: PortfolioServices): service.PortfolioDeps => ({
  db: services.db,
  media: services.media,
  limiter: services.limiter,
  mailer: services.mailer,
  now: services.now,
  log: services.log,
  siteUrl: services.config.siteUrl,
});

const security = [{ token: [] }];

/**
 * Portfolio guidance (decision 046): the member's calls under /portfolio (subscribers ask, within
 * the year's quota; everyone signed in reads their own) and the reviewer's under /review (only the
 * requests assigned to them). Guards run on request, before validation.
 */
export const portfolioRoutes: FastifyPluginAsyncZod<PortfolioServices> = async (app, services) => {
  const deps = portfolioDeps(services);
  await app.register(multipart, { limits: { fileSize: PORTFOLIO_PDF_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 } });

  app.get(
    '/portfolio/quota',
    {
      onRequest: requireMember,
      schema: {
        tags: ['portfolio'],
        summary: "Portfolio reviews of the caller's subscription year: limit, used, left, renewsAt (regular members: limit 0)",
        security,
        response: replies(PortfolioQuotaSchema),
      },
    },
    async (request) => ok(await service.quota(deps, currentMember(request))),
  );

  app.get(
    '/portfolio',
    {
      onRequest: requireMember,
      schema: {
        tags: ['portfolio'],
        summary: "The caller's portfolio requests, newest first",
        security,
        querystring: PortfolioListQuerySchema,
        response: replies(PortfolioListSchema),
      },
    },
    async (request) => ok(await service.listMine(deps, currentMember(request), request.query)),
  );

  app.post(
    '/portfolio/pdf',
    {
      onRequest: requireMember,
      schema: {
        tags: ['portfolio'],
        summary: 'Upload a portfolio PDF (multipart: file) before sending the request; subscribers only',
        description: `At most ${PORTFOLIO_PDF_MAX_BYTES / 1024 / 1024} MB; the bytes must be a PDF (%PDF- header, %%EOF marker). Stored privately: only its member, the assigned reviewer and admins can download it.`,
        consumes: ['multipart/form-data'],
        security,
        response: replies(PortfolioPdfSchema),
      },
    },
    async (request) => ok(await service.uploadPdf(deps, currentMember(request), () => readPdf(request))),
  );

  app.post(
    '/portfolio',
    {
      onRequest: requireMember,
      schema: {
        tags: ['portfolio'],
        summary: 'Ask for portfolio guidance: a link or an uploaded PDF, role, level, questions, language, consent; subscribers only, within the quota',
        security,
        body: PortfolioRequestInputSchema,
        response: replies(PortfolioRequestSchema),
      },
    },
    async (request) => ok(await service.createRequest(deps, currentMember(request), request.body)),
  );

  app.get(
    '/portfolio/:id',
    {
      onRequest: requireMember,
      schema: {
        tags: ['portfolio'],
        summary: "One of the caller's requests, with the answer once it came",
        security,
        params: IdParamSchema,
        response: replies(PortfolioRequestSchema),
      },
    },
    async (request) => ok(await service.getMine(deps, currentMember(request), request.params.id)),
  );

  app.put(
    '/portfolio/:id/rating',
    {
      onRequest: requireMember,
      schema: {
        tags: ['portfolio'],
        summary: 'Rate the answer of one of the caller’s requests (1–5, an optional comment)',
        security,
        params: IdParamSchema,
        body: PortfolioRatingInputSchema,
        response: replies(PortfolioRequestSchema),
      },
    },
    async (request) => ok(await service.rate(deps, currentMember(request), request.params.id, request.body)),
  );

  app.get(
    '/portfolio/:id/pdf',
    {
      onRequest: requireMember,
      schema: {
        tags: ['portfolio'],
        summary: "The request's PDF (application/pdf) for its member, its assigned reviewer and admins",
        security,
        params: IdParamSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { file, name } = await service.pdfOf(deps, currentMember(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', attachment(name))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  // ---- the reviewer ----------------------------------------------------------------------------

  app.get(
    '/review',
    {
      onRequest: requireReviewer,
      schema: {
        tags: ['portfolio'],
        summary: 'Requests assigned to the calling reviewer: open ones first (oldest first), then the rest',
        security,
        querystring: ReviewListQuerySchema,
        response: replies(ReviewListSchema),
      },
    },
    async (request) => ok(await service.listAssigned(deps, currentMember(request), request.query)),
  );

  app.get(
    '/review/:id',
    {
      onRequest: requireReviewer,
      schema: {
        tags: ['portfolio'],
        summary: 'One request assigned to the calling reviewer',
        security,
        params: IdParamSchema,
        response: replies(ReviewRequestSchema),
      },
    },
    async (request) => ok(await service.getAssigned(deps, currentMember(request), request.params.id)),
  );

  app.post(
    '/review/:id/answer',
    {
      onRequest: requireReviewer,
      schema: {
        tags: ['portfolio'],
        summary: 'Answer an assigned request: feedback (HTML, sanitised when saved) and an optional call link; the member is e-mailed; audited',
        security,
        params: IdParamSchema,
        body: ReviewAnswerInputSchema,
        response: replies(ReviewRequestSchema),
      },
    },
    async (request) => ok(await service.answer(deps, currentMember(request), request.params.id, request.body)),
  );

  app.post(
    '/review/:id/decline',
    {
      onRequest: requireReviewer,
      schema: {
        tags: ['portfolio'],
        summary: "Decline an assigned request with a reason; the member is e-mailed and gets the quota's place back; audited",
        security,
        params: IdParamSchema,
        body: DeclineInputSchema,
        response: replies(ReviewRequestSchema),
      },
    },
    async (request) => ok(await service.reviewerDecline(deps, currentMember(request), request.params.id, request.body)),
  );
};
