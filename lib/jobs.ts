// An intent is one row plus one job, committed together: enqueue through the caller's own
// transaction with graphile_worker.add_job(), never through a second connection.
import type { CommonQueryMethods } from 'slonik';
import { createJobsQueries, type JobOptions, type JobPayload } from '../sql/queries/jobs.ts';

export type EnqueueOptions = JobOptions;

/** A payload is one object, or a list of them for a batch job (graphile-worker's batch tasks). */
export async function enqueue(
  db: CommonQueryMethods,
  task: string,
  payload: JobPayload | readonly JobPayload[],
  options: EnqueueOptions = {},
): Promise<void> {
  await createJobsQueries(db).addJob(task, payload, options);
}
