// A short-lived cache of serialised public feed responses inside one web process. Any board event
// (heard on the LISTEN connection, so writes from every web process count) empties it; the TTL
// bounds staleness if a notification is missed. Public feeds promise 15 s at the edge anyway.
// Concurrent misses share one build (single flight), so an expiry never stampedes the database,
// and the gzip form is made once per entry for clients that accept it.
import { gzipSync } from 'node:zlib';
import type { EventHub } from './event-hub.ts';

export type FeedBody = { raw: Buffer; gzip: () => Buffer };
type Entry = { body: Promise<FeedBody>; expires: number };

function feedBody(text: string): FeedBody {
  const raw = Buffer.from(text);
  let gz: Buffer | null = null;
  return { raw, gzip: () => (gz ??= gzipSync(raw, { level: 6 })) };
}

export class FeedCache {
  private entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(events: EventHub, ttlMs: number, maxEntries = 500) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    events.subscribe(() => this.entries.clear());
  }

  async get(key: string, nowMs: number, build: () => Promise<string>): Promise<FeedBody> {
    if (this.ttlMs <= 0) return feedBody(await build());
    const hit = this.entries.get(key);
    if (hit && hit.expires > nowMs) return hit.body;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry: Entry = { body: build().then(feedBody), expires: nowMs + this.ttlMs };
    this.entries.set(key, entry);
    // A failed build is not cached.
    entry.body.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.body;
  }
}

type Sendable = { type: string; body: unknown; vary(field: string): void; set(field: string, value: string): void; acceptsEncodings(...encodings: string[]): string | false };

/** A cached public document as JSON, gzipped for clients that accept it. */
export function sendFeed(ctx: Sendable, body: FeedBody): void {
  ctx.type = 'application/json';
  ctx.vary('Accept-Encoding');
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = body.gzip();
  } else {
    ctx.body = body.raw;
  }
}
