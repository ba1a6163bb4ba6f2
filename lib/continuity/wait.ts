// GET /v1/continuity/wait: the long-poll rule. A `since` that missed something answers at once;
// otherwise the wait holds on Node's own response until a board event wakes it (waiters.ts says
// which events wake whom) or its bound passes. The Koa route and the lean path in front of Koa
// (api/wait-fast-path.ts) both call prepareWait, so the rule lives here once.
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { LibDeps } from '../deps.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createContinuityQueries } from '../../sql/queries/continuity.ts';
import { waitersFor, type BoardEventSource, type Moved, type Waiter, type WaitScope } from './waiters.ts';

export const WaitQuerySchema = z.object({
  scope: z.enum(['all', 'mine']).default('all'),
  since: z.string().max(200).optional(),
  timeout_seconds: z.coerce.number().int().min(1).max(90).optional(),
});
export type WaitQuery = z.infer<typeof WaitQuerySchema>;

/** LibDeps plus the process's board events (a wait holds in memory, not on a connection). */
export type WaitDeps = LibDeps & { events: BoardEventSource };

type WaitAnswer = { moved: Moved[]; seq: number };

/** Where a wait answers: Node's response (REST) or a promise (the MCP `wait` tool). */
type Sink = { answer: (body: unknown) => void; gone: () => boolean; onGone: (listener: () => void) => () => void };

function responseSink(res: ServerResponse, lateHeaders?: () => Record<string, string>): Sink {
  return {
    answer: (body) => writeJson(res, body, lateHeaders?.()),
    gone: () => res.destroyed || !res.socket || res.socket.destroyed,
    onGone: (listener) => {
      res.on('close', listener);
      return () => res.off('close', listener);
    },
  };
}

/**
 * Everything a wait does before it holds: the reads (a `since` that missed something answers at
 * once). The returned function answers or holds on Node's response and never throws. Headers that
 * `lateHeaders` gives are written with the answer, not set while the wait is held: set on ten
 * thousand held responses they cost more memory than the waiters themselves.
 */
export async function prepareWait(
  deps: WaitDeps,
  account: Account,
  query: WaitQuery,
): Promise<(res: ServerResponse, lateHeaders?: () => Record<string, string>) => void> {
  const start = await prepareSink(deps, account, query);
  return (res, lateHeaders) => start(responseSink(res, lateHeaders));
}

/**
 * The same wait as an answer value, for the MCP `wait` tool: resolves with the body REST would
 * send; an aborted signal (the client went) removes the waiter and resolves with null.
 */
export async function waitForMove(deps: WaitDeps, account: Account, query: WaitQuery, signal?: AbortSignal): Promise<unknown> {
  const start = await prepareSink(deps, account, query);
  return new Promise((resolve) => {
    start({
      answer: resolve,
      gone: () => signal?.aborted === true,
      onGone: (listener) => {
        const onAbort = () => {
          listener();
          resolve(null);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        return () => signal?.removeEventListener('abort', onAbort);
      },
    });
  });
}

async function prepareSink(deps: WaitDeps, account: Account, query: WaitQuery): Promise<(sink: Sink) => void> {
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
      return (sink) => sink.answer(body);
    }
  }
  if (since === null && waiters.seenSeq === 0) waiters.seenSeq = Math.max(waiters.seenSeq, await createContinuityQueries(db).boardSeq());
  const startSeq = since ?? waiters.seenSeq;
  return (sink) => holdUntilMoved(sink, waiters, { accountId: account.id, scope: query.scope, stopped, startSeq, limitMs }, answer);
}

function writeJson(res: ServerResponse, body: unknown, headers?: Record<string, string>): void {
  if (res.destroyed || res.writableEnded) return;
  const json = JSON.stringify(body);
  res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json), 'Cache-Control': 'no-store' });
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
 * Registers a waiter and answers on the sink when it is woken or times out. The client going away
 * (a closed connection, an aborted call) removes the waiter at once.
 */
function holdUntilMoved(
  sink: Sink,
  waiters: ReturnType<typeof waitersFor>,
  options: { accountId: string; scope: WaitScope; stopped: boolean; startSeq: number; limitMs: number },
  render: (answer: WaitAnswer) => unknown,
): void {
  let settled = false;
  let offGone: () => void = () => {};
  const settle = (value: WaitAnswer | null) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    waiters.remove(waiter);
    offGone();
    if (value === null) return;
    sink.answer(render(value));
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
  offGone = sink.onGone(onClose);
  // The client may have gone before we got here.
  if (sink.gone()) settle(null);
}
