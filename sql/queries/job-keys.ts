// Whether a row still has a job that will run, by the job key its task was enqueued under
// (`<task>:<row id>`, lib/outreach/jobs.ts). Recovery uses it to find rows whose job was lost.
import { sql, type FragmentSqlToken } from 'slonik';

/**
 * True when no job under `<prefix><id>` will still run: none waiting with attempts left, and none
 * locked by a worker less than `staleSeconds` ago (a dead worker's lock lasts 4 hours in
 * graphile-worker). `locked_at` is set by the database's clock, so it is compared with `now()`.
 */
export function lacksLiveJob(prefix: string, id: FragmentSqlToken, staleSeconds: number): FragmentSqlToken {
  return sql.fragment`not exists (
    select 1 from graphile_worker.jobs j
    where j.key = ${prefix} || ${id}::text and j.attempts < j.max_attempts
      and (j.locked_at is null or j.locked_at > now() - make_interval(secs => ${staleSeconds})))`;
}
