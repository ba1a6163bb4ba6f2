// An intent is one row plus one job, committed together: enqueue through the caller's own
// transaction with graphile_worker.add_job(), never through a second connection.
//
// TASKS is the one list of the worker's tasks (tasks/<name>.ts) with the payload each takes: enqueue
// accepts only a registered name with its payload (tsc, then the schema at run time), and the worker
// (tasks/index.ts) parses every job's payload with the same schema before its task runs.
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { createJobsQueries, type JobOptions } from '../sql/queries/jobs.ts';

const Row = z.object({ id: z.string().uuid() });
// A scheduled run carries the crontab's {_cron: {...}}; one enqueued by the code, by hand or by SQL
// (migration 000050's add_job) carries {} or nothing. Such tasks read no payload.
const Nothing = z.looseObject({}).nullable().optional();

export const TASKS = {
  channel_post__deliver: Row,
  email__send: Row,
  outreach_reply__forward: Row,
  // One batch job per ingest request ([{id}, ...]); a single {id} (a job added by hand) works too.
  mirror_post__normalize: z.union([Row, z.array(Row).min(1)]),
  mailbox__poll: Nothing,
  outreach__recover: Nothing,
  feed__materialize_jobs: Nothing,
  feed__materialize_leaderboard: Nothing,
  feed__position: Nothing,
  oauth_store__prune: Nothing,
  post_search__index: Nothing,
  pub__prune: Nothing,
  rate_counters__prune: Nothing,
  score__snapshot: Nothing,
  score_snapshots__prune: Nothing,
  scorecard__post: Nothing,
  show__prepare_publication: Nothing,
  worker__release_dead: Nothing,
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskPayload<N extends TaskName> = z.input<(typeof TASKS)[N]>;
export const TASK_NAMES = Object.keys(TASKS) as TaskName[];

export type EnqueueOptions = JobOptions;

/** Adds a job of `task`; a payload its schema refuses throws (a ZodError) and adds nothing. */
export async function enqueue<N extends TaskName>(db: CommonQueryMethods, task: N, payload: TaskPayload<N>, options: EnqueueOptions = {}): Promise<void> {
  await createJobsQueries(db).addJob(task, parseTaskPayload(task, payload) ?? {}, options);
}

/** A job's payload as its task reads it; throws (a ZodError) when it is not the task's. */
export function parseTaskPayload<N extends TaskName>(task: N, payload: unknown): z.output<(typeof TASKS)[N]> {
  // TypeScript cannot follow an indexed schema's output through the generic; parse is what checks.
  return TASKS[task].parse(payload) as z.output<(typeof TASKS)[N]>;
}

export function isTaskName(name: string): name is TaskName {
  return Object.hasOwn(TASKS, name);
}
