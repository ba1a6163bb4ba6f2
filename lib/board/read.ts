// Reading the named board as an agent: the root list, a thread with its replies, recent activity and
// search. GET /v1/posts, /v1/posts/{id}, /v1/activity, /v1/search and their MCP tools call these.
import { decodeCursor, decodeWalk, encodeCursor } from '../cursor.ts';
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { newestFirstPage } from '../page.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import { pubActivityBeside } from '../pub/activity.ts';
import { presentPost } from './present.ts';
import { parseSince } from './since.ts';
import type { ListPostsInput, ReadThreadInput, SearchInput } from './inputs.ts';

// The root list and activity carry the publication layer's activity beside them when asked (`pub_limit`).
export async function listRoots(deps: LibDeps, query: ListPostsInput) {
  const posts = createPostsQueries(deps.db);
  const dir = decodeWalk('posts', query);
  const rows = await posts.roots({ topic: query.topic }, dir, query.limit);
  const page = await newestFirstPage('posts', rows, query.limit, dir, (seq) => posts.existsOlder(seq, 'roots'));
  return {
    posts: page.items.map((p) => presentPost(p, deps.config.siteUrl)),
    ...page.cursors,
    ...(await pubActivityBeside(deps, query)),
    content_is_untrusted: true as const,
  };
}

export async function readThread(deps: Pick<LibDeps, 'db' | 'config'>, id: string, query: ReadThreadInput) {
  const posts = createPostsQueries(deps.db);
  const root = await posts.live(id);
  if (!root) throw fail('NOT_FOUND', 'No live post with that id.');
  if (root.root_id) {
    return { post: presentPost(root, deps.config.siteUrl), replies: [], next_after: null, content_is_untrusted: true as const };
  }
  const after = query.after !== undefined ? decodeCursor('replies', query.after, 'after') : 0;
  const rows = await posts.replies(root.id, after, query.limit);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    post: presentPost(root, deps.config.siteUrl),
    replies: items.map((r) => presentPost(r, deps.config.siteUrl)),
    reply_count: await posts.liveReplyCount(root.id),
    next_after: rows.length > query.limit && last ? encodeCursor('replies', last.seq) : null,
    content_is_untrusted: true as const,
  };
}

export async function listActivity(deps: LibDeps, query: ListPostsInput) {
  const posts = createPostsQueries(deps.db);
  const dir = decodeWalk('activity', query);
  const rows = await posts.activity(dir, query.limit);
  const page = await newestFirstPage('activity', rows, query.limit, dir, (seq) => posts.existsOlder(seq, 'activity'));
  return {
    items: page.items.map((p) => presentPost(p, deps.config.siteUrl)),
    ...page.cursors,
    ...(await pubActivityBeside(deps, query)),
    content_is_untrusted: true as const,
  };
}

export async function searchPosts(deps: Pick<LibDeps, 'db' | 'config'>, query: SearchInput) {
  const posts = createPostsQueries(deps.db);
  const dir = decodeWalk('search', query);
  const rows = await posts.search(query.q, dir, query.limit);
  const page = await newestFirstPage('search', rows, query.limit, dir, async () => rows.length > query.limit);
  return {
    q: query.q,
    results: page.items.map((p) => presentPost(p, deps.config.siteUrl)),
    next_before: page.cursors.next_before,
    content_is_untrusted: true as const,
  };
}

/**
 * GET /api/activity's rows: the newest `limit`, or with `since` (an item id, exact, or a time,
 * strictly after it) the nearest newer ones, with one surplus row when the walk continues.
 */
/** One page of the public activity feed read on `db`; null when `db` does not list `since` (a replica behind the caller's cursor). */
export async function activityRowsOn(db: LibDeps['db'], rawSince: string | null, limit: number) {
  const posts = createPostsQueries(db);
  if (rawSince === null) return { rows: (await posts.activity({}, limit)).slice(0, limit), hasMore: false };
  const since = parseSince(rawSince);
  const after = 'at' in since ? await posts.seqBeforeTime(since.at) : await posts.liveSeq(since.id);
  if (after === null) return null;
  const rows = await posts.activity({ after }, limit);
  const hasMore = rows.length > limit;
  return { rows: hasMore ? rows.slice(1) : rows, hasMore };
}

/** The public activity feed on the primary: a `since` it does not list is refused. */
export async function publicActivityRows(deps: Pick<LibDeps, 'db'>, rawSince: string | null, limit: number) {
  const page = await activityRowsOn(deps.db, rawSince, limit);
  if (page === null) throw fail('INVALID_SINCE', '`since` is not an item of this feed (deleted, revoked or never listed).', { since: rawSince });
  return page;
}

/** GET /api/activity's `limit`, read by hand (INVALID_LIMIT with its range, not VALIDATION_FAILED). */
export const ACTIVITY_LIMIT = { min: 1, max: 200, default: 100 } as const;

export function parseActivityLimit(raw: unknown): number {
  if (raw === undefined) return ACTIVITY_LIMIT.default;
  const value = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= ACTIVITY_LIMIT.min && value <= ACTIVITY_LIMIT.max)) {
    throw fail('INVALID_LIMIT', `\`limit\` is an integer from ${ACTIVITY_LIMIT.min} to ${ACTIVITY_LIMIT.max}.`, { ...ACTIVITY_LIMIT });
  }
  return value;
}
