// Worker heartbeats (sql/migrations/000011). Every timestamp here is the database's now(), never a
// parameter: liveness is infrastructure, compared on one clock (the database's), so clock skew
// between worker machines cannot make a live worker look dead. Domain time still comes from
// lib/clock.ts; nothing here is domain time.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

const PoolRow = z.object({ pool_id: z.string() });
const LockerRow = z.object({ locked_by: z.string(), jobs: z.number().int() });
// graphile-worker's job ids are bigints, read as text (not sql/rows.ts's uuid IdRow).
const JobIdRow = z.object({ id: z.string() });
const ExhaustedRow = JobIdRow.extend({ attempts: z.number().int() });

const ago = (ms: number) => sql.fragment`now() - make_interval(secs => ${ms / 1000})`;
// graphile-worker's add_job, given the key of a job that is already running, detaches that job (key
// cleared, attempts set to the maximum, updated_at stamped while it is locked) and adds a new one
// under the key: locking never touches updated_at, so a held job stamped after its lock was detached.
const detached = sql.fragment`key is null and attempts >= max_attempts and updated_at > locked_at`;

export function createWorkerQueries(db: CommonQueryMethods) {
  return {
    register: (poolId: string, host: string, pid: number) =>
      db.query(sql.type(NoRow)`
        insert into worker_heartbeats (pool_id, host, pid) values (${poolId}, ${host}, ${pid})
        on conflict (pool_id) do nothing`),

    /**
     * One heartbeat. False when the row is gone or already older than the bound: the sweep has
     * declared this pool dead (or is about to), so the pool must not revive itself.
     */
    beat: async (poolId: string, deadAfterMs: number): Promise<boolean> =>
      (await db.maybeOne(sql.type(PoolRow)`
        update worker_heartbeats set beat_at = now()
        where pool_id = ${poolId} and beat_at >= ${ago(deadAfterMs)}
        returning pool_id`)) !== null,

    remove: (poolId: string) => db.query(sql.type(NoRow)`delete from worker_heartbeats where pool_id = ${poolId}`),

    /** Deletes, and so claims, the rows of pools silent for longer than the bound. */
    claimDead: (deadAfterMs: number) =>
      db.anyFirst(sql.type(PoolRow)`
        delete from worker_heartbeats where beat_at < ${ago(deadAfterMs)} returning pool_id`),

    /**
     * Pools without a heartbeat row that hold jobs (graphile-worker's public `jobs` view), with their
     * job counts: the pools just claimed dead, and any other whose jobs were locked longer ago than
     * the bound (it died before its first heartbeat, or a sweep died between claim and release).
     */
    unownedLockers: (deadPools: readonly string[], deadAfterMs: number) =>
      db.any(sql.type(LockerRow)`
        select j.locked_by, count(*)::int as jobs from graphile_worker.jobs j
        where j.locked_by is not null
          and not exists (select 1 from worker_heartbeats h where h.pool_id = j.locked_by)
          and (j.locked_by = any(${sql.array(deadPools, 'text')}) or j.locked_at < ${ago(deadAfterMs)})
        group by j.locked_by`),

    /**
     * Jobs held by these pools whose locked attempt was their last (graphile-worker counts an attempt
     * when it locks the job), below `cap` attempts in all.
     */
    exhaustedHeldBy: (poolIds: readonly string[], cap: number) =>
      db.any(sql.type(ExhaustedRow)`
        select id::text as id, attempts from graphile_worker.jobs
        where locked_by = any(${sql.array(poolIds, 'text')}) and attempts >= max_attempts and attempts < ${cap} and not (${detached})`),

    /**
     * Jobs held by these pools that a later add_job under their key detached: the job added then does
     * their work, so they are removed, not released into "permanently failed".
     */
    supersededHeldBy: (poolIds: readonly string[]) =>
      db.anyFirst(sql.type(JobIdRow)`
        select id::text as id from graphile_worker.jobs where locked_by = any(${sql.array(poolIds, 'text')}) and ${detached}`),
  };
}
