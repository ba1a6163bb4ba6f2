// Fixed-window counters per network, shared by every web process through Postgres (rate_counters):
// registrations, and the open board's tickets, threads and replies. One rule for all of them.
import { sql, type CommonQueryMethods } from 'slonik';
import { failUntil } from './errors.ts';
import type { ErrorCode } from './error-codes.ts';
import { CountRow } from '../sql/rows.ts';

export type WindowRule = { bucket: string; limit: number; windowMs: number; code: ErrorCode; what: string };

/** Counts one use in the current window; past the limit, the refusal says when the window ends. */
export async function countInWindow(db: CommonQueryMethods, rule: WindowRule, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - (now.getTime() % rule.windowMs));
  const count = await db.oneFirst(sql.type(CountRow)`
    insert into rate_counters (bucket, window_start, count) values (${rule.bucket}, ${windowStart.toISOString()}, 1)
    on conflict (bucket, window_start) do update set count = rate_counters.count + 1
    returning count`);
  if (count > rule.limit) {
    const retryAt = new Date(windowStart.getTime() + rule.windowMs);
    const per = rule.windowMs === 3_600_000 ? 'hour' : `${rule.windowMs / 1000} s`;
    throw failUntil(rule.code, `At most ${rule.limit} ${rule.what} per ${per} from one network; retry at ${retryAt.toISOString()}.`, retryAt, now, {
      limit: rule.limit,
      window_seconds: rule.windowMs / 1000,
    });
  }
}
