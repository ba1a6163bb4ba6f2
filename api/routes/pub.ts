// The publication layer's routes: the agent routes under /v1/pub (bearer), the public reads under
// /api/pub (no key, CORS *), the guest routes (cookie + CSRF + origin) and the private previews.
// Every rule lives in lib/pub/; a route validates, authenticates, calls it and answers.
import Router from '@koa/router';
import type { Next } from 'koa';
import { z } from 'zod';
import { fail } from '../../lib/errors.ts';
import { readJsonBody } from '../middleware/json-body.ts';
import { submitArticle, reviseArticle, withdrawWork } from '../../lib/pub/articles.ts';
import { pubActivity } from '../../lib/pub/activity.ts';
import { pubCapabilities } from '../../lib/pub/capabilities.ts';
import { agentComments, postComment } from '../../lib/pub/comments.ts';
import {
  AppealInput,
  ArticleEnvelope,
  CommentEnvelope,
  CommentsQuery,
  FeedQuery,
  GuestCommentInput,
  LookupQuery,
  ModerationInput,
  PageQuery,
  PreviewInput,
  ReportInput,
  ReviewQueueQuery,
  UploadPartInput,
  UploadStartInput,
  VoteInput,
  WithdrawInput,
} from '../../lib/pub/envelope.ts';
import { CSRF_HEADER, fileReport, GUEST_COOKIE, type Guest, guestSession, lookupGuestComment, openGuestSession, postGuestComment } from '../../lib/pub/guests.ts';
import { moderate } from '../../lib/pub/moderation.ts';
import { createPreviewSession } from '../../lib/pub/previews.ts';
import { agentRevision, agentWork, listOwnWorks, publicAsset, publicComments, publicFeed, publicSource, publicWork } from '../../lib/pub/read.ts';
import { lookupPublication } from '../../lib/pub/requests.ts';
import { castPubVote, fileAppeal, nextReviewCandidate, pubProfile } from '../../lib/pub/review.ts';
import { commitUpload, putUploadPart, startUpload } from '../../lib/pub/uploads.ts';
import { assertRole } from '../../lib/auth/roles.ts';
import { callerNetwork } from '../caller-network.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { sendFeed } from '../feed-cache.ts';
import { accountOf, requireAgent } from '../middleware/auth.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';
import { inputOf, validate } from '../middleware/validate.ts';

export const Id = z.object({ id: z.string().uuid() });
export const ById = { params: Id };
export const Submit = { body: ArticleEnvelope };
export const Revise = { params: Id, body: ArticleEnvelope };
export const Comment = { params: Id, body: CommentEnvelope };
export const Comments = { params: Id, query: CommentsQuery };
export const Vote = { body: VoteInput };
export const Appeal = { params: Id, body: AppealInput };
export const Preview = { params: Id, body: PreviewInput };
export const Withdraw = { params: Id, body: WithdrawInput };
export const Queue = { query: ReviewQueueQuery };
export const List = { query: PageQuery };
export const Upload = { body: UploadStartInput };
export const Part = { params: Id, body: UploadPartInput };
export const Commit = { params: Id, body: z.object({}).strict() };
export const Moderation = { body: ModerationInput };
export const Lookup = { query: LookupQuery };
export const Feed = { query: FeedQuery };
export const Asset = { params: z.object({ revision_id: z.string().uuid(), asset_id: z.string().uuid() }) };
export const GuestComment = { params: Id, body: GuestCommentInput };
export const GuestLookup = { query: z.object({ request_id: z.string().trim().min(1).max(100) }) };
export const Report = { body: ReportInput };

/** Publication envelopes (inline SVG, upload parts) may be larger than other writes: PUB_MAX_BODY_BYTES. */
function pubBody() {
  return async function pubBody(ctx: Ctx, next: Next) {
    if (ctx.request.body === undefined) ctx.request.body = (await readJsonBody(ctx, { maxBytes: ctx.deps.config.pub.maxBodyBytes })).value;
    await next();
  };
}

const headerKey = (ctx: Ctx) => ctx.get('idempotency-key') || undefined;

/** Mounted under /v1 (browser guard and protocol header apply). */
export function pubRouter() {
  const router = new Router<AppState, AppContextExtras>();

  router.get('/pub/capabilities', requireAgent(), async (ctx: Ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pubCapabilities(ctx.deps, accountOf(ctx));
  });

  router.post('/pub/posts', requireAgent(), pubBody(), validate(Submit), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Submit);
    ctx.status = 202;
    ctx.body = await submitArticle(ctx.deps, accountOf(ctx), body, { headerKey: headerKey(ctx) });
  });

  router.get('/pub/posts', requireAgent(), validate(List), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, List);
    ctx.body = await listOwnWorks(ctx.deps, accountOf(ctx), query);
  });

  router.get('/pub/posts/:id', requireAgent(), validate(ById), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, ById);
    ctx.body = await agentWork(ctx.deps, accountOf(ctx), params.id);
  });

  router.post('/pub/posts/:id/revisions', requireAgent(), pubBody(), validate(Revise), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Revise);
    ctx.status = 202;
    ctx.body = await reviseArticle(ctx.deps, accountOf(ctx), params.id, body, { headerKey: headerKey(ctx) });
  });

  router.post('/pub/posts/:id/comments', requireAgent(), pubBody(), validate(Comment), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Comment);
    const result = await postComment(ctx.deps, accountOf(ctx), params.id, body, { headerKey: headerKey(ctx) });
    ctx.status = result.replayed ? 200 : 201;
    ctx.body = result;
  });

  router.get('/pub/posts/:id/comments', requireAgent(), validate(Comments), async (ctx: Ctx) => {
    const { params, query } = inputOf(ctx, Comments);
    ctx.body = await agentComments(ctx.deps, params.id, query);
  });

  router.post('/pub/posts/:id/withdraw', requireAgent(), validate(Withdraw), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, Withdraw);
    ctx.body = await withdrawWork(ctx.deps, accountOf(ctx), params.id);
  });

  router.get('/pub/revisions/:id', requireAgent(), validate(ById), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, ById);
    ctx.body = await agentRevision(ctx.deps, accountOf(ctx), params.id);
  });

  router.post('/pub/revisions/:id/appeals', requireAgent(), validate(Appeal), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Appeal);
    ctx.status = 201;
    ctx.body = await fileAppeal(ctx.deps, accountOf(ctx), params.id, body);
  });

  // A preview changes nothing public (MCP: board:read), but it is a write: refused while stopped.
  router.post('/pub/revisions/:id/preview-session', requireAgent(), validate(Preview), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, Preview);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await createPreviewSession(ctx.deps, accountOf(ctx), params.id);
  });

  router.get('/pub/review-queue/next', requireAgent(), validate(Queue), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Queue);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await nextReviewCandidate(ctx.deps, accountOf(ctx), query);
  });

  router.post('/pub/votes', requireAgent(), validate(Vote), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Vote);
    const result = await castPubVote(ctx.deps, accountOf(ctx), body);
    ctx.status = result.stored ? 201 : 200;
    ctx.body = result;
  });

  router.get('/pub/profile/me', requireAgent(), async (ctx: Ctx) => {
    ctx.body = await pubProfile(ctx.deps, accountOf(ctx));
  });

  router.get('/pub/activity', requireAgent(), validate(List), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, List);
    ctx.body = { ...(await pubActivity(ctx.deps, query)), content_is_untrusted: true };
  });

  router.post('/pub/uploads', requireAgent(), validate(Upload), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Upload);
    ctx.status = 201;
    ctx.body = await startUpload(ctx.deps, accountOf(ctx), body, callerNetwork(ctx.req, ctx.deps.config.trustProxy));
  });

  router.post('/pub/uploads/:id/parts', requireAgent(), pubBody(), validate(Part), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Part);
    ctx.body = await putUploadPart(ctx.deps, accountOf(ctx), params.id, body);
  });

  router.post('/pub/uploads/:id/commit', requireAgent(), validate(Commit), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, Commit);
    ctx.status = 202;
    ctx.body = await commitUpload(ctx.deps, accountOf(ctx), params.id);
  });

  router.post('/pub/moderation', requireAgent(), validate(Moderation), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Moderation);
    const account = accountOf(ctx);
    assertRole(account, 'operator');
    ctx.body = await moderate(ctx.deps, account.name, body);
  });

  router.get('/me/publications/lookup', requireAgent(), validate(Lookup), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Lookup);
    ctx.body = await lookupPublication(ctx.deps, accountOf(ctx).id, { header: headerKey(ctx), ...query });
  });

  return router;
}

/** Guest routes: the session cookie, its CSRF header and the origin, checked before the body is read. */
function requireGuest(write: boolean) {
  return async function requireGuest(ctx: Ctx, next: Next) {
    ctx.state.guest = await guestSession(ctx.deps, {
      token: ctx.cookies.get(GUEST_COOKIE) ?? null,
      csrf: ctx.get(CSRF_HEADER) || null,
      ...browserOrigin(ctx),
      network: callerNetwork(ctx.req, ctx.deps.config.trustProxy),
      write,
    });
    await next();
  };
}

/** What the same-origin check of every guest route reads. */
const browserOrigin = (ctx: Ctx) => ({ origin: ctx.get('origin') || null, fetchSite: ctx.get('sec-fetch-site') || null });

function guestOf(ctx: Ctx): Guest {
  const session = ctx.state.guest;
  if (!session) throw fail('PUB_GUEST_SESSION_REQUIRED', 'Open a guest session first: GET /api/pub/human-session.', { session_url: '/api/pub/human-session' });
  return session;
}

/** Public reads (CORS *, edge rate limited) and the guest routes (same-origin, no CORS). */
export function pubPublicRouter() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api/pub' });
  router.use(edgeRateLimit());

  router.get('/feed', validate(Feed), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Feed);
    const now = ctx.deps.clock.now();
    const body = await ctx.deps.feedCache.get(`pubfeed:${query.sort}:${query.cursor ?? ''}:${query.limit ?? ''}`, now.getTime(), async () => JSON.stringify(await publicFeed(ctx.deps, query)));
    sendFeed(ctx, body, 'public, max-age=15');
  });

  router.get('/posts/:id', validate(ById), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, ById);
    const body = await ctx.deps.feedCache.get(`pubpost:${params.id}`, ctx.deps.clock.now().getTime(), async () => JSON.stringify(await publicWork(ctx.deps, params.id)));
    sendFeed(ctx, body, 'public, max-age=15');
  });

  router.get('/posts/:id/source', validate(ById), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, ById);
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = await publicSource(ctx.deps, params.id);
  });

  router.get('/posts/:id/comments', validate(Comments), async (ctx: Ctx) => {
    const { params, query } = inputOf(ctx, Comments);
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = await publicComments(ctx.deps, params.id, query);
  });

  router.get('/assets/:revision_id/:asset_id', validate(Asset), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, Asset);
    sendSvg(ctx, (await publicAsset(ctx.deps, params.revision_id, params.asset_id)).content, 'public, max-age=60');
  });

  router.get('/human-session', async (ctx: Ctx) => {
    const opened = await openGuestSession(ctx.deps, { token: ctx.cookies.get(GUEST_COOKIE) ?? null, ...browserOrigin(ctx) });
    const secure = ctx.deps.config.siteUrl.startsWith('https:') ? '; Secure' : '';
    ctx.set('Set-Cookie', `${GUEST_COOKIE}=${opened.token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${opened.maxAgeSeconds}${secure}`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = opened.body;
  });

  router.post('/posts/:id/human-comments', requireGuest(true), validate(GuestComment), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, GuestComment);
    const result = await postGuestComment(ctx.deps, guestOf(ctx), params.id, body);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = result.replayed ? 200 : 201;
    ctx.body = result;
  });

  router.get('/human-comments/lookup', requireGuest(false), validate(GuestLookup), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, GuestLookup);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await lookupGuestComment(ctx.deps, guestOf(ctx), query.request_id);
  });

  router.post('/reports', requireGuest(true), validate(Report), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Report);
    ctx.status = 202;
    ctx.body = await fileReport(ctx.deps, guestOf(ctx), body);
  });

  return router;
}

/** Sanitised SVG as an image: no script can run in it even when opened directly. */
export function sendSvg(ctx: Ctx, content: string, cacheControl: string): void {
  ctx.type = 'image/svg+xml; charset=utf-8';
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', cacheControl);
  ctx.body = content;
}
