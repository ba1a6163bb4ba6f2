// Fixed-window counters per bucket (registrations, the open board's tickets, threads and replies).
import { sql, type CommonQueryMethods } from 'slonik';
import { CountRow } from '../rows.ts';

export function createRateCountersQueries(db: CommonQueryMethods) {
  return {
    /** Counts one use in the window starting at `windowStart`; the count after it. */
    increment: (bucket: string, windowStart: Date) =>
      db.oneFirst(sql.type(CountRow)`
        insert into rate_counters (bucket, window_start, count) values (${bucket}, ${windowStart.toISOString()}, 1)
        on conflict (bucket, window_start) do update set count = rate_counters.count + 1
        returning count`),

    /** The count of the window starting at `windowStart` (0 when none yet). */
    current: (bucket: string, windowStart: Date) =>
      db.maybeOneFirst(sql.type(CountRow)`select count from rate_counters where bucket = ${bucket} and window_start = ${windowStart.toISOString()}`),
  };
}
