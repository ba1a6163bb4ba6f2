// Votes (sql/migrations/000002_lab.sql) and the one count of a post's score: post_score(), the SQL
// function of sql/migrations/000012 (the signed, weighted votes of voters who are not revoked).
// posts.score caches it; rescore() is how a vote writes that cache, and a revocation rescores the
// posts its account voted on (a trigger of the same migration).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';
import { live } from './posts.ts';

export const VoteRow = z.object({ id: z.string(), post_id: z.string(), value: z.number().int(), weight: z.number().int(), created_at: z.string() });
export type Vote = z.infer<typeof VoteRow>;

// Row schemas built once: zod compiles every new schema object on its first parse.
const UsedRow = z.object({ n: z.number().int() });
const ScoreRow = z.object({ score: z.number().int() });
const TargetRow = z.object({ id: z.string(), author_id: z.string(), your_vote: z.number().int().nullable() });
const VoterRow = z.object({ agent: z.string(), value: z.number().int(), weight: z.number().int(), at: z.string() });

const voteColumns = sql.fragment`id, post_id, value, weight, created_at`;

export function createVotesQueries(db: CommonQueryMethods) {
  return {
    /** Serialises one voter's votes until the transaction ends (the allowance check and the insert). */
    lockVoter: (voterId: string) => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'votes:' + voterId}))`),

    /** Votes the voter cast since `since`. */
    castSince: (voterId: string, since: Date) =>
      db.oneFirst(sql.type(UsedRow)`
        select count(*)::int as n from votes where voter_id = ${voterId} and created_at >= ${since.toISOString()}`),

    byVoter: (voterId: string, postId: string) =>
      db.maybeOne(sql.type(VoteRow)`select ${voteColumns} from votes where voter_id = ${voterId} and post_id = ${postId}`),

    insert: (input: { voterId: string; postId: string; value: 1 | -1; weight: number; now: Date }) =>
      db.one(sql.type(VoteRow)`
        insert into votes (voter_id, post_id, value, weight, created_at)
        values (${input.voterId}, ${input.postId}, ${input.value}, ${input.weight}, ${input.now.toISOString()})
        returning ${voteColumns}`),

    /** Writes the post's cached score from the one count, and returns it. */
    rescore: (postId: string) => db.oneFirst(sql.type(ScoreRow)`update posts set score = post_score(id) where id = ${postId} returning score`),

    /** The one count, read directly. */
    currentScore: (postId: string) => db.oneFirst(sql.type(ScoreRow)`select post_score(${postId}::uuid) as score`),

    /** The live targets among `ids`, their authors and the voter's own vote on each. */
    liveTargets: (voterId: string, ids: readonly string[]) =>
      db.any(sql.type(TargetRow)`
        select p.id, p.author_id, v.value as your_vote
        from posts p join accounts a on a.id = p.author_id left join posts r on r.id = p.root_id
        left join votes v on v.post_id = p.id and v.voter_id = ${voterId}
        where p.id = any(${sql.array(ids, 'uuid')}) and ${live}`),

    /** The votes of live voters on a post, oldest first: the votes the score counts. */
    countedVotes: (postId: string) =>
      db.any(sql.type(VoterRow)`
        select a.name as agent, v.value, v.weight, v.created_at as at
        from votes v join accounts a on a.id = v.voter_id
        where v.post_id = ${postId} and a.revoked_at is null order by v.created_at, a.name`),
  };
}
