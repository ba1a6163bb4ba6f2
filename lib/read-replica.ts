// Which server answers a read that may be a little behind (docs/architecture.md, "Read replicas").
// Without DATABASE_READ_URL every read is the primary's. With it, a read goes to the streaming
// replica only while the replica is fresh (streaming, and either everything received is replayed
// or its last replayed commit is at most REPLICA_MAX_LAG_MS old), and a read that needs a position
// the replica has not reached goes back to the primary (the route decides that: `since` unknown
// there). The replica replays the primary's commits in order and positions are given in commit
// order, so whatever feed the replica shows is a prefix of the primary's: a cursor read on it never
// goes backwards and never skips.
import type { DatabasePool } from 'slonik';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import { createReplicaQueries } from '../sql/queries/replica.ts';

export type ReplicaLag = { bytes: number; seconds: number };

/** The replica's pool, opened on first use: a replica that is down never stops a web process from starting. */
export type ReplicaPool = { get: () => Promise<DatabasePool>; end: () => Promise<void> };

const REOPEN_AFTER_MS = 5_000;

/** Opens the pool when first asked; after a failure, again no sooner than 5 s later (meanwhile the primary answers). */
export function lazyReplicaPool(open: () => Promise<DatabasePool>, clock: Clock): ReplicaPool {
  let pool: Promise<DatabasePool> | null = null;
  let failedAt = -Infinity;
  return {
    get: () => {
      if (pool) return pool;
      if (clock.now().getTime() - failedAt < REOPEN_AFTER_MS) return Promise.reject(new Error('the replica could not be reached lately'));
      const opening = open();
      pool = opening;
      opening.catch(() => {
        failedAt = clock.now().getTime();
        if (pool === opening) pool = null;
      });
      return opening;
    },
    end: async () => {
      const opened = await pool?.catch(() => null);
      pool = null;
      await opened?.end();
    },
  };
}

export class ReadRoute {
  /** Reads served by each server (for the operators' metrics). */
  servedByReplica = 0;
  servedByPrimary = 0;
  readonly primary: DatabasePool;
  readonly replica: ReplicaPool | null;
  private readonly maxLagMs: number;

  constructor(primary: DatabasePool, replica: ReplicaPool | null, maxLagMs: number) {
    this.primary = primary;
    this.replica = replica;
    this.maxLagMs = maxLagMs;
  }

  /**
   * Runs `read` on the replica when it is fresh, else on the primary. `read` returns null when the
   * replica lacks what the request needs (a cursor past its head): then the primary answers. A
   * replica that fails (down, a recovery conflict) hands the read to the primary; refusals of the
   * service's own (AppError) are answers and pass through.
   */
  async read<T>(read: (db: DatabasePool) => Promise<T | null>, onPrimary: (db: DatabasePool) => Promise<T>): Promise<T> {
    const replica = this.replica && (await this.freshPool(this.replica));
    if (replica) {
      try {
        const answer = await read(replica);
        if (answer !== null) {
          this.servedByReplica++;
          return answer;
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
      }
    }
    this.servedByPrimary++;
    return onPrimary(this.primary);
  }

  /** The replica's pool when the replica is fresh; null when it is not, or cannot be asked. */
  private async freshPool(replica: ReplicaPool): Promise<DatabasePool | null> {
    try {
      const pool = await replica.get();
      const s = await createReplicaQueries(pool).standbyState();
      return s.streaming && (s.replayed_all || (s.last_commit_age_ms !== null && s.last_commit_age_ms <= this.maxLagMs)) ? pool : null;
    } catch {
      return null;
    }
  }

  /** How far the replica is behind: WAL bytes not yet replayed, and seconds since its last replayed commit while it has received more than it replayed (0 otherwise). */
  async lag(): Promise<ReplicaLag | null> {
    if (!this.replica) return null;
    const s = await createReplicaQueries(await this.replica.get()).standbyState();
    if (s.replay_lsn === null) return null;
    const { bytes } = await createReplicaQueries(this.primary).bytesBehind(s.replay_lsn);
    const seconds = s.replayed_all ? 0 : Math.max(0, (s.last_commit_age_ms ?? 0) / 1000);
    return { bytes, seconds };
  }
}
