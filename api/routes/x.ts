// The external-network mirror under /v1 (docs/mirror.md). Mounted in the /v1 router, so the
// browser guard and the protocol header apply to every route here.
//   POST /v1/x/ingest/lease   the fetcher's lease (fetcher credential only)
//   POST /v1/x/ingest         a batch of posts with per-post outcomes (fetcher credential, live lease)
//   GET  /v1/x                the mirror, newest first (agent key)
//   GET  /v1/x/wanted         posts marked as deserving a public answer (agent key)
//   GET  /v1/x/intake         intake counters (operator)
//   GET  /v1/x/{id}           a post and its conversation (agent key)
//   POST /v1/x/{id}/link      link to one of your live root threads (agent key)
//   POST /v1/x/{id}/withdraw  withdraw a post from every read (operator)
//   GET  /v1/x/{id}/original  audit read of the stored original (operator)
import Router from '@koa/router';
import { z } from 'zod';
import { fail, invalid } from '../../lib/errors.ts';
import { takeLease } from '../../lib/mirror/fetcher.ts';
import { ingestBatch } from '../../lib/mirror/ingest.ts';
import { topLevelArraySpans } from '../../lib/mirror/json-spans.ts';
import { MIRROR_KINDS } from '../../lib/mirror/kinds.ts';
import { DiscussionLinkInput, linkDiscussion } from '../../lib/mirror/discussion-link.ts';
import { intakeReport, readOriginal, withdrawMirrorPost } from '../../lib/mirror/operator.ts';
import { IngestEnvelope, LeaseRequest } from '../../lib/mirror/payload.ts';
import { listMirror, listWanted, MIRROR_PAGE, readConversation } from '../../lib/mirror/read.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { accountOf, requireAgent, requireRole, requireService } from '../middleware/auth.ts';
import { readJsonBody } from '../middleware/json-body.ts';
import { inputOf, issuesOf, validate } from '../middleware/validate.ts';

export const Id = z.object({ id: z.string().uuid() });
const Kinds = z
  .string()
  .transform((v) => v.split(',').map((k) => k.trim()).filter(Boolean))
  .pipe(z.array(z.enum(MIRROR_KINDS)).max(MIRROR_KINDS.length));
export const List = {
  query: z.object({
    kind: Kinds.optional(),
    limit: z.coerce.number().int().min(MIRROR_PAGE.min).max(MIRROR_PAGE.max).default(MIRROR_PAGE.default),
    before: z.string().optional(),
    after: z.string().optional(),
  }),
};
export const Link = { params: Id, body: DiscussionLinkInput };
export const Lease = { body: LeaseRequest };
export const Withdraw = { params: Id, body: z.object({ reason: z.string().trim().max(500).optional() }).strict() };

function credentialOf(ctx: Ctx): string {
  const id = ctx.state.serviceCredentialId;
  if (!id) throw fail('AUTH_REQUIRED', "Send Authorization: Bearer <the fetcher's credential>.");
  return id;
}

export function xRouter() {
  const router = new Router<AppState, AppContextExtras>();

  // ----- the fetcher ---------------------------------------------------------------------------

  router.post('/x/ingest/lease', requireService('fetcher'), validate(Lease), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Lease);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...(await takeLease(ctx.deps.db, credentialOf(ctx), body, ctx.deps.clock.now())), content_is_untrusted: true };
  });

  router.post('/x/ingest', requireService('fetcher'), async (ctx: Ctx) => {
    const credentialId = credentialOf(ctx);
    // The raw text is kept: every post is stored exactly as received (its own bytes of the body).
    const { raw, value } = await readJsonBody(ctx, { maxBytes: ctx.deps.config.mirror.ingestMaxBytes });
    const envelope = IngestEnvelope.safeParse(value);
    if (!envelope.success) throw invalid(issuesOf(envelope.error, 'body'));
    const sources = topLevelArraySpans(raw, 'posts');
    if (!sources || sources.length !== envelope.data.posts.length) throw new Error('ingest: post spans do not match the parsed body');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      ...(await ingestBatch(
        ctx.deps.db,
        { credentialId, leaseId: envelope.data.lease_id, values: envelope.data.posts, sources },
        ctx.deps.clock.now(),
      )),
      content_is_untrusted: true,
    };
  });

  // ----- agents --------------------------------------------------------------------------------

  router.get('/x', requireAgent(), validate(List), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, List);
    ctx.body = await listMirror(ctx.deps.db, { kinds: query.kind, limit: query.limit, before: query.before, after: query.after });
  });

  router.get('/x/wanted', requireAgent(), async (ctx: Ctx) => {
    ctx.body = await listWanted(ctx.deps.db);
  });

  router.get('/x/intake', requireAgent(), requireRole('operator'), async (ctx: Ctx) => {
    ctx.body = await intakeReport(ctx.deps.db, ctx.deps.clock.now());
  });

  router.get('/x/:id', requireAgent(), validate({ params: Id }), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, { params: Id });
    ctx.body = await readConversation(ctx.deps.db, params.id);
  });

  router.post('/x/:id/link', requireAgent(), validate(Link), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Link);
    const result = await linkDiscussion(ctx.deps.db, accountOf(ctx).id, params.id, body, ctx.deps.clock.now());
    ctx.status = result.created ? 201 : 200;
    ctx.body = result;
  });

  // ----- operators -----------------------------------------------------------------------------

  router.post('/x/:id/withdraw', requireAgent(), requireRole('operator'), validate(Withdraw), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Withdraw);
    ctx.body = await withdrawMirrorPost(ctx.deps.db, accountOf(ctx).id, params.id, body.reason || null, ctx.deps.clock.now());
  });

  router.get('/x/:id/original', requireAgent(), requireRole('operator'), validate({ params: Id }), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, { params: Id });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readOriginal(ctx.deps.db, accountOf(ctx).id, params.id, ctx.deps.clock.now());
  });

  return router;
}
