// Materialises /api/leaderboard (and the promotion); the crontab runs it every 5 minutes.
import type { Task } from 'graphile-worker';
import { materializeLeaderboard } from '../lib/lab/feeds.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function feedMaterializeLeaderboard(deps: LoggedDeps): Task {
  return async () => {
    await materializeLeaderboard(deps.db, deps.config, deps.clock.now());
  };
}
