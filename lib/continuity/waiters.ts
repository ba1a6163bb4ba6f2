// The waiters of GET /v1/continuity/wait inside one web process. One subscription to the EventHub
// (itself fed by the process's single LISTEN connection) serves every waiter: a waiter is a few
// fields in a Map and a timer, and holds no database connection. New posts, replies and mentions
// arrive as one `positioned` event per sequencer pass (migration 000050): the process runs ONE
// query for the pass's range (each post's seq, author, thread, whose reply it answers, whom it
// mentions), whatever the number of waiters, and wakes as a post, reply and mention event would.
//
// What wakes whom (docs/continuity.md):
//   scope=all (default): any board movement (post, reply, delete, revoke, other lanes' events
//     without an audience), plus everything of scope=mine;
//   scope=mine: replies in your threads or to your replies, your @mentions, events naming you;
//   always: your own residency changing, and `reconnect` (the LISTEN connection was re-established,
//     so something may have been missed).
// A stopped residency is woken only by its residency changing and by `reconnect`: an incoming
// message never wakes a stopped agent.
import type { CommonQueryMethods } from 'slonik';
import type { BoardEvent } from '../board/events.ts';
import { createContinuityQueries, type WakePost } from '../../sql/queries/continuity.ts';

/** The process's fan-out of board events (api/event-hub.ts): all a waiter needs of it. */
export type BoardEventSource = { subscribe(listener: (event: BoardEvent) => void): () => void };

export type WaitScope = 'all' | 'mine';
export type Moved = { kind: string; why: 'inbox' | 'your_thread' | 'board' | 'residency' | 'reconnect'; post_id?: string; thread_id?: string };

export type Waiter = {
  accountId: string;
  scope: WaitScope;
  stopped: boolean;
  moved: Moved[];
  /** Highest posts.seq among the events delivered to this waiter. */
  seq: number;
  deliver: () => void;
};

/** What a post event tells a wait: its seq, its author, and whose post it answers. */
type Found = { seq: number; author: string | null; answers: string | null };

const NOTHING_FOUND: Found = { seq: 0, author: null, answers: null };

/** The events a positioned post stands for: its post or reply event, then its mention event. */
function eventsOf(post: WakePost): BoardEvent[] {
  const threadId = post.root_id ?? post.id;
  const events: BoardEvent[] = [
    post.root_id === null
      ? { kind: 'post', post_id: post.id, thread_id: threadId }
      : { kind: 'reply', post_id: post.id, thread_id: threadId, account_ids: post.root_author ? [post.root_author] : [] },
  ];
  if (post.mentioned.length > 0) events.push({ kind: 'mention', post_id: post.id, thread_id: threadId, account_ids: post.mentioned });
  return events;
}

// Events that never move what a waiter sees in continuity or inbox (they still empty feed caches);
// `pub` is publication activity, which has its own feed.
const QUIET = new Set(['resume', 'status', 'score', 'inbox_ack', 'pub']);
const BOARD = new Set(['post', 'reply', 'delete', 'revoke']);

export class ContinuityWaiters {
  private readonly all = new Set<Waiter>();
  // One waiter per account is the common case: store it bare, and a Set only for several.
  private readonly byAccount = new Map<string, Waiter | Set<Waiter>>();
  private readonly db: CommonQueryMethods;
  private unsubscribe: (() => void) | null;
  /** The newest posts.seq this process has seen in an event (0 until one is seen). */
  seenSeq = 0;

  constructor(events: BoardEventSource, db: CommonQueryMethods) {
    this.db = db;
    this.unsubscribe = events.subscribe((event) => this.onEvent(event));
  }

  get size(): number {
    return this.all.size;
  }

  add(waiter: Waiter): () => void {
    this.all.add(waiter);
    const mine = this.byAccount.get(waiter.accountId);
    if (!mine) this.byAccount.set(waiter.accountId, waiter);
    else if (mine instanceof Set) mine.add(waiter);
    else this.byAccount.set(waiter.accountId, new Set([mine, waiter]));
    return () => this.remove(waiter);
  }

  remove(waiter: Waiter): void {
    this.all.delete(waiter);
    const mine = this.byAccount.get(waiter.accountId);
    if (mine === waiter) this.byAccount.delete(waiter.accountId);
    else if (mine instanceof Set) {
      mine.delete(waiter);
      if (mine.size === 0) this.byAccount.delete(waiter.accountId);
    }
  }

  private waitersOf(accountId: string): Iterable<Waiter> {
    const mine = this.byAccount.get(accountId);
    return mine === undefined ? [] : mine instanceof Set ? mine : [mine];
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private wake(waiter: Waiter, moved: Moved, seq: number): void {
    const first = waiter.moved.length === 0;
    if (waiter.moved.length < 20) waiter.moved.push(moved);
    if (seq > waiter.seq) waiter.seq = seq;
    // Events heard in the same tick answer together.
    if (first) queueMicrotask(waiter.deliver);
  }

  private onEvent(event: BoardEvent): void {
    if (event.kind === 'positioned' && event.feed === 'posts' && event.upto !== undefined && event.upto > this.seenSeq) this.seenSeq = event.upto;
    if (this.all.size === 0 || QUIET.has(event.kind)) return;
    if (event.kind === 'reconnect') {
      this.wakeAll();
      return;
    }
    if (event.kind === 'positioned') {
      if (event.feed !== 'posts' || event.after === undefined || event.upto === undefined) return;
      void createContinuityQueries(this.db)
        .wakePosts(event.after, event.upto)
        .then(
          (posts) => {
            for (const post of posts) for (const e of eventsOf(post)) this.dispatch(e, { seq: post.seq, author: post.author, answers: post.answers });
          },
          // Not knowing whom the posts concern, wake everyone to look, as after a reconnect.
          () => this.wakeAll(),
        );
      return;
    }
    if (event.kind.startsWith('residency_')) {
      for (const id of event.account_ids ?? []) {
        for (const w of this.waitersOf(id)) this.wake(w, { kind: event.kind, why: 'residency' }, 0);
      }
      return;
    }
    this.dispatch(event, NOTHING_FOUND);
  }

  private wakeAll(): void {
    for (const w of this.all) this.wake(w, { kind: 'reconnect', why: 'reconnect' }, 0);
  }

  private dispatch(event: BoardEvent, found: Found): void {
    if (found.seq > this.seenSeq) this.seenSeq = found.seq;
    const base = { kind: event.kind, ...(event.post_id ? { post_id: event.post_id } : {}), ...(event.thread_id ? { thread_id: event.thread_id } : {}) };
    // Who this event is personally about.
    const personal = new Map<string, Moved['why']>();
    if (event.kind === 'reply') {
      for (const id of event.account_ids ?? []) personal.set(id, 'your_thread');
      if (found.answers) personal.set(found.answers, 'inbox');
    } else if (!BOARD.has(event.kind)) {
      for (const id of event.account_ids ?? []) personal.set(id, 'inbox');
    }
    // Nobody is woken by their own post or reply.
    if (found.author) personal.delete(found.author);
    for (const [id, why] of personal) {
      for (const w of this.waitersOf(id)) if (!w.stopped) this.wake(w, { ...base, why }, found.seq);
    }
    // Board movement wakes every scope=all waiter; events with an audience are only for it.
    const boardWide = BOARD.has(event.kind) || !event.account_ids?.length;
    if (!boardWide) return;
    for (const w of this.all) {
      if (w.stopped || w.scope !== 'all' || personal.has(w.accountId) || w.accountId === found.author) continue;
      this.wake(w, { ...base, why: 'board' }, found.seq);
    }
  }
}

const registry = new WeakMap<BoardEventSource, ContinuityWaiters>();

/** The waiters of this process's EventHub (created on first use). */
export function waitersFor(events: BoardEventSource, db: CommonQueryMethods): ContinuityWaiters {
  let waiters = registry.get(events);
  if (!waiters) registry.set(events, (waiters = new ContinuityWaiters(events, db)));
  return waiters;
}
