// Which server answers a read that may be a little behind (docs/architecture.md, "Read replicas").
// Without DATABASE_READ_URL every read is the primary's. With it, a read goes to the streaming
// replica only while the replica is fresh (streaming, and either everything received is replayed
// or its last replayed commit is at most REPLICA_MAX_LAG_MS old), and a read that needs a position
// the replica has not reached goes back to the primary (the route decides that: `since` unknown
// there). The replica replays the primary's commits in order and positions are given in commit
// order, so whatever feed the replica shows is a prefix of the primary's: a cursor read on it never
// goes backwards and never skips. A replica that fails a read (down, hanging past REPLICA_TIMEOUT_MS,
// a recovery conflict) is skipped for REPLICA_RETRY_AFTER_MS: its reads go straight to the primary.
import type { DatabasePool } from 'slonik';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import { createReplicaQueries } from '../sql/queries/replica.ts';

export type ReplicaLag = { bytes: number; seconds: number };

/** The replica's pool, opened on first use: a replica that is down never stops a web process from starting. */
export type ReplicaPool = { get: () => Promise<DatabasePool>; end: () => Promise<void> };

/** Opens the pool when first asked, and again after a failed opening (ReadRoute decides how soon to ask). */
export function lazyReplicaPool(open: () => Promise<DatabasePool>): ReplicaPool {
  let pool: Promise<DatabasePool> | null = null;
  return {
    get: () => {
      if (pool) return pool;
      const opening = open();
      pool = opening;
      opening.catch(() => {
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
  private readonly limits: { maxLagMs: number; retryAfterMs: number };
  private readonly clock: Clock;
  /** Until when reads skip a replica that failed one: a replica that hangs costs one read its timeout (REPLICA_TIMEOUT_MS), not every read. */
  private skipUntil = -Infinity;

  constructor(primary: DatabasePool, replica: ReplicaPool | null, limits: { maxLagMs: number; retryAfterMs: number }, clock: Clock) {
    this.primary = primary;
    this.replica = replica;
    this.limits = limits;
    this.clock = clock;
  }

  /**
   * Runs `read` on the replica when it is fresh, else on the primary. `read` returns null when the
   * replica lacks what the request needs (a cursor past its head): then the primary answers. A
   * replica that fails (down, a recovery conflict) hands the read to the primary; refusals of the
   * service's own (AppError) are answers and pass through.
   */
  async read<T>(read: (db: DatabasePool) => Promise<T | null>, onPrimary: (db: DatabasePool) => Promise<T>): Promise<T> {
    const replica = this.replica && this.usable() && (await this.freshPool(this.replica));
    if (replica) {
      try {
        const answer = await read(replica);
        if (answer !== null) {
          this.servedByReplica++;
          return answer;
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        this.failed();
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
      return s.streaming && (s.replayed_all || (s.last_commit_age_ms !== null && s.last_commit_age_ms <= this.limits.maxLagMs)) ? pool : null;
    } catch {
      this.failed();
      return null;
    }
  }

  private usable(): boolean {
    return this.clock.now().getTime() >= this.skipUntil;
  }

  private failed(): void {
    this.skipUntil = this.clock.now().getTime() + this.limits.retryAfterMs;
  }

  /** How far the replica is behind: WAL bytes not yet replayed, and seconds since its last replayed commit while it has received more than it replayed (0 otherwise). */
  async lag(): Promise<ReplicaLag | null> {
    if (!this.replica || !this.usable()) return null;
    const s = await this.replica
      .get()
      .then((pool) => createReplicaQueries(pool).standbyState())
      .catch((error: unknown) => {
        this.failed();
        throw error;
      });
    if (s.replay_lsn === null) return null;
    const { bytes } = await createReplicaQueries(this.primary).bytesBehind(s.replay_lsn);
    const seconds = s.replayed_all ? 0 : Math.max(0, (s.last_commit_age_ms ?? 0) / 1000);
    return { bytes, seconds };
  }
}
