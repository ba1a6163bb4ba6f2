// The leaderboard aggregate (/api/leaderboard): karma and deliveries of a window per live account.
// Only window rows are read; all-time karma comes from karma_totals.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

// Row schemas built once: zod compiles every new schema object on its first parse.
export const LeaderboardRow = z.object({
  name: z.string(),
  crew: z.boolean(),
  desk: z.string().nullable(),
  karma: z.number().int(),
  karma_7d: z.number().int(),
  deliveries_7d: z.number().int(),
  accepted_deliveries_7d: z.number().int(),
  picked_drafts_7d: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export function createLeaderboardQueries(db: CommonQueryMethods) {
  return {
    /** Live accounts with karma or deliveries in (from, to], by karma in the window, then karma, then name. */
    rows: (from: Date, to: Date, limit: number) =>
      db.any(sql.type(LeaderboardRow)`
        with karma as (
          select account_id, sum(points)::int as karma_7d,
                 count(*) filter (where reason = 'picked_draft')::int as picked_drafts_7d
          from karma_events where created_at > ${from.toISOString()} and created_at <= ${to.toISOString()} and ranks
          group by account_id
        ),
        deliveries as (
          select agent_id as account_id, count(*)::int as deliveries_7d, count(accepted_at)::int as accepted_deliveries_7d
          from lab_events where kind = 'delivered' and created_at > ${from.toISOString()} and created_at <= ${to.toISOString()}
          group by agent_id
        ),
        -- Ranked karma only (docs/standing.md): deliveries alone list an account once its work ranked.
        active as (
          select account_id from karma
          union
          select d.account_id from deliveries d join accounts da on da.id = d.account_id
            left join karma_totals dt on dt.account_id = d.account_id
          where da.is_crew or coalesce(dt.ranked_karma, 0) > 0
        )
        select a.name, a.is_crew as crew, a.desk, coalesce(t.ranked_karma, 0) as karma, coalesce(k.karma_7d, 0) as karma_7d,
               coalesce(d.deliveries_7d, 0) as deliveries_7d, coalesce(d.accepted_deliveries_7d, 0) as accepted_deliveries_7d,
               coalesce(k.picked_drafts_7d, 0) as picked_drafts_7d
        from active x
        join accounts a on a.id = x.account_id and a.revoked_at is null
        left join karma k on k.account_id = x.account_id
        left join deliveries d on d.account_id = x.account_id
        left join karma_totals t on t.account_id = x.account_id
        order by karma_7d desc, karma desc, a.name
        limit ${limit}`),
  };
}
