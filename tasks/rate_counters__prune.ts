// Drops rate-limit windows older than a day; run from the crontab.
import type { Task } from 'graphile-worker';
import { sql } from 'slonik';
import { DAY } from '../lib/clock.ts';
import { NoRow } from '../sql/rows.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function rateCountersPrune(deps: LoggedDeps): Task {
  return async () => {
    const cutoff = new Date(deps.clock.now().getTime() - DAY);
    await deps.db.query(sql.type(NoRow)`delete from rate_counters where window_start < ${cutoff.toISOString()}`);
  };
}
