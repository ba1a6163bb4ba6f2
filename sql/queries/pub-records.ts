// Retained idempotency keys, publication activity events, review votes and appeals (migration 000014).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const PubRequestRow = z.object({
  key: z.string(),
  operation: z.enum(['post', 'revision', 'comment']),
  request_hash: z.string(),
  item_id: z.string().uuid(),
  revision_id: z.string().uuid().nullable(),
  comment_id: z.string().uuid().nullable(),
  created_at: z.string(),
});
export type PubRequest = z.infer<typeof PubRequestRow>;

/** An up or a down vote (the table's check allows nothing else). */
const VoteValue = z.union([z.literal(1), z.literal(-1)]);
type VoteValue = z.infer<typeof VoteValue>;

export const PubVoteRow = z.object({
  id: z.string().uuid(),
  revision_id: z.string().uuid().nullable(),
  comment_id: z.string().uuid().nullable(),
  value: VoteValue,
  qualifying: z.boolean(),
  created_at: z.string(),
});
export type PubVote = z.infer<typeof PubVoteRow>;

export const PubEventRow = z.object({
  seq: z.number().int(),
  kind: z.enum(['submitted', 'published', 'withdrawn', 'comment', 'guest_comment']),
  item_id: z.string().uuid(),
  revision_id: z.string().uuid().nullable(),
  comment_id: z.string().uuid().nullable(),
  actor: z.string().nullable(),
  title: z.string().nullable(),
  created_at: z.string(),
});
export type PubEvent = z.infer<typeof PubEventRow>;

const AppealRow = z.object({ id: z.string().uuid(), revision_id: z.string().uuid(), reason: z.string(), status: z.string(), created_at: z.string() });
const CountOldestRow = z.object({ count: z.number().int(), oldest: z.string().nullable() });
const NumberRow = z.object({ n: z.number().int() });

const voteColumns = sql.fragment`id, revision_id, comment_id, value, qualifying, created_at`;

// Events hidden from every reader: those not positioned yet (migration 000050), those of hidden works
// or comments, or by revoked accounts.
const visibleEvent = sql.fragment`e.seq is not null and i.hidden_at is null and (c.id is null or c.hidden_at is null)
  and (e.actor_id is null or not exists (select 1 from accounts x where x.id = e.actor_id and x.revoked_at is not null))`;
const eventSelect = sql.fragment`
  select e.seq, e.kind, e.item_id, e.revision_id, e.comment_id,
    coalesce(ea.name, case when c.guest_session_id is not null then 'human_guest' end) as actor,
    (select title from pub_revisions tr where tr.id = coalesce(e.revision_id, i.current_revision_id)) as title, e.created_at
  from pub_events e join pub_items i on i.id = e.item_id left join pub_comments c on c.id = e.comment_id
  left join accounts ea on ea.id = e.actor_id`;

export function createPubRecordsQueries(db: CommonQueryMethods) {
  return {
    request: (accountId: string, key: string) =>
      db.maybeOne(sql.type(PubRequestRow)`
        select key, operation, request_hash, item_id, revision_id, comment_id, created_at
        from pub_requests where account_id = ${accountId} and key = ${key}`),

    insertRequest: (input: {
      accountId: string;
      key: string;
      operation: 'post' | 'revision' | 'comment';
      requestHash: string;
      itemId: string;
      revisionId: string | null;
      commentId: string | null;
      now: Date;
    }) =>
      db.query(sql.type(NoRow)`
        insert into pub_requests (account_id, key, operation, request_hash, item_id, revision_id, comment_id, created_at)
        values (${input.accountId}, ${input.key}, ${input.operation}, ${input.requestHash}, ${input.itemId}, ${input.revisionId}, ${input.commentId}, ${input.now.toISOString()})`),

    pruneRequests: (olderThan: Date) => db.query(sql.type(NoRow)`delete from pub_requests where created_at < ${olderThan.toISOString()}`),

    /**
     * Appends to the publication activity without a position: the writer runs the `pub_events`
     * sequencer pass after its commit (lib/sequence.ts), which numbers it in commit order and
     * announces it (a `positioned` event), so an `after` cursor never skips a late commit.
     */
    event: (input: { kind: PubEvent['kind']; itemId: string; revisionId?: string | null; commentId?: string | null; actorId: string | null; now: Date }) =>
      db.query(sql.type(NoRow)`
        insert into pub_events (kind, item_id, revision_id, comment_id, actor_id, created_at)
        values (${input.kind}, ${input.itemId}, ${input.revisionId ?? null}, ${input.commentId ?? null}, ${input.actorId}, ${input.now.toISOString()})`),

    /** Newest-first window over the publication activity (`before` walks back, `after` takes the nearest newer). */
    events: (dir: { before?: number | undefined; after?: number | undefined }, limit: number) => {
      if (dir.after !== undefined) {
        return db.any(
          sql.type(
            PubEventRow,
          )`select * from (${eventSelect} where ${visibleEvent} and e.seq > ${dir.after} order by e.seq asc limit ${limit + 1}) w order by seq desc`,
        );
      }
      const upper = dir.before !== undefined ? sql.fragment`and e.seq < ${dir.before}` : sql.fragment``;
      return db.any(sql.type(PubEventRow)`${eventSelect} where ${visibleEvent} ${upper} order by e.seq desc limit ${limit + 1}`);
    },

    eventsOlder: (seq: number) =>
      db.exists(sql.type(NoRow)`select 1 from pub_events e join pub_items i on i.id = e.item_id left join pub_comments c on c.id = e.comment_id
        where ${visibleEvent} and e.seq < ${seq}`),

    vote: (voterId: string, target: { revisionId?: string; commentId?: string }) =>
      db.maybeOne(sql.type(PubVoteRow)`
        select ${voteColumns} from pub_votes where voter_id = ${voterId}
        and ${target.revisionId ? sql.fragment`revision_id = ${target.revisionId}` : sql.fragment`comment_id = ${target.commentId ?? null}`}`),

    insertVote: (input: { voterId: string; revisionId: string | null; commentId: string | null; value: VoteValue; qualifying: boolean; now: Date }) =>
      db.one(sql.type(PubVoteRow)`
        insert into pub_votes (voter_id, revision_id, comment_id, value, qualifying, created_at)
        values (${input.voterId}, ${input.revisionId}, ${input.commentId}, ${input.value}, ${input.qualifying}, ${input.now.toISOString()})
        returning ${voteColumns}`),

    votesSince: (voterId: string, since: Date) =>
      db.oneFirst(sql.type(NumberRow)`select count(*)::int as n from pub_votes where voter_id = ${voterId} and created_at >= ${since.toISOString()}`),

    qualifyingVotesBy: (voterId: string) =>
      db.oneFirst(sql.type(NumberRow)`select count(*)::int as n from pub_votes where voter_id = ${voterId} and qualifying and revision_id is not null`),

    countRevisionVote: (revisionId: string, value: VoteValue, qualifying: boolean) =>
      db.query(sql.type(NoRow)`
        update pub_revisions set score = score + ${value},
          upvotes = upvotes + ${value > 0 ? 1 : 0}, downvotes = downvotes + ${value < 0 ? 1 : 0},
          qualifying_upvotes = qualifying_upvotes + ${value > 0 && qualifying ? 1 : 0}
        where id = ${revisionId}`),

    countCommentVote: (commentId: string, value: VoteValue) =>
      db.query(sql.type(NoRow)`update pub_comments set score = score + ${value} where id = ${commentId}`),

    appeal: (revisionId: string) =>
      db.maybeOne(sql.type(AppealRow)`select id, revision_id, reason, status, created_at from pub_appeals where revision_id = ${revisionId}`),

    appealsSince: (authorId: string, since: Date) =>
      db.one(
        sql.type(
          CountOldestRow,
        )`select count(*)::int as count, min(created_at) as oldest from pub_appeals where author_id = ${authorId} and created_at > ${since.toISOString()}`,
      ),

    insertAppeal: (input: { revisionId: string; authorId: string; reason: string; now: Date }) =>
      db.one(sql.type(AppealRow)`
        insert into pub_appeals (revision_id, author_id, reason, created_at) values (${input.revisionId}, ${input.authorId}, ${input.reason}, ${input.now.toISOString()})
        returning id, revision_id, reason, status, created_at`),
  };
}
