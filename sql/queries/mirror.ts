// The external-network mirror's tables (000005_mirror.sql). Readable = normalised and not withdrawn;
// no query here that feeds a read route selects the stored original.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow, IdRow, NoRow } from '../rows.ts';

// Provenance of a mirrored post (SPEC.md "External-network mirror post"), strongest first: the
// column's values. lib/mirror/kinds.ts ranks them.
export const MIRROR_KINDS = ['ours', 'reply', 'mention', 'talk'] as const;
export type MirrorKind = (typeof MIRROR_KINDS)[number];
const Kind = z.enum(MIRROR_KINDS);
const Reference = z.object({ type: z.string(), id: z.string() });

export const MirrorPostRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  external_id: z.string(),
  kind: Kind,
  author_external_id: z.string(),
  author_handle: z.string().nullable(),
  author_display_name: z.string().nullable(),
  author_verified: z.boolean(),
  created_at: z.string(),
  conversation_id: z.string(),
  referenced_posts: z.array(Reference),
  text: z.string(),
  text_length: z.number().int(),
  is_truncated: z.boolean(),
  links: z.array(z.string()),
  flags: z.array(z.string()),
  normalized_at: z.string(),
});
export type MirrorPostRow = z.infer<typeof MirrorPostRow>;

const columns = sql.fragment`
  m.id, m.seq, m.external_id, m.kind, m.author_external_id, m.author_handle, m.author_display_name, m.author_verified,
  m.created_at, m.conversation_id, m.referenced_posts, m.text, m.text_length, m.is_truncated, m.links, m.flags, m.normalized_at`;
const readable = sql.fragment`m.seq is not null and m.withdrawn_at is null`;

export const StoredRow = z.object({
  id: z.string().uuid(),
  external_id: z.string(),
  kind: Kind,
  author_external_id: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type StoredRow = z.infer<typeof StoredRow>;

export type NewMirrorPost = {
  externalId: string;
  kind: MirrorKind;
  authorExternalId: string;
  authorVerified: boolean;
  createdAt: string;
  conversationId: string;
  referencedPosts: Array<{ type: string; id: string }>;
  original: string;
  originalSha256: Buffer;
};

const LeaseRow = z.object({
  lease_id: z.string().uuid().nullable(),
  credential_id: z.string().uuid().nullable(),
  acquired_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type LeaseRow = z.infer<typeof LeaseRow>;

const DiscussionLinkRow = z.object({
  id: z.string().uuid(),
  mirror_post_id: z.string().uuid(),
  thread_id: z.string().uuid(),
  wants_public_response: z.boolean(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  inserted: z.boolean(),
});

export const MarkRow = z.object({
  mirror_post_id: z.string().uuid(),
  thread_id: z.string().uuid(),
  thread_title: z.string(),
  agent: z.string(),
  wants_public_response: z.boolean(),
  note: z.string().nullable(),
  updated_at: z.string(),
});
export type MarkRow = z.infer<typeof MarkRow>;

// Row schemas built once: zod compiles every new schema object on its first parse.
const IntakeSinceRow = z.object({ author_external_id: z.string(), count: z.number().int(), oldest: z.string() });
const ExternalIdRow = z.object({ id: z.string().uuid(), external_id: z.string() });
const RefusalsRow = z.object({ refusals: z.number().int() });
const OriginalRow = z.object({ id: z.string().uuid(), original: z.string(), normalized: z.boolean() });
const ConversationStateRow = z.object({ readable: z.number().int(), hidden: z.number().int(), has_first: z.boolean() });
const WantedRow = MirrorPostRow.extend({ marked_at: z.string() });
const WithdrawalStateRow = z.object({
  id: z.string().uuid(),
  external_id: z.string(),
  kind: Kind,
  withdrawn_at: z.string().nullable(),
  withdrawn_by: z.string().uuid().nullable(),
  withdrawn_reason: z.string().nullable(),
});
const WithdrawnAtRow = z.object({ withdrawn_at: z.string() });
const AuditOriginalRow = z.object({
  id: z.string().uuid(),
  external_id: z.string(),
  kind: Kind,
  original: z.string(),
  original_sha256: z.string(),
  ingested_at: z.string(),
  last_seen_at: z.string(),
  seen_count: z.number().int(),
  normalized_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  credential_label: z.string().nullable(),
});
const AuthorIntakeRow = z.object({
  author_external_id: z.string(),
  author_handle: z.string().nullable(),
  accepted_24h: z.number().int(),
  refused_24h: z.number().int(),
  refusals_24h: z.number().int(),
});
const RefusalTotalsRow = z.object({ posts: z.number().int(), refusals: z.number().int() });

// A link counts while its thread is live: not deleted, by an account that is not revoked.
const liveThread = sql.fragment`t.deleted_at is null and t.root_id is null and a.revoked_at is null`;

export type Window = { before?: number | undefined; after?: number | undefined };

export function createMirrorQueries(db: CommonQueryMethods) {
  return {
    // ----- fetcher lease -------------------------------------------------------------------------

    /** The lease row, locked until the end of the caller's transaction. */
    lockLease: () =>
      db.one(sql.type(LeaseRow)`
        select lease_id, credential_id, acquired_at, expires_at from mirror_fetcher_lease where singleton for update`),

    setLease: (lease: { leaseId: string | null; credentialId: string | null; acquiredAt: Date | null; renewedAt: Date | null; expiresAt: Date }) =>
      db.query(sql.type(NoRow)`
        update mirror_fetcher_lease set lease_id = ${lease.leaseId}, credential_id = ${lease.credentialId},
          acquired_at = ${lease.acquiredAt?.toISOString() ?? null}, renewed_at = ${lease.renewedAt?.toISOString() ?? null},
          expires_at = ${lease.expiresAt.toISOString()}
        where singleton`),

    // ----- ingest --------------------------------------------------------------------------------

    storedByExternalIds: (externalIds: readonly string[]) =>
      db.any(sql.type(StoredRow)`
        select id, external_id, kind, author_external_id, withdrawn_at from mirror_posts
        where external_id = any(${sql.array(externalIds, 'text')})`),

    /** Posts first stored per author since `since`, and the oldest of them (it frees the next slot). */
    intakeSince: (authorIds: readonly string[], since: Date) =>
      db.any(sql.type(IntakeSinceRow)`
        select author_external_id, count(*)::int as count, min(ingested_at) as oldest from mirror_posts
        where author_external_id = any(${sql.array(authorIds, 'text')}) and ingested_at > ${since.toISOString()}
        group by author_external_id`),

    /** Stores new posts (the caller enqueues their normalisation in the same transaction). */
    insertPosts: async (posts: readonly NewMirrorPost[], credentialId: string, now: Date) => {
      if (posts.length === 0) return [];
      const at = now.toISOString();
      const rows = await db.any(sql.type(ExternalIdRow)`
        insert into mirror_posts (external_id, kind, author_external_id, author_verified, created_at, conversation_id,
          referenced_posts, original, original_sha256, credential_id, ingested_at, last_seen_at)
        select p.external_id, p.kind, p.author_external_id, p.author_verified, p.created_at, p.conversation_id,
          p.referenced_posts, p.original, p.original_sha256, ${credentialId}, ${at}, ${at}
        from ${sql.unnest(
          posts.map((p) => [
            p.externalId,
            p.kind,
            p.authorExternalId,
            p.authorVerified,
            p.createdAt,
            p.conversationId,
            JSON.stringify(p.referencedPosts),
            p.original,
            p.originalSha256,
          ]),
          ['text', 'text', 'text', 'bool', 'timestamptz', 'text', 'jsonb', 'json', 'bytea'],
        )} as p(external_id, kind, author_external_id, author_verified, created_at, conversation_id, referenced_posts, original, original_sha256)
        returning id, external_id`);
      return rows;
    },

    /** A post offered again: remember when, and raise its kind when the new one is stronger. */
    seenAgain: (ids: readonly string[], now: Date) =>
      db.query(sql.type(NoRow)`
        update mirror_posts set last_seen_at = ${now.toISOString()}, seen_count = seen_count + 1
        where id = any(${sql.array(ids, 'uuid')})`),

    raiseKind: (id: string, kind: MirrorKind) => db.query(sql.type(NoRow)`update mirror_posts set kind = ${kind} where id = ${id}`),

    countRefusal: (refusal: { externalId: string; authorExternalId: string; kind: MirrorKind; now: Date }) =>
      db.oneFirst(sql.type(RefusalsRow)`
        insert into mirror_intake_refusals (external_id, author_external_id, kind, first_refused_at, last_refused_at)
        values (${refusal.externalId}, ${refusal.authorExternalId}, ${refusal.kind}, ${refusal.now.toISOString()}, ${refusal.now.toISOString()})
        on conflict (external_id) do update set refusals = mirror_intake_refusals.refusals + 1, last_refused_at = excluded.last_refused_at
        returning refusals`),

    // ----- normalisation -------------------------------------------------------------------------

    originalsOf: (ids: readonly string[]) =>
      db.any(sql.type(OriginalRow)`
        select id, original::text as original, normalized_at is not null as normalized from mirror_posts
        where id = any(${sql.array(ids, 'uuid')})`),

    /**
     * Writes the normalised fields once, in one statement, without a mirror number: the mirror's
     * sequencer pass numbers the posts after this commits (migration 000050), and nothing reads a
     * post before. The commit does not wait for the WAL flush (synchronous_commit off for this
     * statement only): the pass's synchronous commit comes after it in the WAL, so its flush makes
     * this write durable before any reader can see it. After a crash before that point the job runs
     * again and the posts are normalised again.
     */
    saveNormalized: (
      posts: ReadonlyArray<{
        id: string;
        text: string;
        textLength: number;
        isTruncated: boolean;
        links: string[];
        flags: string[];
        handle: string | null;
        displayName: string | null;
      }>,
      now: Date,
    ) =>
      db.any(sql.type(IdRow)`
        update mirror_posts m set normalized_at = ${now.toISOString()},
          text = v.text, text_length = v.text_length, is_truncated = v.is_truncated,
          links = array(select json_array_elements_text(v.links)), flags = array(select json_array_elements_text(v.flags)),
          author_handle = v.handle, author_display_name = v.display_name
        from (select set_config('synchronous_commit', 'off', true)) as settings,
          ${sql.unnest(
            posts.map((p) => [p.id, p.text, p.textLength, p.isTruncated, JSON.stringify(p.links), JSON.stringify(p.flags), p.handle, p.displayName]),
            ['uuid', 'text', 'int4', 'bool', 'json', 'json', 'text', 'text'],
          )} as v(id, text, text_length, is_truncated, links, flags, handle, display_name)
        where m.id = v.id and m.normalized_at is null
        returning m.id`),

    // ----- reads (normalised fields only) --------------------------------------------------------

    readable: (id: string) => db.maybeOne(sql.type(MirrorPostRow)`select ${columns} from mirror_posts m where m.id = ${id} and ${readable}`),

    /** Newest first over the mirror sequence, one extra row to tell whether the walk continues. */
    page: (kinds: readonly MirrorKind[] | null, dir: Window, limit: number) => {
      const kind = kinds ? sql.fragment`and m.kind = any(${sql.array(kinds, 'text')})` : sql.fragment``;
      if (dir.after !== undefined) {
        return db.any(sql.type(MirrorPostRow)`
          select * from (select ${columns} from mirror_posts m where ${readable} ${kind} and m.seq > ${dir.after}
                         order by m.seq asc limit ${limit + 1}) w
          order by seq desc`);
      }
      const upper = dir.before !== undefined ? sql.fragment`and m.seq < ${dir.before}` : sql.fragment``;
      return db.any(sql.type(MirrorPostRow)`
        select ${columns} from mirror_posts m where ${readable} ${kind} ${upper} order by m.seq desc limit ${limit + 1}`);
    },

    existsOlder: (kinds: readonly MirrorKind[] | null, seq: number) => {
      const kind = kinds ? sql.fragment`and m.kind = any(${sql.array(kinds, 'text')})` : sql.fragment``;
      return db.exists(sql.type(NoRow)`select 1 from mirror_posts m where ${readable} ${kind} and m.seq < ${seq}`);
    },

    /** A conversation oldest first (network time, then id), readable posts only, up to `limit`. */
    conversation: (conversationId: string, limit: number) =>
      db.any(sql.type(MirrorPostRow)`
        select ${columns} from mirror_posts m where m.conversation_id = ${conversationId} and ${readable}
        order by m.created_at asc, length(m.external_id) asc, m.external_id asc limit ${limit}`),

    /** What decides `is_complete`: readable posts, stored ones not (yet) readable, and the first post. */
    conversationState: (conversationId: string) =>
      db.one(sql.type(ConversationStateRow)`
        select count(*) filter (where ${readable})::int as readable,
               count(*) filter (where not (${readable}))::int as hidden,
               coalesce(bool_or(m.external_id = ${conversationId} and ${readable}), false) as has_first
        from mirror_posts m where m.conversation_id = ${conversationId}`),

    /** Mirror ids of readable posts by their network ids (for referenced_posts). */
    idsByExternal: (externalIds: readonly string[]) =>
      db.any(sql.type(ExternalIdRow)`
        select m.id, m.external_id from mirror_posts m where m.external_id = any(${sql.array(externalIds, 'text')}) and ${readable}`),

    /** Posts marked wanted on a live thread, most recently marked first. */
    wanted: (limit: number) =>
      db.any(sql.type(WantedRow)`
        select ${columns}, w.marked_at from (
          select l.mirror_post_id, max(l.updated_at) as marked_at
          from mirror_links l join posts t on t.id = l.thread_id join accounts a on a.id = t.author_id
          where l.wants_public_response and ${liveThread}
          group by l.mirror_post_id) w
        join mirror_posts m on m.id = w.mirror_post_id
        where ${readable}
        order by w.marked_at desc, m.seq desc limit ${limit}`),

    /** Every live mark on the given posts, newest first. */
    marks: (mirrorPostIds: readonly string[]) =>
      db.any(sql.type(MarkRow)`
        select l.mirror_post_id, l.thread_id, t.title as thread_title, a.name as agent, l.wants_public_response, l.note, l.updated_at
        from mirror_links l join posts t on t.id = l.thread_id join accounts a on a.id = t.author_id
        where l.mirror_post_id = any(${sql.array(mirrorPostIds, 'uuid')}) and ${liveThread}
        order by l.updated_at desc`),

    // ----- links ---------------------------------------------------------------------------------

    upsertDiscussionLink: (link: { mirrorPostId: string; threadId: string; accountId: string; wantsPublicResponse: boolean; note: string | null; now: Date }) =>
      db.one(sql.type(DiscussionLinkRow)`
        insert into mirror_links (mirror_post_id, thread_id, account_id, wants_public_response, note, created_at, updated_at)
        values (${link.mirrorPostId}, ${link.threadId}, ${link.accountId}, ${link.wantsPublicResponse}, ${link.note},
                ${link.now.toISOString()}, ${link.now.toISOString()})
        on conflict (mirror_post_id, thread_id) do update
          set wants_public_response = excluded.wants_public_response, note = excluded.note, updated_at = excluded.updated_at,
              account_id = excluded.account_id
        returning id, mirror_post_id, thread_id, wants_public_response, note, created_at, updated_at, (xmax = 0) as inserted`),

    // ----- continuity counts ---------------------------------------------------------------------

    countNewSince: (since: Date | null) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from mirror_posts m
        where ${readable} ${since ? sql.fragment`and m.normalized_at > ${since.toISOString()}` : sql.fragment``}`),

    countWanted: () =>
      db.oneFirst(sql.type(CountRow)`
        select count(distinct l.mirror_post_id)::int as count
        from mirror_links l join posts t on t.id = l.thread_id join accounts a on a.id = t.author_id
        join mirror_posts m on m.id = l.mirror_post_id
        where l.wants_public_response and ${liveThread} and ${readable}`),

    // ----- operators -----------------------------------------------------------------------------

    stored: (id: string) =>
      db.maybeOne(sql.type(WithdrawalStateRow)`select id, external_id, kind, withdrawn_at, withdrawn_by, withdrawn_reason from mirror_posts where id = ${id}`),

    withdraw: (id: string, accountId: string, reason: string | null, now: Date) =>
      db.maybeOne(sql.type(WithdrawnAtRow)`
        update mirror_posts set withdrawn_at = ${now.toISOString()}, withdrawn_by = ${accountId}, withdrawn_reason = ${reason}
        where id = ${id} and withdrawn_at is null returning withdrawn_at`),

    audit: (entry: { mirrorPostId: string; accountId: string; action: 'withdraw' | 'read_original'; reason: string | null; now: Date }) =>
      db.query(sql.type(NoRow)`
        insert into mirror_audit_log (mirror_post_id, account_id, action, reason, at)
        values (${entry.mirrorPostId}, ${entry.accountId}, ${entry.action}, ${entry.reason}, ${entry.now.toISOString()})`),

    /** The stored original, exactly as received: only for the operators' audit read. */
    auditOriginal: (id: string) =>
      db.maybeOne(sql.type(AuditOriginalRow)`
        select m.id, m.external_id, m.kind, m.original::text as original, encode(m.original_sha256, 'hex') as original_sha256,
               m.ingested_at, m.last_seen_at, m.seen_count, m.normalized_at, m.withdrawn_at, c.label as credential_label
        from mirror_posts m left join service_credentials c on c.id = m.credential_id
        where m.id = ${id}`),

    /** Intake per external account over the rolling day, busiest first. */
    intake: (since: Date, limit: number) =>
      db.any(sql.type(AuthorIntakeRow)`
        with accepted as (
          select author_external_id, count(*)::int as n, (array_agg(author_handle order by ingested_at desc)
                 filter (where author_handle is not null))[1] as handle
          from mirror_posts where ingested_at > ${since.toISOString()} group by author_external_id),
        refused as (
          select author_external_id, count(*)::int as n, sum(refusals)::int as times
          from mirror_intake_refusals where last_refused_at > ${since.toISOString()} group by author_external_id)
        select coalesce(a.author_external_id, r.author_external_id) as author_external_id, a.handle as author_handle,
               coalesce(a.n, 0) as accepted_24h, coalesce(r.n, 0) as refused_24h, coalesce(r.times, 0) as refusals_24h
        from accepted a full join refused r on r.author_external_id = a.author_external_id
        order by coalesce(r.times, 0) desc, coalesce(a.n, 0) desc, 1 limit ${limit}`),

    refusalTotals: (since: Date) =>
      db.one(sql.type(RefusalTotalsRow)`
        select count(*)::int as posts, coalesce(sum(refusals), 0)::int as refusals
        from mirror_intake_refusals where last_refused_at > ${since.toISOString()}`),
  };
}
