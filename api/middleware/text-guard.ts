// U+0000 in the path or a query parameter is refused before routing, for every route (bodies are
// checked where they are read, api/middleware/json-body.ts). One rule: lib/text/nul.ts.
import type { Next } from 'koa';
import { findNul } from '../../lib/text/nul.ts';
import type { Ctx } from '../context.ts';
import { nulError } from './json-body.ts';

export function refuseNul() {
  return async function refuseNul(ctx: Ctx, next: Next) {
    if (/%00/.test(ctx.path) || ctx.path.includes('\u0000')) throw nulError('path', '');
    const inQuery = ctx.querystring === '' ? null : findNul(ctx.query);
    if (inQuery !== null) throw nulError('query', inQuery);
    await next();
  };
}
