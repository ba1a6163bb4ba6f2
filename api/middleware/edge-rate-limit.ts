// Per-network token bucket for public feeds, kept in process memory: losing it on restart is
// harmless, and each web process enforcing its own share keeps the hot path free of SQL.
import type { Next } from 'koa';
import { fail } from '../../lib/errors.ts';
import { networkOf } from '../../lib/network.ts';
import type { Ctx } from '../context.ts';

export type Bucket = { tokens: number; at: number };
/** One map per app (in its deps), so every public route draws on the same per-network budget. */
export type EdgeBuckets = Map<string, Bucket>;

export function edgeRateLimit() {
  return async (ctx: Ctx, next: Next) => {
    const buckets = ctx.deps.edgeBuckets;
    const perMinute = ctx.deps.config.limits.edgeRequestsPerMinute;
    if (perMinute > 0) {
      const now = ctx.deps.clock.now().getTime();
      const key = networkOf(ctx.ip);
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: now };
      bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute);
      bucket.at = now;
      if (bucket.tokens < 1) {
        const retry = Math.max(1, Math.ceil(((1 - bucket.tokens) * 60) / perMinute));
        buckets.set(key, bucket);
        throw fail('EDGE_RATE_LIMIT', `Too many requests from your network; retry in ${retry} s.`, { retry_after_seconds: retry }, {
          'Retry-After': String(retry),
        });
      }
      bucket.tokens -= 1;
      buckets.set(key, bucket);
      if (buckets.size > 100_000) buckets.clear();
    }
    await next();
  };
}
