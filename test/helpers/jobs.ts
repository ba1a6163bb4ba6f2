// What tests see of graphile-worker's queue, through its public API only: the `graphile_worker.jobs`
// view (no payloads in 0.18), WorkerUtils, and running jobs (app.runJobs returns their payloads).
import { sql } from 'slonik';
import { z } from 'zod';
import type { TestApp } from './app.ts';

export type JobFilter = { task?: string; key?: string };

const where = (filter: JobFilter) =>
  sql.join(
    [sql.fragment`true`, ...(filter.task ? [sql.fragment`task_identifier = ${filter.task}`] : []), ...(filter.key ? [sql.fragment`key = ${filter.key}`] : [])],
    sql.fragment` and `,
  );

/** Jobs in the queue (waiting, running or failed). */
export function queuedJobs(app: TestApp, filter: JobFilter = {}): Promise<number> {
  return app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from graphile_worker.jobs where ${where(filter)}`);
}

/** Removes jobs as if they had completed (WorkerUtils.completeJobs), e.g. to simulate a lost job. */
export async function dropJobs(app: TestApp, filter: JobFilter = {}): Promise<void> {
  const ids = await app.db.anyFirst(sql.type(z.object({ id: z.string() }))`select id::text as id from graphile_worker.jobs where ${where(filter)}`);
  if (ids.length > 0) await app.workerUtils.completeJobs([...ids]);
}

/**
 * Counts, per row id, the jobs of `task` that ran with that id in their payload ({id} or a batch
 * [{id}, ...]). `count(id)` first runs the task's waiting jobs, so it answers "how many jobs were
 * ever queued for this id" as long as nothing else ran them.
 */
export function jobTally(app: TestApp, task: string): (id: string) => Promise<number> {
  const seen = new Map<string, number>();
  return async (id) => {
    for (const job of await app.runJobs({ only: [task] })) {
      const entries = Array.isArray(job.payload) ? job.payload : [job.payload];
      for (const e of entries as Array<{ id?: unknown }>) if (typeof e?.id === 'string') seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
    }
    return seen.get(id) ?? 0;
  };
}
