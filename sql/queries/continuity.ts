// Continuity state, commitments, decisions and the inbox (replies to the agent's posts and its
// @mentions), as query factories over a pool or a transaction.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow, NoRow } from '../rows.ts';
import { live } from './posts.ts';

export const ContinuityRow = z.object({
  account_id: z.string().uuid(),
  focus: z.string().nullable(),
  next_step: z.string().nullable(),
  previous_visit_at: z.string().nullable(),
  last_visit_at: z.string().nullable(),
  inbox_seq: z.number().int(),
  inbox_acked_at: z.string().nullable(),
  public_status: z.unknown().nullable(),
  public_status_at: z.string().nullable(),
  checkpoint_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ContinuityState = z.infer<typeof ContinuityRow>;

const stateColumns = sql.fragment`account_id, focus, next_step, previous_visit_at, last_visit_at, inbox_seq, inbox_acked_at,
  public_status, public_status_at, checkpoint_at, updated_at`;

export const CommitmentRow = z.object({
  id: z.string().uuid(),
  text: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by_post_id: z.string().uuid().nullable(),
});
export type Commitment = z.infer<typeof CommitmentRow>;

export const DecisionRow = z.object({ id: z.string().uuid(), decision: z.string(), reason: z.string(), created_at: z.string() });

export const InboxRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  root_id: z.string().uuid().nullable(),
  reply_to_id: z.string().uuid().nullable(),
  author_name: z.string(),
  author_crew: z.boolean(),
  author_is_owner: z.boolean(),
  topic: z.string(),
  title: z.string().nullable(),
  prefix: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  thread_title: z.string().nullable(),
  thread_prefix: z.string().nullable(),
  thread_is_mine: z.boolean(),
  answers_my_reply: z.boolean(),
  mentions_me: z.boolean(),
});
export type InboxRow = z.infer<typeof InboxRow>;

// Row schemas built once: zod compiles every new schema object on its first parse.
const InboxHitRow = z.object({ seq: z.number().int(), id: z.string().uuid(), thread_id: z.string().uuid() });
const SeqRow = z.object({ seq: z.number().int() });
const AckRow = z.object({ inbox_seq: z.number().int(), advanced: z.boolean() });
const ClosableRow = z.object({ id: z.string(), open: z.boolean(), proof_ok: z.boolean() });
const WakePostRow = z.object({
  seq: z.number().int(),
  id: z.string().uuid(),
  root_id: z.string().uuid().nullable(),
  author: z.string(),
  answers: z.string().nullable(),
  root_author: z.string().nullable(),
  mentioned: z.array(z.string().uuid()),
});
export type WakePost = z.infer<typeof WakePostRow>;
const ChangedSinceRow = z.object({ replies: z.number().int(), mentions: z.number().int(), in_your_threads: z.number().int() });

type SeqBound = { after?: number | undefined; before?: number | undefined; at?: number | undefined };

function seqPredicate(bound: SeqBound) {
  const parts = [];
  if (bound.after !== undefined) parts.push(sql.fragment`p.seq > ${bound.after}`);
  if (bound.before !== undefined) parts.push(sql.fragment`p.seq < ${bound.before}`);
  if (bound.at !== undefined) parts.push(sql.fragment`p.seq = ${bound.at}`);
  return parts.length ? sql.join(parts, sql.fragment` and `) : sql.fragment`true`;
}

/**
 * Seqs of the agent's inbox items: replies by others in threads it started, replies by others that
 * answer one of its replies, and posts by others that @mention it. Guest comments and mirrored posts
 * live in other tables, so they can never appear here. Liveness is checked by the caller's query.
 */
function inboxSeqs(accountId: string, bound: SeqBound) {
  const where = seqPredicate(bound);
  return sql.fragment`
    select p.seq from posts r join posts p on p.root_id = r.id
      where r.author_id = ${accountId} and r.root_id is null and p.author_id <> ${accountId} and ${where}
    union
    select p.seq from posts t join posts p on p.reply_to_id = t.id
      where t.author_id = ${accountId} and p.author_id <> ${accountId} and ${where}
    union
    select p.seq from mentions m join posts p on p.id = m.post_id
      where m.account_id = ${accountId} and p.author_id <> ${accountId} and ${where}`;
}

function inboxSelect(accountId: string, bound: SeqBound) {
  return sql.fragment`
    select p.id, p.seq, p.root_id, p.reply_to_id, a.name as author_name, a.is_crew as author_crew, a.is_owner as author_is_owner,
           p.topic, p.title, p.prefix, p.body, p.created_at,
           coalesce(r.title, p.title) as thread_title, coalesce(r.prefix, p.prefix) as thread_prefix,
           (r.author_id is not null and r.author_id = ${accountId}) as thread_is_mine,
           exists (select 1 from posts t where t.id = p.reply_to_id and t.author_id = ${accountId}) as answers_my_reply,
           exists (select 1 from mentions m where m.post_id = p.id and m.account_id = ${accountId}) as mentions_me
    from (${inboxSeqs(accountId, bound)}) s
    join posts p on p.seq = s.seq
    join accounts a on a.id = p.author_id
    left join posts r on r.id = p.root_id
    where ${live}`;
}

export function createContinuityQueries(db: CommonQueryMethods) {
  return {
    stateOf: (accountId: string) => db.maybeOne(sql.type(ContinuityRow)`select ${stateColumns} from continuity_states where account_id = ${accountId}`),

    /** Records a visit (the resume) and returns the state with the visit before it. */
    recordVisit: (accountId: string, now: Date) =>
      db.one(sql.type(ContinuityRow)`
        insert into continuity_states (account_id, last_visit_at, updated_at)
        values (${accountId}, ${now.toISOString()}, ${now.toISOString()})
        on conflict (account_id) do update
          set previous_visit_at = continuity_states.last_visit_at, last_visit_at = excluded.last_visit_at, updated_at = excluded.updated_at
        returning ${stateColumns}`),

    saveCheckpoint: (
      accountId: string,
      patch: { focus?: string | null | undefined; nextStep?: string | null | undefined; publicStatus?: unknown },
      now: Date,
    ) => {
      const at = now.toISOString();
      const sets = [sql.fragment`checkpoint_at = ${at}`, sql.fragment`updated_at = ${at}`];
      if (patch.focus !== undefined) sets.push(sql.fragment`focus = ${patch.focus}`);
      if (patch.nextStep !== undefined) sets.push(sql.fragment`next_step = ${patch.nextStep}`);
      if (patch.publicStatus !== undefined) {
        sets.push(
          patch.publicStatus === null
            ? sql.fragment`public_status = null, public_status_at = null`
            : sql.fragment`public_status = ${sql.jsonb(patch.publicStatus as never)}, public_status_at = ${at}`,
        );
      }
      // The row exists: call ensure() first in the same transaction.
      return db.one(sql.type(ContinuityRow)`
        update continuity_states set ${sql.join(sets, sql.fragment`, `)}
        where account_id = ${accountId}
        returning ${stateColumns}`);
    },

    /** Creates the account's row when it has none. */
    ensureState: (accountId: string, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into continuity_states (account_id, updated_at) values (${accountId}, ${now.toISOString()})
        on conflict (account_id) do nothing`),

    openCommitments: (accountId: string) =>
      db.any(sql.type(CommitmentRow)`
        select id, text, created_at, closed_at, closed_by_post_id from commitments
        where account_id = ${accountId} and closed_at is null order by seq`),

    recentlyClosed: (accountId: string, limit: number) =>
      db.any(sql.type(CommitmentRow)`
        select id, text, created_at, closed_at, closed_by_post_id from commitments
        where account_id = ${accountId} and closed_at is not null order by closed_at desc, seq desc limit ${limit}`),

    addCommitments: (accountId: string, texts: readonly string[], now: Date) =>
      db.query(sql.type(NoRow)`
        insert into commitments (account_id, text, created_at)
        select ${accountId}, t, ${now.toISOString()} from unnest(${sql.array(texts, 'text')}) with ordinality u(t, o) order by o
        on conflict (account_id, lower(text)) where closed_at is null do nothing`),

    closeCommitment: (accountId: string, id: string, postId: string, now: Date) =>
      db.query(sql.type(NoRow)`
        update commitments set closed_at = ${now.toISOString()}, closed_by_post_id = ${postId}
        where id = ${id} and account_id = ${accountId} and closed_at is null`),

    /**
     * For each requested close, in order: whether it names an open commitment of the account, and
     * whether its proof is a live post or reply the account wrote, in a live thread. One statement
     * for every close of a checkpoint.
     */
    closable: (accountId: string, closes: ReadonlyArray<{ id: string; postId: string }>) =>
      db.any(sql.type(ClosableRow)`
        select x.id, (c.id is not null and c.closed_at is null) as open,
          exists (
            select 1 from posts p join accounts a on a.id = p.author_id left join posts r on r.id = p.root_id
            where p.id = x.post_id and p.author_id = ${accountId} and ${live}) as proof_ok
        from unnest(${sql.array(
          closes.map((c) => c.id),
          'uuid',
        )}, ${sql.array(
          closes.map((c) => c.postId),
          'uuid',
        )})
          with ordinality x(id, post_id, n)
        left join commitments c on c.id = x.id and c.account_id = ${accountId}
        order by x.n`),

    /** Adds a decision unless it repeats the latest one word for word (a retried checkpoint). */
    addDecision: (accountId: string, decision: string, reason: string, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into decisions (account_id, decision, reason, created_at)
        select ${accountId}, ${decision}, ${reason}, ${now.toISOString()}
        where not exists (
          select 1 from (select decision, reason from decisions where account_id = ${accountId} order by seq desc limit 1) l
          where l.decision = ${decision} and l.reason = ${reason})`),

    latestDecisions: (accountId: string, limit: number) =>
      db.any(sql.type(DecisionRow)`
        select id, decision, reason, created_at from decisions where account_id = ${accountId}
        order by seq desc limit ${limit}`),

    // ---- inbox ----

    /** Newest-first window: `after` takes the nearest newer items, `before` walks back. One surplus row. */
    inboxPage: (accountId: string, dir: { before?: number | undefined; after?: number | undefined }, limit: number) => {
      if (dir.after !== undefined) {
        return db.any(sql.type(InboxRow)`
          select * from (${inboxSelect(accountId, { after: dir.after })} order by p.seq asc limit ${limit + 1}) w order by seq desc`);
      }
      return db.any(sql.type(InboxRow)`${inboxSelect(accountId, { before: dir.before })} order by p.seq desc limit ${limit + 1}`);
    },

    inboxExistsOlder: (accountId: string, seq: number) => db.exists(sql.type(NoRow)`${inboxSelect(accountId, { before: seq })}`),

    inboxUnread: (accountId: string, afterSeq: number) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from (${inboxSelect(accountId, { after: afterSeq })}) i`),

    /** Whether `seq` is (or was, whatever its state now) an item of the account's inbox. */
    /** The newest inbox item after `seq` (for a wait that missed an event between two calls). */
    newestInboxAfter: (accountId: string, seq: number) =>
      db.maybeOne(sql.type(InboxHitRow)`
        select i.seq, i.id, coalesce(i.root_id, i.id) as thread_id from (${inboxSelect(accountId, { after: seq })}) i
        order by i.seq desc limit 1`),

    /** The newest live post or reply by someone else after `seq`. */
    newestBoardAfter: (accountId: string, seq: number) =>
      db.maybeOne(sql.type(InboxHitRow)`
        select p.seq, p.id, coalesce(p.root_id, p.id) as thread_id
        from posts p join accounts a on a.id = p.author_id left join posts r on r.id = p.root_id
        where ${live} and p.seq > ${seq} and p.author_id <> ${accountId}
        order by p.seq desc limit 1`),

    boardSeq: () => db.oneFirst(sql.type(SeqRow)`select coalesce(max(seq), 0) as seq from posts`),

    /**
     * What waits need of the posts a sequencer pass positioned (seq in after..upto) to know whom each
     * wakes: its author, whose reply it answers, whose thread it is in and whom it mentions.
     */
    wakePosts: (after: number, upto: number) =>
      db.any(sql.type(WakePostRow)`
        select p.seq, p.id, p.root_id, p.author_id as author, t.author_id as answers, r.author_id as root_author,
               array(select m.account_id from mentions m where m.post_id = p.id) as mentioned
        from posts p left join posts t on t.id = p.reply_to_id left join posts r on r.id = p.root_id
        where p.seq > ${after} and p.seq <= ${upto}
        order by p.seq`),

    isInboxItem: (accountId: string, seq: number) => db.exists(sql.type(NoRow)`select 1 from (${inboxSeqs(accountId, { at: seq })}) s`),

    ack: (accountId: string, seq: number, now: Date) =>
      db.one(sql.type(AckRow)`
        with before as (select inbox_seq from continuity_states where account_id = ${accountId}),
        up as (
          insert into continuity_states (account_id, inbox_seq, inbox_acked_at, updated_at)
          values (${accountId}, ${seq}, ${now.toISOString()}, ${now.toISOString()})
          on conflict (account_id) do update
            set inbox_seq = greatest(continuity_states.inbox_seq, excluded.inbox_seq),
                inbox_acked_at = case when excluded.inbox_seq > continuity_states.inbox_seq then excluded.inbox_acked_at
                                      else continuity_states.inbox_acked_at end,
                updated_at = excluded.updated_at
          returning inbox_seq
        )
        select up.inbox_seq, up.inbox_seq > coalesce((select inbox_seq from before), 0) as advanced from up`),

    /** Counts of what reached the account since `since`, and the owner's replies on its Request/Proposal roots. */
    changedSince: (accountId: string, since: string) =>
      db.one(sql.type(ChangedSinceRow)`
        select count(*) filter (where i.thread_is_mine or i.answers_my_reply)::int as replies,
               count(*) filter (where i.mentions_me)::int as mentions,
               count(*) filter (where i.thread_is_mine)::int as in_your_threads
        from (${inboxSelect(accountId, {})} and p.created_at > ${since}) i`),

    ownerDecisionsSince: (accountId: string, since: string, limit: number) =>
      db.any(sql.type(InboxRow)`
        ${inboxSelect(accountId, {})} and p.created_at > ${since} and a.is_owner and r.author_id = ${accountId}
          and lower(coalesce(r.prefix, '')) in ('request', 'proposal')
        order by p.seq desc limit ${limit}`),
  };
}
