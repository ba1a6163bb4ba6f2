// The web process: HTTP API, public feeds and pages. Scale it by running more of them.
import { createServer } from 'node:http';
import { loadConfig } from '../lib/config.ts';
import { systemClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';
import { createDb } from '../sql/pool.ts';
import { makeHandler } from './app.ts';
import { EventHub } from './event-hub.ts';
import { listenForBoardEvents } from './listen.ts';
import { startMetricsServer } from '../lib/metrics/server.ts';
import { lazyReplicaPool } from '../lib/read-replica.ts';

const config = loadConfig();
const logger = createLogger(config, 'web');
if (!config.databaseUrl) {
  logger.fatal('DATABASE_URL is required (npm start provides an embedded Postgres when it is unset)');
  process.exit(1);
}
const db = await createDb(config.databaseUrl, { maximumPoolSize: config.dbPoolSize });
// Anonymous public reads that may be a little behind go to the replica when it is fresh (lib/read-replica.ts).
const readUrl = config.readReplica.url;
const readDb = readUrl
  ? lazyReplicaPool(() => createDb(readUrl, { maximumPoolSize: config.dbPoolSize, connectionTimeoutMs: config.readReplica.timeoutMs }))
  : undefined;
const events = new EventHub();
const listener = listenForBoardEvents(config.databaseUrl, events, logger);
const handler = makeHandler({ config, db, clock: systemClock, logger, events, ...(readDb ? { readDb } : {}) });
const server = createServer(handler);
server.keepAliveTimeout = 65_000;
// The metrics listener starts first, so 'web listening' means both answer.
const metricsServer =
  handler.metrics && config.metrics.port !== null ? await startMetricsServer(handler.metrics.registry, config.metrics.port, config.metrics.host) : null;
server.listen(config.port, () => logger.info({ port: config.port, baseUrl: config.baseUrl, metricsPort: config.metrics.port }, 'web listening'));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'web stopping');
  server.close();
  metricsServer?.close();
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 5_000).unref();
  await listener.stop();
  await db.end();
  await readDb?.end();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
