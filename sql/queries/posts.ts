import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow, NoRow } from '../rows.ts';

export const PostRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  root_id: z.string().uuid().nullable(),
  reply_to_id: z.string().uuid().nullable(),
  author_id: z.string().uuid(),
  author_name: z.string(),
  author_crew: z.boolean(),
  topic: z.string(),
  title: z.string().nullable(),
  prefix: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  score: z.number().int(),
  thread_title: z.string().nullable(),
});
export type Post = z.infer<typeof PostRow>;

/** A post or reply to write (lib/board/posting.ts). */
export type NewPost = {
  rootId: string | null;
  replyToId: string | null;
  authorId: string;
  topic: string;
  title: string | null;
  prefix: string | null;
  body: string;
  now: Date;
};
// What posts__write answers: the new post's id, or null with the reason (unknown topic, quota reached).
const WrittenRow = z.object({
  post_id: z.string().uuid().nullable(),
  topic_known: z.boolean(),
  quota_count: z.number().int().nullable(),
  quota_oldest: z.string().nullable(),
});
export type Written = z.infer<typeof WrittenRow>;

/** The search vector of a post (the post_search__index task builds it; migration 000050). */
export const searchVector = sql.fragment`to_tsvector('english', coalesce(p.title, '') || ' ' || p.body)`;

// Row schemas made once: zod compiles each new schema on first use, which costs more than the query.
const PostStateRow = z.object({ id: z.string(), root_id: z.string().nullable(), author_id: z.string(), deleted_at: z.string().nullable() });
const SeqRow = z.object({ seq: z.number().int() });
const AuthoredRow = z.object({ count: z.number().int(), oldest: z.string().nullable() });
const TopicRow = z.object({ name: z.string(), description: z.string(), retired: z.boolean() });

// A post as PostRow reads it from `p` (posts, or the rows an insert returns).
const columns = sql.fragment`
  p.id, p.seq, p.root_id, p.reply_to_id, p.author_id, a.name as author_name, a.is_crew as author_crew,
  p.topic, p.title, p.prefix, p.body, p.created_at, p.edited_at, p.score,
  coalesce(p.title, r.title) as thread_title`;
const joins = sql.fragment`join accounts a on a.id = p.author_id left join posts r on r.id = p.root_id`;

// "Live" (SPEC.md: only live messages by live accounts in live threads): positioned (a row is read
// only once the sequencer gave it its place, migration 000050), not deleted, written by an account
// that is not revoked, in a thread that is neither deleted nor started by a revoked account.
const select = sql.fragment`select ${columns} from posts p ${joins}`;
export const live = sql.fragment`p.seq is not null and p.deleted_at is null and a.revoked_at is null and (p.root_id is null or (r.deleted_at is null
  and not exists (select 1 from accounts ra where ra.id = r.author_id and ra.revoked_at is not null)))`;

export type Direction = { before?: number | undefined; after?: number | undefined };

// A window walks posts__seq and looks up each row's author and thread root by key, so it reads about
// `limit` rows however many posts there are. With plain joins the planner joined every post to
// accounts and sorted them (measured on a 1,000-post board: the whole table per feed rebuild, 3-4x
// the backend CPU); OFFSET 0 keeps each lookup a per-row subquery the planner cannot turn into a join.
const windowSelect = sql.fragment`select ${columns} from posts p
  cross join lateral (select a.name, a.is_crew, a.revoked_at from accounts a where a.id = p.author_id offset 0) a
  left join lateral (select r.title, r.deleted_at, r.author_id from posts r where r.id = p.root_id offset 0) r on true`;

/** Newest-first window over `seq`: `before` walks back; `after` takes the nearest newer rows. */
function windowed(where: ReturnType<typeof sql.fragment>, dir: Direction, limit: number) {
  if (dir.after !== undefined) {
    return sql.fragment`select * from (${windowSelect} where ${where} and p.seq > ${dir.after} order by p.seq asc limit ${limit + 1}) w order by seq desc`;
  }
  const upper = dir.before !== undefined ? sql.fragment`and p.seq < ${dir.before}` : sql.fragment``;
  return sql.fragment`${windowSelect} where ${where} ${upper} order by p.seq desc limit ${limit + 1}`;
}

export function createPostsQueries(db: CommonQueryMethods) {
  return {
    /** Serialises one author's writes until the transaction ends (quotas are counted under it). */
    lockAuthor: (authorId: string) => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'author:' + authorId}))`),

    /**
     * Writes a post or reply and its @mentions (lowercased names) in one statement (posts__write,
     * migration 000050): under the author's lock, when the topic exists and the author's count in
     * the quota window (rows created after `quota.since`) is under `quota.limit` (no limit: null).
     * The row has no position: nothing reads it until, after the commit, the sequencer's pass gives
     * it one (`createSequencerQueries`); its transaction commits without waiting for the WAL flush.
     */
    write: (post: NewPost, mentions: readonly string[], quota: { since: Date; limit: number } | null) =>
      db.one(sql.type(WrittenRow)`
        select post_id, topic_known, quota_count, quota_oldest from posts__write(
          ${post.authorId}, ${post.rootId}, ${post.replyToId}, ${post.topic}, ${post.title}, ${post.prefix}, ${post.body},
          ${post.now.toISOString()}, ${sql.array(mentions, 'text')}, ${quota ? quota.since.toISOString() : post.now.toISOString()}, ${quota?.limit ?? null})`),

    /** A live post or reply by id. */
    live: (id: string) => db.maybeOne(sql.type(PostRow)`${select} where p.id = ${id} and ${live}`),

    /** A post by id whatever its state (for ownership checks on delete). */
    any: (id: string) =>
      db.maybeOne(
        sql.type(PostStateRow)`
          select id, root_id, author_id, deleted_at from posts where id = ${id}`,
      ),

    roots: (filter: { topic?: string | undefined }, dir: Direction, limit: number) => {
      const topic = filter.topic ? sql.fragment`and p.topic = ${filter.topic}` : sql.fragment``;
      return db.any(sql.type(PostRow)`${windowed(sql.fragment`p.root_id is null and ${live} ${topic}`, dir, limit)}`);
    },

    /** Posts and replies together, as the activity sequence. */
    activity: (dir: Direction, limit: number) => db.any(sql.type(PostRow)`${windowed(live, dir, limit)}`),

    search: (query: string, dir: Direction, limit: number) =>
      db.any(
        sql.type(PostRow)`${windowed(
          sql.fragment`${live} and p.id in (select s.post_id from post_search s where s.search @@ websearch_to_tsquery('english', ${query}))`,
          dir,
          limit,
        )}`,
      ),

    existsOlder: (seq: number, scope: 'roots' | 'activity') =>
      db.exists(sql.type(NoRow)`${select} where ${live} ${scope === 'roots' ? sql.fragment`and p.root_id is null` : sql.fragment``} and p.seq < ${seq}`),

    /** Live replies of a thread, oldest first, after a reply seq. */
    replies: (rootId: string, afterSeq: number, limit: number) =>
      db.any(sql.type(PostRow)`${select} where p.root_id = ${rootId} and ${live} and p.seq > ${afterSeq} order by p.seq asc limit ${limit + 1}`),

    liveReplyCount: (rootId: string) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from posts p join accounts a on a.id = p.author_id
        where p.root_id = ${rootId} and p.deleted_at is null and a.revoked_at is null`),

    /** Seq of a listed activity item (live), for `since=<id>`. */
    liveSeq: (id: string) =>
      db.maybeOneFirst(sql.type(SeqRow)`
        select p.seq from posts p join accounts a on a.id = p.author_id left join posts r on r.id = p.root_id
        where p.id = ${id} and ${live}`),

    /** The seq just before the first live item created strictly after `at`. */
    seqBeforeTime: (at: Date) =>
      db.oneFirst(sql.type(SeqRow)`
        select coalesce(min(p.seq) - 1, (select coalesce(max(seq), 0) from posts)) as seq
        from posts p join accounts a on a.id = p.author_id left join posts r on r.id = p.root_id
        where ${live} and p.created_at > ${at.toISOString()}`),

    softDelete: (id: string, now: Date) =>
      db.query(sql.type(NoRow)`
        update posts set deleted_at = ${now.toISOString()}
        where (id = ${id} or root_id = ${id}) and deleted_at is null`),

    edit: (input: { id: string; editorId: string; title: string | null; body: string; now: Date }) =>
      db.query(sql.type(NoRow)`
        with previous as (
          insert into post_edits (post_id, editor_id, previous_title, previous_body, edited_at)
          select id, ${input.editorId}, title, body, ${input.now.toISOString()} from posts where id = ${input.id}
        )
        , p as (
          update posts set title = coalesce(${input.title}, title), body = ${input.body}, edited_at = ${input.now.toISOString()}
          where id = ${input.id}
          returning *
        )
        update post_search s set search = ${searchVector} from p where s.post_id = p.id`),

    /** Rows the author wrote since `since` (deleted included, so deleting never refunds quota): the count posts__write enforces. */
    authoredSince: (authorId: string, kind: 'root' | 'reply', since: Date) =>
      db.one(sql.type(AuthoredRow)`select count, oldest from posts__authored(${authorId}, ${kind === 'root'}, ${since.toISOString()})`),

    topic: (name: string) =>
      db.maybeOne(sql.type(TopicRow)`
        select name, description, retired from topics where name = ${name}`),

    topics: () =>
      db.any(sql.type(TopicRow)`
        select name, description, retired from topics order by name`),
  };
}
