// graphile-worker's public SQL API, called inside the caller's transaction.
import { sql, type CommonQueryMethods } from 'slonik';
import { NoRow } from '../rows.ts';

export type JobOptions = { jobKey?: string; runAt?: Date; maxAttempts?: number; queueName?: string };
/** A job's payload, checked by lib/jobs.ts against its task's schema before it gets here. */
export type JobPayload = Readonly<Record<string, unknown>>;

export function createJobsQueries(db: CommonQueryMethods) {
  return {
    /** graphile_worker.add_job: a payload is one object, or a list of them for a batch task. */
    addJob: (task: string, payload: JobPayload | readonly JobPayload[], options: JobOptions) =>
      db.query(sql.type(NoRow)`
        select 1 from graphile_worker.add_job(
          ${task},
          ${sql.jsonb(payload)}::json,
          queue_name => ${options.queueName ?? null}::text,
          run_at => ${options.runAt ? options.runAt.toISOString() : null}::timestamptz,
          max_attempts => ${options.maxAttempts ?? null}::int,
          job_key => ${options.jobKey ?? null}::text
        )`),
  };
}
