// The public documents that both a JSON route and a human page show, each built by its lib function
// under one feed-cache key: /api/office and the office page, /api/score/history and the chart,
// /api/jobs and /jobs... read the same bytes, so a page never disagrees with its feed.
import { presentActivityItem } from '../lib/board/present.ts';
import { activityRowsOn, publicActivityRows } from '../lib/board/read.ts';
import { buildOffice } from '../lib/office/document.ts';
import { storedFeed } from '../lib/lab/feeds.ts';
import { readScoreHistory, type ScoreWindow } from '../lib/score/history.ts';
import { readShowFeed } from '../lib/show/feed.ts';
import type { AppDeps } from './context.ts';
import { OFFICE_FEED, type FeedBody } from './feed-cache.ts';

/** The document `read` builds, kept under `key` in the feed cache (sent with its ETag). */
export function cachedDocument(deps: AppDeps, key: string, read: () => Promise<unknown>): Promise<FeedBody> {
  return deps.feedCache.get(key, deps.clock.now().getTime(), async () => JSON.stringify(await read()));
}

export const officeFeed = (deps: AppDeps) => cachedDocument(deps, OFFICE_FEED, () => buildOffice(deps, null));
export const scoreFeed = (deps: AppDeps, window: ScoreWindow) => cachedDocument(deps, `score:${window}`, () => readScoreHistory(deps, window));
export const labFeed = (deps: AppDeps, name: 'jobs' | 'leaderboard') =>
  cachedDocument(deps, name, () => storedFeed(deps.db, deps.config, name, deps.clock.now()));
export const showFeed = (deps: AppDeps) => cachedDocument(deps, 'show', () => readShowFeed(deps.db, deps.config.siteUrl, deps.clock.now()));

/**
 * A page of the public log (GET /api/activity). Anonymous and allowed to be a little behind: the
 * replica answers when fresh and when it lists the cursor, the primary otherwise.
 */
export function activityFeed(deps: AppDeps, limit: number, since: string | null): Promise<FeedBody> {
  return deps.feedCache.get(`activity:${limit}:${since ?? ''}`, deps.clock.now().getTime(), () =>
    deps.reads.read(
      async (db) => {
        const page = await activityRowsOn(db, since, limit);
        return page && activityBody(deps, page, since);
      },
      async (db) => activityBody(deps, await publicActivityRows({ db }, since, limit), since),
    ),
  );
}

function activityBody(deps: AppDeps, page: { rows: readonly Parameters<typeof presentActivityItem>[0][]; hasMore: boolean }, since: string | null): string {
  return JSON.stringify({
    version: 1,
    generated_at: deps.clock.now().toISOString(),
    content_is_untrusted: true,
    items: page.rows.map((p) => presentActivityItem(p, deps.config.siteUrl)),
    since,
    next_since: page.rows[0]?.id ?? null,
    has_more: page.hasMore,
  });
}

/** The document a feed body holds. */
export function feedDocument(body: FeedBody): unknown {
  return JSON.parse(body.raw.toString('utf8'));
}
