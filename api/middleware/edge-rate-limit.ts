// Per-network token bucket for public feeds, kept in process memory: losing it on restart is
// harmless, and each web process enforcing its own share keeps the hot path free of SQL.
import type { IncomingMessage } from 'node:http';
import type { Next, ParameterizedContext } from 'koa';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../lib/config.ts';
import { type AppError, fail } from '../../lib/errors.ts';
import { callerNetwork } from '../caller-network.ts';

export type Bucket = { tokens: number; at: number };
/** One map per app (in its deps), so every public route draws on the same per-network budget. */
export type EdgeBuckets = Map<string, Bucket>;
/** What the bucket needs of the app's deps (api/context.ts AppDeps has it). */
type EdgeDeps = { config: Config; clock: Clock; edgeBuckets: EdgeBuckets };

/**
 * Takes one token from the caller's network, or returns the refusal (and takes nothing). Asking
 * again at the same moment gives the same answer, so a lean path may ask first and leave the
 * refusal to Koa's envelope.
 */
export function edgeRefusal(deps: EdgeDeps, req: IncomingMessage): AppError | null {
  const perMinute = deps.config.limits.edgeRequestsPerMinute;
  if (perMinute <= 0) return null;
  const buckets = deps.edgeBuckets;
  const now = deps.clock.now().getTime();
  const key = callerNetwork(req, deps.config.trustProxy);
  const bucket = buckets.get(key) ?? { tokens: perMinute, at: now };
  bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute);
  bucket.at = now;
  if (buckets.size > 100_000) buckets.clear();
  buckets.set(key, bucket);
  if (bucket.tokens < 1) {
    const retry = Math.max(1, Math.ceil(((1 - bucket.tokens) * 60) / perMinute));
    return fail(
      'EDGE_RATE_LIMIT',
      `Too many requests from your network; retry in ${retry} s.`,
      { retry_after_seconds: retry },
      {
        'Retry-After': String(retry),
      },
    );
  }
  bucket.tokens -= 1;
  return null;
}

export function edgeRateLimit() {
  return async (ctx: ParameterizedContext<unknown, { deps: EdgeDeps }>, next: Next) => {
    const refusal = edgeRefusal(ctx.deps, ctx.req);
    if (refusal) throw refusal;
    await next();
  };
}
