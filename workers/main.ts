// The worker process: graphile-worker over tasks/ and the crontab. Scale it by running more.
// Each worker pool writes a heartbeat (lib/workers/heartbeat.ts); worker__release_dead releases the
// jobs of a pool whose heartbeat stopped (README "Faults").
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { run, parseCrontab, type WorkerEvents } from 'graphile-worker';
import { loadConfig } from '../lib/config.ts';
import { systemClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';
import { startHeartbeat } from '../lib/workers/heartbeat.ts';
import { createDb } from '../sql/pool.ts';
import { taskList } from '../tasks/index.ts';
import { graphileLogger } from '../lib/workers/logger.ts';

const config = loadConfig();
const logger = createLogger(config, 'worker');
if (!config.databaseUrl) {
  logger.fatal('DATABASE_URL is required (npm start provides an embedded Postgres when it is unset)');
  process.exit(1);
}
const db = await createDb(config.databaseUrl, { maximumPoolSize: config.workerConcurrency + 2, statementTimeoutMs: config.workerStatementTimeoutMs });
// Its own connection, so a full job pool never delays a heartbeat.
const heartbeatDb = await createDb(config.databaseUrl, { maximumPoolSize: 1 });
const heartbeat = startHeartbeat(heartbeatDb, {
  ...config.liveness,
  logger,
  onLost: (reason) => {
    // Its jobs may already run on another worker: stop at once, without finishing them.
    logger.fatal({ reason }, 'worker lost its liveness; exiting');
    process.exit(1);
  },
});
const events: WorkerEvents = new EventEmitter();
// Emitted synchronously inside run(), before the pool's first job is locked.
events.on('pool:create', ({ workerPool }) => heartbeat.track(workerPool.id));
events.on('pool:release', ({ workerPool }) => void heartbeat.untrack(workerPool.id));

const crontab = await readFile(new URL('../crontab', import.meta.url), 'utf8');
const pgPool = new pg.Pool({ connectionString: config.databaseUrl, max: config.workerConcurrency + 2 });
pgPool.on('error', (err) => logger.warn({ err }, 'idle worker connection failed'));
pgPool.on('connect', (client) => client.on('error', (err) => logger.warn({ err }, 'worker connection failed')));
const runner = await run({
  pgPool,
  concurrency: config.workerConcurrency,
  noHandleSignals: true,
  pollInterval: 2000,
  events,
  taskList: taskList({ db, clock: systemClock, config, logger }),
  parsedCronItems: parseCrontab(crontab),
  logger: graphileLogger(logger),
});
logger.info({ concurrency: config.workerConcurrency, ...config.liveness }, 'worker running');

let closing = false;
async function shutdown(reason: string, code = 0) {
  if (closing) return;
  closing = true;
  logger.info({ reason }, 'worker stopping');
  // Jobs finish (or graphile-worker releases them) before the heartbeat row goes.
  await runner.stop().catch((err: unknown) => logger.error({ err }, 'worker did not stop cleanly'));
  await heartbeat.stop();
  await db.end();
  await heartbeatDb.end();
  await pgPool.end();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
runner.promise.catch((err: unknown) => {
  logger.error({ err }, 'worker pool failed');
  void shutdown('worker pool failed', 1);
});
