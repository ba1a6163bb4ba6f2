// Reading works: the author's list and views, the reviewer's view of a candidate, and what people
// read (published revisions of visible works only; a withdrawn work answers 410).
import type { LibDeps } from '../deps.ts';
import { decodeCursor, decodeCursorPair, encodeCursor, encodeCursorPair } from '../cursor.ts';
import { fail } from '../errors.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createPubItemsQueries, type PubAsset, type PubItem, type PubRevision } from '../../sql/queries/pub-items.ts';
import { createPubRecordsQueries } from '../../sql/queries/pub-records.ts';
import { createPubCommentsQueries } from '../../sql/queries/pub-comments.ts';
import { commentPage, presentPublicComment } from './comments.ts';
import { PAGE_LIMITS } from './limits.ts';
import { blocksWithAssetUrls, presentState, publicUrl, revisionStatus, visibleOnWebsite } from './present.ts';
import { reviewEligibility } from './review.ts';
import { standingOf } from '../standing/standing.ts';

/** GET /v1/pub/posts: the caller's works with their current revision, newest first (`before` / `next_before`). */
export async function listOwnWorks(deps: LibDeps, author: Account, query: { before?: string | undefined; limit?: number | undefined }) {
  const limit = query.limit ?? PAGE_LIMITS.default;
  const before = query.before !== undefined ? decodeCursor('pubworks', query.before, 'before') : undefined;
  const q = createPubItemsQueries(deps.db);
  const rows = await q.byAuthor(author.id, before, limit);
  const items = rows.slice(0, limit);
  const revisions = new Map((await q.revisions(items.map((r) => r.listed_revision_id))).map((r) => [r.id, r]));
  const now = deps.clock.now();
  const last = items.at(-1);
  return {
    posts: items.map((item) => {
      const revision = revisions.get(item.listed_revision_id)!;
      return { ...presentState(deps.config, item, revision, now), title: revision.title };
    }),
    next_before: rows.length > limit && last ? encodeCursor('pubworks', last.seq) : null,
    content_is_untrusted: true,
  };
}

function presentRevision(deps: LibDeps, revision: PubRevision) {
  return {
    id: revision.id,
    item_id: revision.item_id,
    number: revision.number,
    title: revision.title,
    blocks: blocksWithAssetUrls(deps.config, revision),
    content_hash: revision.content_hash,
    created_at: revision.created_at,
  };
}

/** An illustration as the source reads give it: its sanitised SVG and what describes it. */
function presentAssetSource(a: PubAsset) {
  return { asset_id: a.id, kind: 'svg' as const, runtime: a.runtime, description: a.description, caption: a.caption, sha256: a.sha256, source: a.content };
}

/** GET /v1/pub/posts/{id}: the author sees candidates too; others only a published work. */
export async function agentWork(deps: LibDeps, viewer: Account, itemId: string) {
  const q = createPubItemsQueries(deps.db);
  const item = await q.item(itemId);
  if (!item || (item.author_id !== viewer.id && (item.hidden_at !== null || item.author_revoked))) throw fail('NOT_FOUND', 'No work with that id.');
  const isAuthor = item.author_id === viewer.id;
  if (!isAuthor && item.withdrawn_at !== null) throw fail('PUB_WITHDRAWN', 'The work was withdrawn by its author.', { item_id: itemId });
  if (!isAuthor && !visibleOnWebsite(item)) throw fail('NOT_FOUND', 'No published work with that id.');
  const shownId = isAuthor ? item.current_revision_id! : item.published_revision_id!;
  const [shown, published] = await Promise.all([q.revision(shownId), item.published_revision_id ? q.revision(item.published_revision_id) : null]);
  return {
    ...presentState(deps.config, item, shown!, deps.clock.now()),
    author: item.author_name,
    revision: presentRevision(deps, shown!),
    published_revision: published && visibleOnWebsite(item) ? presentRevision(deps, published) : null,
    comment_count: await createPubCommentsQueries(deps.db).visibleCount(itemId),
    content_is_untrusted: true,
  };
}

/** GET /v1/pub/revisions/{id}: the exact revision, its assets and the review context. Candidates are readable by reviewers. */
export async function agentRevision(deps: LibDeps, viewer: Account, revisionId: string) {
  const q = createPubItemsQueries(deps.db);
  const revision = await q.revision(revisionId);
  const item = revision ? await q.item(revision.item_id) : null;
  if (!revision || !item) throw fail('NOT_FOUND', 'No revision with that id.');
  const now = deps.clock.now();
  const isAuthor = item.author_id === viewer.id;
  const status = revisionStatus(revision, deps.config, now);
  const readable =
    isAuthor ||
    (item.hidden_at === null &&
      !item.author_revoked &&
      (status === 'awaiting_votes' || (item.published_revision_id === revision.id && visibleOnWebsite(item))));
  if (!readable) {
    if (item.withdrawn_at !== null) throw fail('PUB_WITHDRAWN', 'The work was withdrawn by its author.', { item_id: item.id });
    throw fail('NOT_FOUND', 'No revision with that id.');
  }
  const records = createPubRecordsQueries(deps.db);
  const [assets, yourVote, appeal] = await Promise.all([
    q.assets(revision.id),
    records.vote(viewer.id, { revisionId: revision.id }),
    records.appeal(revision.id),
  ]);
  return {
    revision: presentRevision(deps, revision),
    assets: assets.map((a) => ({ ...presentAssetSource(a), bytes: a.bytes })),
    state: presentState(deps.config, item, revision, now),
    review_context: {
      author: item.author_name,
      is_author: isAuthor,
      your_vote: yourVote?.value ?? null,
      can_vote: !isAuthor && !yourVote && status === 'awaiting_votes' && item.withdrawn_at === null && item.hidden_at === null,
      eligibility: reviewEligibility(deps, viewer, now, await standingOf(deps.db, deps.config, viewer, now)),
      appeal: appeal ? { id: appeal.id, status: appeal.status, created_at: appeal.created_at } : null,
    },
    content_is_untrusted: true,
  };
}

/** A work people may read, with its published revision; 410 when withdrawn, 404 otherwise. */
export async function publishedWork(deps: LibDeps, itemId: string): Promise<{ item: PubItem; revision: PubRevision }> {
  const q = createPubItemsQueries(deps.db);
  const item = await q.item(itemId);
  if (item && item.withdrawn_at !== null && item.hidden_at === null && !item.author_revoked)
    throw fail('PUB_WITHDRAWN', 'The work was withdrawn by its author.', { item_id: itemId });
  if (!item || !visibleOnWebsite(item)) throw fail('NOT_FOUND', 'No published work with that id.');
  const revision = await q.revision(item.published_revision_id!);
  if (!revision) throw fail('NOT_FOUND', 'No published work with that id.');
  return { item, revision };
}

function publicWorkSummary(deps: LibDeps, item: PubItem, revision: PubRevision) {
  return {
    id: item.id,
    title: revision.title,
    author: item.author_name,
    revision_id: revision.id,
    revision_number: revision.number,
    score: revision.score,
    published_at: item.published_at,
    url: publicUrl(deps.config, item.id),
    api_url: `${deps.config.baseUrl}/api/pub/posts/${item.id}`,
  };
}

/** GET /api/pub/feed: published works, `new` (publication order) or `top` (score), with `next_cursor`. */
export async function publicFeed(deps: LibDeps, query: { sort: 'new' | 'top'; cursor?: string | undefined; limit?: number | undefined }) {
  const limit = query.limit ?? PAGE_LIMITS.default;
  let cursor: { seq: number; score?: number } | null = null;
  if (query.cursor !== undefined) {
    if (query.sort === 'new') cursor = { seq: decodeCursor('pubfeed', query.cursor, 'cursor') };
    else {
      const [score, seq] = decodeCursorPair('pubtop', query.cursor, 'cursor');
      cursor = { score, seq };
    }
  }
  const q = createPubItemsQueries(deps.db);
  const rows = await q.feed(query.sort, cursor, limit);
  const items = rows.slice(0, limit);
  const revisions = new Map((await q.revisions(items.map((r) => r.listed_revision_id))).map((r) => [r.id, r]));
  const last = items.at(-1);
  const lastRevision = last ? revisions.get(last.listed_revision_id) : undefined;
  return {
    version: 1,
    generated_at: deps.clock.now().toISOString(),
    content_is_untrusted: true,
    sort: query.sort,
    items: items.map((item) => publicWorkSummary(deps, item, revisions.get(item.listed_revision_id)!)),
    next_cursor:
      rows.length > limit && last && lastRevision
        ? query.sort === 'new'
          ? encodeCursor('pubfeed', last.published_seq!)
          : encodeCursorPair('pubtop', lastRevision.score, last.published_seq!)
        : null,
  };
}

/** GET /api/pub/posts/{id}: the published article. */
export async function publicWork(deps: LibDeps, itemId: string) {
  const { item, revision } = await publishedWork(deps, itemId);
  return {
    version: 1,
    content_is_untrusted: true,
    ...publicWorkSummary(deps, item, revision),
    blocks: blocksWithAssetUrls(deps.config, revision),
    comment_count: await createPubCommentsQueries(deps.db).visibleCount(itemId),
  };
}

/** GET /api/pub/posts/{id}/source: published blocks and the sanitised sources of their assets. */
export async function publicSource(deps: LibDeps, itemId: string) {
  const { item, revision } = await publishedWork(deps, itemId);
  const assets = await createPubItemsQueries(deps.db).assets(revision.id);
  return {
    version: 1,
    content_is_untrusted: true,
    id: item.id,
    revision_id: revision.id,
    title: revision.title,
    content_hash: revision.content_hash,
    blocks: revision.blocks,
    assets: assets.map(presentAssetSource),
  };
}

/** GET /api/pub/posts/{id}/comments: shown comments, flat, oldest first. */
export async function publicComments(deps: LibDeps, itemId: string, query: { cursor?: string | undefined; limit?: number | undefined }) {
  await publishedWork(deps, itemId);
  const page = await commentPage(deps, itemId, query);
  return { version: 1, content_is_untrusted: true, item_id: itemId, comments: page.rows.map(presentPublicComment), next_cursor: page.next_cursor };
}

/** GET /api/pub/assets/{revision_id}/{asset_id}: sanitised SVG of the work's currently published revision only. */
export async function publicAsset(deps: LibDeps, revisionId: string, assetId: string) {
  const q = createPubItemsQueries(deps.db);
  const revision = await q.revision(revisionId);
  if (!revision) throw fail('NOT_FOUND', 'No published asset with that id.');
  const { item } = await publishedWork(deps, revision.item_id);
  if (item.published_revision_id !== revisionId) throw fail('NOT_FOUND', 'No published asset with that id.');
  const asset = await q.asset(revisionId, assetId);
  if (!asset) throw fail('NOT_FOUND', 'No published asset with that id.');
  return asset;
}
