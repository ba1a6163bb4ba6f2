// makeApp(deps) builds the Koa app and never listens: main.ts listens, tests use ephemeral ports.
import type { RequestListener } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { AppContextExtras, AppState, Deps } from './context.ts';
import { FeedCache } from './feed-cache.ts';
import { KeyCache } from '../lib/accounts/key-cache.ts';
import { ReadRoute } from '../lib/read-replica.ts';
import { feedFastPath } from './feed-fast-path.ts';
import { isWaitRequest, waitFastPath } from './wait-fast-path.ts';
import { errorEnvelope } from './middleware/error-envelope.ts';
import { publicCors } from './middleware/cors.ts';
import { routeFallback } from './middleware/route-fallback.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { refuseBadText } from './middleware/text-guard.ts';
import { refuseBrowsers } from './middleware/browser-guard.ts';
import { requireProtocol } from './middleware/protocol.ts';
import { oauthHost } from './oauth/server.ts';
import { CONTRACT } from './contract/index.ts';
import { declaredOperations } from './operations/index.ts';
import { routersOf } from './operations/derive.ts';
import { officePathOf } from './operations/site.ts';
import { instrument } from './metrics.ts';
import type { Metrics } from '../lib/metrics/registry.ts';

// The lean paths in front of Koa (api/feed-fast-path.ts, api/wait-fast-path.ts) repeat, for the
// requests they take, what these middleware do. A middleware they do not know would be skipped by
// them silently, so the handler refuses to start instead: teach the lean paths first, then add it here.
const LEAN_PATHS_KNOW = new Set(['errorEnvelope', 'securityHeaders', 'refuseBadText', 'publicCors', 'routeFallback']);
const LEAN_PATHS_KNOW_IN_V1 = new Set(['refuseBrowsers', 'requireProtocol']);

export function assertLeanPathsKnow(app: Koa<AppState, AppContextExtras>, v1: Router<AppState, AppContextExtras>): void {
  const unknown = [
    // A router's own dispatch carries `.router`; its routes are what the lean paths stand in for.
    ...app.middleware
      .filter((m) => !('router' in m))
      .map((m) => m.name)
      .filter((n) => !LEAN_PATHS_KNOW.has(n)),
    ...v1.stack
      .filter((l) => l.methods.length === 0)
      .flatMap((l) => l.stack.map((m) => m.name))
      .filter((n) => !LEAN_PATHS_KNOW_IN_V1.has(n)),
  ];
  if (unknown.length > 0) {
    throw new Error(
      `The lean feed and wait paths do not know the middleware ${unknown.map((n) => `"${n || '(anonymous)'}"`).join(', ')}; teach them (api/*-fast-path.ts) before adding it.`,
    );
  }
}

/**
 * The request listener a server runs: the lean feed and wait paths first, then the Koa app. With a
 * metrics port configured, every request is counted and timed by route template (`metrics`).
 */
export function makeHandler(deps: Deps): RequestListener & { metrics: Metrics | null } {
  const app = makeApp(deps);
  assertLeanPathsKnow(app, app.context.routers[0]!);
  const koa = app.callback();
  const appDeps = app.context.deps;
  const handler: RequestListener = (req, res) => {
    if (feedFastPath(appDeps, req, res)) return;
    if (!isWaitRequest(req)) return void koa(req, res);
    waitFastPath(appDeps, req, res).then(
      (handled) => {
        if (!handled) void koa(req, res);
      },
      () => void koa(req, res),
    );
  };
  if (deps.config.metrics.port === null) return Object.assign(handler, { metrics: null });
  return instrument(handler, appDeps, app.context.routers);
}

/** Every router of the service, in the order Koa tries them. */
export function buildRouters(officePath = '/office'): Array<Router<AppState, AppContextExtras>> {
  const v1 = new Router<AppState, AppContextExtras>({ prefix: '/v1' });
  v1.use(refuseBrowsers(), requireProtocol());
  // The declared operations (api/operations/); those under /v1 get its browser guard and protocol header.
  const declared = routersOf(declaredOperations(officePath, () => CONTRACT));
  v1.use(declared.v1.routes());
  return [v1, declared.top];
}

/** Every route as method and path (HEAD and OPTIONS left out), for the route table tests and the contract. */
export function listRoutes(): Array<{ method: string; path: string }> {
  const seen = new Map<string, { method: string; path: string }>();
  for (const router of buildRouters()) {
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        seen.set(`${method} ${String(layer.path)}`, { method, path: String(layer.path) });
      }
    }
  }
  return [...seen.values()];
}

export function makeApp(deps: Deps): Koa<AppState, AppContextExtras> {
  const app = new Koa<AppState, AppContextExtras>();
  app.proxy = deps.config.trustProxy;
  app.context.deps = {
    ...deps,
    feedCache: new FeedCache(deps.events, deps.config.limits.feedCacheMs),
    keyCache: new KeyCache(deps.events, deps.config.limits.authCacheMs),
    reads: new ReadRoute(deps.db, deps.readDb ?? null, deps.config.readReplica, deps.clock),
    edgeBuckets: new Map(),
    oauth: oauthHost(deps),
  };
  const routers = buildRouters(officePathOf(deps.config));
  app.context.routers = routers;

  app.use(errorEnvelope());
  app.use(securityHeaders());
  app.use(refuseBadText());
  app.use(publicCors());
  app.use(routeFallback(routers));
  for (const router of routers) app.use(router.routes());
  return app;
}
