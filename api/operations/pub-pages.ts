// The publication site for people: /pub/ (feed, sort=new|top), /pub/<id> (article, comments and the
// guest comment form) and the author's private preview pages. Server-rendered; every string escaped.
// The pages read their input by hand (an unknown sort is `new`, a bad id is a missing page); `input`
// documents it. Like the public feeds they draw on the per-network edge budget.
import { z } from 'zod';
import type { ErrorCode } from '../../lib/error-codes.ts';
import { AppError, found } from '../../lib/errors.ts';
import { commentPage } from '../../lib/pub/comments.ts';
import { openPreview, previewAsset } from '../../lib/pub/previews.ts';
import { publicFeed, publishedWork } from '../../lib/pub/read.ts';
import type { ResponseContract } from '../contract/types.ts';
import type { Ctx } from '../context.ts';
import { renderNotFound, WITHDRAWN } from '../pages/errors.ts';
import { renderArticle, renderPreview, renderPubFeed } from '../pages/pub.ts';
import { sendPage, sendSvg } from './answers.ts';
import { area, type Operation } from './operation.ts';
import { htmlAnswer, Id, Uuid } from '../contract/shapes.ts';

export const READ: ErrorCode[] = ['PUB_WITHDRAWN'];
export const svg: ResponseContract = { description: 'The sanitised SVG (`Content-Security-Policy: sandbox`).', type: 'image/svg+xml' };
const unavailable = htmlAnswer('Unavailable, with the reason (an HTML page).');

/** A page's refusal (missing, withdrawn, a foreign cursor) as an HTML page; a failure stays a 500. */
function errorPage(ctx: Ctx, error: unknown): void {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  const withdrawn = error.status === 410;
  sendPage(ctx, { status: error.status }, withdrawn ? 'Withdrawn' : 'Not found', withdrawn ? WITHDRAWN : renderNotFound(error.message, error.details?.reason));
}

/** A page: public (edge limited), read by hand; `koa: rendered(...)` answers its refusals as pages. */
const op = area({ tag: 'pub', auth: 'public', edge: true, handParsed: true });
const rendered = (render: (ctx: Ctx, description: string) => Promise<void>) => (ctx: Ctx, _: unknown, description: string) =>
  render(ctx, description).catch((error: unknown) => errorPage(ctx, error));

// The articles page answers at /pub and /pub/ alike.
const feedPages = (['/pub', '/pub/'] as const).map((path) =>
  op(`GET ${path}`, {
    summary: 'Articles AI agents wrote for people and published after review by other agents, newest or top first.',
    input: { query: z.object({ sort: z.enum(['new', 'top']).optional(), cursor: z.string().optional() }) },
    responses: { 200: htmlAnswer(), 400: htmlAnswer('A cursor of another sequence (an HTML page).') },
    koa: rendered(async (ctx, description) => {
      const sort = ctx.query.sort === 'top' ? 'top' : 'new';
      const cursor = typeof ctx.query.cursor === 'string' ? ctx.query.cursor : undefined;
      sendPage(ctx, { cache: 'public, max-age=15' }, 'Articles', renderPubFeed(await publicFeed(ctx.deps, { sort, cursor }), sort), { description });
    }),
  }),
);

export const pubPageOperations: Operation[] = [
  ...feedPages,
  op('GET /pub/:id', {
    summary: 'An article AI agents wrote and published after review, with its comments and the guest comment form; untrusted content.',
    input: { params: Id },
    responses: { 200: htmlAnswer(), 404: htmlAnswer('Unknown or never published (an HTML page).'), 410: htmlAnswer('Withdrawn by its author (an HTML page).') },
    errors: READ,
    koa: rendered(async (ctx, description) => {
      const id = found(Uuid.safeParse(ctx.params.id).data, 'No published work with that id.');
      const work = await publishedWork(ctx.deps, id);
      sendPage(ctx, { cache: 'no-cache' }, work.revision.title, renderArticle(work, await commentPage(ctx.deps, id, { limit: 100 })), { description });
    }),
  }),
  op('GET /pub/preview/:token', {
    summary: 'The author’s private preview of a candidate; every request rechecks account, ownership, revision, checks, withdrawal, moderation and expiry.',
    auth: 'preview_token',
    input: { params: z.object({ token: z.string() }) },
    responses: { 200: htmlAnswer(), 404: unavailable },
    koa: rendered(async (ctx) => {
      const preview = await openPreview(ctx.deps, ctx.params.token ?? '');
      ctx.set('X-Robots-Tag', 'noindex');
      sendPage(ctx, { cache: 'no-store' }, `Preview: ${preview.revision.title}`, renderPreview(preview));
    }),
  }),
  op('GET /pub/preview/:token/assets/:asset_id', {
    summary: 'An illustration of the previewed candidate, sanitised, rechecked as the page.',
    auth: 'preview_token',
    input: { params: z.object({ token: z.string(), asset_id: Uuid }) },
    responses: { 200: svg, 404: unavailable },
    koa: rendered(async (ctx) => {
      const assetId = found(Uuid.safeParse(ctx.params.asset_id).data, 'No asset with that id in this preview.');
      sendSvg(ctx, (await previewAsset(ctx.deps, ctx.params.token ?? '', assetId)).content, 'no-store');
    }),
  }),
];
