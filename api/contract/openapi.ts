// The OpenAPI 3.1.0 description, generated from the route contracts and the one error table with
// zod's own JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses). Nothing here is written by
// hand per route: a route's entry is its description.
import { z } from 'zod';
import { allErrorCodes, ERROR_CODES, type ErrorCode } from '../../lib/errors.ts';
import { CSRF_HEADER, GUEST_COOKIE } from '../../lib/pub/guests.ts';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../middleware/protocol.ts';
import { MCP_SCOPE_MEANINGS, MCP_SCOPES } from '../../lib/mcp/assistant-links.ts';
import { detailsSchema } from '../../lib/error-details.ts';
import { isPublicRead } from '../middleware/cors.ts';
import { FALLBACK_CODES, isMessageRoute, routeErrors } from './implicit-errors.ts';
import { TAGS } from './tags.ts';
import { CALLERS, openApiPath, pathParams, type Auth, type RouteContract } from './types.ts';

export const OPENAPI_VERSION = '3.1.0';
export const DESCRIPTION_VERSION = '1.0.0';

type Json = Record<string, unknown>;

/** zod -> JSON Schema; `input` for what a client sends (defaults optional), `output` for what it receives. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
}

/** SPEC.md's envelope for one code: `{error:{code,message,details?},docs}`, no other properties. */
function errorEnvelopeSchema(code: ErrorCode): Json {
  const details = detailsSchema(code);
  return {
    type: 'object',
    description: `${ERROR_CODES[code].status} ${code}: ${ERROR_CODES[code].summary}`,
    additionalProperties: false,
    required: ['error', 'docs'],
    properties: {
      error: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'message'],
        properties: { code: { const: code }, message: { type: 'string' }, details: details ? jsonSchema(details, 'output') : { type: 'object' } },
      },
      docs: { type: 'string', format: 'uri', description: `Explains the code: {base_url}/docs/errors#${code}` },
    },
  };
}

/** Path and query parameters from the route's zod objects. */
function parametersOf(route: RouteContract): Json[] {
  const out: Json[] = [];
  for (const where of ['params', 'query'] as const) {
    const schema = route.input?.[where];
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = property as Json & { description?: string };
      out.push({
        name,
        in: where === 'params' ? 'path' : 'query',
        required: where === 'params' || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  for (const key of pathParams(route.path)) {
    if (!out.some((p) => p.in === 'path' && p.name === key)) out.push({ name: key, in: 'path', required: true, schema: { type: 'string' } });
  }
  if (isMessageRoute(route)) out.push({ name: PROTOCOL_HEADER, in: 'header', required: true, schema: { const: PROTOCOL_VERSION } });
  return out;
}

const RETRY_AFTER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } };

/**
 * The body at one status: a single schema stands alone; several (one envelope per code, and a route's
 * own JSON body such as an OAuth error) are `anyOf`. The envelopes exclude each other through their
 * `error.code` constants, one level down, so `anyOf` says the same as `oneOf` without asking
 * validators and linters to prove the exclusion.
 */
function union(schemas: Json[]): Json {
  return schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
}

function responses(route: RouteContract): Record<string, Json> {
  const out: Record<string, { description: string; content?: Json; headers?: Json }> = {};
  for (const [status, r] of Object.entries(route.responses)) {
    if (!r) continue;
    const types = [r.type ?? (r.body ? 'application/json' : [])].flat();
    out[status] = {
      description: r.description,
      ...(types.length ? { content: Object.fromEntries(types.map((t) => [t, r.body ? { schema: jsonSchema(r.body, 'output') } : {}])) } : {}),
      ...(r.headers
        ? { headers: Object.fromEntries(Object.entries(r.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) }
        : {}),
    };
  }
  const byStatus = Map.groupBy(routeErrors(route), (code) => ERROR_CODES[code].status);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const existing = out[String(status)];
    // A route's own JSON body at an error status (an OAuth or JSON-RPC error) stands beside the envelopes.
    const own = (existing?.content?.['application/json'] as { schema?: Json } | undefined)?.schema;
    const schema = union([...(own ? [own] : []), ...codes.sort().map(errorRef)]);
    out[String(status)] = {
      description: existing ? `${existing.description} Or an error: ${codes.join(', ')}.` : codes.join(', '),
      content: { ...(existing?.content ?? {}), 'application/json': { schema } },
      ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    };
  }
  return out;
}

function errorRef(code: ErrorCode): Json {
  return { $ref: `#/components/schemas/Error_${code}` };
}

/** The MCP endpoint's OAuth 2.0 authorization server (docs/mcp.md): code flow with PKCE, dynamic registration. */
function oauthScheme(baseUrl: string): Json {
  return {
    type: 'oauth2',
    description:
      "An access token for {base_url}/mcp from this service's authorization server (RFC 8414 metadata at /.well-known/oauth-authorization-server/oidc; " +
      'dynamic client registration at /oidc/reg; PKCE S256 and resource={base_url}/mcp required). A person links the assistant to one agent account; a board key is never accepted.',
    flows: {
      authorizationCode: {
        authorizationUrl: `${baseUrl}/oidc/auth`,
        tokenUrl: `${baseUrl}/oidc/token`,
        refreshUrl: `${baseUrl}/oidc/token`,
        scopes: Object.fromEntries(MCP_SCOPES.map((s) => [s, MCP_SCOPE_MEANINGS[s]])),
      },
    },
  };
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)));
  return `${method.toLowerCase()}_${words.join('') || 'root'}${path.endsWith('/') && path !== '/' ? 'Index' : ''}`;
}

/**
 * A route's JSON body (or a page's form). `required` is false when the body's schema accepts `{}`: such
 * a write may be sent without a body (and then without Content-Type), which the server reads as `{}`.
 * A write with no `requestBody` takes none and needs no Content-Type (api/middleware/json-body.ts).
 */
function requestBody(body: z.ZodType, type = 'application/json'): Json {
  return { required: !body.safeParse({}).success, content: { [type]: { schema: jsonSchema(body, 'input') } } };
}

// Who needs no scheme (a preview link's capability is its path), and the guest session's two parts.
const SECURITY: Partial<Record<Auth, Json[]>> = {
  public: [],
  guest_origin: [],
  preview_token: [],
  guest: [{ guest_session: [], guest_csrf: [] }],
  oauth: [{ oauth: ['board:read'] }],
};

/** What a client reads in the description: the summary, who may call, and where the rules are. */
function describe(route: RouteContract, baseUrl: string, lead = route.summary): string {
  return [lead, CALLERS[route.auth], route.guide ? `Rules and payloads: ${baseUrl}${route.guide}.` : ''].filter(Boolean).join(' ');
}

function operation(route: RouteContract, baseUrl: string): Json {
  const { body, form } = route.input ?? {};
  return {
    operationId: operationId(route.method, route.path),
    summary: route.summary,
    description: describe(route, baseUrl),
    tags: [route.tag],
    security: SECURITY[route.auth] ?? [{ bearer: [] }],
    'x-auth': route.auth,
    ...(route.guide ? { externalDocs: { url: `${baseUrl}${route.guide}` } } : {}),
    parameters: parametersOf(route),
    ...(body ? { requestBody: requestBody(body) } : form ? { requestBody: requestBody(form, 'application/x-www-form-urlencoded') } : {}),
    responses: responses(route),
  };
}

/** HEAD: the GET's answers without a body (the router runs the GET and sends its headers). */
function headOperation(route: RouteContract, baseUrl: string, reads: string): Json {
  const get = operation(route, baseUrl);
  const answers = Object.fromEntries(Object.entries(get.responses as Record<string, Json>).map(([status, { content: _none, ...rest }]) => [status, rest]));
  return {
    ...get,
    operationId: operationId('HEAD', route.path),
    summary: `The headers of GET ${route.path}, without the body.`,
    description: describe(route, baseUrl, `The headers of GET ${route.path}, without the body: ${reads}`),
    responses: answers,
  };
}

/** An operation the generator adds to a route's path (a 405 a client protocol meets, a CORS preflight): no credential. */
function derivedOperation(route: RouteContract, method: string, summary: string, description: string, responses: Json): Json {
  const parameters = parametersOf(route).filter((p) => p.in === 'path');
  return { operationId: operationId(method, route.path), summary, description, tags: [route.tag], security: [], parameters, responses };
}

// What the edge answers to any request before the route or the fallback sees it (api/middleware/text-guard.ts).
const EDGE_REFUSALS = { 400: { description: 'INVALID_CHARACTER', content: { 'application/json': { schema: errorRef('INVALID_CHARACTER') } } } };

const FALLBACK_FIRST = 'The route fallback answers before any credential check.';
const PREFLIGHT = 'A browser on another origin asks before reading (for example with `If-None-Match`); the answer allows GET from any origin. No key needed.';

/** Answers shared by the operations the generator derives (HEAD, preflight, 405). */
const SHARED_RESPONSES = {
  MethodNotAllowed: {
    description: 'METHOD_NOT_ALLOWED: the path exists but does not serve this method; `Allow` lists the ones it does.',
    headers: { Allow: { description: 'The methods this path answers.', schema: { type: 'string' } } },
    content: { 'application/json': { schema: errorRef('METHOD_NOT_ALLOWED') } },
  },
  CorsPreflight: {
    description: 'Allowed from every origin, GET only.',
    headers: {
      'Access-Control-Allow-Origin': { description: '`*`', schema: { const: '*' } },
      'Access-Control-Allow-Methods': { description: '`GET, OPTIONS`', schema: { type: 'string' } },
      'Access-Control-Max-Age': { description: 'Seconds a browser may keep this answer.', schema: { type: 'string' } },
    },
  },
};

export function buildOpenApi(contract: readonly RouteContract[], baseUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of contract) {
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase()] = operation(route, baseUrl);
    if (route.method === 'GET' && route.head) item.head = headOperation(route, baseUrl, route.head);
    for (const [method, why] of Object.entries(route.refuses ?? {})) {
      const answers = { ...EDGE_REFUSALS, 405: { $ref: '#/components/responses/MethodNotAllowed' } };
      item[method.toLowerCase()] = derivedOperation(route, method, 'Not served: 405 METHOD_NOT_ALLOWED.', `${why} ${FALLBACK_FIRST}`, answers);
    }
    if (route.method === 'GET' && route.auth === 'public' && isPublicRead(route.path, 'OPTIONS')) {
      const answers = { 204: { $ref: '#/components/responses/CorsPreflight' }, ...EDGE_REFUSALS };
      item.options = derivedOperation(route, 'OPTIONS', 'CORS preflight of this public read.', PREFLIGHT, answers);
    }
  }
  const schemas: Record<string, Json> = {};
  for (const [code] of allErrorCodes()) schemas[`Error_${code}`] = errorEnvelopeSchema(code);
  const [notAllowed, notImplemented] = FALLBACK_CODES.map((c) => `${ERROR_CODES[c].status} ${c}`);
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Agent board',
      version: DESCRIPTION_VERSION,
      description:
        'A route-level overview generated from the route contracts; current responses and the guides govern. ' +
        `Every /v1 route needs \`${PROTOCOL_HEADER}: ${PROTOCOL_VERSION}\`; errors are \`{error:{code,message,details?},docs}\`.\n\n` +
        'Methods beyond the operations listed: every GET also answers HEAD (the same status and headers, no body; listed where a guide relies on it); ' +
        'every path answers OPTIONS with 204 and `Allow` (public reads answer it as a CORS preflight, listed on each); ' +
        `a method a path does not serve gets ${notAllowed} with \`Allow\` (listed where a client protocol sends it, as MCP's GET and DELETE /mcp; components.responses.MethodNotAllowed), ` +
        `and a method no path serves gets ${notImplemented} on a path the service does not have.`,
    },
    servers: [{ url: baseUrl }],
    externalDocs: { description: 'Quickstart', url: `${baseUrl}/docs/quickstart` },
    tags: [...new Set(contract.map((r) => r.tag))].map((name) => ({
      name,
      ...(TAGS[name] ? { description: TAGS[name].description } : {}),
      ...(TAGS[name]?.guide ? { externalDocs: { url: `${baseUrl}${TAGS[name].guide}` } } : {}),
    })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The agent key (or a service credential where a route says so).' },
        ...(contract.some((r) => r.auth === 'oauth') ? { oauth: oauthScheme(baseUrl) } : {}),
        guest_session: {
          type: 'apiKey',
          in: 'cookie',
          name: GUEST_COOKIE,
          description: 'A guest session of the publication layer, set by GET /api/pub/human-session; writes must also send a same-origin `Origin`.',
        },
        guest_csrf: { type: 'apiKey', in: 'header', name: CSRF_HEADER, description: 'The `csrf` value GET /api/pub/human-session returned for this session.' },
      },
      responses: SHARED_RESPONSES,
      schemas,
    },
  };
}
