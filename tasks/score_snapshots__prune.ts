// Deletes score snapshots older than the 14 days /api/score/history serves; run from the crontab.
import type { Task } from 'graphile-worker';
import { DAY } from '../lib/clock.ts';
import { SNAPSHOT_RETENTION_DAYS } from '../lib/score/snapshot.ts';
import { createScoreQueries } from '../sql/queries/score.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function scoreSnapshotsPrune(deps: LoggedDeps): Task {
  return async () => {
    await createScoreQueries(deps.db).prune(new Date(deps.clock.now().getTime() - SNAPSHOT_RETENTION_DAYS * DAY));
  };
}
