// Worker liveness, the worker's side (README "Faults"). Each graphile-worker pool of this process
// has a row in worker_heartbeats, keyed by the pool id that graphile-worker writes into `locked_by`
// of every job the pool holds. A timer, independent of job execution and on its own connection,
// refreshes the row every WORKER_HEARTBEAT_SECONDS, so a long job keeps its owner visibly alive.
//
// The sweep (worker__release_dead) releases the jobs of a pool whose row is older than
// WORKER_DEAD_AFTER_SECONDS. So that a released job never runs twice at once, a pool that cannot
// prove it is alive stops itself first:
//  - no heartbeat has been written for (dead-after − heartbeat) since the last one was sent: the
//    process gives up (`onLost`), a full heartbeat period before any sweep may call it dead;
//  - a heartbeat finds its row gone or already past the bound: a sweep declared it dead, and its
//    jobs may be running elsewhere; it gives up at once and never re-creates the row.
// Durations here are measured on the monotonic clock and compared with nothing else; the row's
// timestamps are the database's (sql/queries/workers.ts). Neither is domain time (lib/clock.ts).
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Db } from '../../sql/pool.ts';
import { createWorkerQueries } from '../../sql/queries/workers.ts';

export type HeartbeatOptions = {
  heartbeatMs: number;
  deadAfterMs: number;
  logger: Logger;
  /** The process can no longer prove it owns its jobs: it must stop running them now. */
  onLost: (reason: string) => void;
};

export type Heartbeat = {
  /** Starts beating for a pool (call it as the pool is created, before it can lock a job). */
  track(poolId: string): void;
  /** The pool stopped cleanly: no more beats, and its row goes. */
  untrack(poolId: string): Promise<void>;
  /** Untracks every pool and stops the timer. */
  stop(): Promise<void>;
};

type PoolState = { registered: boolean; inFlight: boolean; fence: NodeJS.Timeout | null };

export function startHeartbeat(db: Db, options: HeartbeatOptions): Heartbeat {
  const { heartbeatMs, deadAfterMs, logger } = options;
  const q = createWorkerQueries(db);
  const host = hostname();
  const fenceMs = deadAfterMs - heartbeatMs;
  const pools = new Map<string, PoolState>();
  let lost = false;

  const giveUp = (poolId: string, reason: string) => {
    if (lost || !pools.has(poolId)) return;
    lost = true;
    options.onLost(`worker pool ${poolId}: ${reason}`);
  };

  const arm = (poolId: string, state: PoolState, ms: number) => {
    if (state.fence) clearTimeout(state.fence);
    state.fence = setTimeout(() => giveUp(poolId, `no heartbeat written for ${fenceMs / 1000} s`), Math.max(0, ms));
  };

  const beat = async (poolId: string, state: PoolState) => {
    // One write at a time per pool; a slow one is not doubled, and the fence keeps counting.
    if (state.inFlight) return;
    state.inFlight = true;
    const sentAt = performance.now();
    try {
      if (!state.registered) {
        await q.register(poolId, host, process.pid);
        state.registered = true;
      } else if (!(await q.beat(poolId, deadAfterMs))) {
        return giveUp(poolId, 'its heartbeat row was gone or expired: declared dead, its jobs may run elsewhere');
      }
      // The row now says "alive at or after sentAt", so the fence counts from there.
      if (pools.get(poolId) === state) arm(poolId, state, fenceMs - (performance.now() - sentAt));
    } catch (err) {
      logger.warn({ err, poolId }, 'worker heartbeat failed');
    } finally {
      state.inFlight = false;
    }
  };

  const timer = setInterval(() => {
    for (const [poolId, state] of pools) void beat(poolId, state);
  }, heartbeatMs);

  const untrack = async (poolId: string) => {
    const state = pools.get(poolId);
    if (!state) return;
    pools.delete(poolId);
    if (state.fence) clearTimeout(state.fence);
    await q.remove(poolId).catch((err: unknown) => logger.warn({ err, poolId }, 'could not remove the worker heartbeat'));
  };

  return {
    track(poolId) {
      if (pools.has(poolId)) return;
      const state: PoolState = { registered: false, inFlight: false, fence: null };
      pools.set(poolId, state);
      arm(poolId, state, fenceMs);
      void beat(poolId, state);
    },
    untrack,
    async stop() {
      clearInterval(timer);
      await Promise.all([...pools.keys()].map(untrack));
    },
  };
}
