// A short-lived cache of serialised public feed responses inside one web process. Any board event
// (heard on the LISTEN connection, so writes from every web process count) makes every feed stale;
// the TTL bounds staleness if a notification is missed. Public feeds promise 15 s at the edge anyway.
// At most one rebuild per key runs at a time: while it runs, readers get the key's newest body as
// long as that body is younger than the TTL (counted from the start of its build, so a post is in
// every process's feed within FEED_CACHE_MS of its commit). A reader that finds the body stale and
// no rebuild running starts one and waits for it. So under a steady stream of posts readers never
// queue behind rebuilds, and rebuilds follow back to back at most, however many readers there are.
// The gzip form is made once per body for clients that accept it.
// Once Koa has answered a URL from a key, the URL is remembered with that key, so the lean path in
// front of Koa (api/feed-fast-path.ts) can send the key's body again without routing, under the same
// rule; when the rule asks for a rebuild, the lean path leaves the request to Koa, which starts it.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import accepts from 'accepts';
import type { IncomingMessage } from 'node:http';
import type { ParameterizedContext } from 'koa';
import type { EventHub } from './event-hub.ts';
import { isPublicRead } from './middleware/cors.ts';

export type FeedBody = {
  /** The cache key it was built under. */
  key: string;
  raw: Buffer;
  gzip: () => Buffer;
  /** A weak validator of the JSON (both encodings carry the same document). */
  etag: () => string;
  /** The generation of its key when the build began; a body built before a later event is stale. */
  generation: number;
  /** The start of its build plus the TTL: never served after this. */
  expires: number;
};
/** One key: its newest body (stale once an event came after its build began) and the rebuild under way. */
type Slot = { last: FeedBody | null; building: { generation: number; body: Promise<FeedBody> } | null };
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
  private slots = new Map<string, Slot>();
  /** URLs Koa answered from the cache, with their key and Cache-Control. */
  private byUrl = new Map<string, { key: string; cacheControl: string }>();
  private generation = 0;
  /** Answers served from a cached body, and bodies built (for the operators' metrics). */
  hits = 0;
  rebuilds = 0;
  private sweptAt = 0;
  /** Events that touched one key only (presence: the office); a key's generation is the sum. */
  private keyBumps = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxUrls: number;

  // Hot URLs are few (the default feeds, a handful of limits); a walk with `since` makes one-off
  // keys and URLs, so both sets stay bounded and bodies (up to ~130 KB each) cannot pile up.
  constructor(events: EventHub, ttlMs: number, maxEntries = 500, maxUrls = 100) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxUrls = maxUrls;
    events.subscribe((event) => {
      if (OFFICE_ONLY.has(event.kind)) this.keyBumps.set(OFFICE_FEED, (this.keyBumps.get(OFFICE_FEED) ?? 0) + 1);
      else this.generation++;
    });
  }

  async get(key: string, nowMs: number, build: () => Promise<string>): Promise<FeedBody> {
    const generation = this.generationOf(key);
    if (this.ttlMs <= 0) return feedBody(key, await build(), generation, nowMs);
    let slot = this.slots.get(key);
    if (!slot) {
      this.sweep(nowMs);
      if (this.slots.size >= this.maxEntries) this.slots.clear();
      slot = { last: null, building: null };
      this.slots.set(key, slot);
    }
    const ready = this.servable(slot, key, nowMs);
    if (ready) {
      this.hits++;
      return ready;
    }
    // Nothing young enough to serve: wait for a rebuild that began after the last event, or start one.
    if (slot.building?.generation === generation) return slot.building.body;
    return this.rebuild(key, slot, generation, nowMs + this.ttlMs, build);
  }

  /** The rule both paths follow: the newest body while it is younger than the TTL and either current or being rebuilt. */
  private servable(slot: Slot, key: string, nowMs: number): FeedBody | null {
    const last = slot.last;
    if (last === null || last.expires <= nowMs) return null;
    return last.generation === this.generationOf(key) || slot.building !== null ? last : null;
  }

  private rebuild(key: string, slot: Slot, generation: number, expires: number, build: () => Promise<string>): Promise<FeedBody> {
    this.rebuilds++;
    const building = { generation, body: build().then((text) => feedBody(key, text, generation, expires)) };
    slot.building = building;
    building.body.then(
      (body) => {
        if (slot.building === building) slot.building = null;
        // Two builds overlap only when nothing was servable; keep the one that began last.
        if (slot.last === null || slot.last.expires <= body.expires) slot.last = body;
      },
      // A failed build is not kept; its readers get the failure.
      () => {
        if (slot.building === building) slot.building = null;
      },
    );
    return building.body;
  }

  /** Drops keys whose body can no longer be served (at most once per TTL), so one-off keys do not hold bodies. */
  private sweep(nowMs: number): void {
    if (nowMs - this.sweptAt < this.ttlMs) return;
    this.sweptAt = nowMs;
    for (const [key, slot] of this.slots) if (slot.building === null && (slot.last === null || slot.last.expires <= nowMs)) this.slots.delete(key);
  }

  private generationOf(key: string): number {
    return this.generation + (this.keyBumps.get(key) ?? 0);
  }

  /** Remembers that Koa answered `url` from `body`'s key, so the lean path may answer it too. */
  remember(url: string, body: FeedBody, cacheControl: string): void {
    if (this.ttlMs <= 0) return;
    if (this.byUrl.size >= this.maxUrls && !this.byUrl.has(url)) this.byUrl.clear();
    this.byUrl.set(url, { key: body.key, cacheControl });
  }

  /** What `get` would answer for a remembered `url` without starting a rebuild; null leaves it to Koa. */
  lookup(url: string, nowMs: number): ReadyFeed | null {
    const known = this.byUrl.get(url);
    const slot = known && this.slots.get(known.key);
    const body = slot ? this.servable(slot, known.key, nowMs) : null;
    if (!body) return null;
    this.hits++;
    return { body, cacheControl: known!.cacheControl };
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
export function sendFeed(ctx: ParameterizedContext<unknown, { deps: { feedCache: FeedCache } }>, body: FeedBody, cacheControl: string): void {
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
