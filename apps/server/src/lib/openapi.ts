import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { API_PREFIX, ErrorEnvelopeSchema, RefusalEnvelopeSchema } from '@shotlib/contract';
import { ADMIN_PATH } from '@shotlib/contract/admin';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { requireAdmin, requireMember, requireReviewer } from './auth';

/**
 * The OpenAPI description of what the API answers, reply by reply (decision 049):
 * - a 200 is the success envelope (code 0) or a refusal by a rule of the product (code 1001 or
 *   1002, `data: null`, decision 010), described as `oneOf` the two;
 * - each error status an operation can give is listed with the error envelope: 400, 404, 429 and
 *   500 everywhere; 401 where it needs a session, 403 where it needs a role; 413 and 415 where it
 *   takes a body, 406 where that body is multipart; 414 where its path has a parameter; 304 for a
 *   catalogue read by GET (its ETag); and the statuses the route's own schema names;
 * - what no operation can say, in `info.description` and `components.responses`: a method a
 *   described path does not answer gets 405 with `Allow`, a path not described gets 404.
 * Hidden routes (the sandbox's pay page, media, the SPA) are not described.
 */

/** A node of the JSON document (OpenAPI objects and JSON schemas). */
type Json = { [key: string]: unknown };
type Operation = Json & { responses?: Record<string, Json>; security?: unknown[] };

/** The statuses described by a name in `components.responses`, each with the error envelope. */
const ERROR_STATUSES = {
  400: ['BadRequest', 'Malformed input: a URL, header, body or field the call does not accept; the message names the field.'],
  401: ['Unauthorized', 'No live session: the token is missing, expired or revoked.'],
  403: ['Forbidden', "The session's member lacks the role this call needs."],
  404: ['NotFound', 'No such resource, or one that is not yours (the same words for both).'],
  405: ['MethodNotAllowed', 'The path exists, but not with this method; `Allow` lists the methods it answers.'],
  406: ['NotAcceptable', 'A multipart body the server cannot read as one.'],
  409: ['Conflict', 'The call conflicts with the current state.'],
  413: ['PayloadTooLarge', 'The body (or an uploaded file) is larger than this call accepts.'],
  414: ['UriTooLong', 'A path parameter is longer than any valid value.'],
  415: ['UnsupportedMediaType', 'The body has a content type this call does not read.'],
  429: ['TooManyRequests', 'Too many calls; `Retry-After` says in how many seconds to try again.'],
  500: ['InternalServerError', "Something unexpected failed; the message is only 'Internal Server Error'."],
  503: ['ServiceUnavailable', 'A service this call needs could not be reached; try again later.'],
} as const satisfies Record<number, readonly [string, string]>;
type ErrorStatus = keyof typeof ERROR_STATUSES;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION_GUARDS: readonly unknown[] = [requireMember, requireAdmin, requireReviewer];
const ROLE_GUARDS: readonly unknown[] = [requireAdmin, requireReviewer];

/** What the description of an operation's replies depends on, read from its route. */
type RouteTraits = { session: boolean; role: boolean; body: boolean; multipart: boolean; params: boolean; etag: boolean; produces?: string[] };

/** The OpenAPI path of a Fastify URL (`/platform/:id` → `/platform/{id}`), as @fastify/swagger writes it. */
export function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function hooks(value: unknown): unknown[] {
  return value === undefined ? [] : [value].flat();
}

function traitsOf(route: RouteOptions, method: string, url: string, schema: Json): RouteTraits {
  const guards = [...hooks(route.onRequest), ...hooks(route.preValidation), ...hooks(route.preHandler)];
  // Admin routes are guarded by their plugin's onRequest hook (requireAdmin), which the route does not carry.
  const admin = url.startsWith(`${API_PREFIX}${ADMIN_PATH}/`) || url === `${API_PREFIX}${ADMIN_PATH}`;
  const security = Array.isArray(schema.security) && schema.security.length > 0;
  const consumes = Array.isArray(schema.consumes) ? (schema.consumes as string[]) : [];
  return {
    session: admin || security || guards.some((hook) => SESSION_GUARDS.includes(hook)),
    role: admin || guards.some((hook) => ROLE_GUARDS.includes(hook)),
    body: BODY_METHODS.has(method),
    multipart: consumes.includes('multipart/form-data'),
    params: /[:*]/.test(url),
    etag: method === 'GET' && route.config?.catalogueRead === true,
    ...(Array.isArray(schema.produces) ? { produces: schema.produces as string[] } : {}),
  };
}

function errorStatusesOf(traits: RouteTraits): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 404, 429, 500];
  if (traits.session) statuses.push(401);
  if (traits.role) statuses.push(403);
  if (traits.body) statuses.push(413, 415);
  if (traits.multipart) statuses.push(406);
  if (traits.params) statuses.push(414);
  return statuses;
}

const toOpenApi = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) as Json;
  return rest;
};

/**
 * OpenAPI 3.0.3: `nullable` does not widen an `enum`, so a nullable enum allows null only when its
 * list holds null. zod writes `z.enum([...]).nullable()` without it: add it, or the description
 * forbids the null the reply may carry.
 */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullInNullableEnums);
  if (node === null || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  for (const child of Object.values(schema)) nullInNullableEnums(child);
}

const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The response objects every operation refers to by name: one per error status, and 304. */
function sharedResponses(): Record<string, Json> {
  const json = { 'application/json': { schema: ref('schemas', 'ErrorEnvelope') } };
  const responses: Record<string, Json> = {};
  for (const [status, [name, description]] of Object.entries(ERROR_STATUSES)) {
    const response: Json = { description: `${status}: ${description}`, content: json };
    if (Number(status) === 405) response.headers = { Allow: { required: true, schema: { type: 'string' } } };
    if (Number(status) === 429) response.headers = { 'Retry-After': { required: true, schema: { type: 'integer', minimum: 1 } } };
    responses[name] = response;
  }
  responses.NotModified = { description: "304: the reply the request's If-None-Match names is still current (no body)." };
  return responses;
}

/** The 200 of an operation: its success envelope (code 0), or a refusal of the product's rules. */
function describe200(success: Json | undefined, traits: RouteTraits): Json {
  const refusal = ref('schemas', 'RefusalEnvelope');
  const description = '200: success (code 0) or a refusal by a rule of the product (code 1001, or 1002 for the paywall), `data` null.';
  const content: Record<string, Json> = {};
  for (const type of traits.produces ?? []) if (type !== 'application/json') content[type] = { schema: { type: 'string', format: 'binary' } };
  const json = (success?.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
  if (json && typeof json.properties === 'object' && json.properties !== null) {
    // The success envelope's code is always 0: so a reply is one branch of the oneOf, never both.
    const properties = { ...(json.properties as Json), code: { type: 'integer', enum: [0] } };
    content['application/json'] = { schema: { oneOf: [{ ...json, properties }, refusal] } };
  } else {
    content['application/json'] = { schema: refusal };
  }
  return { description, content };
}

/**
 * The `transform` and `transformObject` of @fastify/swagger: zod's (fastify-type-provider-zod)
 * first, then the replies of every operation under the API prefix described as above.
 */
export function describeReplies(zod: { transform: SwaggerTransform; transformObject: SwaggerTransformObject }): {
  transform: SwaggerTransform;
  transformObject: SwaggerTransformObject;
} {
  const traits = new Map<string, RouteTraits>();
  return {
    transform(input) {
      const result = zod.transform(input);
      const schema = (input.schema ?? {}) as Json;
      if (input.url.startsWith(API_PREFIX) && !schema.hide) {
        for (const method of [input.route.method].flat()) {
          traits.set(`${method.toLowerCase()} ${openapiPath(input.url)}`, traitsOf(input.route, method, input.url, schema));
        }
      }
      return result;
    },
    transformObject(input) {
      type Document = Json & { info: Json; paths: Record<string, Record<string, Operation>>; components: Json };
      const document = zod.transformObject(input) as unknown as Document;
      const components = (document.components ??= {}) as { schemas?: Record<string, Json>; responses?: Record<string, Json> };
      components.schemas = { ...components.schemas, ErrorEnvelope: toOpenApi(ErrorEnvelopeSchema), RefusalEnvelope: toOpenApi(RefusalEnvelopeSchema) };
      components.responses = { ...components.responses, ...sharedResponses() };
      document.info = {
        ...document.info,
        description: [
          'Every reply is an envelope {code, message, data}; code 0 is success.',
          'A rule of the product refuses a call with HTTP 200, code 1001 (1002: a subscription is needed) and data null.',
          `Errors carry their HTTP status as the code and data null. A method a path below does not list answers 405 with \`Allow\` (components/responses/MethodNotAllowed); a path under ${API_PREFIX} not listed answers 404 (components/responses/NotFound).`,
        ].join(' '),
      };
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const described = traits.get(`${method} ${path}`);
          if (!described) continue;
          const own = operation.responses ?? {};
          const responses: Record<string, Json> = { 200: describe200(own['200'], described) };
          if (described.etag) responses['304'] = ref('responses', 'NotModified');
          const statuses = new Set<number>(errorStatusesOf(described));
          // Statuses the route's schema names beyond 200 and the 4xx/5xx ranges (e.g. a 503).
          for (const status of Object.keys(own)) if (/^\d{3}$/.test(status) && status !== '200') statuses.add(Number(status));
          for (const status of [...statuses].sort((a, b) => a - b)) {
            const shared = ERROR_STATUSES[status as ErrorStatus];
            responses[String(status)] = shared ? ref('responses', shared[0]) : own[String(status)]!;
          }
          operation.responses = responses;
          if (described.session && !operation.security) operation.security = [{ token: [] }];
        }
      }
      nullInNullableEnums(document.paths);
      nullInNullableEnums(components.schemas);
      return document as unknown as ReturnType<SwaggerTransformObject>;
    },
  };
}
