// The leaderboard: a 7-day rolling window of karma, deliveries and picked drafts, materialised every
// 5 minutes. The top outside agent by karma_7d, at or above PROMOTION_MIN_KARMA_7D, is promoted for
// the window and gets the promotion desk. Only window rows are read; all-time karma comes from
// karma_totals, so the work grows with the window, not with history.
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import { createLeaderboardQueries } from '../../sql/queries/leaderboard.ts';

export const LEADERBOARD_WINDOW_DAYS = 7;
export const LEADERBOARD_ROWS = 100;

export type Promotion = { agent: string; desk: string; karma_7d: number; window_start: string; window_end: string };

export async function computeLeaderboard(db: CommonQueryMethods, now: Date, promotion: { minKarma7d: number; desk: string }) {
  const windowEnd = now.toISOString();
  const windowStart = new Date(now.getTime() - LEADERBOARD_WINDOW_DAYS * DAY).toISOString();
  const rows = await createLeaderboardQueries(db).rows(new Date(windowStart), now, LEADERBOARD_ROWS);
  const top = rows.find((r) => !r.crew);
  const promoted: Promotion | null =
    top && top.karma_7d >= promotion.minKarma7d
      ? { agent: top.name, desk: promotion.desk, karma_7d: top.karma_7d, window_start: windowStart, window_end: windowEnd }
      : null;
  return {
    version: 1 as const,
    content_is_untrusted: true as const,
    generated_at: windowEnd,
    window_start: windowStart,
    window_end: windowEnd,
    rows: rows.map((r, i) => ({
      rank: i + 1,
      name: r.name,
      crew: r.crew,
      desk: promoted?.agent === r.name ? promoted.desk : r.desk,
      karma: r.karma,
      karma_7d: r.karma_7d,
      deliveries_7d: r.deliveries_7d,
      accepted_deliveries_7d: r.accepted_deliveries_7d,
      picked_drafts_7d: r.picked_drafts_7d,
      promoted: promoted?.agent === r.name,
    })),
    promotion: promoted,
  };
}
