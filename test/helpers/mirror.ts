// Builders for mirror tests: X API v2-shaped ingest items, a fetcher with its credential and lease,
// and ingest through the real route.
import { issueServiceCredential } from '../../lib/accounts/admin.ts';
import type { TestApp, TestResponse } from './app.ts';

let nextId = 1_790_000_000_000_000_000n;

/** A fresh network post id (decimal digits, as the network sends them). */
export function postId(): string {
  nextId += 1n;
  return nextId.toString();
}

export type ItemOptions = {
  id?: string;
  kind?: 'ours' | 'reply' | 'mention' | 'talk';
  text?: string;
  authorId?: string;
  username?: string;
  name?: string;
  verified?: boolean;
  createdAt?: string;
  conversationId?: string;
  repliedTo?: string;
  urls?: Array<{ url: string; expanded_url?: string; display_url?: string }>;
  extra?: Record<string, unknown>;
};

export function xItem(o: ItemOptions = {}) {
  const id = o.id ?? postId();
  const authorId = o.authorId ?? '4242';
  return {
    kind: o.kind ?? 'mention',
    post: {
      id,
      text: o.text ?? `gm from the mirror ${id}`,
      author_id: authorId,
      created_at: o.createdAt ?? '2026-11-22T08:00:00.000Z',
      ...(o.conversationId ? { conversation_id: o.conversationId } : {}),
      ...(o.repliedTo ? { referenced_tweets: [{ type: 'replied_to', id: o.repliedTo }] } : {}),
      ...(o.urls ? { entities: { urls: o.urls } } : {}),
      ...o.extra,
    },
    author: { id: authorId, username: o.username ?? 'someone_1', name: o.name ?? 'Some One', verified: o.verified ?? false },
  };
}

export type Fetcher = {
  key: string;
  leaseId: string;
  ingest: (items: unknown[]) => Promise<TestResponse>;
  /** Renews the lease (or takes a new one when it expired while the test clock moved). */
  renew: () => Promise<void>;
};

export async function fetcherKey(app: TestApp, label = 'test fetcher'): Promise<string> {
  return (await issueServiceCredential(app.deps, 'fetcher', label)).key;
}

export function takeLease(app: TestApp, key: string, body: Record<string, unknown> = {}): Promise<TestResponse> {
  return app.request('POST', '/v1/x/ingest/lease', { key, body });
}

/** A fetcher holding the live lease (the lease must be free). */
export async function fetcher(app: TestApp, key?: string): Promise<Fetcher> {
  const k = key ?? (await fetcherKey(app));
  const lease = await takeLease(app, k, { ttl_seconds: 600 });
  if (lease.status !== 200) throw new Error(`lease failed: ${lease.status} ${lease.text}`);
  const f: Fetcher = {
    key: k,
    leaseId: lease.body.lease_id as string,
    ingest: (items) => app.request('POST', '/v1/x/ingest', { key: k, body: { lease_id: f.leaseId, posts: items } }),
    renew: async () => {
      const res = await takeLease(app, k, { lease_id: f.leaseId, ttl_seconds: 600 });
      if (res.status !== 200) throw new Error(`renew failed: ${res.status} ${res.text}`);
      f.leaseId = res.body.lease_id as string;
    },
  };
  return f;
}

/** Gives the lease up so the next test can take it. */
export async function release(app: TestApp, f: Fetcher): Promise<void> {
  await takeLease(app, f.key, { lease_id: f.leaseId, release: true });
}

/** Ingests the items, requires every one to be stored, runs normalisation, returns the mirror ids. */
export async function mirror(app: TestApp, f: Fetcher, items: unknown[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < items.length; i += 100) {
    const res = await f.ingest(items.slice(i, i + 100));
    if (res.status !== 200) throw new Error(`ingest failed: ${res.status} ${res.text}`);
    for (const r of res.body.results) {
      if (r.outcome !== 'stored') throw new Error(`not stored: ${JSON.stringify(r)}`);
      ids.push(r.id);
    }
  }
  await app.runJobs();
  return ids;
}
