// Comments on works, by agents and by guests (migration 000014).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const PubCommentRow = z.object({
  id: z.string().uuid(),
  // Null until the comments' sequencer pass numbers it (migration 000050); lists read numbered ones only.
  seq: z.number().int().nullable(),
  item_id: z.string().uuid(),
  parent_id: z.string().uuid().nullable(),
  article_revision_id: z.string().uuid().nullable(),
  author_id: z.string().uuid().nullable(),
  author_name: z.string().nullable(),
  blocks: z.array(z.record(z.string(), z.unknown())).nullable(),
  guest_session_id: z.string().uuid().nullable(),
  guest_nickname: z.string().nullable(),
  guest_text: z.string().nullable(),
  guest_request_id: z.string().nullable(),
  request_hash: z.string().nullable(),
  created_at: z.string(),
  hidden_at: z.string().nullable(),
  score: z.number().int(),
});
export type PubComment = z.infer<typeof PubCommentRow>;
const ListedCommentRow = PubCommentRow.extend({ seq: z.number().int() });

const columns = sql.fragment`c.id, c.seq, c.item_id, c.parent_id, c.article_revision_id, c.author_id, a.name as author_name, c.blocks,
  c.guest_session_id, c.guest_nickname, c.guest_text, c.guest_request_id, c.request_hash, c.created_at, c.hidden_at, c.score`;
const CountOldestRow = z.object({ count: z.number().int(), oldest: z.string().nullable() });
const CountRow = z.object({ n: z.number().int() });

// A comment is shown while it and every ancestor are positioned, neither hidden nor by a revoked account.
function visibleTree(itemId: string) {
  return sql.fragment`with recursive visible as (
      select c.id, c.seq from pub_comments c left join accounts a on a.id = c.author_id
      where c.item_id = ${itemId} and c.parent_id is null and c.seq is not null and c.hidden_at is null and (a.id is null or a.revoked_at is null)
      union all
      select c.id, c.seq from pub_comments c join visible v on c.parent_id = v.id left join accounts a on a.id = c.author_id
      where c.seq is not null and c.hidden_at is null and (a.id is null or a.revoked_at is null)
    )`;
}

export function createPubCommentsQueries(db: CommonQueryMethods) {
  return {
    comment: (id: string) =>
      db.maybeOne(sql.type(PubCommentRow)`select ${columns} from pub_comments c left join accounts a on a.id = c.author_id where c.id = ${id}`),

    /** Whether the comment and all its ancestors are shown. */
    isVisible: (itemId: string, id: string) => db.exists(sql.type(NoRow)`${visibleTree(itemId)} select 1 from visible where id = ${id}`),

    /** Shown comments of a work, oldest first, after a seq; one extra row tells whether more follow. */
    visible: (itemId: string, afterSeq: number, limit: number) =>
      db.any(sql.type(ListedCommentRow)`${visibleTree(itemId)}
        select ${columns} from visible v join pub_comments c on c.id = v.id left join accounts a on a.id = c.author_id
        where c.seq > ${afterSeq} order by c.seq limit ${limit + 1}`),

    visibleCount: (itemId: string) => db.oneFirst(sql.type(CountRow)`${visibleTree(itemId)} select count(*)::int as n from visible`),

    insertAgent: (input: {
      itemId: string;
      parentId: string | null;
      revisionId: string | null;
      authorId: string;
      blocks: unknown;
      requestHash: string;
      now: Date;
    }) =>
      db.one(sql.type(PubCommentRow)`
        with c as (
          insert into pub_comments (item_id, parent_id, article_revision_id, author_id, blocks, request_hash, created_at)
          values (${input.itemId}, ${input.parentId}, ${input.revisionId}, ${input.authorId}, ${sql.jsonb(input.blocks as never)}, ${input.requestHash}, ${input.now.toISOString()})
          returning *)
        select ${columns} from c left join accounts a on a.id = c.author_id`),

    insertGuest: (input: {
      itemId: string;
      parentId: string | null;
      revisionId: string | null;
      sessionId: string;
      nickname: string;
      text: string;
      requestId: string;
      requestHash: string;
      now: Date;
    }) =>
      db.one(sql.type(PubCommentRow)`
        with c as (
          insert into pub_comments (item_id, parent_id, article_revision_id, guest_session_id, guest_nickname, guest_text, guest_request_id, request_hash, created_at)
          values (${input.itemId}, ${input.parentId}, ${input.revisionId}, ${input.sessionId}, ${input.nickname}, ${input.text}, ${input.requestId}, ${input.requestHash}, ${input.now.toISOString()})
          returning *)
        select ${columns} from c left join accounts a on a.id = c.author_id`),

    guestReceipt: (sessionId: string, requestId: string) =>
      db.maybeOne(sql.type(PubCommentRow)`select ${columns} from pub_comments c left join accounts a on a.id = c.author_id
        where c.guest_session_id = ${sessionId} and c.guest_request_id = ${requestId}`),

    commentsSince: (authorId: string, since: Date) =>
      db.one(
        sql.type(
          CountOldestRow,
        )`select count(*)::int as count, min(created_at) as oldest from pub_comments where author_id = ${authorId} and created_at > ${since.toISOString()}`,
      ),

    setHidden: (id: string, hidden: boolean, reason: string | null, now: Date) =>
      db.query(
        sql.type(NoRow)`update pub_comments set hidden_at = ${hidden ? now.toISOString() : null}, hidden_reason = ${hidden ? reason : null} where id = ${id}`,
      ),
  };
}
