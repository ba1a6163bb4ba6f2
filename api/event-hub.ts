// In-memory fan-out of board events inside one web process. One Postgres LISTEN connection feeds
// it (see listen.ts); waiters subscribe here and cost no database connection. Account changes
// (migration 000065) come on the same connection, to their own listeners (the key cache).
import type { AccountChangeSource } from '../lib/accounts/key-cache.ts';
import type { BoardEvent } from '../lib/board/events.ts';

export type { BoardEvent };
type Listener = (event: BoardEvent) => void;
type AccountListener = (ids: readonly string[] | 'all') => void;

export class EventHub implements AccountChangeSource {
  private listeners = new Set<Listener>();
  private accountListeners = new Set<AccountListener>();
  private isLive = false;
  private barrier: (() => Promise<void>) | null = null;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  publish(event: BoardEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  get size(): number {
    return this.listeners.size;
  }

  /** True while the LISTEN connection is up (no account change can go unheard). */
  get live(): boolean {
    return this.isLive;
  }

  /** The LISTEN connection came up (with its barrier) or went down: anything may have changed meanwhile. */
  setLive(barrier: (() => Promise<void>) | null): void {
    this.isLive = barrier !== null;
    this.barrier = barrier;
    this.accountsChanged('all');
  }

  /** Resolves once every notification committed before the call has been heard (see listen.ts). */
  sync(): Promise<void> {
    return this.barrier ? this.barrier() : Promise.reject(new Error('not listening'));
  }

  onAccountChange(listener: AccountListener): () => void {
    this.accountListeners.add(listener);
    return () => {
      this.accountListeners.delete(listener);
    };
  }

  accountsChanged(ids: readonly string[] | 'all'): void {
    for (const listener of [...this.accountListeners]) listener(ids);
  }
}
