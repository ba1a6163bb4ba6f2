// Every 300 s (crontab): reads the market, burned and buyback sources and stores one snapshot for
// the slot. Idempotent: a retry inside the same slot stores nothing new.
import type { Task } from 'graphile-worker';
import { notifyBoard } from '../lib/board/events.ts';
import { takeScoreSnapshot } from '../lib/score/snapshot.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function scoreSnapshot(deps: LoggedDeps): Task {
  return async () => {
    const snapshot = await takeScoreSnapshot(deps);
    if (!snapshot) return;
    if (snapshot.market_stale || snapshot.burned_stale || snapshot.buyback_stale) {
      deps.logger.warn(
        { market: snapshot.market_error, burned: snapshot.burned_error, buyback: snapshot.buyback_error },
        'score snapshot stored with stale sources',
      );
    }
    // Public caches of the office and the score history drop on any board event.
    await notifyBoard(deps.db, { kind: 'score' });
  };
}
