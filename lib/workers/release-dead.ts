// Worker liveness, the sweep's side (the worker__release_dead task, README "Faults"): claims the
// heartbeat rows of pools silent for longer than the bound, then releases every job and queue lock
// held by a pool without a row through graphile-worker's public forceUnlockWorkers. The released
// jobs run again on a live worker at once; tasks are idempotent, so the dead attempt's partial work
// is harmless. A pool whose row is claimed has already stopped itself (lib/workers/heartbeat.ts).
//
// graphile-worker counted the dead attempt, so a job locked on its last attempt (every crontab line
// with max=1) would be released into "permanently failed" and never run again. Such a job gets one
// more attempt, while it has had fewer than CRASH_ATTEMPTS_CAP in all: a job that itself kills its
// worker every time stops being retried after that many crashes.
//
// A held job that graphile-worker detached (add_job was called again under its key while it ran, so
// a new job under the key does its work) would be released into "permanently failed" too, and
// counted in board_jobs_failed with no error: it is removed instead (completeJobs, once unlocked).
import type { CommonQueryMethods } from 'slonik';
import { createWorkerQueries } from '../../sql/queries/workers.ts';

export const CRASH_ATTEMPTS_CAP = 5;

/** The part of graphile-worker's WorkerUtils the sweep uses. */
export type JobAdmin = {
  forceUnlockWorkers(poolIds: string[]): Promise<void>;
  rescheduleJobs(ids: string[], options: { maxAttempts: number }): Promise<unknown>;
  completeJobs(ids: string[]): Promise<unknown>;
};

export type Released = { dead: string[]; pools: Array<{ pool: string; jobs: number }>; extraAttempts: number; superseded: number };

export async function releaseDeadWorkers(
  db: CommonQueryMethods,
  deadAfterMs: number,
  admin: () => Promise<{ jobs: JobAdmin; release(): unknown }>,
): Promise<Released> {
  const q = createWorkerQueries(db);
  const dead = [...(await q.claimDead(deadAfterMs))];
  const lockers = await q.unownedLockers(dead, deadAfterMs);
  const ids = [...new Set([...dead, ...lockers.map((l) => l.locked_by)])];
  const result: Released = { dead, pools: lockers.map((l) => ({ pool: l.locked_by, jobs: l.jobs })), extraAttempts: 0, superseded: 0 };
  // A dead pool may hold a queue lock without a job; release it too.
  if (ids.length === 0) return result;
  const exhausted = await q.exhaustedHeldBy(ids, CRASH_ATTEMPTS_CAP);
  const superseded = [...(await q.supersededHeldBy(ids))];
  const { jobs, release } = await admin();
  try {
    await jobs.forceUnlockWorkers(ids);
    const byAttempts = new Map<number, string[]>();
    for (const j of exhausted) byAttempts.set(j.attempts, [...(byAttempts.get(j.attempts) ?? []), j.id]);
    for (const [attempts, jobIds] of byAttempts) await jobs.rescheduleJobs(jobIds, { maxAttempts: attempts + 1 });
    result.extraAttempts = exhausted.length;
    if (superseded.length > 0) await jobs.completeJobs(superseded);
    result.superseded = superseded.length;
  } finally {
    await release();
  }
  return result;
}
