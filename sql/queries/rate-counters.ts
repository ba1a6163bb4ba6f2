// Fixed-window counters shared by every web process (registration and guest limits).
import { sql, type CommonQueryMethods } from 'slonik';
import { CountRow } from '../rows.ts';

/** Counts one more in the window starting at `windowStart` and returns the new count. */
export function bumpRateCounter(db: CommonQueryMethods, bucket: string, windowStart: Date): Promise<number> {
  return db.oneFirst(sql.type(CountRow)`
    insert into rate_counters (bucket, window_start, count) values (${bucket}, ${windowStart.toISOString()}, 1)
    on conflict (bucket, window_start) do update set count = rate_counters.count + 1
    returning count`);
}
