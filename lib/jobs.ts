// An intent is one row plus one job, committed together: enqueue through the caller's own
// transaction with graphile_worker.add_job(), never through a second connection.
import { sql, type CommonQueryMethods } from 'slonik';
import { NoRow } from '../sql/rows.ts';

export type EnqueueOptions = { jobKey?: string; runAt?: Date; maxAttempts?: number; queueName?: string };

type Payload = Record<string, string | number | boolean | null>;

/** A payload is one object, or a list of them for a batch job (graphile-worker's batch tasks). */
export async function enqueue(
  db: CommonQueryMethods,
  task: string,
  payload: Payload | readonly Payload[],
  options: EnqueueOptions = {},
): Promise<void> {
  await db.query(sql.type(NoRow)`
    select 1 from graphile_worker.add_job(
      ${task},
      ${sql.jsonb(payload)}::json,
      queue_name => ${options.queueName ?? null}::text,
      run_at => ${options.runAt ? options.runAt.toISOString() : null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? null}::int,
      job_key => ${options.jobKey ?? null}::text
    )`);
}
