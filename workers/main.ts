// The worker process: graphile-worker over tasks/ and the crontab. Scale it by running more.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { run, parseCrontab } from 'graphile-worker';
import { loadConfig } from '../lib/config.ts';
import { systemClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';
import { createDb } from '../sql/pool.ts';
import { taskList } from '../tasks/index.ts';
import { graphileLogger } from './logger.ts';

const config = loadConfig();
const logger = createLogger(config, 'worker');
if (!config.databaseUrl) {
  logger.fatal('DATABASE_URL is required (npm start provides an embedded Postgres when it is unset)');
  process.exit(1);
}
const db = await createDb(config.databaseUrl, { maximumPoolSize: config.workerConcurrency + 2 });
const crontab = await readFile(new URL('../crontab', import.meta.url), 'utf8');
const pgPool = new pg.Pool({ connectionString: config.databaseUrl, max: config.workerConcurrency + 2 });
pgPool.on('error', (err) => logger.warn({ err }, 'idle worker connection failed'));
pgPool.on('connect', (client) => client.on('error', (err) => logger.warn({ err }, 'worker connection failed')));
const runner = await run({
  pgPool,
  concurrency: config.workerConcurrency,
  noHandleSignals: true,
  pollInterval: 2000,
  taskList: taskList({ db, clock: systemClock, config, logger }),
  parsedCronItems: parseCrontab(crontab),
  logger: graphileLogger(logger),
});
logger.info({ concurrency: config.workerConcurrency }, 'worker running');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'worker stopping');
  await runner.stop();
  await db.end();
  await pgPool.end();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
