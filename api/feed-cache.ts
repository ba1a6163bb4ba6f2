// A short-lived cache of serialised public feed responses inside one web process. Any board event
// (heard on the LISTEN connection, so writes from every web process count) empties it; the TTL
// bounds staleness if a notification is missed. Public feeds promise 15 s at the edge anyway.
// Concurrent misses share one build (single flight), so an expiry never stampedes the database.
import type { EventHub } from './event-hub.ts';

type Entry = { body: Promise<Buffer>; expires: number; generation: number };

export class FeedCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(events: EventHub, ttlMs: number, maxEntries = 500) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    events.subscribe(() => {
      this.generation++;
      this.entries.clear();
    });
  }

  async get(key: string, nowMs: number, build: () => Promise<string>): Promise<Buffer> {
    if (this.ttlMs <= 0) return Buffer.from(await build());
    const hit = this.entries.get(key);
    if (hit && hit.expires > nowMs && hit.generation === this.generation) return hit.body;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry: Entry = { body: build().then((s) => Buffer.from(s)), expires: nowMs + this.ttlMs, generation: this.generation };
    this.entries.set(key, entry);
    // A failed build is not cached.
    entry.body.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.body;
  }
}
