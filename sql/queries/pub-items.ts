// Works, revisions and their SVG assets (migration 000014).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const PubItemRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  author_id: z.string().uuid(),
  author_name: z.string(),
  author_revoked: z.boolean(),
  created_at: z.string(),
  current_revision_id: z.string().uuid().nullable(),
  published_revision_id: z.string().uuid().nullable(),
  published_seq: z.number().int().nullable(),
  published_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  hidden_at: z.string().nullable(),
});
export type PubItem = z.infer<typeof PubItemRow>;

export const PubRevisionRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  item_id: z.string().uuid(),
  author_id: z.string().uuid(),
  number: z.number().int(),
  title: z.string(),
  blocks: z.array(z.record(z.string(), z.unknown())),
  content_hash: z.string(),
  status: z.enum(['awaiting_votes', 'approved', 'superseded', 'withdrawn']),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  published_at: z.string().nullable(),
  qualifying_upvotes: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  score: z.number().int(),
});
export type PubRevision = z.infer<typeof PubRevisionRow>;

export const PubAssetRow = z.object({
  id: z.string().uuid(),
  revision_id: z.string().uuid(),
  position: z.number().int(),
  runtime: z.string(),
  description: z.string(),
  caption: z.string().nullable(),
  content: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
});
export type PubAsset = z.infer<typeof PubAssetRow>;

// A work with the revision a listing is about (its current, published or candidate revision).
const ItemWithRevisionRow = PubItemRow.extend({ listed_revision_id: z.string().uuid() });
const CountOldestRow = z.object({ count: z.number().int(), oldest: z.string().nullable() });
const NumberRow = z.object({ n: z.number().int() });

const itemColumns = sql.fragment`i.id, i.seq, i.author_id, a.name as author_name, (a.revoked_at is not null) as author_revoked,
  i.created_at, i.current_revision_id, i.published_revision_id, i.published_seq, i.published_at, i.withdrawn_at, i.hidden_at`;
const revisionColumns = sql.fragment`r.id, r.seq, r.item_id, r.author_id, r.number, r.title, r.blocks, r.content_hash, r.status,
  r.created_at, r.approved_at, r.published_at, r.qualifying_upvotes, r.upvotes, r.downvotes, r.score`;

/**
 * A candidate the reviewer may review (over `r` revisions, `i` items, `a` authors): awaiting votes and
 * unexpired, its work neither withdrawn nor hidden, by another live account, not voted on by the reviewer.
 */
function reviewable(reviewerId: string, notBefore: Date) {
  return sql.fragment`r.status = 'awaiting_votes' and r.created_at > ${notBefore.toISOString()} and i.withdrawn_at is null and i.hidden_at is null
    and a.revoked_at is null and i.author_id <> ${reviewerId}
    and not exists (select 1 from pub_votes v where v.revision_id = r.id and v.voter_id = ${reviewerId})`;
}

/** What people may read: a published revision of a work neither withdrawn nor hidden, by a live account. */
export const publiclyVisible = sql.fragment`i.published_revision_id is not null and i.withdrawn_at is null and i.hidden_at is null and a.revoked_at is null`;

export function createPubItemsQueries(db: CommonQueryMethods) {
  return {
    item: (id: string, lock = false) =>
      db.maybeOne(sql.type(PubItemRow)`
        select ${itemColumns} from pub_items i join accounts a on a.id = i.author_id where i.id = ${id}
        ${lock ? sql.fragment`for update of i` : sql.fragment``}`),

    revision: (id: string, lock = false) =>
      db.maybeOne(sql.type(PubRevisionRow)`select ${revisionColumns} from pub_revisions r where r.id = ${id}
        ${lock ? sql.fragment`for update` : sql.fragment``}`),

    assets: (revisionId: string) =>
      db.any(sql.type(PubAssetRow)`
        select id, revision_id, position, runtime, description, caption, content, bytes, sha256
        from pub_assets where revision_id = ${revisionId} order by position`),

    asset: (revisionId: string, assetId: string) =>
      db.maybeOne(sql.type(PubAssetRow)`
        select id, revision_id, position, runtime, description, caption, content, bytes, sha256
        from pub_assets where revision_id = ${revisionId} and id = ${assetId}`),

    insertItem: (authorId: string, now: Date) =>
      db.oneFirst(sql.type(z.object({ id: z.string().uuid() }))`
        insert into pub_items (author_id, created_at) values (${authorId}, ${now.toISOString()}) returning id`),

    insertRevision: (input: { itemId: string; authorId: string; number: number; title: string; blocks: unknown; contentHash: string; now: Date }) =>
      db.one(sql.type(PubRevisionRow)`
        insert into pub_revisions as r (item_id, author_id, number, title, blocks, content_hash, created_at)
        values (${input.itemId}, ${input.authorId}, ${input.number}, ${input.title}, ${sql.jsonb(input.blocks as never)}, ${input.contentHash}, ${input.now.toISOString()})
        returning ${revisionColumns}`),

    insertAssets: async (
      revisionId: string,
      assets: ReadonlyArray<{
        id: string;
        position: number;
        runtime: string;
        description: string;
        caption: string | null;
        content: string;
        bytes: number;
        sha256: string;
      }>,
    ) => {
      for (const asset of assets) {
        await db.query(sql.type(NoRow)`
          insert into pub_assets (id, revision_id, position, runtime, description, caption, content, bytes, sha256)
          values (${asset.id}, ${revisionId}, ${asset.position}, ${asset.runtime}, ${asset.description}, ${asset.caption}, ${asset.content}, ${asset.bytes}, ${asset.sha256})`);
      }
    },

    /** The new candidate becomes current; older candidates of the work are superseded; resuming ends the withdrawal. */
    makeCurrent: async (itemId: string, revisionId: string, resume: boolean) => {
      await db.query(sql.type(NoRow)`
        update pub_revisions set status = 'superseded' where item_id = ${itemId} and id <> ${revisionId} and status = 'awaiting_votes'`);
      await db.query(sql.type(NoRow)`
        update pub_items set current_revision_id = ${revisionId} ${resume ? sql.fragment`, withdrawn_at = null` : sql.fragment``}
        where id = ${itemId}`);
    },

    lastNumber: (itemId: string) => db.oneFirst(sql.type(NumberRow)`select coalesce(max(number), 0)::int as n from pub_revisions where item_id = ${itemId}`),

    submissionsSince: (authorId: string, since: Date) =>
      db.one(sql.type(CountOldestRow)`
        select count(*)::int as count, min(created_at) as oldest from pub_revisions where author_id = ${authorId} and created_at > ${since.toISOString()}`),

    withdraw: async (itemId: string, now: Date) => {
      await db.query(sql.type(NoRow)`
        update pub_items set withdrawn_at = ${now.toISOString()}, published_revision_id = null, published_seq = null where id = ${itemId}`);
      await db.query(sql.type(NoRow)`update pub_revisions set status = 'withdrawn' where item_id = ${itemId} and status = 'awaiting_votes'`);
    },

    /** Approves a revision; it becomes the work's published revision (the feed position is kept once taken). */
    approveAndPublish: async (revision: { id: string; item_id: string }, now: Date) => {
      await db.query(sql.type(NoRow)`
        update pub_revisions set status = 'approved', approved_at = ${now.toISOString()}, published_at = ${now.toISOString()} where id = ${revision.id}`);
      await db.query(sql.type(NoRow)`
        update pub_items set published_revision_id = ${revision.id}, published_at = ${now.toISOString()},
          published_seq = coalesce(published_seq, nextval('pub_publish_seq')) where id = ${revision.item_id}`);
    },

    setHidden: (itemId: string, hidden: boolean, reason: string | null, now: Date) =>
      db.query(sql.type(NoRow)`
        update pub_items set hidden_at = ${hidden ? now.toISOString() : null}, hidden_reason = ${hidden ? reason : null} where id = ${itemId}`),

    /** The caller's works, newest first, each with its current revision. */
    byAuthor: (authorId: string, before: number | undefined, limit: number) =>
      db.any(sql.type(ItemWithRevisionRow)`
        select ${itemColumns}, r.id as listed_revision_id
        from pub_items i join accounts a on a.id = i.author_id join pub_revisions r on r.id = i.current_revision_id
        where i.author_id = ${authorId} ${before !== undefined ? sql.fragment`and i.seq < ${before}` : sql.fragment``}
        order by i.seq desc limit ${limit + 1}`),

    /** The public feed: `new` by publication order, `top` by the published revision's score. */
    feed: (sort: 'new' | 'top', cursor: { seq: number; score?: number } | null, limit: number) => {
      const after =
        cursor === null
          ? sql.fragment``
          : sort === 'new'
            ? sql.fragment`and i.published_seq < ${cursor.seq}`
            : sql.fragment`and (r.score, i.published_seq) < (${cursor.score ?? 0}, ${cursor.seq})`;
      const order = sort === 'new' ? sql.fragment`i.published_seq desc` : sql.fragment`r.score desc, i.published_seq desc`;
      return db.any(sql.type(ItemWithRevisionRow)`
        select ${itemColumns}, r.id as listed_revision_id
        from pub_items i join accounts a on a.id = i.author_id join pub_revisions r on r.id = i.published_revision_id
        where ${publiclyVisible} ${after} order by ${order} limit ${limit + 1}`);
    },

    /** The oldest unexpired candidate the reviewer has not voted on, authored by someone else. */
    nextCandidate: (reviewerId: string, exclude: readonly string[], notBefore: Date) =>
      db.maybeOne(sql.type(ItemWithRevisionRow)`
        select ${itemColumns}, r.id as listed_revision_id
        from pub_revisions r join pub_items i on i.id = r.item_id join accounts a on a.id = i.author_id
        where ${reviewable(reviewerId, notBefore)} and r.id <> all(${sql.array(exclude, 'uuid')})
        order by r.created_at, r.seq limit 1`),

    /** How many candidates the reviewer may review now (the queue `nextCandidate` walks). */
    reviewableCount: (reviewerId: string, notBefore: Date) =>
      db.oneFirst(sql.type(NumberRow)`
        select count(*)::int as n
        from pub_revisions r join pub_items i on i.id = r.item_id join accounts a on a.id = i.author_id
        where ${reviewable(reviewerId, notBefore)}`),

    publishedCount: (authorId: string) =>
      db.oneFirst(sql.type(NumberRow)`select count(*)::int as n from pub_items where author_id = ${authorId} and published_revision_id is not null`),

    revisions: (ids: readonly string[]) =>
      db.any(sql.type(PubRevisionRow)`select ${revisionColumns} from pub_revisions r where r.id = any(${sql.array(ids, 'uuid')})`),
  };
}
