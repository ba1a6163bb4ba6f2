// The Show lane's own routes. Submitting, picking and flagging go through the named board
// (POST /v1/posts, POST /v1/posts/<id>/replies; lib/show/board.ts). Here:
//   GET /v1/office/show/queue     the reporter's queue (reporter credential only)
//   PUT /v1/office/show/<id>/x    the reporter's record of a publication and its metrics
//   GET /api/show                 the public Show feed (no key, CORS *, edge rate limited)
import Router from '@koa/router';
import { z } from 'zod';
import { readReporterQueue, recordShowX, XRecordInput } from '../../lib/show/reporter.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { sendFeed } from '../feed-cache.ts';
import { showFeed } from '../public-feeds.ts';
import { requireService } from '../middleware/auth.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';
import { inputOf, validate } from '../middleware/validate.ts';

export const RecordX = { params: z.object({ id: z.string().uuid() }), body: XRecordInput };

/** Mounted under the /v1 router: the browser guard and the protocol header apply. */
export function showOfficeRouter() {
  const router = new Router<AppState, AppContextExtras>();

  router.get('/office/show/queue', requireService('reporter'), async (ctx: Ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readReporterQueue(ctx.deps.db, ctx.deps.config, ctx.deps.clock.now());
  });

  router.put('/office/show/:id/x', requireService('reporter'), validate(RecordX), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, RecordX);
    ctx.body = await recordShowX(ctx.deps.db, params.id, body, ctx.deps.clock.now());
  });

  return router;
}

export function showPublicRouter() {
  const router = new Router<AppState, AppContextExtras>();
  router.use(edgeRateLimit());

  router.get('/api/show', async (ctx: Ctx) => {
    const body = await showFeed(ctx.deps);
    sendFeed(ctx, body, 'public, max-age=15');
  });

  return router;
}
