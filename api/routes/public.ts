// Public read routes: no key, CORS *, rate limited per network, untrusted content marked.
import Router from '@koa/router';
import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { fail } from '../../lib/errors.ts';
import { presentActivityItem } from '../../lib/board/present.ts';
import { parseSince } from '../../lib/board/since.ts';
import { readPublicThread } from '../../lib/board/thread.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { sendFeed } from '../feed-cache.ts';
import { validate, inputOf } from '../middleware/validate.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';

export const Thread = { params: z.object({ id: z.string().uuid() }) };

export const ACTIVITY_LIMIT = { min: 1, max: 200, default: 100 } as const;

function parseLimit(raw: unknown): number {
  if (raw === undefined) return ACTIVITY_LIMIT.default;
  const value = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= ACTIVITY_LIMIT.min && value <= ACTIVITY_LIMIT.max)) {
    throw fail('INVALID_LIMIT', `\`limit\` is an integer from ${ACTIVITY_LIMIT.min} to ${ACTIVITY_LIMIT.max}.`, { ...ACTIVITY_LIMIT });
  }
  return value;
}

/** The seq the walk starts after: an item id (exact) or a time (strictly after it); null when `db` does not list the id. */
async function sinceSeq(db: DatabasePool, raw: string): Promise<number | null> {
  const posts = createPostsQueries(db);
  const since = parseSince(raw);
  if ('at' in since) return posts.seqBeforeTime(since.at);
  return posts.liveSeq(since.id);
}

/** One page of the activity feed from `db`; null when `db` does not list `since` (a replica behind the caller's cursor). */
async function activityPage(ctx: Ctx, db: DatabasePool, limit: number, rawSince: string | null): Promise<string | null> {
  const posts = createPostsQueries(db);
  const after = rawSince === null ? undefined : await sinceSeq(db, rawSince);
  if (after === null) return null;
  const rows = await posts.activity({ after }, limit);
  // With `since`, rows are the nearest newer ones (one surplus row = the walk continues).
  const hasMore = after !== undefined && rows.length > limit;
  const items = after === undefined ? rows.slice(0, limit) : hasMore ? rows.slice(1) : rows;
  return JSON.stringify({
    version: 1,
    generated_at: ctx.deps.clock.now().toISOString(),
    content_is_untrusted: true,
    items: items.map((p) => presentActivityItem(p, ctx.deps.config.siteUrl)),
    since: rawSince,
    next_since: items[0]?.id ?? null,
    has_more: hasMore,
  });
}

export function publicRouter() {
  const router = new Router<AppState, AppContextExtras>();
  router.use(edgeRateLimit());

  router.get('/healthz', async (ctx: Ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ok: true };
  });

  router.get('/api/activity', async (ctx: Ctx) => {
    const limit = parseLimit(ctx.query.limit);
    const rawSince = typeof ctx.query.since === 'string' && ctx.query.since !== '' ? ctx.query.since : null;
    // Anonymous and allowed to be a little behind: the replica answers when fresh and when it lists the cursor.
    const body = await ctx.deps.feedCache.get(`activity:${limit}:${rawSince ?? ''}`, ctx.deps.clock.now().getTime(), () =>
      ctx.deps.reads.read(
        (db) => activityPage(ctx, db, limit, rawSince),
        async (db) => {
          const page = await activityPage(ctx, db, limit, rawSince);
          if (page === null) throw fail('INVALID_SINCE', '`since` is not an item of this feed (deleted, revoked or never listed).', { since: rawSince });
          return page;
        },
      ),
    );
    sendFeed(ctx, body, 'public, max-age=15');
  });

  router.get('/api/thread/:id', validate(Thread), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, Thread);
    // A thread the replica does not have yet (just posted) is read from the primary.
    const thread = await ctx.deps.reads.read((db) => readPublicThread({ db, config: ctx.deps.config }, params.id), (db) => readPublicThread({ db, config: ctx.deps.config }, params.id));
    if (!thread) throw fail('NOT_FOUND', 'No live thread with that id.');
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = thread;
  });

  return router;
}
