// What a web process tells Prometheus (issue 27.5): request rate and latency per route template, the
// job queue per task, held waits, the feed and key caches, the database pool, and Node's own process
// figures. Figures other parts keep (cache counters, pool state, the jobs table) are read at scrape
// time, so nothing on the request path pays for them. README "Scaling" says which number asks for
// which kind of process.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabasePool } from 'slonik';
import { createJobStatsQueries } from '../../sql/queries/job-stats.ts';
import type { ReplicaLag } from '../read-replica.ts';

export type MetricSources = {
  db: DatabasePool;
  /** Long-polls held open now (continuity waits). */
  heldWaits: () => number;
  feedCache: { hits: number; rebuilds: number };
  keyCache: { hits: number; misses: number; size: number };
  /** Reads lib/read-replica.ts routed; with a replica configured, also its lag (read at scrape time). */
  reads: { servedByReplica: number; servedByPrimary: number; replica: unknown; lag: () => Promise<ReplicaLag | null> };
};

export type Metrics = {
  registry: Registry;
  /** One answered request: method, route template (never the raw path), status and seconds taken. */
  observe: (method: string, route: string, status: number, seconds: number) => void;
};

/** A counter that reports a running total kept elsewhere. */
function mirroredCounter(registry: Registry, name: string, help: string, read: () => number): void {
  let reported = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > reported) this.inc(now - reported);
      reported = now;
    },
  });
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'board_' });
  const requests = new Counter({
    name: 'board_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'board_http_request_duration_seconds',
    help: 'time from request to the end of the response, by method and route template',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 90],
    registers: [registry],
  });

  const jobGauges = {
    // One query per scrape sets every job gauge: each gauge's collect waits for the same one.
    ready: new Gauge({
      name: 'board_job_queue_depth',
      help: 'jobs due now and not yet taken by a worker, per task',
      labelNames: ['task'],
      registers: [registry],
      collect: () => jobsOnce(),
    }),
    oldest: new Gauge({
      name: 'board_job_oldest_ready_age_seconds',
      help: 'how long the oldest due job has waited for a worker, per task',
      labelNames: ['task'],
      registers: [registry],
      collect: () => jobsOnce(),
    }),
    scheduled: new Gauge({
      name: 'board_jobs_scheduled',
      help: 'jobs due later (backoff or a set time), per task',
      labelNames: ['task'],
      registers: [registry],
      collect: () => jobsOnce(),
    }),
    running: new Gauge({
      name: 'board_jobs_running',
      help: 'jobs a worker holds now, per task',
      labelNames: ['task'],
      registers: [registry],
      collect: () => jobsOnce(),
    }),
    retrying: new Gauge({
      name: 'board_jobs_retrying',
      help: 'jobs that failed at least once and will be tried again, per task',
      labelNames: ['task'],
      registers: [registry],
      collect: () => jobsOnce(),
    }),
    failed: new Gauge({
      name: 'board_jobs_failed',
      help: 'jobs that used all their attempts (kept for the operator), per task',
      labelNames: ['task'],
      registers: [registry],
      collect: () => jobsOnce(),
    }),
  };
  let pending: Promise<void> | null = null;
  const jobsOnce = () => (pending ??= collectJobs().finally(() => (pending = null)));
  async function collectJobs(): Promise<void> {
    const rows = await createJobStatsQueries(sources.db).perTask();
    for (const g of Object.values(jobGauges)) g.reset();
    for (const r of rows) {
      jobGauges.ready.set({ task: r.task }, r.ready);
      jobGauges.oldest.set({ task: r.task }, r.oldest_ready_seconds);
      jobGauges.scheduled.set({ task: r.task }, r.scheduled);
      jobGauges.running.set({ task: r.task }, r.running);
      jobGauges.retrying.set({ task: r.task }, r.retrying);
      jobGauges.failed.set({ task: r.task }, r.failed);
    }
  }

  new Gauge({
    name: 'board_continuity_waits_held',
    help: 'long-polls (GET /v1/continuity/wait) this process holds open now',
    registers: [registry],
    collect() {
      this.set(sources.heldWaits());
    },
  });
  mirroredCounter(registry, 'board_feed_cache_hits_total', 'public feed answers served from the feed cache', () => sources.feedCache.hits);
  mirroredCounter(registry, 'board_feed_cache_rebuilds_total', 'public feed bodies built (a miss or a stale body)', () => sources.feedCache.rebuilds);
  mirroredCounter(registry, 'board_key_cache_hits_total', 'board keys answered from the key cache', () => sources.keyCache.hits);
  mirroredCounter(registry, 'board_key_cache_misses_total', 'board keys looked up in Postgres', () => sources.keyCache.misses);
  new Gauge({
    name: 'board_db_pool_connections',
    help: "this process's Postgres pool: connections by state (acquired, idle, pending)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = sources.db.state();
      this.set({ state: 'acquired' }, s.acquiredConnections);
      this.set({ state: 'idle' }, s.idleConnections);
      this.set({ state: 'pending' }, s.pendingConnections);
    },
  });
  new Gauge({
    name: 'board_db_pool_waiting_clients',
    help: 'queries waiting for a free pool connection in this process',
    registers: [registry],
    collect() {
      this.set(sources.db.state().waitingClients);
    },
  });

  if (sources.reads.replica !== null) replicaMetrics(registry, sources.reads);

  return {
    registry,
    observe: (method, route, status, seconds) => {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}

/** Replica lag and where routed reads went (only with DATABASE_READ_URL). */
function replicaMetrics(registry: Registry, reads: MetricSources['reads']): void {
  mirroredCounter(registry, 'board_replica_reads_total', 'public reads the streaming replica answered', () => reads.servedByReplica);
  mirroredCounter(
    registry,
    'board_replica_fallback_reads_total',
    'public reads that could go to the replica but the primary answered (replica behind, not streaming, or down)',
    () => reads.servedByPrimary,
  );
  let pending: Promise<ReplicaLag | null> | null = null;
  const lagOnce = () =>
    (pending ??= reads
      .lag()
      .catch(() => null)
      .finally(() => (pending = null)));
  // -1 when the replica cannot be asked (down, not a standby): an alert on it stays simple.
  new Gauge({
    name: 'board_replica_lag_bytes',
    help: 'WAL the replica has not replayed yet (primary position minus replica replay position); -1: replica unreachable',
    registers: [registry],
    async collect() {
      this.set((await lagOnce())?.bytes ?? -1);
    },
  });
  new Gauge({
    name: 'board_replica_lag_seconds',
    help: 'age of the last commit the replica replayed while it has received more than it replayed (0 when caught up); -1: replica unreachable',
    registers: [registry],
    async collect() {
      this.set((await lagOnce())?.seconds ?? -1);
    },
  });
}
