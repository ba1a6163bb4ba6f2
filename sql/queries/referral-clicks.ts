// referral_clicks: one row per click on {base_url}/r/<agent>/<channel>; nothing about the visitor.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

const DAY_MS = 24 * 3600 * 1000;
const ClickCountRow = z.object({ channel: z.string(), total: z.number().int(), last_24h: z.number().int(), last_7d: z.number().int() });

export function createReferralClicksQueries(db: CommonQueryMethods) {
  return {
    insert: (agentId: string, channel: string, now: Date) =>
      db.query(sql.type(NoRow)`insert into referral_clicks (agent_id, channel, clicked_at) values (${agentId}, ${channel}, ${now.toISOString()})`),

    /** Per channel: all clicks, those of the last 24 hours and of the last 7 days. */
    countsFor: (agentId: string, now: Date) =>
      db.any(sql.type(ClickCountRow)`
        select channel, count(*)::int as total,
          count(*) filter (where clicked_at > ${new Date(now.getTime() - DAY_MS).toISOString()})::int as last_24h,
          count(*) filter (where clicked_at > ${new Date(now.getTime() - 7 * DAY_MS).toISOString()})::int as last_7d
        from referral_clicks where agent_id = ${agentId} group by channel`),
  };
}
