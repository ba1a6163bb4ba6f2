// What answers when no route did: 405 with `Allow` for a known path and another method, whatever
// the method (OPTIONS lists them); for an unknown path, 501 for a method no route serves anywhere,
// else 404. One answer for every router, so no HTTP method reaches a route that does not expect it.
import type Router from '@koa/router';
import type { Next } from 'koa';
import { fail } from '../../lib/errors.ts';
import type { Ctx } from '../context.ts';

type AnyRouter = Router<any, any>;

export function routeFallback(routers: readonly AnyRouter[]) {
  const served = new Set<string>();
  for (const router of routers) for (const layer of router.stack) for (const m of layer.methods) served.add(m);
  served.add('OPTIONS');
  return async function routeFallback(ctx: Ctx, next: Next) {
    await next();
    // A route that answers on Node's response itself (ctx.respond = false) has answered.
    if (ctx.respond === false || ctx.body !== undefined || ctx.status !== 404) return;
    const allowed = new Set<string>();
    for (const router of routers) {
      for (const layer of router.match(ctx.path, ctx.method).path) for (const m of layer.methods) allowed.add(m);
    }
    if (allowed.size === 0) {
      if (served.has(ctx.method)) throw fail('NOT_FOUND', `No route ${ctx.method} ${ctx.path}.`);
      throw fail('METHOD_NOT_IMPLEMENTED', `No route serves ${ctx.method}.`, { method: ctx.method }, { Allow: [...served].join(', ') });
    }
    allowed.add('OPTIONS');
    const allow = [...allowed].join(', ');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Allow', allow);
      ctx.status = 204;
      return;
    }
    throw fail('METHOD_NOT_ALLOWED', `${ctx.path} does not accept ${ctx.method}.`, { allowed: [...allowed] }, { Allow: allow });
  };
}
