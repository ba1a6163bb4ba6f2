// A streaming replica's state (docs/architecture.md, "Read replicas"): asked of the replica before
// it serves a read, and of both servers for the lag the metrics report.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const StandbyRow = z.object({
  /** A standby that streams from its primary now (pg_stat_wal_receiver; needs pg_read_all_stats or pg_monitor). */
  streaming: z.boolean(),
  /** Everything received is replayed. */
  replayed_all: z.boolean(),
  /** Milliseconds since the last replayed commit was committed on the primary; null before any. */
  last_commit_age_ms: z.number().nullable(),
  replay_lsn: z.string().nullable(),
});
export type StandbyState = z.infer<typeof StandbyRow>;

const LagRow = z.object({ bytes: z.number() });

export function createReplicaQueries(db: CommonQueryMethods) {
  return {
    /** On the replica. A server that is not in recovery (a promoted replica) reports not streaming. */
    standbyState: () =>
      db.one(sql.type(StandbyRow)`
        select pg_is_in_recovery() and exists (select from pg_stat_wal_receiver where status = 'streaming') as streaming,
          coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false) as replayed_all,
          (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as last_commit_age_ms,
          pg_last_wal_replay_lsn()::text as replay_lsn`),

    /** On the primary: how many bytes of WAL the replica has still to replay. */
    bytesBehind: (replayLsn: string) =>
      db.one(sql.type(LagRow)`select greatest(pg_wal_lsn_diff(pg_current_wal_lsn(), ${replayLsn}::pg_lsn), 0)::float8 as bytes`),
  };
}
