// Whether a row's job is still alive, by the job key its task was enqueued under
// (`<task>:<row id>`, lib/outreach/jobs.ts). Recovery uses it to find rows whose job was lost, and to
// leave alone a claim whose job a worker still holds.
//
// A locked job counts as alive however old its lock: a live worker is running it, or its worker died
// and the liveness sweep (lib/workers/release-dead.ts) releases it within a minute of the bound, and it
// runs again. Enqueueing under the key of a locked job would make graphile-worker detach that job (its
// key cleared, its attempts used up): a dead worker's job would then be released into "permanently
// failed" and stay in the queue for good, and a live one would get a twin.
import { sql, type FragmentSqlToken } from 'slonik';

const underKey = (prefix: string, id: FragmentSqlToken) => sql.fragment`j.key = ${prefix} || ${id}::text`;

/** True when no job under `<prefix><id>` will still run: none locked, none waiting with attempts left. */
export function lacksLiveJob(prefix: string, id: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`not exists (
    select 1 from graphile_worker.jobs j
    where ${underKey(prefix, id)} and (j.locked_at is not null or j.attempts < j.max_attempts))`;
}

/** True when no worker holds a job under `<prefix><id>`: a stale claim may be judged and taken back. */
export function lacksHeldJob(prefix: string, id: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`not exists (select 1 from graphile_worker.jobs j where ${underKey(prefix, id)} and j.locked_at is not null)`;
}
