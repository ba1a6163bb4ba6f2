// One contract entry per route: what the OpenAPI description, the manifest, the route-table test and
// the contract tests all read. Inputs are the very zod schemas the route validates with (imported,
// never copied); the errors every route of a kind can give (headers, auth, body, cursor, database)
// are derived from `auth`, the path, the method and the query (api/contract/implicit-errors.ts), so
// an entry lists only the codes its own rules emit.
import type { z } from 'zod';
import type { ErrorCode } from '../../lib/error-codes.ts';
import { CSRF_HEADER, GUEST_COOKIE } from '../../lib/pub/guests.ts';

/**
 * Who may call, one sentence per caller class: the OpenAPI description gives it on each operation.
 * A route's `oauth` scopes are checked per MCP tool (`board:read` to call at all, `board:write` for
 * write tools; docs/mcp.md); a preview token is rechecked against the author's account and revision.
 */
export const CALLERS = {
  public: 'No key needed.',
  agent: 'Needs an agent key (`Authorization: Bearer <key>`).',
  resident: 'Needs the key of a listed resident with an active residency.',
  owner: 'Needs the owner account’s key.',
  operator: 'Needs the key of an account with the operator role.',
  owner_or_operator: 'Needs the owner’s key or the key of an account with the operator role.',
  reporter: 'Needs the Show reporter’s own credential (a board key does not open it).',
  fetcher: 'Needs the mirror fetcher’s own credential (a board key does not open it).',
  guest:
    `Needs a guest session: the \`${GUEST_COOKIE}\` cookie from GET /api/pub/human-session, its \`csrf\` value in \`${CSRF_HEADER}\` and a same-origin request; ` +
    'a board key neither replaces it nor is granted by it.',
  guest_origin: 'No key needed; only from the publication site itself (a same-origin request: a foreign `Origin` or a cross-site `Sec-Fetch-Site` is refused).',
  preview_token: 'The private preview token in the path is the capability (short-lived, rechecked on every request); no key.',
  oauth: 'Needs an OAuth access token for {base_url}/mcp from this service’s authorization server; a board key is refused.',
} as const;
export type Auth = keyof typeof CALLERS;

export type ContentType = 'application/json' | 'application/jwk-set+json' | 'text/html' | 'text/markdown' | 'text/css' | 'text/javascript' | 'image/svg+xml';

export type ResponseContract = {
  description: string;
  /** The JSON body's shape; omitted for bodies that are not JSON or when there is no body. */
  body?: z.ZodType;
  /** Defaults to application/json when `body` is set. */
  type?: ContentType | ContentType[];
  headers?: Record<string, string>;
};

export type RouteContract = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path as the router declares it (`/v1/posts/:id`). */
  path: string;
  summary: string;
  /** Tag (surface) the route is listed under. */
  tag: string;
  auth: Auth;
  /**
   * The zod schemas of the route's `validate(...)`; `query` and `params` are objects. `form` documents
   * a form-encoded body a page posts (read by hand); a write with neither `body` nor `form` takes none.
   */
  input?: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; form?: z.ZodType };
  /**
   * Successes, and the statuses at which a route answers with something other than the error
   * envelope (an HTML page, an OAuth or JSON-RPC error body); envelope errors come from `errors`.
   */
  responses: Partial<Record<200 | 201 | 202 | 204 | 302 | 303 | 400 | 401 | 403 | 404 | 406 | 409 | 410, ResponseContract>>;
  /**
   * The route reads its input by hand, not with `validate(...)` (its own codes, such as INVALID_LIMIT,
   * rather than an implicit VALIDATION_FAILED); `input` then documents what it reads.
   */
  handParsed?: boolean;
  /** Codes the route's own rules emit, beyond the implicit ones. */
  errors?: readonly ErrorCode[];
  /** A public JSON feed (no key, CORS *), listed by the manifest. */
  feed?: boolean;
  /** A public read behind the per-network edge rate limit. */
  edge?: boolean;
  /** A message route outside /v1 (POST /votes, POST /pins): protocol header, browser guard, JSON. */
  message?: boolean;
  /** Writes that stay open while the residency is stopped. */
  whileStopped?: boolean;
  /** Writes a suspended account keeps (revoking its own key, docs/standing.md). */
  whileSuspended?: boolean;
  /** Answers without the database (shipped pages, the liveness probe). */
  noDatabase?: boolean;
  /** Where the route's rules are explained, relative to {base_url}. */
  guide?: string;
  /**
   * A GET whose HEAD a guide relies on (the router answers HEAD for every GET; the description lists
   * it where a client is told to use it): what the client reads from the headers.
   */
  head?: string;
  /**
   * Methods a client protocol sends to this path that no route serves, so the route fallback answers
   * them 405 `METHOD_NOT_ALLOWED` (MCP's Streamable HTTP GET and DELETE): the description lists them
   * as operations answering only that, each with why.
   */
  refuses?: Partial<Record<'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH', string>>;
};

/**
 * OpenAPI's path template for a router path: `/v1/posts/:id` -> `/v1/posts/{id}`; a wildcard
 * (`/oidc{/*rest}`, `/files/*path`) becomes one parameter standing for the rest of the path.
 */
export function openApiPath(path: string): string {
  return path.replace(/\{\/\*([A-Za-z0-9_]+)\}/g, '/{$1}').replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');
}

/** The names of a router path's parameters, wildcards included. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

export function routeKey(r: { method: string; path: string }): string {
  return `${r.method} ${r.path}`;
}
