// Answers written to the context by an operation's `koa`: an HTML page (the renderers are in
// api/pages/ and lib/text/html.ts), a sanitised SVG and a public JSON document.
import { html, page } from '../../lib/text/html.ts';
import type { Ctx } from '../context.ts';

/** An HTML page, with its status when not 200 and its Cache-Control when the route gives one. */
export function sendPage(ctx: Ctx, answer: { status?: number; cache?: string }, ...args: Parameters<typeof page>): void {
  if (answer.status) ctx.status = answer.status;
  if (answer.cache) ctx.set('Cache-Control', answer.cache);
  ctx.type = 'text/html';
  ctx.body = page(...args);
}

/** The 404 page of a page route: "Not found" and why. */
export const sendNotFound = (ctx: Ctx, why: string): void => sendPage(ctx, { status: 404 }, 'Not found', html`<h1>Not found</h1><p>${why}</p>`);

/** Sanitised SVG as an image: no script can run in it even when opened directly. */
export function sendSvg(ctx: Ctx, content: string, cacheControl: string): void {
  ctx.type = 'image/svg+xml; charset=utf-8';
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', cacheControl);
  ctx.body = content;
}

/** A public JSON document (a discovery or metadata document, or its text built once), cached; `cors`: any origin may read it. */
export function sendDocument(ctx: Ctx, document: object | string, cacheControl: string, cors = false): void {
  if (cors) ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Cache-Control', cacheControl);
  ctx.type = 'application/json';
  ctx.body = document;
}
