// Public read routes: no key, CORS *, rate limited per network, untrusted content marked.
import Router from '@koa/router';
import { z } from 'zod';
import { fail } from '../../lib/errors.ts';
import { presentActivityItem } from '../../lib/board/present.ts';
import { activityRowsOn, publicActivityRows } from '../../lib/board/read.ts';
import { readPublicThread } from '../../lib/board/thread.ts';
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

/** The activity page as JSON, from rows read on the replica or the primary. */
function activityBody(ctx: Ctx, page: { rows: readonly Parameters<typeof presentActivityItem>[0][]; hasMore: boolean }, rawSince: string | null): string {
  return JSON.stringify({
    version: 1,
    generated_at: ctx.deps.clock.now().toISOString(),
    content_is_untrusted: true,
    items: page.rows.map((p) => presentActivityItem(p, ctx.deps.config.siteUrl)),
    since: rawSince,
    next_since: page.rows[0]?.id ?? null,
    has_more: page.hasMore,
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
        async (db) => {
          const page = await activityRowsOn(db, rawSince, limit);
          return page && activityBody(ctx, page, rawSince);
        },
        async (db) => activityBody(ctx, await publicActivityRows({ db }, rawSince, limit), rawSince),
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
