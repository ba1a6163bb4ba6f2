-- Worker liveness (README "Faults"): one row per running graphile-worker pool, keyed by the pool's
-- id, which is what graphile-worker writes into `locked_by` of every job and queue the pool holds.
-- `beat_at` is the database's now() at the pool's latest heartbeat; worker__release_dead deletes
-- the rows of pools silent for WORKER_DEAD_AFTER_SECONDS and releases what they held. A pool that
-- stops cleanly deletes its own row.
create table worker_heartbeats (
  pool_id text primary key,
  host text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  beat_at timestamptz not null default now()
);
