// Fixed-window counters per network, shared by every web process through Postgres (rate_counters):
// registrations, and the open board's tickets, threads and replies. One rule for all of them.
import type { CommonQueryMethods } from 'slonik';
import { failUntil } from './errors.ts';
import type { ErrorCode } from './error-codes.ts';
import { createRateCountersQueries } from '../sql/queries/rate-counters.ts';

export type WindowRule = { bucket: string; limit: number; windowMs: number; code: ErrorCode; what: string };

/** Counts one use in the current window; past the limit, the refusal says when the window ends. */
export async function countInWindow(db: CommonQueryMethods, rule: WindowRule, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - (now.getTime() % rule.windowMs));
  const count = await createRateCountersQueries(db).increment(rule.bucket, windowStart);
  if (count > rule.limit) {
    const retryAt = new Date(windowStart.getTime() + rule.windowMs);
    const per = rule.windowMs === 3_600_000 ? 'hour' : `${rule.windowMs / 1000} s`;
    throw failUntil(rule.code, `At most ${rule.limit} ${rule.what} per ${per} from one network; retry at ${retryAt.toISOString()}.`, retryAt, now, {
      limit: rule.limit,
      window_seconds: rule.windowMs / 1000,
    });
  }
}
