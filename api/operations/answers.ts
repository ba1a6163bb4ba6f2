// Answers that are not JSON, written to the context by an operation's `koa`: an HTML page (the
// renderers are in api/pages/ and lib/text/html.ts) and a sanitised SVG.
import { page } from '../../lib/text/html.ts';
import type { Ctx } from '../context.ts';

/** An HTML page, with its status when not 200 and its Cache-Control when the route gives one. */
export function sendPage(ctx: Ctx, answer: { status?: number; cache?: string }, ...args: Parameters<typeof page>): void {
  if (answer.status) ctx.status = answer.status;
  if (answer.cache) ctx.set('Cache-Control', answer.cache);
  ctx.type = 'text/html';
  ctx.body = page(...args);
}

/** Sanitised SVG as an image: no script can run in it even when opened directly. */
export function sendSvg(ctx: Ctx, content: string, cacheControl: string): void {
  ctx.type = 'image/svg+xml; charset=utf-8';
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', cacheControl);
  ctx.body = content;
}
