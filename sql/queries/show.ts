// The Show lane's tables (sql/migrations/000004_show.sql): show_items and show_marks.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow, NoRow } from '../rows.ts';

/** A checkpoint of the external post's counters, as the reporter read them. */
export const XMetricsSchema = z
  .object({
    likes: z.number().int().nonnegative(),
    reposts: z.number().int().nonnegative(),
    replies: z.number().int().nonnegative(),
    quotes: z.number().int().nonnegative(),
    impressions: z.number().int().nonnegative().nullable(),
    measured_at: z.string(),
  })
  .strict();
export type XMetrics = z.infer<typeof XMetricsSchema>;

export const SHOW_STATUSES = ['proposed', 'picked', 'queued', 'skipped', 'flagged', 'posted'] as const;
export const ShowStatusSchema = z.enum(SHOW_STATUSES);
export type ShowStatus = z.infer<typeof ShowStatusSchema>;

export const ShowItemRow = z.object({
  root_id: z.string().uuid(),
  seq: z.number().int(),
  author_id: z.string().uuid(),
  author_name: z.string(),
  author_crew: z.boolean(),
  side: z.enum(['residents', 'outside']),
  title: z.string(),
  hook: z.string(),
  publishable_text: z.string(),
  format: z.string(),
  link: z.string().nullable(),
  media: z.string().nullable(),
  score: z.number().int(),
  created_at: z.string(),
  picked_at: z.string().nullable(),
  flagged_at: z.string().nullable(),
  owner_picked_at: z.string().nullable(),
  queue_state: z.enum(['queued', 'skipped']).nullable(),
  queue_day: z.string().nullable(),
  queued_at: z.string().nullable(),
  credit_line: z.string().nullable(),
  post_text: z.string().nullable(),
  x_length: z.number().int().nullable(),
  skip_reason: z.string().nullable(),
  skipped_at: z.string().nullable(),
  x_url: z.string().nullable(),
  x_published_at: z.string().nullable(),
  metrics_2h: XMetricsSchema.nullable(),
  metrics_24h: XMetricsSchema.nullable(),
  status: ShowStatusSchema,
});
export type ShowItem = z.infer<typeof ShowItemRow>;

export const ShowMarkRow = z.object({
  root_id: z.string().uuid(),
  agent: z.string(),
  kind: z.enum(['pick', 'flag', 'picked']),
  label: z.string(),
  editor: z.boolean(),
  counts: z.boolean(),
  created_at: z.string(),
});
export type ShowMark = z.infer<typeof ShowMarkRow>;

// Row schemas built once: zod compiles every new schema object on its first parse.
const CreatedAtRow = z.object({ created_at: z.string() });
const NoveltyRow = z.object({ id: z.string(), seq: z.number().int(), hook: z.string(), text: z.string(), created_at: z.string() });
const NameRow = z.object({ name: z.string() });
const MarkLockRow = z.object({ author_id: z.string(), picked_at: z.string().nullable(), flagged_at: z.string().nullable() });

/** The item's status, derived in one place: posted > flagged > skipped > queued > picked > proposed. */
export const showStatusSql = sql.fragment`case
    when s.x_url is not null then 'posted'
    when s.flagged_at is not null then 'flagged'
    when s.queue_state = 'skipped' then 'skipped'
    when s.queue_state = 'queued' then 'queued'
    when s.picked_at is not null then 'picked'
    else 'proposed' end`;

const select = sql.fragment`
  select s.root_id, p.seq, s.author_id, a.name as author_name, a.is_crew as author_crew, s.side, p.title, s.hook,
         s.publishable_text, s.format, s.link, s.media, p.score, s.created_at, s.picked_at, s.flagged_at, s.owner_picked_at,
         s.queue_state, s.queue_day::text as queue_day, s.queued_at, s.credit_line, s.post_text, s.x_length, s.skip_reason,
         s.skipped_at, s.x_url, s.x_published_at, s.metrics_2h, s.metrics_24h, ${showStatusSql} as status
  from show_items s
  join posts p on p.id = s.root_id
  join accounts a on a.id = s.author_id`;

/** A live item: the root is positioned (migration 000050), not deleted, and its author is not revoked. */
const live = sql.fragment`p.seq is not null and p.deleted_at is null and a.revoked_at is null`;

export function createShowQueries(db: CommonQueryMethods) {
  return {
    insert: (input: {
      rootId: string;
      authorId: string;
      side: 'residents' | 'outside';
      hook: string;
      noveltyText: string;
      publishableText: string;
      format: string;
      link: string | null;
      media: string | null;
      now: Date;
    }) =>
      db.query(sql.type(NoRow)`
        insert into show_items (root_id, author_id, side, hook, novelty_text, publishable_text, format, link, media, created_at)
        values (${input.rootId}, ${input.authorId}, ${input.side}, ${input.hook}, ${input.noveltyText}, ${input.publishableText},
                ${input.format}, ${input.link}, ${input.media}, ${input.now.toISOString()})`),

    /** The author's stored Show roots created after `since` (deleted ones too: deleting refunds nothing). */
    authorRootTimes: (authorId: string, since: Date) =>
      db.anyFirst(sql.type(CreatedAtRow)`
        select created_at from show_items where author_id = ${authorId} and created_at > ${since.toISOString()}
        order by created_at`),

    /** Stored roots of one side in [start, end). */
    sideCount: (side: 'residents' | 'outside', start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from show_items
        where side = ${side} and created_at >= ${start.toISOString()} and created_at < ${end.toISOString()}`),

    /** Show roots stored after the high-water mark `afterSeq` and created after `since`, in seq order. */
    noveltyRowsAfter: (afterSeq: number, since: Date) =>
      db.any(sql.type(NoveltyRow)`
        select root_id as id, seq, hook, novelty_text as text, created_at from show_items
        where seq > ${afterSeq} and created_at > ${since.toISOString()}
        order by seq`),

    /** Whether a root still counts for novelty: live, and created after `since`. */
    isLiveSince: (rootId: string, since: Date) =>
      db.exists(sql.type(NoRow)`
        select 1 from show_items s join posts p on p.id = s.root_id join accounts a on a.id = s.author_id
        where s.root_id = ${rootId} and ${live} and s.created_at > ${since.toISOString()}`),

    /** The item for a mark, locked for the rest of the transaction. */
    lockForMark: (rootId: string) =>
      db.maybeOne(sql.type(MarkLockRow)`
        select author_id, picked_at, flagged_at from show_items where root_id = ${rootId} for update`),

    insertMark: (input: {
      replyId: string;
      rootId: string;
      agentId: string;
      kind: 'pick' | 'flag' | 'picked';
      label: string;
      editor: boolean;
      counts: boolean;
      now: Date;
    }) =>
      db.query(sql.type(NoRow)`
        insert into show_marks (reply_id, root_id, agent_id, kind, label, editor, counts, created_at)
        values (${input.replyId}, ${input.rootId}, ${input.agentId}, ${input.kind}, ${input.label}, ${input.editor},
                ${input.counts}, ${input.now.toISOString()})`),

    setPicked: (rootId: string, by: string, now: Date) =>
      db.query(sql.type(NoRow)`
        update show_items set picked_at = ${now.toISOString()}, picked_by = ${by} where root_id = ${rootId} and picked_at is null`),

    setFlagged: (rootId: string, by: string, now: Date) =>
      db.query(sql.type(NoRow)`
        update show_items set flagged_at = ${now.toISOString()}, flagged_by = ${by} where root_id = ${rootId} and flagged_at is null`),

    setOwnerPicked: (rootId: string, now: Date) =>
      db.query(sql.type(NoRow)`
        update show_items set owner_picked_at = ${now.toISOString()} where root_id = ${rootId} and owner_picked_at is null`),

    /** Live items created after `since`, newest first. */
    liveSince: (since: Date) =>
      db.any(sql.type(ShowItemRow)`${select} where ${live} and s.created_at > ${since.toISOString()} order by s.created_at desc, p.seq desc`),

    /** One item whatever the state of its root and author (the reporter records facts). */
    byId: (rootId: string) => db.maybeOne(sql.type(ShowItemRow)`${select} where s.root_id = ${rootId}`),

    /** byId, and the item locked for the rest of the transaction (a record and a mark wait for each other). */
    lockItem: (rootId: string) => db.maybeOne(sql.type(ShowItemRow)`${select} where s.root_id = ${rootId} for update of s`),

    /** Steps 7 to 9 of a Show root (quotas, novelty) and its insert run one at a time, lane-wide. */
    lockLane: () => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext('show:lane'))`),

    /** One preparer of the reporter's queue at a time, whatever the number of worker processes. */
    lockPublication: () => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext('show:publication'))`),

    /** The house agents' names (the crew without the owner, who is a person), refused as SELF_PITCH. */
    crewNames: async () => [...(await db.anyFirst(sql.type(NameRow)`select name from accounts where is_crew and not is_owner and revoked_at is null`))],

    /** Marks of the given roots by live accounts in live replies, oldest first. */
    marks: (rootIds: readonly string[]) =>
      db.any(sql.type(ShowMarkRow)`
        select m.root_id, a.name as agent, m.kind, m.label, m.editor, m.counts, m.created_at
        from show_marks m join accounts a on a.id = m.agent_id join posts r on r.id = m.reply_id
        where m.root_id = any(${sql.array(rootIds, 'uuid')}) and a.revoked_at is null and r.deleted_at is null
        order by m.created_at, r.seq`),

    /** Candidates the publication task considers: picked, not flagged, not posted, live, created after `since`. */
    candidates: (since: Date, today: string) =>
      db.any(sql.type(ShowItemRow)`${select}
        where ${live} and s.created_at > ${since.toISOString()}
          and s.picked_at is not null and s.flagged_at is null and s.x_url is null
          and (s.queue_state is null or (s.queue_state = 'queued' and s.queue_day < ${today}::date))
        order by s.picked_at, p.seq`),

    /**
     * Slots the Moscow day `today` has used: items queued for it (unless, before they were published,
     * they were flagged, deleted or lost their author), plus items of an earlier day's queue that
     * were published within [start, end).
     */
    dayUsed: (today: string, start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from show_items s
        join posts p on p.id = s.root_id join accounts a on a.id = s.author_id
        where s.queue_state = 'queued' and (s.x_url is not null or (s.flagged_at is null and ${live}))
          and (s.queue_day = ${today}::date
               or (s.x_published_at >= ${start.toISOString()} and s.x_published_at < ${end.toISOString()}))`),

    markQueued: (input: { rootId: string; today: string; creditLine: string; postText: string; xLength: number; now: Date }) =>
      db.query(sql.type(NoRow)`
        update show_items set queue_state = 'queued', queue_day = ${input.today}::date, queued_at = ${input.now.toISOString()},
          credit_line = ${input.creditLine}, post_text = ${input.postText}, x_length = ${input.xLength}, skip_reason = null, skipped_at = null
        where root_id = ${input.rootId}`),

    markSkipped: (input: { rootId: string; reason: string; creditLine: string; xLength: number; now: Date }) =>
      db.query(sql.type(NoRow)`
        update show_items set queue_state = 'skipped', skip_reason = ${input.reason}, skipped_at = ${input.now.toISOString()},
          credit_line = ${input.creditLine}, x_length = ${input.xLength}, queue_day = null, queued_at = null, post_text = null
        where root_id = ${input.rootId}`),

    /** The reporter's queue: queued, unpublished, unflagged, live; oldest pick first. */
    queuedItems: () =>
      db.any(sql.type(ShowItemRow)`${select}
        where ${live} and s.queue_state = 'queued' and s.x_url is null and s.flagged_at is null
        order by s.picked_at, p.seq`),

    /** Items skipped for the reporter's information, newest first. */
    skippedItems: (since: Date) =>
      db.any(sql.type(ShowItemRow)`${select}
        where ${live} and s.queue_state = 'skipped' and s.flagged_at is null and s.created_at > ${since.toISOString()}
        order by s.skipped_at desc, p.seq desc`),

    /** Published items still waiting for a metrics checkpoint, oldest publication first. */
    awaitingMetrics: (since: Date) =>
      db.any(sql.type(ShowItemRow)`${select}
        where s.x_url is not null and (s.metrics_2h is null or s.metrics_24h is null) and s.x_published_at > ${since.toISOString()}
        order by s.x_published_at, p.seq`),

    recordX: (input: { rootId: string; url: string; publishedAt: string; metrics2h: XMetrics | null; metrics24h: XMetrics | null; now: Date }) =>
      db.query(sql.type(NoRow)`
        update show_items set x_url = ${input.url}, x_published_at = ${input.publishedAt}, x_recorded_at = ${input.now.toISOString()},
          metrics_2h = ${input.metrics2h === null ? null : sql.jsonb(input.metrics2h)},
          metrics_24h = ${input.metrics24h === null ? null : sql.jsonb(input.metrics24h)}
        where root_id = ${input.rootId}`),
  };
}
