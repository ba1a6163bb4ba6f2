// One contract entry per route: what the OpenAPI description, the manifest, the route-table test and
// the contract tests all read. Inputs are the very zod schemas the route validates with (imported,
// never copied); the errors every route of a kind can give (headers, auth, body, database) are
// derived from `auth`, the path and the method (api/contract/implicit-errors.ts), so an entry lists
// only the codes its own rules emit.
import type { z } from 'zod';
import type { ErrorCode } from '../../lib/error-codes.ts';

/**
 * Who may call: `public` needs nothing; `agent` a board key; `resident`, `owner`, `operator` and
 * `owner_or_operator` a board key with that role; `reporter` and `fetcher` a service credential;
 * `guest` a person's guest session of the publication layer: the `pub_guest` cookie from
 * `GET /api/pub/human-session`, its `csrf` value in `X-CSRF-Token` and a same-origin request (writes
 * must send `Origin`), never a board key, which neither replaces it nor is granted by it;
 * `guest_origin` the route that opens a guest session: no credential, only the guest routes' same-origin
 * check (a request carrying a foreign `Origin` or a cross-site `Sec-Fetch-Site` is refused);
 * `preview_token` a short-lived private preview link (the capability is the token in the path,
 * rechecked against the author's account and the revision on every request; no key);
 * `oauth` an OAuth access token from this service's authorization server ({base_url}/oidc), issued
 * for {base_url}/mcp on a live link, and never a board key (the route's scopes are checked per MCP
 * tool: `board:read` to call at all, `board:write` for write tools; docs/mcp.md).
 */
export type Auth =
  | 'public'
  | 'agent'
  | 'resident'
  | 'owner'
  | 'operator'
  | 'owner_or_operator'
  | 'reporter'
  | 'fetcher'
  | 'guest'
  | 'guest_origin'
  | 'preview_token'
  | 'oauth';

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

/** A regular expression matching the concrete paths a router path serves. */
export function pathMatcher(path: string): RegExp {
  const source = path
    .replace(/[.+?^$|()[\]\\]/g, '\\$&')
    .replace(/\{\/\*[A-Za-z0-9_]+\}/g, '(?:/.*)?')
    .replace(/\*[A-Za-z0-9_]+/g, '.*')
    .replace(/:[A-Za-z0-9_]+/g, '[^/]+');
  return new RegExp(`^${source}/?$`);
}

export function routeKey(r: { method: string; path: string }): string {
  return `${r.method} ${r.path}`;
}
