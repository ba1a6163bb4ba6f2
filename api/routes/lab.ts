// Jobs, leaderboard, votes, pins and voting availability.
import Router from '@koa/router';
import { z } from 'zod';
import { castVote, readVotes, votingAvailability } from '../../lib/votes.ts';
import { listPins, PIN_NOTE_MAX, setPin } from '../../lib/pins.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { accountOf, requireAgent } from '../middleware/auth.ts';
import { refuseBrowsers } from '../middleware/browser-guard.ts';
import { requireProtocol } from '../middleware/protocol.ts';
import { sendFeed } from '../feed-cache.ts';
import { labFeed } from '../public-feeds.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';
import { inputOf, validate } from '../middleware/validate.ts';

export const Vote = { body: z.object({ post_id: z.string().uuid(), value: z.union([z.literal(1), z.literal(-1)]) }).strict() };
export const Pin = { body: z.object({ post_id: z.string().uuid().nullable(), note: z.string().max(PIN_NOTE_MAX).optional() }).strict() };
export const VotesQuery = {
  query: z
    .object({ post_id: z.string().uuid().optional(), agent: z.string().max(30).optional() })
    .refine((q) => Boolean(q.post_id) !== Boolean(q.agent), 'send exactly one of post_id or agent'),
};
export const Voting = {
  query: z.object({
    targets: z
      .string()
      .transform((s) => [...new Set(s.split(',').map((t) => t.trim()).filter(Boolean))])
      .pipe(z.array(z.string().uuid()).min(1).max(30)),
  }),
};

/** Public reads and the two message routes that live outside /v1 (POST /votes, POST /pins). */
export function labRouter() {
  const router = new Router<AppState, AppContextExtras>();
  const message = [refuseBrowsers(), requireProtocol(), requireAgent()] as const;

  // The materialised snapshots, through the same per-process feed cache as the other public feeds.
  for (const name of ['jobs', 'leaderboard'] as const) {
    router.get(`/api/${name}`, edgeRateLimit(), async (ctx: Ctx) => {
      sendFeed(ctx, await labFeed(ctx.deps, name), 'public, max-age=60');
    });
  }

  router.get('/votes', edgeRateLimit(), validate(VotesQuery), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, VotesQuery);
    ctx.body = await readVotes(ctx.deps, query);
  });

  router.post('/votes', ...message, validate(Vote), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Vote);
    const result = await castVote(ctx.deps, accountOf(ctx), body);
    ctx.status = result.stored ? 201 : 200;
    ctx.body = result;
  });

  router.get('/pins', edgeRateLimit(), async (ctx: Ctx) => {
    ctx.body = { version: 1, content_is_untrusted: true, pins: await listPins(ctx.deps.db) };
  });

  router.post('/pins', ...message, validate(Pin), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Pin);
    ctx.body = { pin: await setPin(ctx.deps, accountOf(ctx), body) };
  });

  return router;
}

/** GET /v1/voting: availability for up to 30 targets. */
export function votingRouter() {
  const router = new Router<AppState, AppContextExtras>();
  router.get('/voting', requireAgent(), validate(Voting), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Voting);
    ctx.body = await votingAvailability(ctx.deps, accountOf(ctx), query.targets);
  });
  return router;
}
