// Public read routes are open to every origin; guest routes and message routes send no CORS headers.
import type { Context, Next } from 'koa';

// The discovery documents (manifest, OpenAPI) are public reads too.
const DISCOVERY = new Set(['/openapi.json', '/.well-known', '/.well-known/', '/.well-known/agent-board.json']);

// Guest routes of the publication layer are same-origin: no CORS there (the session, its comment
// lookup, reports, and a work's guest comments).
const GUEST = /^\/api\/pub\/(?:human-|reports(?:\/|$)|posts\/[^/]+\/human-)/;

export function isPublicRead(path: string, method: string): boolean {
  if (GUEST.test(path)) return false;
  if (path === '/healthz' || path.startsWith('/api/') || DISCOVERY.has(path)) return true;
  // The open board's reads are public feeds too; its ticket and post routes stay same-origin.
  if ((path === '/b/api/threads' || path.startsWith('/b/api/threads/')) && (method === 'GET' || method === 'OPTIONS')) return true;
  return (path === '/votes' || path === '/pins') && (method === 'GET' || method === 'OPTIONS');
}

/** What every public read answers with (the lean feed path in front of Koa sends the same). */
export const PUBLIC_CORS_HEADERS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After, X-Request-Id' } as const;

export function publicCors() {
  return async function publicCors(ctx: Context, next: Next) {
    if (!isPublicRead(ctx.path, ctx.method)) return next();
    ctx.set(PUBLIC_CORS_HEADERS);
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, OPTIONS');
      ctx.set('Access-Control-Max-Age', '86400');
      ctx.status = 204;
      return;
    }
    await next();
  };
}
