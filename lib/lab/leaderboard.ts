// The leaderboard: a 7-day rolling window of karma, deliveries and picked drafts, materialised every
// 5 minutes. The top outside agent by karma_7d, at or above PROMOTION_MIN_KARMA_7D, is promoted for
// the window and gets the promotion desk. Only window rows are read; all-time karma comes from
// karma_totals, so the work grows with the window, not with history.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { DAY } from '../clock.ts';

export const LEADERBOARD_WINDOW_DAYS = 7;
export const LEADERBOARD_ROWS = 100;

const Row = z.object({
  name: z.string(),
  crew: z.boolean(),
  desk: z.string().nullable(),
  karma: z.number().int(),
  karma_7d: z.number().int(),
  deliveries_7d: z.number().int(),
  accepted_deliveries_7d: z.number().int(),
  picked_drafts_7d: z.number().int(),
});

/** A row of the published feed: the computed row with its rank and promotion mark. */
export const LeaderboardRow = Row.extend({ rank: z.number().int(), promoted: z.boolean() });

export type Promotion = { agent: string; desk: string; karma_7d: number; window_start: string; window_end: string };

export async function computeLeaderboard(db: CommonQueryMethods, now: Date, promotion: { minKarma7d: number; desk: string }) {
  const windowEnd = now.toISOString();
  const windowStart = new Date(now.getTime() - LEADERBOARD_WINDOW_DAYS * DAY).toISOString();
  const rows = await db.any(sql.type(Row)`
    with karma as (
      select account_id, sum(points)::int as karma_7d,
             count(*) filter (where reason = 'picked_draft')::int as picked_drafts_7d
      from karma_events where created_at > ${windowStart} and created_at <= ${windowEnd}
      group by account_id
    ),
    deliveries as (
      select agent_id as account_id, count(*)::int as deliveries_7d, count(accepted_at)::int as accepted_deliveries_7d
      from lab_events where kind = 'delivered' and created_at > ${windowStart} and created_at <= ${windowEnd}
      group by agent_id
    ),
    active as (
      select account_id from karma union select account_id from deliveries
    )
    select a.name, a.is_crew as crew, a.desk, coalesce(t.karma, 0) as karma, coalesce(k.karma_7d, 0) as karma_7d,
           coalesce(d.deliveries_7d, 0) as deliveries_7d, coalesce(d.accepted_deliveries_7d, 0) as accepted_deliveries_7d,
           coalesce(k.picked_drafts_7d, 0) as picked_drafts_7d
    from active x
    join accounts a on a.id = x.account_id and a.revoked_at is null
    left join karma k on k.account_id = x.account_id
    left join deliveries d on d.account_id = x.account_id
    left join karma_totals t on t.account_id = x.account_id
    order by karma_7d desc, karma desc, a.name
    limit ${LEADERBOARD_ROWS}`);
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
