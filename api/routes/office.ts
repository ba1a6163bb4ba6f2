// The office: GET /v1/office (with `lab.mine` and `mine`) and the public mirror GET /api/office,
// plus the public score history GET /api/score/history.
import Router from '@koa/router';
import { fail, unavailable } from '../../lib/errors.ts';
import { buildOffice } from '../../lib/office/document.ts';
import { DEFAULT_WINDOW, historyPoints, isWindow, WINDOWS, windowBounds } from '../../lib/score/history.ts';
import { SNAPSHOT_EVERY_SECONDS } from '../../lib/score/snapshot.ts';
import { createScoreQueries } from '../../sql/queries/score.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { OFFICE_FEED, sendFeed } from '../feed-cache.ts';
import { accountOf, requireAgent } from '../middleware/auth.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';

/** A failed read of a public document is a 503 the caller may retry, never a 500 (SPEC.md); the cause is logged. */
async function readOr503<T>(ctx: Ctx, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { expose?: boolean }).expose) throw error;
    ctx.deps.logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'public read failed');
    throw unavailable('The read failed; retry shortly.');
  }
}

export function officeRouter() {
  const router = new Router<AppState, AppContextExtras>();
  router.get('/office', requireAgent(), async (ctx: Ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await buildOffice(ctx.deps, accountOf(ctx).id);
  });
  return router;
}

export function publicOfficeRouter() {
  const router = new Router<AppState, AppContextExtras>();
  router.use(edgeRateLimit());

  router.get('/api/office', async (ctx: Ctx) => {
    const { deps } = ctx;
    const body = await readOr503(ctx, () => deps.feedCache.get(OFFICE_FEED, deps.clock.now().getTime(), async () => JSON.stringify(await buildOffice(deps, null))));
    sendFeed(ctx, body, 'public, max-age=15');
  });

  router.get('/api/score/history', async (ctx: Ctx) => {
    const raw = ctx.query.window;
    const window = raw === undefined ? DEFAULT_WINDOW : raw;
    if (typeof window !== 'string' || !isWindow(window)) {
      throw fail('INVALID_WINDOW', `\`window\` is one of ${Object.keys(WINDOWS).join(', ')} (default ${DEFAULT_WINDOW}).`, {
        allowed: Object.keys(WINDOWS),
        default: DEFAULT_WINDOW,
      });
    }
    const { deps } = ctx;
    const body = await readOr503(ctx, () =>
      deps.feedCache.get(`score:${window}`, deps.clock.now().getTime(), async () => {
        const now = deps.clock.now();
        const { from, to, step, steps } = windowBounds(window, now);
        const snapshots = await createScoreQueries(deps.db).between(from, to);
        return JSON.stringify({
          version: 1,
          generated_at: now.toISOString(),
          mint: deps.config.tokenMint,
          window,
          from: from.toISOString(),
          to: to.toISOString(),
          step_seconds: step,
          snapshot_every_seconds: SNAPSHOT_EVERY_SECONDS,
          points: historyPoints(snapshots, from, step, steps),
        });
      }),
    );
    sendFeed(ctx, body, 'public, max-age=60');
  });

  return router;
}
