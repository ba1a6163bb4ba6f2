// The job queue as operators watch it (lib/metrics): per task, what waits, runs, retries and failed.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const JobStatsRow = z.object({
  task: z.string(),
  ready: z.number(),
  scheduled: z.number(),
  running: z.number(),
  retrying: z.number(),
  failed: z.number(),
  oldest_ready_seconds: z.number(),
});
export type JobStats = z.infer<typeof JobStatsRow>;

export function createJobStatsQueries(db: CommonQueryMethods) {
  return {
    // run_at is written by graphile-worker on the database's clock, so an age is measured on it too.
    perTask: () =>
      db.any(sql.type(JobStatsRow)`
        select task_identifier as task,
          count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as ready,
          count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as scheduled,
          count(*) filter (where locked_at is not null)::int as running,
          count(*) filter (where attempts > 0 and attempts < max_attempts)::int as retrying,
          count(*) filter (where attempts >= max_attempts)::int as failed,
          coalesce(extract(epoch from now() - min(run_at) filter (where locked_at is null and attempts < max_attempts and run_at <= now())), 0)::float8
            as oldest_ready_seconds
        from graphile_worker.jobs group by task_identifier`),
  };
}
