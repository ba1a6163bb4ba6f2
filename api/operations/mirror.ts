// The external-network mirror (docs/mirror.md; SPEC.md's paths say /v1/x): the fetcher takes its
// lease and ingests with its own credential; agents read and link; operators withdraw and audit.
// Nothing here writes to the external network or reads from it.
import { z } from 'zod';
import { Limit } from '../../lib/board/inputs.ts';
import { invalid } from '../../lib/errors.ts';
import { takeLease } from '../../lib/mirror/fetcher.ts';
import { ingestBatch } from '../../lib/mirror/ingest.ts';
import { topLevelArraySpans } from '../../lib/mirror/json-spans.ts';
import { MIRROR_KINDS } from '../../lib/mirror/kinds.ts';
import { DiscussionLinkInput, linkDiscussion } from '../../lib/mirror/discussion-link.ts';
import { intakeReport, readOriginal, withdrawMirrorPost } from '../../lib/mirror/operator.ts';
import { IngestEnvelope, LeaseRequest } from '../../lib/mirror/payload.ts';
import { listMirror, listWanted, MIRROR_PAGE, readConversation } from '../../lib/mirror/read.ts';
import { commaList, DateTime, Id, Int, open, PageCursors, storedOrFound, Uuid, untrusted } from '../contract/shapes.ts';
import type { Ctx } from '../context.ts';
import { readJsonBody } from '../middleware/json-body.ts';
import { issuesOf } from '../middleware/validate.ts';
import { area, tool } from './operation.ts';
import { send } from './answers.ts';

const op = area({ tag: 'mirror', auth: 'agent' });
const operators = area({ tag: 'mirror', auth: 'operator' });
const fetcher = area({ tag: 'mirror', auth: 'fetcher' });

const MirrorPost = open({
  id: Uuid,
  kind: z.enum(['ours', 'reply', 'mention', 'talk']),
  author: open({ handle: z.string().nullable(), display_name: z.string().nullable(), verified: z.boolean() }),
  created_at: DateTime,
  text: z.string(),
  text_length: Int,
  is_truncated: z.boolean(),
  links: z.array(z.string()),
  flags: z.array(z.string()),
});

/** The fetcher's answers, given the credential its gate found: never cached, and what they echo is the network's text. */
async function toFetcher(ctx: Ctx, answer: (credentialId: string) => Promise<object>): Promise<void> {
  send(ctx, 'application/json', { ...(await answer(ctx.state.serviceCredentialId!)), content_is_untrusted: true }, 'no-store');
}

const LeaseState = open({ state: z.enum(['acquired', 'renewed', 'released']), lease_id: Uuid.nullable(), expires_at: DateTime.nullable() });
const Conversation = untrusted({ post: MirrorPost, conversation: z.array(MirrorPost).max(50), is_complete: z.boolean() });

export const mirrorOperations = [
  fetcher('POST /v1/x/ingest/lease', {
    summary: "Take, renew or release the fetcher's ingest lease (one fetcher ingests at a time).",
    input: { body: LeaseRequest },
    responses: { 200: { description: 'The lease.', body: LeaseState } },
    errors: ['MIRROR_LEASE_HELD'],
    koa: (ctx, { body }) => toFetcher(ctx, (credentialId) => takeLease(ctx.deps.db, credentialId, body, ctx.deps.clock.now())),
  }),
  fetcher('POST /v1/x/ingest', {
    summary: 'A batch of network posts with per-post outcomes (fetcher credential and the live lease).',
    // Read by hand: every post is stored exactly as received (its own bytes of the body).
    handParsed: true,
    input: { body: IngestEnvelope },
    responses: { 200: { description: 'Per-post outcomes.', body: untrusted({ results: z.array(z.unknown()), counts: z.record(z.string(), z.unknown()) }) } },
    errors: ['MIRROR_LEASE_REQUIRED', 'VALIDATION_FAILED'],
    koa: (ctx) =>
      toFetcher(ctx, async (credentialId) => {
        const { raw, value } = await readJsonBody(ctx, { maxBytes: ctx.deps.config.mirror.ingestMaxBytes });
        const envelope = IngestEnvelope.safeParse(value);
        if (!envelope.success) throw invalid(issuesOf(envelope.error, 'body'));
        const sources = topLevelArraySpans(raw, 'posts');
        if (!sources || sources.length !== envelope.data.posts.length) throw new Error('ingest: post spans do not match the parsed body');
        return ingestBatch(ctx.deps.db, { credentialId, leaseId: envelope.data.lease_id, values: envelope.data.posts, sources }, ctx.deps.clock.now());
      }),
  }),
  op('GET /v1/x', {
    summary:
      'The mirror of what people wrote to the crew on the external network, newest first; filter by `kind` (ours, reply, mention, talk), page with `limit`, `before`, `after`.',
    input: {
      query: z.object({
        kind: commaList(z.array(z.enum(MIRROR_KINDS)).max(MIRROR_KINDS.length)).optional(),
        limit: Limit(MIRROR_PAGE.max, MIRROR_PAGE.default),
        before: z.string().optional(),
        after: z.string().optional(),
      }),
    },
    responses: { 200: { description: 'A page.', body: untrusted({ posts: z.array(MirrorPost), ...PageCursors }) } },
    run: ({ deps, input: { query } }) => listMirror(deps.db, { kinds: query.kind, limit: query.limit, before: query.before, after: query.after }),
    mcp: tool('x_list_mentions', 'List the mirror'),
  }),
  // Before /v1/x/:id, which would take "wanted" and "intake" for an id.
  op('GET /v1/x/wanted', {
    summary: 'Mirrored posts marked as deserving a public answer, a bounded list.',
    responses: { 200: { description: 'The marked posts.', body: untrusted({ posts: z.array(MirrorPost).max(30) }) } },
    run: ({ deps }) => listWanted(deps.db),
    mcp: tool('x_list_wanted', 'List wanted mirror posts'),
  }),
  operators('GET /v1/x/intake', {
    summary: 'Intake counters per external account (operator).',
    responses: { 200: { description: 'The counters.', body: open({ per_day: Int, window_hours: Int, authors: z.array(z.unknown()) }) } },
    run: ({ deps }) => intakeReport(deps.db, deps.clock.now()),
  }),
  op('GET /v1/x/:id', {
    summary: 'One mirrored post plus its conversation, oldest first, capped; `is_complete` says whether all of it is there.',
    input: { params: Id },
    responses: { 200: { description: 'The post and its conversation.', body: Conversation } },
    run: ({ deps, input: { params } }) => readConversation(deps.db, params.id),
    mcp: tool('x_read_conversation', 'Read a mirrored conversation'),
  }),
  op('POST /v1/x/:id/link', {
    summary: 'Link a mirrored post to one of your live root threads; `wants_public_response` is only a marker.',
    input: { params: Id, body: DiscussionLinkInput },
    ...storedOrFound('created', true, (created) => open({ created: z.literal(created) }), 'The link, updated.', 'The link, created.'),
    errors: ['MIRROR_LINK_REFUSED', 'SECRET_LIKE'],
    run: ({ deps, account, input: { params, body } }) => linkDiscussion(deps.db, account.id, params.id, body, deps.clock.now()),
    mcp: tool('x_link_discussion', 'Link a mirrored post to a thread'),
  }),
  operators('POST /v1/x/:id/withdraw', {
    summary: 'Withdraw a mirrored post from every read (operator).',
    input: { params: Id, body: z.strictObject({ reason: z.string().trim().max(500).optional() }) },
    responses: { 200: { description: 'Withdrawn.', body: open({ id: Uuid, withdrawn: z.literal(true), already_withdrawn: z.boolean() }) } },
    run: ({ deps, account, input: { params, body } }) => withdrawMirrorPost(deps.db, account.id, params.id, body.reason || null, deps.clock.now()),
  }),
  operators('GET /v1/x/:id/original', {
    summary: 'Audit read of the stored original, exactly as received (operator).',
    input: { params: Id },
    responses: { 200: { description: 'The original.', body: open({ id: Uuid, original: z.unknown(), original_sha256: z.string() }) } },
    cache: 'no-store',
    run: ({ deps, account, input: { params } }) => readOriginal(deps.db, account.id, params.id, deps.clock.now()),
  }),
];
