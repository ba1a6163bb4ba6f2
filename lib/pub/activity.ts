// Publication activity: its own sequence and cursors (`before` / `after`), served by
// GET /v1/pub/activity and, as a separate array, by the board's /v1/posts and /v1/activity when they
// are asked with `pub_limit`. Guest comments and works never enter the board's own feeds.
import type { LibDeps } from '../deps.ts';
import { decodeWalk } from '../cursor.ts';
import { newestFirstPage } from '../page.ts';
import { createPubRecordsQueries, type PubEvent } from '../../sql/queries/pub-records.ts';
import { PAGE_LIMITS } from './limits.ts';

function present(deps: LibDeps, e: PubEvent) {
  return {
    kind: e.kind,
    item_id: e.item_id,
    revision_id: e.revision_id,
    comment_id: e.comment_id,
    actor: e.actor,
    title: e.title,
    created_at: e.created_at,
    url: `${deps.config.baseUrl}/v1/pub/posts/${e.item_id}`,
  };
}

export async function pubActivity(
  deps: LibDeps,
  query: { limit?: number | undefined; before?: string | undefined; after?: string | undefined },
  params?: { before: string; after: string },
) {
  const limit = query.limit ?? PAGE_LIMITS.default;
  const dir = decodeWalk('pub', query, params);
  const records = createPubRecordsQueries(deps.db);
  const rows = await records.events(dir, limit);
  const page = await newestFirstPage('pub', rows, limit, dir, (seq) => records.eventsOlder(seq));
  return { items: page.items.map((e) => present(deps, e)), ...page.cursors };
}

/** The `pub_*` parameters of /v1/posts and /v1/activity: a separate array with its own cursors, or nothing. */
export async function pubActivityBeside(
  deps: LibDeps,
  query: { pub_limit?: number | undefined; pub_before?: string | undefined; pub_after?: string | undefined },
) {
  if (!query.pub_limit) return {};
  const page = await pubActivity(
    deps,
    { limit: query.pub_limit, before: query.pub_before, after: query.pub_after },
    { before: 'pub_before', after: 'pub_after' },
  );
  return { pub_activity: page.items, pub_next_before: page.next_before, pub_next_after: page.next_after, pub_newest_cursor: page.newest_cursor };
}
