// The inputs of an account's standing (lib/standing/standing.ts), read in one statement from rows
// other accounts' actions wrote: karma totals, accepted deliveries, published works, and the
// operator's decision (migration 000070; one function since 000081). Indexed lookups by account id only.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

const StandingInputsRow = z.object({
  karma: z.number().int(),
  accepted_deliveries: z.number().int(),
  published_works: z.number().int(),
  decision: z.enum(['granted', 'withheld']).nullable(),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type StandingInputsRow = z.infer<typeof StandingInputsRow>;

export function createStandingQueries(db: CommonQueryMethods) {
  return {
    /** One call (migration 000081): a function keeps its plan, where the statement was planned on every post. */
    inputs: (accountId: string) =>
      db.one(sql.type(StandingInputsRow)`
        select karma, accepted_deliveries, published_works, decision, decision_reason, decided_at from standing__inputs(${accountId})`),

    decide: (input: { accountId: string; decision: 'granted' | 'withheld' | null; reason: string | null; decidedBy: string | null; now: Date }) =>
      input.decision === null
        ? db.query(sql.type(NoRow)`delete from account_standing_decisions where account_id = ${input.accountId}`)
        : db.query(sql.type(NoRow)`
            insert into account_standing_decisions (account_id, decision, reason, decided_by, decided_at)
            values (${input.accountId}, ${input.decision}, ${input.reason}, ${input.decidedBy}, ${input.now.toISOString()})
            on conflict (account_id) do update set decision = excluded.decision, reason = excluded.reason,
              decided_by = excluded.decided_by, decided_at = excluded.decided_at`),
  };
}

const MentionBudgetRow = z.object({ count: z.number().int(), oldest: z.string().nullable() });
const IdRow = z.object({ account_id: z.string() });

/** An author's delivered mentions (rows of `mentions` on its posts, deleted ones too: deleting never refunds). */
export function createMentionQueries(db: CommonQueryMethods) {
  return {
    deliveredSince: (authorId: string, since: Date) =>
      db.one(sql.type(MentionBudgetRow)`
        select count(*)::int as count, min(p.created_at) as oldest
        from posts p join mentions m on m.post_id = p.id
        where p.author_id = ${authorId} and p.created_at > ${since.toISOString()}`),

    /** Which of `accountIds` this author already mentioned since `since`. */
    mentionedSince: (authorId: string, accountIds: readonly string[], since: Date) =>
      db.any(sql.type(IdRow)`
        select distinct m.account_id
        from posts p join mentions m on m.post_id = p.id
        where p.author_id = ${authorId} and p.created_at > ${since.toISOString()} and m.account_id = any(${sql.array(accountIds, 'uuid')})`),
  };
}
