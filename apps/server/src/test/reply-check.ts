import { appendFileSync } from 'node:fs';
import { API_PREFIX } from '@shotlib/contract';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import FindMyWay from 'find-my-way';
import { openapiPath } from '../lib/openapi';

/**
 * The reply-versus-description check (docs/decisions/049-openapi-tells-the-truth.md): every reply
 * an app built by the tests gives to a URL under the API prefix is held against the app's own
 * OpenAPI document (`app.swagger()`): its status must be listed for its operation, its required
 * headers present, its content type described and its JSON body valid against the schema for that
 * status. A method a described path does not list must get the 405 of `components/responses`
 * with `Allow` naming the path's methods; a path not described, its 404 (or a 400 for a URL
 * Fastify cannot read).
 *
 * Not checked, and why:
 * - URLs outside the API prefix (the SPA, /media, /healthz, /readyz, the docs): pages and files
 *   for people and probes, not the API the description is for;
 * - routes hidden from the description (`schema.hide`: the sandbox's pay pages, HTML for a person
 *   at a fake payment provider);
 * - routes a test adds as a fixture, under a `/test/` segment (app.test.ts's throwing routes,
 *   auth.test.ts's guarded ones): not the API, so not in its description;
 * - the body of a HEAD reply (there is none; its status is the GET's);
 * - bodies not JSON (a PDF download): their content type is checked, not their bytes;
 * - replies of the cached-read lane, which answers over a listening socket before Fastify: they
 *   are byte copies of 200 replies this check saw leave Fastify.
 *
 * Every mismatch is recorded; the server project's setup file fails the test file that saw one.
 * With REPLY_CHECK_LOG set to a file, each is appended to it too (one JSON line), to list a whole run's.
 */

export type ReplyMismatch = {
  method: string;
  url: string;
  /** The described path and method the reply was held against (or why there was none). */
  operation: string;
  status: number;
  problem: string;
  errors?: Array<Pick<ErrorObject, 'instancePath' | 'message'>>;
};

const mismatches: ReplyMismatch[] = [];

/** The mismatches of this test file so far. */
export function replyMismatches(): readonly ReplyMismatch[] {
  return mismatches;
}

/** The mismatches so far, forgotten (for the check's own test, which makes some on purpose). */
export function takeReplyMismatches(): ReplyMismatch[] {
  return mismatches.splice(0);
}

type Json = { [key: string]: unknown };
type Response = Json & { content?: Record<string, { schema?: Json }>; headers?: Record<string, Json & { required?: boolean }> };
type Operation = Json & { responses?: Record<string, Response | { $ref: string }> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Json>; responses?: Record<string, Response> } };

/** A reply as the check sees it, from `onSend` (with its route) or from `inject` (without). */
type SeenReply = {
  method: string;
  url: string;
  status: number;
  header: (name: string) => string | undefined;
  payload: unknown;
  /** The route that answered (its Fastify URL), when Fastify routed the request. */
  route?: { url: string; hidden: boolean };
};

function headerText(value: unknown): string | undefined {
  return value === undefined ? undefined : [value].flat().join(', ');
}

/** The URL of a route a test adds to the app as a fixture (`${API_PREFIX}/test/boom`). */
const TEST_FIXTURE = /\/test\//;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const SCHEMA_BASE = 'https://shotlib.invalid/components/schemas/';
const noop = () => undefined;

/** A copy of a schema of the document with `#/components/schemas/X` refs pointing at Ajv's ids. */
function withAjvRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${SCHEMA_BASE}`));
}

function createChecker(document: Document, hidden: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>) {
  // OpenAPI 3.0 schemas: `nullable` is Ajv's own keyword; `example`, `format: binary` and the
  // like are annotations Ajv need not know (strict off).
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) ajv.addSchema(withAjvRefs(schema) as Json, `${SCHEMA_BASE}${name}`);
  const compiled = new WeakMap<Json, ValidateFunction>();
  const validator = (schema: Json) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(withAjvRefs(schema) as Json)));
    return validate;
  };

  // The described paths, matched as Fastify matches them (a parameter as long as it likes: a 414 is the operation's).
  const described = FindMyWay({ maxParamLength: Number.MAX_SAFE_INTEGER });
  for (const path of Object.keys(document.paths)) {
    const url = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const method of Object.keys(document.paths[path]!)) {
      if (HTTP_METHODS.includes(method)) described.on(method.toUpperCase() as FindMyWay.HTTPMethod, url, noop, { path });
    }
  }
  const find = (router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>, method: string, path: string) => {
    try {
      return router.find(method as FindMyWay.HTTPMethod, path);
    } catch {
      return null;
    }
  };

  const resolve = (response: Response | { $ref: string } | undefined): Response | undefined => {
    if (!response || typeof response.$ref !== 'string') return response as Response | undefined;
    return document.components?.responses?.[response.$ref.replace('#/components/responses/', '')];
  };

  /** What is wrong with this reply for these described responses, or null. */
  const against = (responses: Record<string, Response | { $ref: string }>, reply: SeenReply): Omit<ReplyMismatch, 'method' | 'url' | 'operation' | 'status'> | null => {
    const status = String(reply.status);
    const response = resolve(responses[status] ?? responses[`${status[0]}XX`] ?? responses.default);
    if (!response) return { problem: `status ${status} is not described (described: ${Object.keys(responses).join(', ')})` };
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && reply.header(name) === undefined) return { problem: `header ${name} is described as required but missing` };
    }
    const type = String(reply.header('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
    const { payload } = reply;
    const empty = payload === undefined || payload === null || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);
    if (!response.content) return empty || reply.method === 'HEAD' ? null : { problem: `a body (${type || 'no content type'}) where the description has none` };
    if (reply.method === 'HEAD') return null;
    const content = response.content[type];
    if (!content) return { problem: `content type '${type}' is not described (described: ${Object.keys(response.content).join(', ')})` };
    if (type !== 'application/json' || !content.schema) return null;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return { problem: 'a JSON reply sent as a stream cannot be checked' };
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      return { problem: 'the body is not JSON' };
    }
    const validate = validator(content.schema);
    if (validate(body)) return null;
    return {
      problem: 'the body does not match the described schema',
      errors: (validate.errors ?? []).slice(0, 5).map(({ instancePath, message }) => ({ instancePath, message })),
    };
  };

  return (reply: SeenReply): ReplyMismatch | null => {
    const { method, url, route } = reply;
    const path = url.split('?', 1)[0]!;
    const base = { method, url: url.length > 200 ? `${url.slice(0, 200)}…` : url, status: reply.status };
    if (route?.hidden) return null;
    if (!route && HTTP_METHODS.some((m) => find(hidden, m.toUpperCase(), path) !== null)) return null;

    // A HEAD is the GET without its body.
    const describedMethod = method === 'HEAD' ? 'GET' : method;
    const templatePath = route ? openapiPath(route.url) : (find(described, describedMethod, path)?.store as { path?: string } | undefined)?.path;
    if (templatePath !== undefined) {
      const operation = document.paths[templatePath]?.[describedMethod.toLowerCase()];
      const name = `${describedMethod} ${templatePath}`;
      if (!operation) return { ...base, operation: name, problem: 'the route is not in the description' };
      const problem = against(operation.responses ?? {}, reply);
      return problem && { ...base, operation: name, ...problem };
    }

    // A path described under other methods: 405, Allow naming them.
    const methods = HTTP_METHODS.map((m) => m.toUpperCase()).filter((m) => find(described, m, path) !== null);
    if (methods.length > 0) {
      const operation = `${methods.join('|')} of this path, not ${method}`;
      if (reply.status !== 405) return { ...base, operation, problem: `a method the path does not list answered ${reply.status}, not 405` };
      const allowed = new Set([...methods, ...(methods.includes('GET') ? ['HEAD'] : [])]);
      const allow = String(reply.header('allow') ?? '').split(',').map((m) => m.trim()).filter(Boolean);
      if (allow.length !== allowed.size || !allow.every((m) => allowed.has(m))) {
        return { ...base, operation, problem: `Allow is '${allow.join(', ')}', the description lists ${[...allowed].join(', ')}` };
      }
      const problem = against({ 405: { $ref: '#/components/responses/MethodNotAllowed' } }, reply);
      return problem && { ...base, operation, ...problem };
    }

    // A path the description does not have: 404, or 400 for a URL Fastify could not read.
    const problem = against({ 400: { $ref: '#/components/responses/BadRequest' }, 404: { $ref: '#/components/responses/NotFound' } }, reply);
    return problem && { ...base, operation: 'no described path', ...problem };
  };
}

/**
 * Install the check on an app the tests build, before it is ready (it records the hidden routes as
 * they are added). The description is read at the first reply, once every route is in it. Replies
 * are seen in `onSend` (with their route); the few Fastify sends without hooks (a URL it cannot
 * read, a path parameter over its limit) are seen as `inject` returns them.
 */
export function checkRepliesAgainstDescription(app: FastifyInstance): void {
  const hidden = FindMyWay({ maxParamLength: Number.MAX_SAFE_INTEGER });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || !((route.schema as Json | undefined)?.hide || TEST_FIXTURE.test(route.url))) return;
    for (const method of [route.method].flat() as FindMyWay.HTTPMethod[]) if (!hidden.hasRoute(method, route.url)) hidden.on(method, route.url, noop);
  });
  let check: ReturnType<typeof createChecker> | undefined;
  const seen = new WeakSet<object>();
  const record = (reply: SeenReply) => {
    if (!reply.url.startsWith(API_PREFIX)) return;
    let mismatch: ReplyMismatch | null;
    try {
      check ??= createChecker(app.swagger() as unknown as Document, hidden);
      mismatch = check(reply);
    } catch (err) {
      mismatch = { method: reply.method, url: reply.url, operation: '?', status: reply.status, problem: `the check failed: ${String(err)}` };
    }
    if (!mismatch) return;
    mismatches.push(mismatch);
    if (process.env.REPLY_CHECK_LOG) appendFileSync(process.env.REPLY_CHECK_LOG, `${JSON.stringify(mismatch)}\n`);
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    seen.add(request.raw);
    const route = request.is404 || request.routeOptions.url === undefined ? undefined : request.routeOptions;
    record({
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      header: (name) => headerText(reply.getHeader(name)),
      payload,
      ...(route ? { route: { url: route.url!, hidden: Boolean((route.schema as Json | undefined)?.hide) || TEST_FIXTURE.test(route.url!) } } : {}),
    });
    done(null, payload);
  });

  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checkedInject = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const { req } = response.raw;
    if (!seen.has(req)) {
      record({ method: req.method ?? 'GET', url: req.url ?? '/', status: response.statusCode, header: (name) => headerText(response.headers[name]), payload: response.rawPayload });
    }
    return response;
  };
  Object.assign(app, { inject: checkedInject });
}
