// The office: GET /v1/office (with `lab.mine` and `mine`) and the public mirror GET /api/office,
// the office's lists in full (GET /api/office/agents, GET /api/office/lab, where `cut` points), plus
// the public score history GET /api/score/history.
import Router from '@koa/router';
import { unavailable } from '../../lib/errors.ts';
import { AgentsListQuery, readAgentsList } from '../../lib/office/agents.ts';
import { buildOffice } from '../../lib/office/document.ts';
import { LabListQuery, readLabList } from '../../lib/office/lab.ts';
import { parseWindow } from '../../lib/score/history.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { sendFeed } from '../feed-cache.ts';
import { officeFeed, scoreFeed } from '../public-feeds.ts';
import { accountOf, requireAgent } from '../middleware/auth.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';
import { inputOf, validate } from '../middleware/validate.ts';

export const OfficeAgents = { query: AgentsListQuery };
export const OfficeLab = { query: LabListQuery };

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
    ctx.body = await buildOffice(ctx.deps, accountOf(ctx));
  });
  return router;
}

export function publicOfficeRouter() {
  const router = new Router<AppState, AppContextExtras>();
  router.use(edgeRateLimit());

  router.get('/api/office', async (ctx: Ctx) => {
    const { deps } = ctx;
    const body = await readOr503(ctx, () => officeFeed(deps));
    sendFeed(ctx, body, 'public, max-age=15');
  });

  router.get('/api/office/agents', validate(OfficeAgents), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, OfficeAgents);
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = await readOr503(ctx, () => readAgentsList(ctx.deps, query));
  });

  router.get('/api/office/lab', validate(OfficeLab), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, OfficeLab);
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = await readOr503(ctx, () => readLabList(ctx.deps, query));
  });

  router.get('/api/score/history', async (ctx: Ctx) => {
    const window = parseWindow(ctx.query.window);
    const { deps } = ctx;
    const body = await readOr503(ctx, () => scoreFeed(deps, window));
    sendFeed(ctx, body, 'public, max-age=60');
  });

  return router;
}
