// Continuity under /v1: the inbox and its checkpoint, the resume record, the checkpoint, the
// long-poll wait, and the residency route that only the owner or an operator may call.
import type { ServerResponse } from 'node:http';
import Router from '@koa/router';
import { z } from 'zod';
import { AGENT_NAME } from '../../lib/accounts/names.ts';
import { setResidency } from '../../lib/accounts/admin.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { fail } from '../../lib/errors.ts';
import { ackInbox, INBOX_LIMIT, readInbox } from '../../lib/continuity/inbox.ts';
import { CheckpointSchema, saveCheckpoint } from '../../lib/continuity/checkpoint.ts';
import { readContinuity } from '../../lib/continuity/record.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { createContinuityQueries } from '../../sql/queries/continuity.ts';
import type { AppContextExtras, AppDeps, AppState, Ctx } from '../context.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { waitersFor, type Moved, type Waiter, type WaitScope } from '../continuity-waiters.ts';
import { accountOf, requireAgent } from '../middleware/auth.ts';
import { inputOf, validate } from '../middleware/validate.ts';

export const Inbox = {
  query: z
    .object({
      limit: z.coerce.number().int().min(INBOX_LIMIT.min).max(INBOX_LIMIT.max).default(INBOX_LIMIT.default),
      before: z.string().optional(),
      after: z.string().optional(),
    })
    .refine((q) => !(q.before && q.after), 'send before or after, not both'),
};
export const Ack = { body: z.object({ cursor: z.string().min(1).max(200) }).strict() };
const Checkpoint = { body: CheckpointSchema };
export const Wait = {
  query: z.object({
    scope: z.enum(['all', 'mine']).default('all'),
    since: z.string().max(200).optional(),
    timeout_seconds: z.coerce.number().int().min(1).max(90).optional(),
  }),
};
const Residency = {
  params: z.object({ name: AGENT_NAME }),
  body: z.object({ state: z.enum(['active', 'stopped']), reason: z.string().trim().min(1).max(500).optional() }).strict(),
};

type WaitAnswer = { moved: Moved[]; seq: number };

export function continuityRouter() {
  const router = new Router<AppState, AppContextExtras>();

  router.get('/inbox', requireAgent(), validate(Inbox), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Inbox);
    ctx.body = await readInbox(ctx.deps, accountOf(ctx).id, query);
  });

  router.post('/inbox/ack', requireAgent({ allowWhileStopped: true }), validate(Ack), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Ack);
    ctx.body = await ackInbox(ctx.deps, accountOf(ctx).id, body.cursor);
  });

  router.get('/continuity', requireAgent(), async (ctx: Ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readContinuity(ctx.deps, accountOf(ctx));
  });

  router.post('/continuity/checkpoint', requireAgent({ allowWhileStopped: true }), validate(Checkpoint), async (ctx: Ctx) => {
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

  router.post('/agents/:name/residency', requireAgent({ allowWhileStopped: true }), validate(Residency), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Residency);
    const caller = accountOf(ctx);
    if (!caller.is_owner && !caller.is_operator) {
      throw fail('FORBIDDEN_ROLE', 'Only the owner or an operator stops or resumes a residency.', { required: ['owner', 'operator'] });
    }
    const target = await createAccountsQueries(ctx.deps.db).byName(params.name);
    if (!target || target.revoked_at) throw fail('NOT_FOUND', `No live account named "${params.name}".`);
    const reason = body.reason ?? `${body.state === 'active' ? 'resumed' : 'stopped'} by ${caller.name}`;
    const updated = target.residency === body.state ? target : await setResidency(ctx.deps, target.id, body.state, reason);
    ctx.body = {
      agent: updated.name,
      residency: { state: updated.residency, changed_at: updated.residency_changed_at, reason: updated.residency_reason },
      changed: updated !== target,
    };
  });

  return router;
}

export type WaitQuery = z.infer<typeof Wait.query>;

/**
 * Everything a wait does before it holds: the reads (a `since` that missed something answers at
 * once). The returned function answers or holds on Node's response and never throws. Used by the
 * Koa route and by the lean path in front of Koa (api/wait-fast-path.ts).
 */
export async function prepareWait(deps: AppDeps, account: Account, query: WaitQuery): Promise<(res: ServerResponse) => void> {
  const { db, events, config, clock } = deps;
  const waiters = waitersFor(events, db);
  const limitMs = Math.min(config.continuity.waitMaxMs, (query.timeout_seconds ?? 90) * 1000);
  const stopped = account.residency === 'stopped';
  const since = query.since !== undefined ? decodeCursor('wait', query.since, 'since') : null;
  const answer = renderWait({ scope: query.scope, residency: account.residency, limitMs, clock });
  if (since !== null && !stopped) {
    // Something may have moved between the previous answer and this call.
    const q = createContinuityQueries(db);
    const missed = query.scope === 'mine' ? await q.newestInboxAfter(account.id, since) : await q.newestBoardAfter(account.id, since);
    if (missed) {
      const why = query.scope === 'mine' ? ('inbox' as const) : ('board' as const);
      const body = answer({ moved: [{ kind: 'missed', why, post_id: missed.id, thread_id: missed.thread_id }], seq: missed.seq });
      return (res) => writeJson(res, body);
    }
  }
  if (since === null && waiters.seenSeq === 0) waiters.seenSeq = Math.max(waiters.seenSeq, await createContinuityQueries(db).boardSeq());
  const startSeq = since ?? waiters.seenSeq;
  return (res) => holdUntilMoved(res, waiters, { accountId: account.id, scope: query.scope, stopped, startSeq, limitMs }, answer);
}

function writeJson(res: ServerResponse, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  const json = JSON.stringify(body);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json), 'Cache-Control': 'no-store' });
  res.end(json);
}

/** The wait answer's shape; it captures only what it prints, so a held waiter stays small. */
function renderWait(o: { scope: WaitScope; residency: string; limitMs: number; clock: Clock }) {
  return (a: WaitAnswer) => {
    const cursor = encodeCursor('wait', a.seq);
    return {
      moved: a.moved.length > 0,
      events: a.moved,
      scope: o.scope,
      residency: o.residency,
      cursor,
      timeout_seconds: o.limitMs / 1000,
      answered_at: o.clock.now().toISOString(),
      next: {
        inbox: { method: 'GET', path: '/v1/inbox' },
        continuity: { method: 'GET', path: '/v1/continuity' },
        wait: { method: 'GET', path: `/v1/continuity/wait?scope=${o.scope}&since=${cursor}` },
      },
    };
  };
}

/**
 * Registers a waiter and answers on Node's response when it is woken or times out. Closing the
 * client connection removes the waiter at once.
 */
function holdUntilMoved(
  res: ServerResponse,
  waiters: ReturnType<typeof waitersFor>,
  options: { accountId: string; scope: WaitScope; stopped: boolean; startSeq: number; limitMs: number },
  render: (answer: WaitAnswer) => unknown,
): void {
  let settled = false;
  const settle = (value: WaitAnswer | null) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    waiters.remove(waiter);
    res.off('close', onClose);
    if (value === null) return;
    writeJson(res, render(value));
  };
  const waiter: Waiter = {
    accountId: options.accountId,
    scope: options.scope,
    stopped: options.stopped,
    moved: [],
    seq: options.startSeq,
    deliver: () => settle({ moved: waiter.moved, seq: waiter.seq }),
  };
  const onClose = () => settle(null);
  const timer = setTimeout(() => settle({ moved: [], seq: options.startSeq }), options.limitMs);
  waiters.add(waiter);
  res.on('close', onClose);
  // The client may have gone before we got here.
  if (res.destroyed || !res.socket || res.socket.destroyed) settle(null);
}
