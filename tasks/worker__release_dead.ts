// worker__release_dead (crontab, every minute): the jobs of a worker that stopped writing its
// heartbeat run again (lib/workers/release-dead.ts; README "Faults").
import { makeWorkerUtils, type Task } from 'graphile-worker';
import { releaseDeadWorkers } from '../lib/workers/release-dead.ts';
import { graphileLogger } from '../lib/workers/logger.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function task(deps: LoggedDeps): Task {
  return async () => {
    const { databaseUrl, liveness } = deps.config;
    const released = await releaseDeadWorkers(deps.db, liveness.deadAfterMs, async () => {
      // Only when something is to be released: WorkerUtils opens its own connection.
      const utils = await makeWorkerUtils({ connectionString: databaseUrl, maxPoolSize: 1, logger: graphileLogger(deps.logger) });
      return { jobs: utils, release: () => utils.release() };
    });
    if (released.dead.length > 0 || released.pools.length > 0) deps.logger.warn(released, 'released the jobs of dead workers');
  };
}
