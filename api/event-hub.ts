// In-memory fan-out of board events inside one web process. One Postgres LISTEN connection feeds
// it (see listen.ts); waiters subscribe here and cost no database connection.
export type BoardEvent = { kind: string; account_ids?: string[]; thread_id?: string; post_id?: string; at?: string; feed?: string; after?: number; upto?: number };
type Listener = (event: BoardEvent) => void;

export class EventHub {
  private listeners = new Set<Listener>();

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
}
