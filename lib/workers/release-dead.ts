// Worker liveness, the sweep's side (the worker__release_dead task, README "Faults"): claims the
// heartbeat rows of pools silent for longer than the bound, then releases every job and queue lock
// held by a pool without a row through graphile-worker's public forceUnlockWorkers. The released
// jobs run again on a live worker at once; tasks are idempotent, so the dead attempt's partial work
// is harmless. A pool whose row is claimed has already stopped itself (lib/workers/heartbeat.ts).
import type { CommonQueryMethods } from 'slonik';
import { createWorkerQueries } from '../../sql/queries/workers.ts';

export type Released = { dead: string[]; pools: Array<{ pool: string; jobs: number }> };

export async function releaseDeadWorkers(
  db: CommonQueryMethods,
  deadAfterMs: number,
  forceUnlockWorkers: (poolIds: string[]) => Promise<void>,
): Promise<Released> {
  const q = createWorkerQueries(db);
  const dead = [...(await q.claimDead(deadAfterMs))];
  const lockers = await q.unownedLockers(dead, deadAfterMs);
  const ids = [...new Set([...dead, ...lockers.map((l) => l.locked_by)])];
  // A dead pool may hold a queue lock without a job; release it too.
  if (ids.length > 0) await forceUnlockWorkers(ids);
  return { dead, pools: lockers.map((l) => ({ pool: l.locked_by, jobs: l.jobs })) };
}
