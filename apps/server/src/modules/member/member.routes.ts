import multipart from '@fastify/multipart';
import {
  AccountMessage,
  AVATAR_MAX_BYTES,
  AvatarListSchema,
  MemberInfoSchema,
  UpdateMemberSchema,
  UploadPathSchema,
  UploadReplySchema,
} from '@shotlib/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireMember } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import { AppError, BadRequestError } from '../../lib/errors';
import { tokenFromHeader } from '../../lib/tokens';
import * as service from './member.service';
import { stripAvatars } from './strip-avatars';


/** Read the multipart form: one file (`file`) and the `path` field, in any order. */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; path: string }> {
  let file: Buffer | null = null;
  let path: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new BadRequestError('file: expected the image in the field "file".');
        file = await part.toBuffer();
      } else if (part.fieldname === 'path') {
        path = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 413, AccountMessage.imageTooLarge);
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    // The body itself is malformed (no boundary, a boundary over 70 characters, cut short):
    // the parser's own error says which, but it is the caller's mistake, not ours.
    throw new BadRequestError('file: expected a multipart/form-data body (file, path=avatar).');
  }
  if (!file || file.length === 0) throw new BadRequestError('file: Required');
  if (!UploadPathSchema.safeParse(path).success) throw new BadRequestError('path: expected "avatar"');
  return { file, path: path! };
}

/** The member's own account: profile, avatar upload, and the login page's avatar strip. */
/** What the account routes take from the composition root (services.ts). */
export type MemberServices = Pick<service.MemberDeps, 'db' | 'media' | 'limiter' | 'now'> & { limits: { member: service.MemberLimits } };

export const memberRoutes: FastifyPluginAsyncZod<MemberServices> = async (app, services) => {
  const deps: service.MemberDeps = {
    db: services.db,
    media: services.media,
    limiter: services.limiter,
    now: services.now,
    limits: services.limits.member,
    stripAvatars: stripAvatars(services.media),
  };
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  app.get(
    '/member/info',
    {
      preHandler: requireMember,
      schema: {
        tags: ['member'],
        summary: 'The signed-in member: id, emailAddr, nickname, avatar, expired (subscription expiry or null)',
        security: [{ token: [] }],
        response: replies(MemberInfoSchema),
      },
    },
    async (request) => ok(await service.memberInfo(deps, currentMember(request))),
  );

  app.put(
    '/member',
    {
      preHandler: requireMember,
      schema: {
        tags: ['member'],
        summary: 'Update nickname (3–20), avatar (an upload route) and/or password (≥ 6; currentPassword when one is set)',
        description: 'Setting a password ends every other session of the member.',
        security: [{ token: [] }],
        body: UpdateMemberSchema,
        response: replies(MemberInfoSchema),
      },
    },
    async (request) =>
      ok(await service.updateMember(deps, currentMember(request), tokenFromHeader(request.headers.authorization) ?? '', request.body)),
  );

  app.post(
    '/upload/file',
    {
      preHandler: requireMember,
      schema: {
        tags: ['member'],
        summary: 'Upload an avatar (multipart: file, path=avatar); returns its media route',
        description: `The file is decoded as an image whatever its name or type, at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB, re-encoded as WebP without metadata and stored under its content hash.`,
        consumes: ['multipart/form-data'],
        security: [{ token: [] }],
        response: replies(UploadReplySchema),
      },
    },
    async (request) =>
      ok(await service.uploadAvatar(deps, currentMember(request), async () => (await readUpload(request)).file)),
  );

  app.get(
    '/platform/nu',
    {
      schema: {
        tags: ['member'],
        summary: "Avatars of the login page's scroll strip (relative media paths)",
        response: replies(AvatarListSchema),
      },
    },
    async () => ok(await service.platformAvatars(deps)),
  );
};
