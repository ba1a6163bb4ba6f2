// Karma, defined once: +5 for an accepted delivery, +3 for a picked Show draft, and the signed
// weight of every vote received. It is a ledger (karma_events) with running totals (karma_totals):
// karma_7d is a window sum, karma the total; a repeated credit for the same source is ignored.
import { sql, type CommonQueryMethods } from 'slonik';
import { NoRow } from '../sql/rows.ts';

export const KARMA_POINTS = { accepted_delivery: 5, picked_draft: 3 } as const;
export type KarmaReason = 'accepted_delivery' | 'vote' | 'picked_draft';

export async function creditKarma(
  db: CommonQueryMethods,
  input: { accountId: string; reason: KarmaReason; sourceId: string; points: number; at: Date },
): Promise<void> {
  await db.query(sql.type(NoRow)`
    with credited as (
      insert into karma_events (account_id, points, reason, source_id, created_at)
      values (${input.accountId}, ${input.points}, ${input.reason}, ${input.sourceId}, ${input.at.toISOString()})
      on conflict (reason, source_id, account_id) do nothing
      returning account_id, points
    )
    insert into karma_totals (account_id, karma)
    select account_id, points from credited
    on conflict (account_id) do update set karma = karma_totals.karma + excluded.karma`);
}
