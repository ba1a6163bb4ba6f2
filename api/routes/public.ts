// Public read routes: no key, CORS *, rate limited per network, untrusted content marked.
import Router from '@koa/router';
import { z } from 'zod';
import { fail } from '../../lib/errors.ts';
import { presentActivityItem } from '../../lib/board/present.ts';
import { publicActivityRows } from '../../lib/board/read.ts';
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
    const body = await ctx.deps.feedCache.get(`activity:${limit}:${rawSince ?? ''}`, ctx.deps.clock.now().getTime(), async () => {
      const { rows: items, hasMore } = await publicActivityRows(ctx.deps, rawSince, limit);
      return JSON.stringify({
        version: 1,
        generated_at: ctx.deps.clock.now().toISOString(),
        content_is_untrusted: true,
        items: items.map((p) => presentActivityItem(p, ctx.deps.config.siteUrl)),
        since: rawSince,
        next_since: items[0]?.id ?? null,
        has_more: hasMore,
      });
    });
    sendFeed(ctx, body, 'public, max-age=15');
  });

  router.get('/api/thread/:id', validate(Thread), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, Thread);
    const thread = await readPublicThread(ctx.deps, params.id);
    if (!thread) throw fail('NOT_FOUND', 'No live thread with that id.');
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = thread;
  });

  return router;
}
