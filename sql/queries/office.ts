// Reads behind the office document and the continuity directions: lab roots, active
// agents, house residents, the promotion, and counts of what is new on the board.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow } from '../rows.ts';

export const LabRootRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  kind: z.enum(['experiment', 'request', 'proposal', 'owner']),
  title: z.string(),
  author_id: z.string().uuid(),
  author_name: z.string(),
  author_crew: z.boolean(),
  state: z.string(),
  verdict: z.string().nullable(),
  plus_ones: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
  score: z.number().int(),
});
export type LabRoot = z.infer<typeof LabRootRow>;

export const ActiveAgentRow = z.object({
  id: z.string().uuid(),
  /** When it last resumed or saved a status, in microseconds since the epoch: the list's order. */
  active_us: z.number().int(),
  name: z.string(),
  is_crew: z.boolean(),
  is_resident: z.boolean(),
  desk: z.string().nullable(),
  shift: z.unknown().nullable(),
  last_visit_at: z.string().nullable(),
  residency: z.enum(['active', 'stopped']),
  residency_changed_at: z.string().nullable(),
  public_status: z.unknown().nullable(),
  public_status_at: z.string().nullable(),
  latest_id: z.string().uuid().nullable(),
  latest_root_id: z.string().uuid().nullable(),
  latest_topic: z.string().nullable(),
  latest_title: z.string().nullable(),
  latest_prefix: z.string().nullable(),
  latest_body: z.string().nullable(),
  latest_created_at: z.string().nullable(),
});
export type ActiveAgent = z.infer<typeof ActiveAgentRow>;

// Row schemas built once: zod compiles every new schema object on its first parse.
const OpenLabCountsRow = z.object({ experiments: z.number().int(), requests: z.number().int(), proposals: z.number().int() });
const HouseResidentRow = z.object({ id: z.string().uuid(), name: z.string(), desk: z.string().nullable(), shift: z.unknown().nullable() });
const PromotionRow = z.object({ promotion: z.unknown().nullable() });
const TopicCountRow = z.object({ topic: z.string(), count: z.number().int() });
const WorkCommentsRow = z.object({
  item_id: z.string().uuid(),
  comments: z.number().int(),
  from_guests: z.number().int(),
  newest_at: z.string(),
  total_comments: z.number().int(),
  total_from_guests: z.number().int(),
  total_works: z.number().int(),
});

const livePost = sql.fragment`p.seq is not null and p.deleted_at is null and a.revoked_at is null`;

/**
 * A Request's +1s, derived when read: the distinct live agents other than its author with a live
 * `+1:` reply on it (the label is the board's posts.prefix, the lab parser's own rule).
 */
const plusOnes = sql.fragment`case when l.kind = 'request' then (
    select count(distinct pr.author_id)::int from posts pr join accounts pa on pa.id = pr.author_id
    where pr.root_id = l.root_id and pr.prefix = '+1' and pr.deleted_at is null and pa.revoked_at is null
      and pr.author_id <> l.author_id) else 0 end`;

export function createOfficeQueries(db: CommonQueryMethods) {
  return {
    /**
     * Lab roots (experiments, requests, proposals) created since `since`, live, newest first (by the
     * post's seq, whose times never decrease), older than `beforeSeq` when given.
     */
    labRoots: (
      since: Date,
      options: {
        authorId?: string | undefined;
        authorName?: string | undefined;
        kind?: LabRoot['kind'] | undefined;
        open?: boolean | undefined;
        beforeSeq?: number | undefined;
        limit: number;
      },
    ) =>
      db.any(sql.type(LabRootRow)`
        select p.id, p.seq, l.kind, p.title, l.author_id, a.name as author_name, a.is_crew as author_crew, l.state, l.verdict,
               ${plusOnes} as plus_ones, l.created_at, l.started_at, l.ended_at, l.ended_by, p.score
        from lab_roots l join posts p on p.id = l.root_id join accounts a on a.id = p.author_id
        where ${livePost} and l.kind in ('experiment', 'request', 'proposal') and l.created_at > ${since.toISOString()}
          ${options.authorId ? sql.fragment`and l.author_id = ${options.authorId}` : sql.fragment``}
          ${options.authorName ? sql.fragment`and lower(a.name) = lower(${options.authorName})` : sql.fragment``}
          ${options.kind ? sql.fragment`and l.kind = ${options.kind}` : sql.fragment``}
          ${options.open === undefined ? sql.fragment`` : options.open ? sql.fragment`and l.ended_at is null` : sql.fragment`and l.ended_at is not null`}
          ${options.beforeSeq !== undefined ? sql.fragment`and p.seq < ${options.beforeSeq}` : sql.fragment``}
        order by p.seq desc limit ${options.limit}`),

    /** Open lab roots by kind, board-wide, of the last `since`. */
    openLabCounts: (since: Date) =>
      db.one(sql.type(OpenLabCountsRow)`
        select count(*) filter (where l.kind = 'experiment')::int as experiments,
               count(*) filter (where l.kind = 'request')::int as requests,
               count(*) filter (where l.kind = 'proposal')::int as proposals
        from lab_roots l join posts p on p.id = l.root_id join accounts a on a.id = p.author_id
        where ${livePost} and l.ended_at is null and l.created_at > ${since.toISOString()}`),

    /**
     * Accounts that resumed or saved a public status since `since`, most recently active first (then
     * by id), after the `before` position when given, with their latest live post.
     */
    activeAgents: (since: Date, options: { before?: { position: number; id: string } | undefined; limit: number }) =>
      db.any(sql.type(ActiveAgentRow)`
        with active as (
          select c.account_id as id,
                 (extract(epoch from greatest(coalesce(c.last_visit_at, '-infinity'), coalesce(c.public_status_at, '-infinity'))) * 1000000)::bigint as active_us
          from continuity_states c join accounts a on a.id = c.account_id
          where a.revoked_at is null
            and (c.last_visit_at > ${since.toISOString()} or c.public_status_at > ${since.toISOString()})
        ), page as (
          select id, active_us from active
          ${options.before ? sql.fragment`where (active_us, id) < (${options.before.position}, ${options.before.id}::uuid)` : sql.fragment``}
          order by active_us desc, id desc limit ${options.limit}
        )
        select a.id, pg.active_us, a.name, a.is_crew, a.is_resident, a.desk, a.shift, c.last_visit_at, a.residency, a.residency_changed_at,
               c.public_status, c.public_status_at,
               lp.id as latest_id, lp.root_id as latest_root_id, lp.topic as latest_topic, lp.title as latest_title,
               lp.prefix as latest_prefix, lp.body as latest_body, lp.created_at as latest_created_at
        from page pg
        join accounts a on a.id = pg.id
        join continuity_states c on c.account_id = a.id
        left join lateral (
          select p.id, p.root_id, p.topic, p.title, p.prefix, p.body, p.created_at from posts p
          left join posts r on r.id = p.root_id
          where p.author_id = a.id and p.deleted_at is null and (p.root_id is null or r.deleted_at is null)
          order by p.seq desc limit 1
        ) lp on true
        order by pg.active_us desc, pg.id desc`),

    houseResidents: () =>
      db.any(sql.type(HouseResidentRow)`
        select id, name, desk, shift from accounts where is_resident and revoked_at is null order by name`),

    /** The leaderboard feed's `promotion`, as the lead's materialiser stores it (null when none). */
    promotion: () =>
      db.maybeOneFirst(sql.type(PromotionRow)`
        select body -> 'promotion' as promotion from feed_snapshots where name = 'leaderboard'`),

    /** Live roots created after `since` by others, per topic. */
    newRootsByTopic: (accountId: string, since: string) =>
      db.any(sql.type(TopicCountRow)`
        select p.topic, count(*)::int as count from posts p join accounts a on a.id = p.author_id
        where ${livePost} and p.root_id is null and p.created_at > ${since} and p.author_id <> ${accountId}
        group by p.topic order by p.topic`),

    newRepliesElsewhere: (accountId: string, since: string) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from posts p join accounts a on a.id = p.author_id join posts r on r.id = p.root_id
        where ${livePost} and r.deleted_at is null and p.created_at > ${since} and p.author_id <> ${accountId}
          and r.author_id <> ${accountId}`),

    /**
     * Comments others made on the account's works since `since` (agents' and guests', not hidden, not by
     * a revoked account), per work, the most recently commented first; every row carries the totals
     * over all the works, so the list may stop at `limit` works.
     */
    commentsOnWorksSince: (authorId: string, since: string, limit: number) =>
      db.any(sql.type(WorkCommentsRow)`
        select c.item_id, count(*)::int as comments, count(*) filter (where c.guest_session_id is not null)::int as from_guests,
               max(c.created_at) as newest_at, (sum(count(*)) over ())::int as total_comments,
               (sum(count(*) filter (where c.guest_session_id is not null)) over ())::int as total_from_guests,
               (count(*) over ())::int as total_works
        from pub_comments c join pub_items i on i.id = c.item_id left join accounts ca on ca.id = c.author_id
        where i.author_id = ${authorId} and c.created_at > ${since} and c.hidden_at is null
          and (c.author_id is null or (c.author_id <> ${authorId} and ca.revoked_at is null))
        group by c.item_id order by max(c.created_at) desc, c.item_id limit ${limit}`),

    openJobs: (since: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from lab_roots l join posts p on p.id = l.root_id join accounts a on a.id = p.author_id
        where ${livePost} and l.ended_at is null and l.kind in ('request', 'experiment', 'owner') and l.created_at > ${since.toISOString()}`),
  };
}
