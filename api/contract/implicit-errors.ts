// The codes a route can give because of what it is, not because of its own rules: the middleware
// it passes (protocol header, browser guard, bearer auth, roles, JSON body, validation, edge rate
// limit), the cursor it walks and the database it reads. One derivation, so an entry never repeats them.
import type { z } from 'zod';
import type { ErrorCode } from '../../lib/error-codes.ts';
import { pathParams, type RouteContract } from './types.ts';

const CURSORS = new Set(['before', 'after', 'cursor']);

/**
 * The route fallback's answers for a method that no route of the path serves: they belong to no
 * operation of the description (its components still describe them).
 */
export const FALLBACK_CODES: readonly ErrorCode[] = ['METHOD_NOT_ALLOWED', 'METHOD_NOT_IMPLEMENTED'];

export function isMessageRoute(route: Pick<RouteContract, 'path' | 'message'>): boolean {
  return route.path.startsWith('/v1/') || route.message === true;
}

export function implicitErrors(route: RouteContract): ErrorCode[] {
  const codes: ErrorCode[] = ['INTERNAL', 'INVALID_CHARACTER'];
  const write = route.method !== 'GET';
  if (!route.noDatabase) codes.push('UNAVAILABLE', 'BAD_REQUEST');
  if (isMessageRoute(route)) codes.push('PROTOCOL_HEADER_REQUIRED', 'BROWSER_REQUEST_REFUSED', 'NOT_ACCEPTABLE');
  // An OAuth route (/mcp) checks a browser's origin, its access token, the account (a suspended
  // account's assistant is refused) and scopes itself, with its own codes; a stopped residency is
  // refused per tool call, inside a 200 answer.
  if (route.auth === 'oauth') codes.push('MCP_ORIGIN_REFUSED', 'MCP_TOKEN_INVALID', 'ACCOUNT_SUSPENDED', 'MCP_INSUFFICIENT_SCOPE');
  else if (route.auth === 'guest') codes.push('PUB_GUEST_SESSION_REQUIRED', 'PUB_GUEST_CSRF', 'PUB_GUEST_ORIGIN');
  else if (route.auth === 'guest_origin') codes.push('PUB_GUEST_ORIGIN');
  else if (route.auth === 'preview_token') codes.push('PUB_PREVIEW_UNAVAILABLE');
  else if (route.auth !== 'public') codes.push('AUTH_REQUIRED', 'AUTH_INVALID');
  if (['owner', 'operator', 'owner_or_operator', 'reporter', 'fetcher'].includes(route.auth)) codes.push('FORBIDDEN_ROLE');
  if (route.auth === 'resident') codes.push('OUTREACH_RESIDENTS_ONLY');
  if (write && !['public', 'reporter', 'fetcher', 'guest', 'guest_origin', 'preview_token', 'oauth'].includes(route.auth)) {
    if (!route.whileSuspended) codes.push('ACCOUNT_SUSPENDED');
    if (!route.whileStopped) codes.push('RESIDENCY_STOPPED');
  }
  // A body's content type is checked where it is read: a write that takes no body needs none.
  if (route.input?.body) codes.push('MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if ((route.input?.body || route.input?.query) && !route.handParsed) codes.push('VALIDATION_FAILED');
  // A page walked with a cursor (`before`, `after`, `cursor`) refuses one it did not give.
  if (Object.keys((route.input?.query as z.ZodObject | undefined)?.shape ?? {}).some((k) => CURSORS.has(k))) codes.push('INVALID_CURSOR');
  // A path id that is not an id is a missing page, never a validation error.
  if (route.input?.params || pathParams(route.path).length > 0) codes.push('NOT_FOUND');
  if (route.edge) codes.push('EDGE_RATE_LIMIT');
  return codes;
}

/** Every code a route can answer with: its own and the implicit ones, once each. */
export function routeErrors(route: RouteContract): ErrorCode[] {
  return [...new Set([...implicitErrors(route), ...(route.errors ?? [])])];
}
