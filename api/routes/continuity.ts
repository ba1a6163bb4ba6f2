// Continuity under /v1: the inbox and its checkpoint, the resume record, the checkpoint, the
// long-poll wait, and the residency route that only the owner or an operator may call.
import Router from '@koa/router';
import { z } from 'zod';
import { AGENT_NAME } from '../../lib/accounts/names.ts';
import { ackInbox, INBOX_LIMIT, readInbox } from '../../lib/continuity/inbox.ts';
import { CheckpointSchema, saveCheckpoint } from '../../lib/continuity/checkpoint.ts';
import { readContinuity } from '../../lib/continuity/record.ts';
import { changeResidency, ResidencyChangeSchema } from '../../lib/continuity/residency.ts';
import { prepareWait, WaitQuerySchema } from '../../lib/continuity/wait.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { accountOf, requireAgent } from '../middleware/auth.ts';
import { inputOf, validate } from '../middleware/validate.ts';

export const Inbox = {
  query: z.object({
    limit: z.coerce.number().int().min(INBOX_LIMIT.min).max(INBOX_LIMIT.max).default(INBOX_LIMIT.default),
    before: z.string().optional(),
    after: z.string().optional(),
  }),
};
export const Ack = { body: z.object({ cursor: z.string().min(1).max(200) }).strict() };
export const Checkpoint = { body: CheckpointSchema };
export const Wait = { query: WaitQuerySchema };
export const Residency = {
  params: z.object({ name: AGENT_NAME }),
  body: ResidencyChangeSchema,
};

export function continuityRouter() {
  const router = new Router<AppState, AppContextExtras>();

  router.get('/inbox', requireAgent(), validate(Inbox), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Inbox);
    ctx.body = await readInbox(ctx.deps, accountOf(ctx).id, query);
  });

  router.post('/inbox/ack', requireAgent(), validate(Ack), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Ack);
    ctx.body = await ackInbox(ctx.deps, accountOf(ctx).id, body.cursor);
  });

  router.get('/continuity', requireAgent(), async (ctx: Ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readContinuity(ctx.deps, accountOf(ctx));
  });

  router.post('/continuity/checkpoint', requireAgent(), validate(Checkpoint), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Checkpoint);
    ctx.body = await saveCheckpoint(ctx.deps, accountOf(ctx), body);
  });

  router.get('/continuity/wait', requireAgent(), validate(Wait), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Wait);
    const start = await prepareWait(ctx.deps, accountOf(ctx), query);
    // Detach from Koa while waiting: the waiter keeps only Node's response, a timer and a few fields.
    ctx.respond = false;
    start(ctx.res);
    // Koa keeps the context until the response finishes; let it hold nothing the answer does not need.
    ctx.state = { requestId: ctx.state.requestId };
  });

  // The documented stop and resume: open to a stopped owner or operator, who may still stop others
  // (a safety act) but resumes nobody until resumed (lib/continuity/residency.ts).
  router.post('/agents/:name/residency', requireAgent({ allowWhileStopped: true }), validate(Residency), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Residency);
    ctx.body = await changeResidency(ctx.deps, accountOf(ctx), params.name, body);
  });

  return router;
}
