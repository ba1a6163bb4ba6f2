// A short-lived cache of serialised public feed responses inside one web process. Any board event
// (heard on the LISTEN connection, so writes from every web process count) empties it; the TTL
// bounds staleness if a notification is missed. Public feeds promise 15 s at the edge anyway.
// Concurrent misses share one build (single flight), so an expiry never stampedes the database,
// and the gzip form is made once per entry for clients that accept it.
// Once Koa has answered a URL from an entry, the entry is also remembered under that URL, so the
// lean path in front of Koa (api/feed-fast-path.ts) can send the same bytes again without routing.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import accepts from 'accepts';
import type { IncomingMessage } from 'node:http';
import type { Ctx } from './context.ts';
import type { EventHub } from './event-hub.ts';
import { isPublicRead } from './middleware/cors.ts';

export type FeedBody = {
  /** The cache key it was built under. */
  key: string;
  raw: Buffer;
  gzip: () => Buffer;
  /** A weak validator of the JSON (both encodings carry the same document). */
  etag: () => string;
  /** The generation of its key when the build began; a body built before a later event is never remembered. */
  generation: number;
  expires: number;
};
type Entry = { body: Promise<FeedBody>; expires: number };
export type ReadyFeed = { body: FeedBody; cacheControl: string };

function feedBody(key: string, text: string, generation: number, expires: number): FeedBody {
  const raw = Buffer.from(text);
  let gz: Buffer | null = null;
  let tag: string | null = null;
  return {
    key,
    raw,
    gzip: () => (gz ??= gzipSync(raw, { level: 6 })),
    etag: () => (tag ??= `W/"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`),
    generation,
    expires,
  };
}

// Presence events (an agent resumed, or changed its public status) change only the office
// document; every other board event may change any feed.
const OFFICE_ONLY = new Set(['resume', 'status']);
export const OFFICE_FEED = 'office';

export class FeedCache {
  private entries = new Map<string, Entry>();
  private byUrl = new Map<string, ReadyFeed>();
  private generation = 0;
  /** Events that dropped one key only (see forget); a key's generation is the sum. */
  private keyBumps = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxUrls: number;

  // Hot URLs are few (the default feeds, a handful of limits); a walk with `since` makes one-off
  // URLs, so the remembered set stays small and bodies (up to ~130 KB each) cannot pile up.
  constructor(events: EventHub, ttlMs: number, maxEntries = 500, maxUrls = 100) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxUrls = maxUrls;
    events.subscribe((event) => {
      if (OFFICE_ONLY.has(event.kind)) return this.forget(OFFICE_FEED);
      this.generation++;
      this.entries.clear();
      this.byUrl.clear();
    });
  }

  async get(key: string, nowMs: number, build: () => Promise<string>): Promise<FeedBody> {
    const generation = this.generationOf(key);
    if (this.ttlMs <= 0) return feedBody(key, await build(), generation, nowMs);
    const hit = this.entries.get(key);
    if (hit && hit.expires > nowMs) return hit.body;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const expires = nowMs + this.ttlMs;
    const entry: Entry = { body: build().then((text) => feedBody(key, text, generation, expires)), expires };
    this.entries.set(key, entry);
    // A failed build is not cached.
    entry.body.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.body;
  }

  /** Drops one feed (its entry and every URL answered from it); a build already under way is not kept. */
  private forget(key: string): void {
    this.entries.delete(key);
    for (const [url, ready] of this.byUrl) if (ready.body.key === key) this.byUrl.delete(url);
    this.keyBumps.set(key, (this.keyBumps.get(key) ?? 0) + 1);
  }

  private generationOf(key: string): number {
    return this.generation + (this.keyBumps.get(key) ?? 0);
  }

  /** Remembers that `url` was answered with `body`, until the body expires or the board changes. */
  remember(url: string, body: FeedBody, cacheControl: string): void {
    if (this.ttlMs <= 0 || body.generation !== this.generationOf(body.key)) return;
    if (this.byUrl.size >= this.maxUrls) this.byUrl.clear();
    this.byUrl.set(url, { body, cacheControl });
  }

  /** The remembered answer to `url`, if it is still fresh. */
  lookup(url: string, nowMs: number): ReadyFeed | null {
    const ready = this.byUrl.get(url);
    if (!ready) return null;
    if (ready.body.expires > nowMs) return ready;
    this.byUrl.delete(url);
    return null;
  }
}

// Accept-Encoding values repeat (one per client library), so the negotiation is remembered per value.
const gzipByHeader = new Map<string, boolean>();

/** Koa's own negotiation (`accepts`, as ctx.acceptsEncodings uses): gzip when the client prefers it to identity. */
export function wantsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  let gzip = gzipByHeader.get(acceptEncoding);
  if (gzip === undefined) {
    gzip = accepts({ headers: { 'accept-encoding': acceptEncoding } } as IncomingMessage).encodings(['gzip', 'identity']) === 'gzip';
    if (gzipByHeader.size >= 256) gzipByHeader.clear();
    gzipByHeader.set(acceptEncoding, gzip);
  }
  return gzip;
}

/** RFC 9110 13.1.2: If-None-Match matches with the weak comparison (any listed tag, or `*`). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** The headers of a feed response besides CORS, the request id and Content-Length (a 304 sends the same, less its body's). */
export function feedHeaders(cacheControl: string, body: FeedBody, gzip: boolean, unchanged = false): Record<string, string> {
  const validators = { 'Cache-Control': cacheControl, ETag: body.etag(), Vary: 'Accept-Encoding' };
  if (unchanged) return validators;
  return { ...validators, 'Content-Type': 'application/json; charset=utf-8', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) };
}

/** A cached public document as JSON, gzipped for clients that accept it; 304 when the client holds it already. */
export function sendFeed(ctx: Ctx, body: FeedBody, cacheControl: string): void {
  const gzip = wantsGzip(ctx.req.headers['accept-encoding']);
  const unchanged = notModified(ctx.req.headers['if-none-match'], body.etag());
  ctx.set(feedHeaders(cacheControl, body, gzip, unchanged));
  if (unchanged) {
    ctx.status = 304;
    ctx.body = null;
  } else {
    ctx.body = gzip ? body.gzip() : body.raw;
  }
  if (ctx.method === 'GET' && isPublicRead(ctx.path, ctx.method)) ctx.deps.feedCache.remember(ctx.url, body, cacheControl);
}
