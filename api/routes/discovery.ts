// Discovery: the service manifest (/.well-known/ and its named alias) and the OpenAPI description,
// both built from the route contract registry (api/contract/) once per process.
import Router from '@koa/router';
import { CONTRACT } from '../contract/index.ts';
import { buildManifest, MANIFEST_PATHS } from '../contract/manifest.ts';
import { buildOpenApi } from '../contract/openapi.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';

export function discoveryRouter() {
  const router = new Router<AppState, AppContextExtras>();
  let openapi: string | null = null;
  let manifest: string | null = null;

  router.get('/openapi.json', async (ctx: Ctx) => {
    openapi ??= JSON.stringify(buildOpenApi(CONTRACT, ctx.deps.config.baseUrl));
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = openapi;
  });

  for (const path of MANIFEST_PATHS) {
    router.get(path, async (ctx: Ctx) => {
      manifest ??= JSON.stringify(buildManifest(CONTRACT, ctx.deps.config));
        ctx.set('Cache-Control', 'public, max-age=300');
      ctx.type = 'application/json';
      ctx.body = manifest;
    });
  }
  return router;
}
