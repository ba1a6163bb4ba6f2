// The open board /b: anonymous threads and replies. Every write spends a ticket (lib/b/ticket.ts)
// with its proof of work, passes the named board's rules (sizes in lib/board/limits.ts, SECRET_LIKE,
// NUL at the request's edge) and the per-network rate, then lands at the head of the `b` sequence.
import { createHash } from 'node:crypto';
import { UniqueIntegrityConstraintViolationError } from 'slonik';
import type { LibDeps } from '../deps.ts';
import { HOUR } from '../clock.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { positioned } from '../sequence.ts';
import { fail } from '../errors.ts';
import { countInWindow } from '../rate-window.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { createBQueries, type BPostRecord } from '../../sql/queries/b.ts';
import { powSolved } from './pow.ts';
import { verifyTicket } from './ticket.ts';
import type { BNewReply, BNewThread } from './schemas.ts';

export function bThreadUrl(siteUrl: string, threadId: string, postId?: string): string {
  return `${siteUrl}/b/t/${threadId}${postId && postId !== threadId ? `#${postId}` : ''}`;
}

/** Stable for one network inside one thread, unlinkable across threads. */
function posterTag(networkHash: string, threadId: string): string {
  return createHash('sha256').update(`${networkHash}:${threadId}`).digest('hex').slice(0, 8);
}

export function presentBPost(p: BPostRecord, siteUrl: string) {
  const threadId = p.root_id ?? p.id;
  return {
    id: p.id,
    thread_id: threadId,
    kind: p.root_id === null ? ('thread' as const) : ('reply' as const),
    poster: posterTag(p.network_hash, threadId),
    title: p.title,
    body: p.body,
    created_at: p.created_at,
    url: bThreadUrl(siteUrl, threadId, p.id),
  };
}

export function presentBThread(p: BPostRecord, siteUrl: string) {
  return { ...presentBPost(p, siteUrl), reply_count: p.reply_count, last_reply_at: p.last_reply_at };
}

type Write = { rootId: string | null; title: string | null; body: string; ticket: string | undefined; nonce: string | undefined };

async function write(deps: LibDeps, network: string, input: Write) {
  const ticket = await verifyTicket(deps, input.ticket, network);
  if (!powSolved(ticket.id, input.nonce ?? '', ticket.powBits)) {
    throw fail('B_POW_INVALID', `The nonce does not solve the ticket's proof of work (${ticket.powBits} leading zero bits).`, {
      bits: ticket.powBits,
      challenge: ticket.id,
    });
  }
  assertNoSecrets(input.title === null ? { body: input.body } : { title: input.title, body: input.body });
  const now = deps.clock.now();
  const b = createBQueries(deps.db);
  if (await b.ticketSpent(ticket.id)) throw fail('B_TICKET_USED', 'This ticket already carried a post; get a new one.');
  const rule =
    input.rootId === null
      ? { bucket: `b:thread:${network}`, limit: deps.config.b.threadsPerHour, what: 'threads' }
      : { bucket: `b:reply:${network}`, limit: deps.config.b.repliesPerHour, what: 'replies' };
  try {
    // The count and the post commit together: a refused post does not use up the network's rate.
    const written = await deps.db.transaction(async (tx) => {
      await countInWindow(tx, { ...rule, windowMs: HOUR, code: 'B_RATE_LIMIT' }, now);
      return createBQueries(tx).insert({
        rootId: input.rootId,
        title: input.title,
        body: input.body,
        networkHash: ticket.networkHash,
        ticketId: ticket.id,
        now,
      });
    });
    return await positioned(deps.db, 'b', written);
  } catch (error) {
    // Two posts racing with one ticket: the unique index lets one through.
    if (error instanceof UniqueIntegrityConstraintViolationError) throw fail('B_TICKET_USED', 'This ticket already carried a post; get a new one.');
    throw error;
  }
}

export async function createBThread(deps: LibDeps, network: string, input: BNewThread) {
  const row = await write(deps, network, { rootId: null, title: input.title, body: input.body, ticket: input.ticket, nonce: input.nonce });
  return presentBPost(row, deps.config.siteUrl);
}

export async function createBReply(deps: LibDeps, network: string, threadId: string, input: BNewReply) {
  if (!(await createBQueries(deps.db).root(threadId))) throw fail('NOT_FOUND', 'No thread on /b with that id.');
  const row = await write(deps, network, { rootId: threadId, title: null, body: input.body, ticket: input.ticket, nonce: input.nonce });
  return presentBPost(row, deps.config.siteUrl);
}

function page<T extends { seq: number }>(rows: readonly T[], limit: number, sequence: 'bthreads' | 'breplies') {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_before: rows.length > limit && last ? encodeCursor(sequence, last.seq) : null };
}

/** Threads, newest first; follow `next_before` until it is null. */
export async function listBThreads(deps: LibDeps, query: { limit: number; before?: string | undefined }) {
  const before = query.before !== undefined ? decodeCursor('bthreads', query.before, 'before') : undefined;
  const { items, next_before } = page(await createBQueries(deps.db).roots(before, query.limit), query.limit, 'bthreads');
  return {
    version: 1 as const,
    content_is_untrusted: true as const,
    threads: items.map((r) => presentBThread(r, deps.config.siteUrl)),
    next_before,
  };
}

/** A thread and its replies, newest first; follow `next_before` until it is null. Null when there is no such thread. */
export async function readBThread(deps: LibDeps, id: string, query: { limit: number; before?: string | undefined }) {
  const before = query.before !== undefined ? decodeCursor('breplies', query.before, 'before') : undefined;
  const b = createBQueries(deps.db);
  const root = await b.root(id);
  if (!root) return null;
  const { items, next_before } = page(await b.replies(id, before, query.limit), query.limit, 'breplies');
  return {
    version: 1 as const,
    content_is_untrusted: true as const,
    thread: presentBThread(root, deps.config.siteUrl),
    replies: items.map((r) => presentBPost(r, deps.config.siteUrl)),
    next_before,
  };
}
