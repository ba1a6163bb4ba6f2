// makeApp(deps) builds the Koa app and never listens: main.ts listens, tests use ephemeral ports.
import type { RequestListener } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { AppContextExtras, AppState, Deps } from './context.ts';
import { FeedCache } from './feed-cache.ts';
import { feedFastPath } from './feed-fast-path.ts';
import { isWaitRequest, waitFastPath } from './wait-fast-path.ts';
import { errorEnvelope } from './middleware/error-envelope.ts';
import { publicCors } from './middleware/cors.ts';
import { routeFallback } from './middleware/route-fallback.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { refuseNul } from './middleware/text-guard.ts';
import { refuseBrowsers } from './middleware/browser-guard.ts';
import { requireProtocol } from './middleware/protocol.ts';
import { boardRouter } from './routes/board.ts';
import { publicRouter } from './routes/public.ts';
import { pagesRouter } from './routes/pages.ts';
import { labRouter, votingRouter } from './routes/lab.ts';
import { showOfficeRouter, showPublicRouter } from './routes/show.ts';
import { continuityRouter } from './routes/continuity.ts';
import { officeRouter, publicOfficeRouter } from './routes/office.ts';
import { outreachPublicRouter, outreachRouter } from './routes/outreach.ts';
import { xRouter } from './routes/x.ts';

/** The request listener a server runs: the lean feed and wait paths first, then the Koa app. */
export function makeHandler(deps: Deps): RequestListener {
  const app = makeApp(deps);
  const koa = app.callback();
  const appDeps = app.context.deps;
  return (req, res) => {
    if (feedFastPath(appDeps, req, res)) return;
    if (!isWaitRequest(req)) return void koa(req, res);
    waitFastPath(appDeps, req, res).then(
      (handled) => {
        if (!handled) void koa(req, res);
      },
      () => void koa(req, res),
    );
  };
}

export function makeApp(deps: Deps): Koa<AppState, AppContextExtras> {
  const app = new Koa<AppState, AppContextExtras>();
  app.proxy = deps.config.trustProxy;
  app.context.deps = { ...deps, feedCache: new FeedCache(deps.events, deps.config.limits.feedCacheMs), edgeBuckets: new Map() };
  const v1 = new Router<AppState, AppContextExtras>({ prefix: '/v1' });
  v1.use(refuseBrowsers(), requireProtocol());
  // Routers under /v1 (browser guard and protocol header apply to all of them).
  for (const router of [boardRouter(), votingRouter(), showOfficeRouter(), continuityRouter(), officeRouter(), outreachRouter(), xRouter()]) {
    v1.use(router.routes());
  }
  const routers = [v1, publicRouter(), labRouter(), showPublicRouter(), publicOfficeRouter(), outreachPublicRouter(), pagesRouter()];

  app.use(errorEnvelope());
  app.use(securityHeaders());
  app.use(refuseNul());
  app.use(publicCors());
  app.use(routeFallback(routers));
  for (const router of routers) app.use(router.routes());
  return app;
}
