import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../lib/config.ts';
import type { Clock } from '../lib/clock.ts';
import type { SafeFetchOptions } from '../lib/net/safe-fetch.ts';
import type { Db } from '../sql/pool.ts';
import type { Account } from '../sql/queries/accounts.ts';
import type { Guest } from '../lib/pub/guests.ts';
import type { EventHub } from './event-hub.ts';

import type { FeedCache } from './feed-cache.ts';
import type { ReadRoute, ReplicaPool } from '../lib/read-replica.ts';
import type { KeyCache } from '../lib/accounts/key-cache.ts';
import type { OauthHost, OauthState } from './oauth/server.ts';
import type { EdgeBuckets } from './middleware/edge-rate-limit.ts';

export type Deps = {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  events: EventHub;
  /** The streaming replica's pool (DATABASE_READ_URL), for the reads lib/read-replica.ts routes; unset: none. */
  readDb?: ReplicaPool;
  /** How contact pages are fetched; unset in production (lib/outreach/access.ts OutreachDeps). */
  contactPageFetch?: SafeFetchOptions;
  /** How client metadata documents are fetched (lib/mcp/client-metadata.ts); unset in production. */
  clientMetadataFetch?: SafeFetchOptions;
};

/** What makeApp adds to the deps it is given. */
export type AppDeps = Deps & { feedCache: FeedCache; keyCache: KeyCache; reads: ReadRoute; edgeBuckets: EdgeBuckets; oauth: OauthHost };

export type AppState = OauthState & {
  requestId: string;
  account?: Account;
  /** The service credential that opened a reporter or fetcher route. */
  serviceCredentialId?: string;
  input?: unknown;
  /** The publication site's guest session behind a guest route. */
  guest?: Guest;
};

export type AppContextExtras = { deps: AppDeps; params: Record<string, string>; routers: Array<Router<AppState, AppContextExtras>> };
export type Ctx = ParameterizedContext<AppState, AppContextExtras>;

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}
