// A lean path for public feeds in front of Koa. When this process has already answered a GET URL
// from the feed cache (api/feed-cache.ts) and the entry is still fresh, the same bytes go out
// again with the same headers, without routing; the per-network rate limit is the same function
// Koa's routes use. Everything else, a refusal included, falls through to Koa.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from './context.ts';
import { feedHeaders, notModified, wantsGzip } from './feed-cache.ts';
import { PUBLIC_CORS_HEADERS } from './middleware/cors.ts';
import { edgeRefusal } from './middleware/edge-rate-limit.ts';
import { SECURITY_HEADERS } from './middleware/security-headers.ts';
import { requestIdOf } from './middleware/error-envelope.ts';

// writeHead takes a flat [name, value, ...] list: spreading ~20 headers into a fresh object per
// response cost ~1 µs more (measured: 3.3 µs against 2.3 µs per writeHead), a few % of a cached answer.
const LEADING_HEADERS = Object.entries(SECURITY_HEADERS).flat();
const CORS_HEADERS = Object.entries(PUBLIC_CORS_HEADERS).flat();

/** Answers the request and returns true, or returns false without touching it. */
export function feedFastPath(deps: AppDeps, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || req.url === undefined) return false;
  const ready = deps.feedCache.lookup(req.url, deps.clock.now().getTime());
  if (!ready || edgeRefusal(deps, req)) return false;
  try {
    const gzip = wantsGzip(req.headers['accept-encoding']);
    const unchanged = notModified(req.headers['if-none-match'], ready.body.etag());
    const payload = unchanged ? null : gzip ? ready.body.gzip() : ready.body.raw;
    const headers = [...LEADING_HEADERS, 'X-Request-Id', requestIdOf(req.headers['x-request-id']), ...CORS_HEADERS];
    for (const [name, value] of Object.entries(feedHeaders(ready.cacheControl, ready.body, gzip, unchanged))) headers.push(name, value);
    if (payload) headers.push('Content-Length', String(payload.length));
    res.writeHead(unchanged ? 304 : 200, headers);
    res.end(payload ?? undefined);
    return true;
  } catch (error) {
    // Nothing sent yet: Koa answers instead (with its envelope if it fails too).
    if (!res.headersSent) return false;
    res.destroy(error as Error);
    return true;
  }
}
