import multipart from '@fastify/multipart';
import { IdParamSchema } from '@shotlib/contract';
import { AdminItemInputSchema, AdminItemListQuerySchema, AdminItemListSchema, AdminItemSchema, AdminItemUpdateSchema, AdminMemberListSchema, AdminMemberQuerySchema, AdminMemberSchema, AdminMessage, AuditListSchema, AuditQuerySchema, LOGO_MAX_BYTES, RoleChangeSchema, VipChangeSchema } from '@shotlib/contract/admin';
import { SCREEN_MAX_BYTES, AdminScreenListSchema, IngestMessage, ScreenCategoryChangeSchema, ScreenElementChangeSchema, ScreenDeleteResultSchema, ScreenDeleteSchema, ScreenMessage, ScreenOrderSchema, ScreenUploadResultSchema } from '@shotlib/contract/ingest';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import { AppError, BadRequestError } from '../../lib/errors';
import { callerOf } from './admin-caller';
import { adminContentRoutes } from './admin-content.routes';
import { adminFlowRoutes } from './admin-flows.routes';
import * as service from './admin.service';


/** The multipart limits of every admin form; `fileSize` per route. */
const MULTIPART_LIMITS = { files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 };

/**
 * Read a multipart form: its one file (`file`, at most `maxBytes`: 413 with `tooLarge` beyond) and
 * its text fields.
 */
async function readForm(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<{ file: Buffer; fields: Record<string, string> }> {
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, fileSize: maxBytes } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') throw new BadRequestError(ScreenMessage.fileMissing);
      file = await part.toBuffer();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 413, tooLarge);
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    throw new BadRequestError('file: expected a multipart/form-data body with the image in "file".');
  }
  if (!file || file.length === 0) throw new BadRequestError('file: Required');
  return { file, fields };
}

const readLogo = async (request: FastifyRequest): Promise<Buffer> => (await readForm(request, LOGO_MAX_BYTES, AdminMessage.logoTooLarge)).file;

/** The optional `group` field of a screen upload: a category id, or none. */
const GroupFieldSchema = z.coerce.number().int().min(1).max(2_147_483_647).optional();

async function readScreen(request: FastifyRequest): Promise<{ file: Buffer; group: number | null }> {
  const { file, fields } = await readForm(request, SCREEN_MAX_BYTES, IngestMessage.tooLarge);
  const raw = fields.group?.trim();
  const group = GroupFieldSchema.safeParse(raw === '' || raw === 'null' ? undefined : raw);
  if (!group.success) throw new BadRequestError(ScreenMessage.unknownGroup);
  return { file, group: group.data ?? null };
}

const security = [{ token: [] }];

/**
 * The admin console's API under /admin (decision 037). Every route is refused before anything
 * else (validation included) to visitors (401) and to members who are not admins (403, the same
 * short message for every route), so a non-admin learns nothing of the calls' shapes.
 */
export const adminRoutes: FastifyPluginAsyncZod<service.AdminDeps> = async (app, options) => {
  const deps: service.AdminDeps = {
    db: options.db,
    media: options.media,
    now: options.now,
    signer: options.signer,
    jobs: options.jobs,
    reader: options.reader,
    catalogCache: options.catalogCache,
  };
  app.addHook('onRequest', requireAdmin);
  // The largest file of any admin form; each route reads its form with its own, lower or equal, limit.
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, fileSize: Math.max(LOGO_MAX_BYTES, SCREEN_MAX_BYTES) } });

  app.get(
    '/items',
    {
      schema: {
        tags: ['admin'],
        summary: 'Apps, websites and business software, published or not, newest first (search by name or brief, platform, business, status)',
        security,
        querystring: AdminItemListQuerySchema,
        response: replies(AdminItemListSchema),
      },
    },
    async (request) => ok(await service.listItems(deps, request.query)),
  );

  app.post(
    '/items',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an app or website (unpublished unless published=true); audited',
        security,
        body: AdminItemInputSchema,
        response: replies(AdminItemSchema),
      },
    },
    async (request) => ok(await service.createItem(deps, callerOf(request), request.body)),
  );

  app.get(
    '/items/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One app or website, published or not',
        security,
        params: IdParamSchema,
        response: replies(AdminItemSchema),
      },
    },
    async (request) => ok(await service.getItem(deps, request.params.id)),
  );

  app.put(
    '/items/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit an app or website: names and briefs (three languages), site, rating, platform, business, publish date, categories; audited',
        security,
        params: IdParamSchema,
        body: AdminItemUpdateSchema,
        response: replies(AdminItemSchema),
      },
    },
    async (request) => ok(await service.updateItem(deps, callerOf(request), request.params.id, request.body)),
  );

  for (const [action, published] of [
    ['unpublish', false],
    ['publish', true],
  ] as const) {
    app.post(
      `/items/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary: published ? 'Put an app or website back in the public catalogue; audited' : 'Take an app or website off every public read; audited',
          security,
          params: IdParamSchema,
          response: replies(AdminItemSchema),
        },
      },
      async (request) => ok(await service.setPublished(deps, callerOf(request), request.params.id, published)),
    );
  }

  app.post(
    '/items/:id/logo',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload an item logo (multipart: file); re-encoded as WebP and stored under its content hash; audited',
        description: `At most ${LOGO_MAX_BYTES / 1024 / 1024} MB; decoded as an image whatever its name or type.`,
        consumes: ['multipart/form-data'],
        security,
        params: IdParamSchema,
        response: replies(AdminItemSchema),
      },
    },
    async (request) => ok(await service.uploadLogo(deps, callerOf(request), request.params.id, () => readLogo(request))),
  );

  app.get(
    '/items/:id/screens',
    {
      schema: {
        tags: ['admin'],
        summary: 'The screens of an app or website in their order, with their processing state',
        security,
        params: IdParamSchema,
        response: replies(AdminScreenListSchema),
      },
    },
    async (request) => ok(await service.listScreens(deps, request.params.id)),
  );

  app.post(
    '/items/:id/screens',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add one screenshot (multipart: file, optional group = screen category id); duplicates are reported, not added; audited',
        description: `At most ${SCREEN_MAX_BYTES / 1024 / 1024} MB; decoded and checked (format, dimensions); a refused file answers a non-zero code with the reason.`,
        consumes: ['multipart/form-data'],
        security,
        params: IdParamSchema,
        response: replies(ScreenUploadResultSchema),
      },
    },
    async (request) => ok(await service.uploadScreen(deps, callerOf(request), request.params.id, () => readScreen(request))),
  );

  app.put(
    '/items/:id/screens/order',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder the screens of an app or website (every screen id once); audited',
        security,
        params: IdParamSchema,
        body: ScreenOrderSchema,
        response: replies(AdminScreenListSchema),
      },
    },
    async (request) => ok(await service.orderScreens(deps, callerOf(request), request.params.id, request.body.ids)),
  );

  app.post(
    '/screens/category',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set (or clear with null) the screen category of screens; audited',
        security,
        body: ScreenCategoryChangeSchema,
        response: replies(AdminScreenListSchema),
      },
    },
    async (request) => ok(await service.changeScreenCategory(deps, callerOf(request), request.body.ids, request.body.group)),
  );

  app.post(
    '/screens/elements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Tag (add) and untag (remove) UI elements on screens; audited',
        description: 'Every id of `add` and `remove` must be a UI element (the element tree, root 7): 400 otherwise. An element in both is removed.',
        security,
        body: ScreenElementChangeSchema,
        response: replies(AdminScreenListSchema),
      },
    },
    async (request) => ok(await service.changeScreenElements(deps, callerOf(request), request.body)),
  );

  app.post(
    '/screens/delete',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete screens, the collects of them and their files; the flows that used them lose those steps (a flow left empty is deleted); audited',
        security,
        body: ScreenDeleteSchema,
        response: replies(ScreenDeleteResultSchema),
      },
    },
    async (request) => ok(await service.deleteScreens(deps, callerOf(request), request.body.ids)),
  );

  app.get(
    '/members',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members whose e-mail address contains the text; without it, every member, the newest first',
        security,
        querystring: AdminMemberQuerySchema,
        response: replies(AdminMemberListSchema),
      },
    },
    async (request) => ok(await service.searchMembers(deps, request.query)),
  );

  app.post(
    '/members/:id/vip',
    {
      schema: {
        tags: ['admin'],
        summary: 'Grant, extend or revoke a membership (months or until), with a reason; audited',
        security,
        params: IdParamSchema,
        body: VipChangeSchema,
        response: replies(AdminMemberSchema),
      },
    },
    async (request) => ok(await service.changeVip(deps, callerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/members/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: 'Name an admin or take the role back, with a reason (never the last admin); audited',
        security,
        params: IdParamSchema,
        body: RoleChangeSchema,
        response: replies(AdminMemberSchema),
      },
    },
    async (request) => ok(await service.changeRole(deps, callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: filter by actor, action, target and time range',
        security,
        querystring: AuditQuerySchema,
        response: replies(AuditListSchema),
      },
    },
    async (request) => ok(await service.listAudit(deps, request.query)),
  );

  // Category trees, articles, plans and orders (decision 041): inside this plugin, behind the same hook.
  await app.register(adminContentRoutes, deps);
  // Flows of an item (decision 045): the same hook first.
  await app.register(adminFlowRoutes, deps);
};
