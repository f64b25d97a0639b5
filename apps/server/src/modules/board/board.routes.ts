import {
  BoardDeletedSchema,
  BoardEntryReplySchema,
  BoardFlowPageSchema,
  BoardFlowParamSchema,
  BoardIdParamSchema,
  BoardListQuerySchema,
  BoardListSchema,
  BoardMoveBodySchema,
  BoardNameBodySchema,
  BoardPageQuerySchema,
  BoardSchema,
  BoardScreenPageSchema,
  BoardScreenParamSchema,
  SharedBoardSchema,
  ShareTokenParamSchema,
} from '@shotlib/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, isVipMember, requireMember } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import * as service from './board.service';

const ownerOf = (request: FastifyRequest): service.Owner => {
  const caller = currentMember(request);
  return { id: caller.id, vip: isVipMember(caller) };
};

const security = [{ token: [] }];
const tags = ['boards'];
// onRequest, not preHandler: a caller without a live session gets 401 before their input is
// validated. keepsSessions: no board call ends a session or changes a member (as collecting).
const owned = { onRequest: requireMember, config: { keepsSessions: true } } as const;
const notYours = "Another member's board answers the same 404 as a missing one.";

/**
 * Boards (issue 29, docs/decisions/052-boards.md): the member's named collections, and the
 * read-only share link anyone may open.
 */
export const boardRoutes: FastifyPluginAsyncZod<service.BoardDeps> = async (app, deps) => {
  app.get(
    '/boards',
    {
      ...owned,
      schema: {
        tags,
        summary: "The caller's boards, in their order",
        description:
          'Each with its counts and a cover of its newest screens the caller may open. With `screen` (or `flow`), each board says whether it holds that screen (flow): `contains`.',
        security,
        querystring: BoardListQuerySchema,
        response: replies(BoardListSchema),
      },
    },
    async (request) => ok(await service.listBoards(deps, ownerOf(request), request.query)),
  );

  app.post(
    '/boards',
    {
      ...owned,
      schema: {
        tags,
        summary: 'Make a board (first in the list)',
        description: 'Regular members keep up to the limit of the entitlement table (code 1002 beyond it); subscribers up to theirs (code 1001).',
        security,
        body: BoardNameBodySchema,
        response: replies(BoardSchema),
      },
    },
    async (request) => ok(await service.createBoard(deps, ownerOf(request), request.body.name)),
  );

  app.get(
    '/boards/:id',
    {
      ...owned,
      schema: { tags, summary: 'One of the caller’s boards', description: notYours, security, params: BoardIdParamSchema, response: replies(BoardSchema) },
    },
    async (request) => ok(await service.getBoard(deps, ownerOf(request), request.params.id)),
  );

  app.patch(
    '/boards/:id',
    {
      ...owned,
      schema: { tags, summary: 'Rename a board', description: notYours, security, params: BoardIdParamSchema, body: BoardNameBodySchema, response: replies(BoardSchema) },
    },
    async (request) => ok(await service.renameBoard(deps, ownerOf(request), request.params.id, request.body.name)),
  );

  app.delete(
    '/boards/:id',
    {
      ...owned,
      schema: {
        tags,
        summary: 'Delete a board',
        description: `Its screens and flows stay collected. ${notYours}`,
        security,
        params: BoardIdParamSchema,
        response: replies(BoardDeletedSchema),
      },
    },
    async (request) => ok(await service.deleteBoard(deps, ownerOf(request), request.params.id)),
  );

  app.put(
    '/boards/:id/position',
    {
      ...owned,
      schema: {
        tags,
        summary: 'Move a board in the caller’s list',
        description: `0 is first; a position past the end is last. Answers the whole list in its new order. ${notYours}`,
        security,
        params: BoardIdParamSchema,
        body: BoardMoveBodySchema,
        response: replies(BoardListSchema),
      },
    },
    async (request) => ok(await service.moveBoard(deps, ownerOf(request), request.params.id, request.body.position)),
  );

  app.get(
    '/boards/:id/screens',
    {
      ...owned,
      schema: {
        tags,
        summary: 'The screens on a board, newest added first',
        description: `Only the screens the caller may open now; \`locked\` counts the others. ${notYours}`,
        security,
        params: BoardIdParamSchema,
        querystring: BoardPageQuerySchema,
        response: replies(BoardScreenPageSchema),
      },
    },
    async (request) => ok(await service.boardScreens(deps, ownerOf(request), request.params.id, request.query)),
  );

  app.get(
    '/boards/:id/flows',
    {
      ...owned,
      schema: {
        tags,
        summary: 'The flows on a board, newest added first',
        description: notYours,
        security,
        params: BoardIdParamSchema,
        querystring: BoardPageQuerySchema,
        response: replies(BoardFlowPageSchema),
      },
    },
    async (request) => ok(await service.boardFlows(deps, ownerOf(request), request.params.id, request.query)),
  );

  app.put(
    '/boards/:id/screens/:previewId',
    {
      ...owned,
      schema: {
        tags,
        summary: 'Put a screen on a board (idempotent)',
        description: `Collects it as \`PUT /platform/preview/{id}\` does (404, the paywall and the collect limit, code 1002). ${notYours}`,
        security,
        params: BoardScreenParamSchema,
        response: replies(BoardEntryReplySchema),
      },
    },
    async (request) => ok(await service.addScreen(deps, ownerOf(request), request.params.id, request.params.previewId)),
  );

  app.delete(
    '/boards/:id/screens/:previewId',
    {
      ...owned,
      schema: {
        tags,
        summary: 'Take a screen off a board (idempotent)',
        description: `It stays collected. ${notYours}`,
        security,
        params: BoardScreenParamSchema,
        response: replies(BoardEntryReplySchema),
      },
    },
    async (request) => ok(await service.removeScreen(deps, ownerOf(request), request.params.id, request.params.previewId)),
  );

  app.put(
    '/boards/:id/flows/:flowId',
    {
      ...owned,
      schema: {
        tags,
        summary: 'Put a flow on a board (idempotent)',
        description: `Collects it as \`PUT /flow/{id}/fav\` does (404, the collect limit, code 1002). ${notYours}`,
        security,
        params: BoardFlowParamSchema,
        response: replies(BoardEntryReplySchema),
      },
    },
    async (request) => ok(await service.addFlow(deps, ownerOf(request), request.params.id, request.params.flowId)),
  );

  app.delete(
    '/boards/:id/flows/:flowId',
    {
      ...owned,
      schema: {
        tags,
        summary: 'Take a flow off a board (idempotent)',
        description: `It stays collected. ${notYours}`,
        security,
        params: BoardFlowParamSchema,
        response: replies(BoardEntryReplySchema),
      },
    },
    async (request) => ok(await service.removeFlow(deps, ownerOf(request), request.params.id, request.params.flowId)),
  );

  const shareRoute = (summary: string, description: string) => ({
    ...owned,
    schema: { tags, summary, description: `${description} ${notYours}`, security, params: BoardIdParamSchema, response: replies(BoardSchema) },
  });
  app.put('/boards/:id/share', shareRoute('Share a board', 'A shared board keeps its link; otherwise a new one is made.'), async (request) =>
    ok(await service.setSharing(deps, ownerOf(request), request.params.id, 'share')),
  );
  app.post('/boards/:id/share', shareRoute('A new share link', 'The old link stops working at once.'), async (request) =>
    ok(await service.setSharing(deps, ownerOf(request), request.params.id, 'regenerate')),
  );
  app.delete('/boards/:id/share', shareRoute('Stop sharing a board', 'Its link stops working.'), async (request) =>
    ok(await service.setSharing(deps, ownerOf(request), request.params.id, 'stop')),
  );

  // The shared read: anyone, signed in or not. What a reader sees follows their entitlement.
  const readerOf = (request: FastifyRequest): service.Reader => ({ vip: isVipMember(request.member) });
  const sharedNote = 'Anyone with the link; 404 once the board is no longer shared (or the link was replaced).';

  app.get(
    '/shared-boards/:token',
    {
      schema: {
        tags,
        summary: 'A shared board: its name, its owner’s nickname and its counts',
        description: `\`locked\`: the screens the caller may not open. ${sharedNote}`,
        params: ShareTokenParamSchema,
        response: replies(SharedBoardSchema),
      },
    },
    async (request) => ok(await service.sharedBoard(deps, readerOf(request), request.params.token)),
  );

  app.get(
    '/shared-boards/:token/screens',
    {
      schema: {
        tags,
        summary: 'The screens of a shared board the caller may open, newest added first',
        description: `Visitors and regular members: the free screens of each item (the rest counted in \`locked\`); subscribers: all. ${sharedNote}`,
        params: ShareTokenParamSchema,
        querystring: BoardPageQuerySchema,
        response: replies(BoardScreenPageSchema),
      },
    },
    async (request) => ok(await service.sharedBoardScreens(deps, readerOf(request), request.params.token, request.query)),
  );

  app.get(
    '/shared-boards/:token/flows',
    {
      schema: {
        tags,
        summary: 'The flows of a shared board, newest added first',
        description: `Flow cards, the same for every reader (a flow plays under its own rule). ${sharedNote}`,
        params: ShareTokenParamSchema,
        querystring: BoardPageQuerySchema,
        response: replies(BoardFlowPageSchema),
      },
    },
    async (request) => ok(await service.sharedBoardFlows(deps, request.params.token, request.query)),
  );
};
