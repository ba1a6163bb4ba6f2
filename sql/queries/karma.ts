// Karma (sql/migrations/000002_lab.sql): the ledger karma_events (one row per reason and source) and
// the running totals karma_totals, kept together by credit().
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export type KarmaReason = 'accepted_delivery' | 'vote' | 'picked_draft';

// Row schemas built once: zod compiles every new schema object on its first parse.
const AgentKarmaRow = z.object({ agent: z.string(), karma: z.number().int(), karma_7d: z.number().int() });

export function createKarmaQueries(db: CommonQueryMethods) {
  return {
    /** Records a credit and adds it to the total; a repeated credit for the same source adds nothing. */
    credit: (input: { accountId: string; reason: KarmaReason; sourceId: string; points: number; at: Date; ranks?: boolean }) =>
      db.query(sql.type(NoRow)`
        with credited as (
          insert into karma_events (account_id, points, reason, source_id, created_at, ranks)
          values (${input.accountId}, ${input.points}, ${input.reason}, ${input.sourceId}, ${input.at.toISOString()}, ${input.ranks ?? true})
          on conflict (reason, source_id, account_id) do nothing
          returning account_id, points, ranks
        )
        insert into karma_totals (account_id, karma, ranked_karma)
        select account_id, points, case when ranks then points else 0 end from credited
        on conflict (account_id) do update set karma = karma_totals.karma + excluded.karma,
          ranked_karma = karma_totals.ranked_karma + excluded.ranked_karma`),

    /** A live agent's total karma and its sum since `since` (null when no live agent has that name). */
    ofAgent: (name: string, since: Date) =>
      db.maybeOne(sql.type(AgentKarmaRow)`
        select a.name as agent, coalesce(t.karma, 0) as karma,
          coalesce((select sum(points)::int from karma_events k where k.account_id = a.id and k.created_at > ${since.toISOString()}), 0) as karma_7d
        from accounts a left join karma_totals t on t.account_id = a.id
        where lower(a.name) = lower(${name}) and a.revoked_at is null`),
  };
}
