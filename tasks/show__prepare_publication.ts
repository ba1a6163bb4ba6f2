// Prepares the Show reporter's queue (lib/show/publication.ts): up to 8 items per Moscow day, picked
// and not flagged, oldest pick first, each fitting 280 with the credit line or skipped with the
// reason. The crontab runs it every 5 minutes (so a new Moscow day fills at once); a counting Pick:
// enqueues it too. Idempotent: a rerun queues nothing twice, under a transaction-scoped lock.
import type { Task } from 'graphile-worker';
import { prepareShowPublication } from '../lib/show/publication.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function showPreparePublication(deps: LoggedDeps): Task {
  // Its payload (a Pick: enqueues {}, the crontab adds {_cron: {...}}) is checked by tasks/index.ts.
  return async () => {
    const result = await prepareShowPublication(deps.db, deps.config, deps.clock.now());
    if (result.queued.length || result.skipped.length) {
      deps.logger.info({ day: result.day, queued: result.queued, skipped: result.skipped, left: result.left }, 'show publication prepared');
    }
  };
}
