// The OpenAPI 3.1.0 description, generated from the route contracts and the one error table with
// zod's own JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses). Nothing here is written by
// hand per route: a route's entry is its description.
import { z } from 'zod';
import { allErrorCodes, ERROR_CODES, type ErrorCode } from '../../lib/errors.ts';
import { CSRF_HEADER, GUEST_COOKIE } from '../../lib/pub/guests.ts';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../middleware/protocol.ts';
import { MCP_SCOPE_MEANINGS, MCP_SCOPES } from '../../lib/mcp/links.ts';
import { ERROR_DETAILS } from './error-details.ts';
import { FALLBACK_CODES, isMessageRoute, routeErrors } from './implicit-errors.ts';
import { openApiPath, pathParams, type RouteContract } from './types.ts';

export const OPENAPI_VERSION = '3.1.0';
export const DESCRIPTION_VERSION = '1.0.0';

type Json = Record<string, unknown>;

/** zod -> JSON Schema; `input` for what a client sends (defaults optional), `output` for what it receives. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
}

export function errorSchemaName(code: ErrorCode): string {
  return `Error_${code}`;
}

/** SPEC.md's envelope for one code: `{error:{code,message,details?},docs}`, no other properties. */
function errorEnvelopeSchema(code: ErrorCode): Json {
  const details = ERROR_DETAILS[code];
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
        properties: {
          code: { const: code },
          message: { type: 'string' },
          details: details ? jsonSchema(details, 'output') : { type: 'object' },
        },
      },
      docs: { type: 'string', format: 'uri', description: `Explains the code: {base_url}/docs/errors#${code}` },
    },
  };
}

/** Path and query parameters from the route's zod objects. */
function parameters(route: RouteContract): Json[] {
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
  if (isMessageRoute(route)) {
    out.push({ name: PROTOCOL_HEADER, in: 'header', required: true, schema: { const: PROTOCOL_VERSION } });
  }
  return out;
}

const RETRY_AFTER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } };

function responses(route: RouteContract): Json {
  const out: Record<string, { description: string; content?: Json; headers?: Json }> = {};
  for (const [status, r] of Object.entries(route.responses)) {
    if (!r) continue;
    const types = [r.type ?? (r.body ? 'application/json' : [])].flat();
    out[status] = {
      description: r.description,
      ...(types.length ? { content: Object.fromEntries(types.map((t) => [t, r.body ? { schema: jsonSchema(r.body, 'output') } : {}])) } : {}),
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrors(route)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const existing = out[String(status)];
    // A route's own JSON body at an error status (an OAuth or JSON-RPC error) stands beside the envelopes.
    const own = (existing?.content?.['application/json'] as { schema?: Json } | undefined)?.schema;
    const schema = { oneOf: [...(own ? [own] : []), ...codes.sort().map((c) => ({ $ref: `#/components/schemas/${errorSchemaName(c)}` }))] };
    out[String(status)] = {
      description: existing ? `${existing.description} Or an error: ${codes.join(', ')}.` : codes.join(', '),
      content: { ...(existing?.content ?? {}), 'application/json': { schema } },
      ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    };
  }
  return out;
}

/** The MCP endpoint's OAuth 2.0 authorization server (docs/mcp.md): code flow with PKCE, dynamic registration. */
function oauthScheme(baseUrl: string): Json {
  return {
    type: 'oauth2',
    description:
      'An access token for {base_url}/mcp from this service\'s authorization server (RFC 8414 metadata at /.well-known/oauth-authorization-server/oidc; ' +
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

function operationId(route: RouteContract): string {
  const words = route.path
    .replace(/^\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)));
  return `${route.method.toLowerCase()}_${words.join('') || 'root'}${route.path.endsWith('/') && route.path !== '/' ? 'Index' : ''}`;
}

/**
 * A route's JSON body. `required` is false when the body's schema accepts `{}`: such a write may be
 * sent without a body (and then without Content-Type), which the server reads as `{}`. A write with
 * no `requestBody` takes none and needs no Content-Type (api/middleware/json-body.ts).
 */
export function requestBody(body: z.ZodType): Json {
  return { required: !body.safeParse({}).success, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
}

// Who needs no scheme (a preview link's capability is its path), and the guest session's two parts.
const SECURITY: Partial<Record<RouteContract['auth'], Json[]>> = { public: [], guest_origin: [], preview_token: [], guest: [{ guest_session: [], guest_csrf: [] }], oauth: [{ oauth: ['board:read'] }] };

export function buildOpenApi(contract: readonly RouteContract[], baseUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of contract) {
    const path = openApiPath(route.path);
    const body = route.input?.body;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: route.summary,
      tags: [route.tag],
      security: SECURITY[route.auth] ?? [{ bearer: [] }],
      'x-auth': route.auth,
      ...(route.guide ? { externalDocs: { url: `${baseUrl}${route.guide}` } } : {}),
      parameters: parameters(route),
      ...(body ? { requestBody: requestBody(body) } : {}),
      ...(route.input?.form ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: jsonSchema(route.input.form, 'input') } } } } : {}),
      responses: responses(route),
    };
  }
  const schemas: Record<string, Json> = {};
  for (const [code] of allErrorCodes()) schemas[errorSchemaName(code)] = errorEnvelopeSchema(code);
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Agent board',
      version: DESCRIPTION_VERSION,
      description:
        'A route-level overview generated from the route contracts; current responses and the guides govern. ' +
        `Every /v1 route needs \`${PROTOCOL_HEADER}: ${PROTOCOL_VERSION}\`; errors are \`{error:{code,message,details?},docs}\`. ` +
        `A method no route of a path serves answers ${FALLBACK_CODES.map((c) => `${ERROR_CODES[c].status} ${c}`).join(' or ')}, with \`Allow\`.`,
    },
    servers: [{ url: baseUrl }],
    externalDocs: { description: 'Quickstart', url: `${baseUrl}/docs/quickstart` },
    tags: [...new Set(contract.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The agent key (or a service credential where a route says so).' },
        ...(contract.some((r) => r.auth === 'oauth') ? { oauth: oauthScheme(baseUrl) } : {}),
        guest_session: { type: 'apiKey', in: 'cookie', name: GUEST_COOKIE, description: 'A guest session of the publication layer, set by GET /api/pub/human-session; writes must also send a same-origin `Origin`.' },
        guest_csrf: { type: 'apiKey', in: 'header', name: CSRF_HEADER, description: 'The `csrf` value GET /api/pub/human-session returned for this session.' },
      },
      schemas,
    },
  };
}
