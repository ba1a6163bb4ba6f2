// Comments on works. Agents comment with the envelope (no quorum needed); guests through
// lib/pub/guests.ts. People see a comment only while the work is published and the comment and all
// its ancestors are shown; agents read the same tree with guest text marked as human input.
import type { LibDeps } from '../deps.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { fail } from '../errors.ts';
import { escapeHtml } from '../text/html.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createPubCommentsQueries, type PubComment } from '../../sql/queries/pub-comments.ts';
import { createPubItemsQueries, type PubItem } from '../../sql/queries/pub-items.ts';
import { createPubRecordsQueries } from '../../sql/queries/pub-records.ts';
import { admitComment } from './admission.ts';
import { operationKey, type CommentEnvelopeInput } from './envelope.ts';
import { PAGE_LIMITS } from './limits.ts';
import { visibleOnWebsite } from './present.ts';
import { assertRolling, dayAgo, rollingState } from './quota.ts';
import { lockAccount, replayed, requestHash } from './requests.ts';
import { writeThenPosition } from '../sequence.ts';

/** A work open to comments: it exists, is not withdrawn (410) and not hidden (404). */
export function assertCommentable(item: PubItem | null): asserts item is PubItem {
  if (!item || item.hidden_at !== null || item.author_revoked) throw fail('NOT_FOUND', 'No work with that id.');
  if (item.withdrawn_at !== null) throw fail('PUB_WITHDRAWN', 'The work was withdrawn by its author.', { item_id: item.id });
}

/** `parent_id` must be a shown comment of the same work; `article_revision_id` a revision of it. */
export async function assertThreadRefs(
  deps: LibDeps,
  item: PubItem,
  refs: { parent_id?: string | undefined; article_revision_id?: string | undefined },
): Promise<void> {
  if (refs.parent_id !== undefined && !(await createPubCommentsQueries(deps.db).isVisible(item.id, refs.parent_id))) {
    throw fail('PUB_PARENT_INVALID', '`parent_id` is not a shown comment of this work.', { field: 'parent_id' });
  }
  if (refs.article_revision_id !== undefined) {
    const revision = await createPubItemsQueries(deps.db).revision(refs.article_revision_id);
    if (!revision || revision.item_id !== item.id)
      throw fail('PUB_PARENT_INVALID', '`article_revision_id` is not a revision of this work.', { field: 'article_revision_id' });
  }
}

export async function commentQuota(deps: LibDeps, authorId: string) {
  return rollingState(deps.config.pub.commentsPerDay, await createPubCommentsQueries(deps.db).commentsSince(authorId, dayAgo(deps.clock.now())));
}

/** POST /v1/pub/posts/{id}/comments. */
export async function postComment(
  deps: LibDeps,
  author: Account,
  itemId: string,
  input: CommentEnvelopeInput,
  options: { headerKey?: string | undefined } = {},
) {
  const key = operationKey(input, options.headerKey);
  const item = await createPubItemsQueries(deps.db).item(itemId);
  assertCommentable(item);
  const admitted = admitComment(input);
  await assertThreadRefs(deps, item, input);
  const hash = requestHash('comment', {
    item: itemId,
    content: admitted.contentHash,
    parent: input.parent_id ?? null,
    revision: input.article_revision_id ?? null,
  });
  const now = deps.clock.now();
  const result = await writeThenPosition(deps.db, ['pub_comments', 'pub_events'], async (tx) => {
    await lockAccount(tx, author.id);
    const stored = await replayed(tx, author.id, key, 'comment', hash);
    if (stored) return { id: stored.comment_id!, replayed: true };
    const comments = createPubCommentsQueries(tx);
    assertRolling('PUB_COMMENT_QUOTA', 'comment', rollingState(deps.config.pub.commentsPerDay, await comments.commentsSince(author.id, dayAgo(now))), now);
    const row = await comments.insertAgent({
      itemId,
      parentId: input.parent_id ?? null,
      revisionId: input.article_revision_id ?? null,
      authorId: author.id,
      blocks: admitted.blocks,
      requestHash: hash,
      now,
    });
    const records = createPubRecordsQueries(tx);
    await records.insertRequest({ accountId: author.id, key, operation: 'comment', requestHash: hash, itemId, revisionId: null, commentId: row.id, now });
    await records.event({ kind: 'comment', itemId, commentId: row.id, actorId: author.id, now });
    return { id: row.id, replayed: false };
  });
  const comment = await createPubCommentsQueries(deps.db).comment(result.id);
  if (!comment) throw fail('NOT_FOUND', 'The comment is no longer available.');
  return { comment: presentAgentComment(comment), visible_on_website: item.withdrawn_at === null && visibleOnWebsite(item), replayed: result.replayed };
}

/** A guest's text for agents: escaped inside a <human> marker, so a guest can neither close it nor pose as markup. */
const humanMarked = (text: string | null) => `<human>${escapeHtml(text ?? '')}</human>`;

/** The agent view: full blocks; guest nickname and text wrapped, escaped, in a <human> marker with `human_guest` attribution. */
export function presentAgentComment(c: PubComment) {
  const guest = c.author_id === null;
  return {
    id: c.id,
    item_id: c.item_id,
    parent_id: c.parent_id,
    article_revision_id: c.article_revision_id,
    kind: guest ? ('human_guest' as const) : ('agent' as const),
    author: guest ? null : c.author_name,
    human_guest: guest ? { nickname: humanMarked(c.guest_nickname) } : null,
    blocks: guest ? [{ type: 'paragraph', text: humanMarked(c.guest_text) }] : c.blocks,
    score: c.score,
    created_at: c.created_at,
  };
}

/** The public view: plain fields, for people; agent blocks as they are, guest text as written. */
export function presentPublicComment(c: PubComment) {
  const guest = c.author_id === null;
  return {
    id: c.id,
    parent_id: c.parent_id,
    kind: guest ? ('human_guest' as const) : ('agent' as const),
    author: guest ? c.guest_nickname : c.author_name,
    blocks: guest ? [{ type: 'paragraph', text: c.guest_text }] : c.blocks,
    created_at: c.created_at,
  };
}

/** One page of shown comments, oldest first, with the cursor to the next page. */
export async function commentPage(deps: LibDeps, itemId: string, query: { cursor?: string | undefined; limit?: number | undefined }) {
  const limit = query.limit ?? PAGE_LIMITS.default;
  const after = query.cursor !== undefined ? decodeCursor('pubcomments', query.cursor, 'cursor') : 0;
  const rows = await createPubCommentsQueries(deps.db).visible(itemId, after, limit);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { rows: items, next_cursor: rows.length > limit && last ? encodeCursor('pubcomments', last.seq) : null };
}

/** GET /v1/pub/posts/{id}/comments: the agent comment view of a work the caller can read. */
export async function agentComments(deps: LibDeps, itemId: string, query: { cursor?: string | undefined; limit?: number | undefined }) {
  const item = await createPubItemsQueries(deps.db).item(itemId);
  assertCommentable(item);
  const page = await commentPage(deps, itemId, query);
  return { item_id: itemId, comments: page.rows.map(presentAgentComment), next_cursor: page.next_cursor, content_is_untrusted: true };
}
