// A key -> account cache in each web process, so an authenticated request costs no key lookup. It is
// only trusted while the process hears account changes: every change to an account row is announced
// on `account_changes` (migration 000065) and drops that account's entries here. A notification
// travels on its own, so before an entry is served the process makes sure it has heard every change
// committed before the request arrived: one `select 1` round trip on its LISTEN connection, which
// Postgres answers only after the notifications already signalled to it (a barrier shared by every
// request that arrives while the previous one is in flight, so one per batch, not per request).
// While the LISTEN connection is down nothing is cached or served from the cache, and a reconnect
// empties it (changes may have gone unheard). The TTL bounds an entry's age besides. Only live
// accounts are cached: an unknown or revoked key is looked up each time.
// Beside a cached account it keeps the account's standing inputs (lib/standing/standing.ts), which a
// post reads before it writes: migration 000082 announces their changes on the same channel with the
// account's id, so they are dropped and refreshed by the same rules.
import type { Account } from '../../sql/queries/accounts.ts';
import type { StandingInputsRow } from '../../sql/queries/standing.ts';

export const ACCOUNT_CHANGES_CHANNEL = 'account_changes';

/** What the cache listens to: the process's LISTEN connection (api/event-hub.ts). */
export type AccountChangeSource = {
  /** True while the LISTEN connection is up, so no change can go unheard. */
  readonly live: boolean;
  /** `ids` changed; 'all' when anything may have (the connection dropped or came back). */
  onAccountChange(listener: (ids: readonly string[] | 'all') => void): () => void;
  /** Resolves once every change committed before the call has been heard; rejects when it cannot tell. */
  sync(): Promise<void>;
};

type Entry = { account: Account; expires: number };

export class KeyCache {
  private byHash = new Map<string, Entry>();
  private hashesOf = new Map<string, Set<string>>();
  /** Standing inputs by account id, kept only for accounts whose key is cached. */
  private standingOf = new Map<string, StandingInputsRow>();
  /** Bumped by every change heard: a lookup that started before a change may not fill the cache. */
  private generation = 0;
  private readonly source: AccountChangeSource;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  hits = 0;
  misses = 0;

  constructor(source: AccountChangeSource, ttlMs: number, maxEntries = 10_000) {
    this.source = source;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    source.onAccountChange((ids) => {
      this.generation++;
      if (ids === 'all') return this.clear();
      for (const id of ids) this.dropAccount(id);
    });
  }

  get size(): number {
    return this.byHash.size;
  }

  /** The cached live account for a key hash, or undefined (look it up, then `fill`). */
  async get(hash: Buffer): Promise<Account | undefined> {
    if (this.ttlMs <= 0) return undefined;
    if (!this.source.live) {
      if (this.byHash.size > 0) this.clear();
      this.misses++;
      return undefined;
    }
    const id = hash.toString('base64');
    if (!this.byHash.has(id)) {
      this.misses++;
      return undefined;
    }
    try {
      await this.source.sync();
    } catch {
      this.misses++;
      return undefined;
    }
    // Whatever the barrier brought in has been applied: the entry is current if it is still here.
    const entry = this.byHash.get(id);
    if (entry && entry.expires > performance.now() && this.source.live) {
      this.hits++;
      return entry.account;
    }
    if (entry) this.drop(id, entry.account.id);
    this.misses++;
    return undefined;
  }

  /** The cached standing inputs of an account whose key is cached, or undefined (read them, then `fillStanding`). */
  async standing(accountId: string): Promise<StandingInputsRow | undefined> {
    if (this.ttlMs <= 0 || !this.source.live || !this.standingOf.has(accountId)) return undefined;
    try {
      await this.source.sync();
    } catch {
      return undefined;
    }
    return this.source.live ? this.standingOf.get(accountId) : undefined;
  }

  /** Keeps `inputs` (read after `token` was taken) while the account's key stays cached. */
  fillStanding(accountId: string, inputs: StandingInputsRow, token: number): void {
    if (this.ttlMs <= 0 || !this.source.live || token !== this.generation || !this.hashesOf.has(accountId)) return;
    this.standingOf.set(accountId, Object.freeze({ ...inputs }));
  }

  /** The generation to hand back to `fill` with what the lookup found. */
  token(): number {
    return this.generation;
  }

  fill(hash: Buffer, account: Account, token: number): void {
    if (this.ttlMs <= 0 || !this.source.live || token !== this.generation) return;
    if (this.byHash.size >= this.maxEntries) this.clear();
    const id = hash.toString('base64');
    // Shared by every request that presents the key until it goes: nobody may change it in place.
    this.byHash.set(id, { account: Object.freeze(account), expires: performance.now() + this.ttlMs });
    let hashes = this.hashesOf.get(account.id);
    if (!hashes) this.hashesOf.set(account.id, (hashes = new Set()));
    hashes.add(id);
  }

  private dropAccount(accountId: string): void {
    for (const id of this.hashesOf.get(accountId) ?? []) this.byHash.delete(id);
    this.hashesOf.delete(accountId);
    this.standingOf.delete(accountId);
  }

  private drop(id: string, accountId: string): void {
    this.byHash.delete(id);
    const hashes = this.hashesOf.get(accountId);
    hashes?.delete(id);
    if (hashes?.size === 0) {
      this.hashesOf.delete(accountId);
      this.standingOf.delete(accountId);
    }
  }

  private clear(): void {
    this.byHash.clear();
    this.hashesOf.clear();
    this.standingOf.clear();
  }
}
