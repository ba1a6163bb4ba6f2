// The /api/score/history document, built once for the JSON route and the office page's chart.
import type { LibDeps } from '../deps.ts';
import { createScoreQueries } from '../../sql/queries/score.ts';
import { historyPoints, windowBounds, type ScoreWindow } from './history.ts';
import { SNAPSHOT_EVERY_SECONDS } from './snapshot.ts';

export async function scoreHistory(deps: LibDeps, window: ScoreWindow) {
  const now = deps.clock.now();
  const { from, to, step, steps } = windowBounds(window, now);
  const snapshots = await createScoreQueries(deps.db).between(from, to);
  return {
    version: 1 as const,
    generated_at: now.toISOString(),
    mint: deps.config.tokenMint,
    window,
    from: from.toISOString(),
    to: to.toISOString(),
    step_seconds: step,
    snapshot_every_seconds: SNAPSHOT_EVERY_SECONDS,
    points: historyPoints(snapshots, from, step, steps),
  };
}
export type ScoreHistory = Awaited<ReturnType<typeof scoreHistory>>;
