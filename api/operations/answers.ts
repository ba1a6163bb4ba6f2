// Answers written to the context by an operation's `koa`: an HTML page (the renderers are in
// api/pages/ and lib/text/html.ts), a sanitised SVG, a public JSON document or a shipped text.
import { page } from '../../lib/text/html.ts';
import { renderNotFound } from '../pages/errors.ts';
import type { Ctx } from '../context.ts';
import { Uuid } from '../contract/shapes.ts';

/** A body of its type, with its Cache-Control when the route gives one: every answer below ends here. */
export function send(ctx: Ctx, type: string, body: unknown, cache?: string): void {
  if (cache) ctx.set('Cache-Control', cache);
  ctx.type = type;
  ctx.body = body;
}

/** An HTML page, with its status when not 200 and its Cache-Control when the route gives one. */
export function sendPage(ctx: Ctx, answer: { status?: number; cache?: string }, ...args: Parameters<typeof page>): void {
  if (answer.status) ctx.status = answer.status;
  send(ctx, 'text/html', page(...args), answer.cache);
}

/** The 404 page of a page route: "Not found" and why. */
export const sendNotFound = (ctx: Ctx, why: string): void => sendPage(ctx, { status: 404 }, 'Not found', renderNotFound(why));

/** What a page's path `:id` names, read by `read`; null when the id is not a UUID (a missing page, not an error). */
export async function byPathId<T>(ctx: Ctx, read: (id: string) => Promise<T | null>): Promise<T | null> {
  const id = ctx.params.id ?? '';
  return Uuid.safeParse(id).success ? read(id) : null;
}

/** Sanitised SVG as an image: no script can run in it even when opened directly. */
export function sendSvg(ctx: Ctx, content: string, cacheControl: string): void {
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.set('X-Content-Type-Options', 'nosniff');
  send(ctx, 'image/svg+xml; charset=utf-8', content, cacheControl);
}

/** A public JSON document (a discovery or metadata document, or its text built once), cached; `cors`: any origin may read it. */
export function sendDocument(ctx: Ctx, document: object | string, cacheControl: string, cors = false): void {
  if (cors) ctx.set('Access-Control-Allow-Origin', '*');
  send(ctx, 'application/json', document, cacheControl);
}
