// Materialises /api/jobs; the crontab runs it every 2 minutes, a revocation runs it at once.
import type { Task } from 'graphile-worker';
import { materializeJobs } from '../lib/lab/feeds.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function feedMaterializeJobs(deps: LoggedDeps): Task {
  return async () => {
    await materializeJobs(deps.db, deps.config, deps.clock.now());
  };
}
