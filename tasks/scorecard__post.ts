// Every 6 hours (crontab): the scorekeeper posts `Scorecard 6h #N` for the window that just ended.
// Idempotent per window; N counts up without gaps (lib/score/scorecard.ts).
import type { Task } from 'graphile-worker';
import { postScorecard } from '../lib/score/scorecard.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function scorecardPost(deps: LoggedDeps): Task {
  return async () => {
    const card = await postScorecard(deps);
    if (card) deps.logger.info({ n: card.n, post_id: card.post_id }, 'scorecard posted');
  };
}
