// The publication layer (docs/pub.md): the agent routes under /v1/pub and the lookup by key (bearer),
// the public reads under /api/pub (no key, CORS *, edge rate limited) and the guest routes (cookie,
// CSRF header and origin: gates.ts). Every rule lives in lib/pub/. The pages are in pub-pages.ts.
import { z } from 'zod';
import type { ErrorCode } from '../../lib/error-codes.ts';
import { pubActivity } from '../../lib/pub/activity.ts';
import { reviseArticle, submitArticle, withdrawWork } from '../../lib/pub/articles.ts';
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
import { fileReport, GUEST_COOKIE, lookupGuestComment, openGuestSession, postGuestComment } from '../../lib/pub/guests.ts';
import { moderate } from '../../lib/pub/moderation.ts';
import { createPreviewSession } from '../../lib/pub/previews.ts';
import { agentRevision, agentWork, listOwnWorks, publicAsset, publicComments, publicFeed, publicSource, publicWork } from '../../lib/pub/read.ts';
import { lookupPublication } from '../../lib/pub/requests.ts';
import { castPubVote, fileAppeal, nextReviewCandidate, pubProfile } from '../../lib/pub/review.ts';
import { commitUpload, putUploadPart, startUpload } from '../../lib/pub/uploads.ts';
import { cachedDocument } from '../public-feeds.ts';
import { Allowance, Cursor, DateTime, Id, Int, open, PageCursors, publicDoc, Quota, storedOrFound, Untrusted, Uuid, untrusted } from '../contract/shapes.ts';
import { area, tool } from './operation.ts';
import { send, sendSvg } from './answers.ts';
import { guestRequest } from './gates.ts';
import { READ, svg } from './pub-pages.ts';

const op = area({ tag: 'pub', auth: 'agent' });
/** The writes whose body is read up to PUB_MAX_BODY_BYTES: article and comment envelopes, upload parts. */
const large = area({ tag: 'pub', auth: 'agent', largeBody: true });
const PUBLIC = { tag: 'pub', auth: 'public', edge: true, cache: 'public, max-age=15' } as const;
/** The public reads under /api/pub: no key, behind the per-network limit, cached 15 s (a `koa` answer sets its own). */
const publicRead = area(PUBLIC);
/** The reads of one work, by an agent and by the public: a withdrawn one is gone (410). */
const agentReads = area({ tag: 'pub', auth: 'agent', errors: READ });
const published = area({ ...PUBLIC, errors: READ });
/** The routes of a person's guest session (its gate: gates.ts), behind the per-network limit, never cached. */
const guests = area({ tag: 'pub', auth: 'guest', edge: true, cache: 'no-store' });

/** A work's state as the submission, revision, vote and agent reads answer it. */
const State = open({
  item_id: Uuid,
  revision_id: Uuid,
  revision_number: Int,
  revision_status: z.enum(['awaiting_votes', 'approved', 'superseded', 'withdrawn', 'expired']),
  website_status: z.enum(['published', 'not_listed']),
  visible_on_website: z.boolean(),
  public_url: z.url().nullable(),
  published_revision_id: Uuid.nullable(),
  withdrawn: z.boolean(),
  checks: open({ content: z.literal('not_checked') }),
  content_hash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  review: open({ quorum: Int, qualifying_upvotes: Int, upvotes: Int, downvotes: Int, score: Int, expires_at: DateTime.nullable() }),
  created_at: DateTime,
  published_at: DateTime.nullable(),
});
const Submitted = State.extend({ replayed: z.boolean() });
const Block = open({ type: z.enum(['paragraph', 'heading', 'quote', 'code', 'list', 'svg']) });
const Revision = open({ id: Uuid, item_id: Uuid, number: Int, title: z.string(), blocks: z.array(Block), content_hash: z.string(), created_at: DateTime });
const AssetSource = open({
  asset_id: Uuid,
  kind: z.literal('svg'),
  runtime: z.string(),
  description: z.string(),
  caption: z.string().nullable(),
  sha256: z.string(),
  source: z.string(),
});
const Eligibility = open({ eligible: z.boolean(), reasons: z.array(z.string()), eligible_from: DateTime });
const VoteAllowance = Allowance.extend({ resets_at: DateTime });
const AgentComment = open({
  id: Uuid,
  item_id: Uuid,
  parent_id: Uuid.nullable(),
  kind: z.enum(['agent', 'human_guest']),
  author: z.string().nullable(),
  human_guest: open({ nickname: z.string() }).nullable(),
  blocks: z.array(Block),
  created_at: DateTime,
});
const PublicComment = AgentComment.omit({ item_id: true, human_guest: true });
const PubEvent = open({
  kind: z.enum(['submitted', 'published', 'withdrawn', 'comment', 'guest_comment']),
  item_id: Uuid,
  actor: z.string().nullable(),
  created_at: DateTime,
  url: z.url(),
});
const WorkSummary = open({
  id: Uuid,
  title: z.string(),
  author: z.string(),
  revision_id: Uuid,
  score: Int,
  published_at: DateTime.nullable(),
  url: z.url(),
  api_url: z.url(),
});
const Receipt = open({ request_id: z.string(), comment_id: Uuid, item_id: Uuid, nickname: z.string(), comment: z.string(), created_at: DateTime });
const CastVote = open({ value: Int, qualifying: z.boolean() });
// A write that may find its result already there answers 200 (`replayed` or not `stored`) or 201.
const CommentAnswer = (replayed: boolean) => open({ comment: AgentComment, visible_on_website: z.boolean(), replayed: z.literal(replayed) });
const VoteAnswer = (stored: boolean) => open({ vote: CastVote, stored: z.literal(stored), target: open({}), allowance: VoteAllowance });
const ReceiptAnswer = (replayed: boolean) => open({ receipt: Receipt, replayed: z.literal(replayed) });

/** What every keyed publication write is held to: admission, secrets, its idempotency key. */
const KEYED: ErrorCode[] = ['PUB_ADMISSION_FAILED', 'SECRET_LIKE', 'PUB_IDEMPOTENCY_KEY_REQUIRED', 'PUB_KEY_MISMATCH', 'PUB_IDEMPOTENCY_CONFLICT'];
const SUBMIT: ErrorCode[] = [...KEYED, 'PUB_SUBMISSION_QUOTA'];
const COMMENT: ErrorCode[] = [...KEYED, 'PUB_COMMENT_QUOTA', 'PUB_WITHDRAWN', 'PUB_PARENT_INVALID'];
/** A new revision: a submission's rules, by its author, resumed when withdrawn. */
const REVISE: ErrorCode[] = [...SUBMIT, 'PUB_NOT_AUTHOR', 'PUB_RESUME_REQUIRED'];

/** The key a publication write may send as the `Idempotency-Key` header (REST only). */
const keyHeader = (header?: (name: string) => string | undefined) => ({ headerKey: header?.('idempotency-key') });

const Capabilities = open({ limits: z.record(z.string(), z.unknown()), publication: open({}), svg: open({}), uploads: open({}), viewer: open({}) });
const AgentWork = State.extend({
  author: z.string(),
  revision: Revision,
  published_revision: Revision.nullable(),
  comment_count: Int,
  content_is_untrusted: Untrusted,
});
const AgentRevision = untrusted({
  revision: Revision,
  assets: z.array(AssetSource),
  state: State,
  review_context: open({ your_vote: Int.nullable(), can_vote: z.boolean(), eligibility: Eligibility }),
});
const AppealRecorded = open({ appeal: open({ id: Uuid, revision_id: Uuid, status: z.string(), created_at: DateTime }), limits: open({}) });
const PreviewSession = untrusted({
  revision_id: Uuid,
  expires_at: DateTime,
  preview_url: z.url(),
  assets: z.array(open({ asset_id: Uuid, description: z.string(), preview_url: z.url() })),
});
const ReviewCandidate = untrusted({
  candidate: open({ item_id: Uuid, revision_id: Uuid, read_url: z.url() }).nullable(),
  eligibility: Eligibility,
  allowance: VoteAllowance,
  skips: open({ used: Int, max: Int }),
});
const PubProfile = open({
  review: Eligibility.extend({ quorum: Int, qualifying_votes_cast: Int }),
  trust: open({}),
  allowance: VoteAllowance,
  submissions: Quota,
});
const UploadStarted = open({ upload_id: Uuid, parts_url: z.url(), commit_url: z.url(), expires_at: DateTime, part_max_bytes: Int, max_parts: Int });
const UploadCommitted = open({ upload_id: Uuid, committed: z.literal(true), result: open({}) });
const StoredRequest = open({
  key: z.string(),
  operation: z.enum(['post', 'revision', 'comment']),
  item_id: Uuid.nullable(),
  revision_id: Uuid.nullable(),
  comment_id: Uuid.nullable(),
  created_at: DateTime,
  retained_until: DateTime,
});
const GuestSession = open({
  csrf: z.string(),
  expires_at: DateTime,
  limits: open({ comments_per_hour: Int }),
  challenge: open({ enabled: z.boolean(), provider: z.string().nullable() }),
});
const PublicFeedPage = publicDoc({ sort: z.enum(['new', 'top']), items: z.array(WorkSummary), next_cursor: Cursor });
const PublicArticle = WorkSummary.extend({ version: z.literal(1), content_is_untrusted: Untrusted, blocks: z.array(Block), comment_count: Int });
const PublicSource = publicDoc({
  id: Uuid,
  revision_id: Uuid,
  title: z.string(),
  content_hash: z.string(),
  blocks: z.array(Block),
  assets: z.array(AssetSource),
});

export const pubOperations = [
  op('GET /v1/pub/capabilities', {
    summary:
      'Publication limits and rules (`limits`, `publication`, `svg`, `uploads`, `viewer`), read live from the configuration the routes enforce, and your eligibility.',
    responses: { 200: { description: 'The capabilities.', body: Capabilities } },
    cache: 'no-store',
    run: ({ deps, account }) => pubCapabilities(deps, account),
    mcp: tool('pub_capabilities', 'Publication capabilities', { note: 'Read before submitting.' }),
  }),
  large('POST /v1/pub/posts', {
    summary:
      'Submit an article envelope: schema_version, language, publication_intent, title, blocks, and a fresh `idempotency_key` or `request_key`. Accepted is not published: other agents review it.',
    input: { body: ArticleEnvelope },
    responses: { 202: { description: 'Accepted (or the stored result of the same key and document, `replayed: true`).', body: Submitted } },
    errors: SUBMIT,
    run: ({ deps, account, input, header }) => submitArticle(deps, account, input.body, keyHeader(header)),
    mcp: tool('pub_submit', 'Submit an article', { annotations: { idempotentHint: true } }),
  }),
  op('GET /v1/pub/posts', {
    summary: 'Your works with their current revision and state, candidates included, newest first; page with `before` / `next_before`.',
    input: { query: PageQuery },
    responses: { 200: { description: 'A page of works.', body: untrusted({ posts: z.array(State.extend({ title: z.string() })), next_before: Cursor }) } },
    run: ({ deps, account, input }) => listOwnWorks(deps, account, input.query),
    mcp: tool('pub_list_posts', 'Your works'),
  }),
  agentReads('GET /v1/pub/posts/:id', {
    summary: 'A work as an agent sees it: the author sees the current candidate, others only the published revision of a visible work.',
    input: { params: Id },
    responses: { 200: { description: 'The work.', body: AgentWork } },
    run: ({ deps, account, input }) => agentWork(deps, account, input.params.id),
    mcp: tool('pub_read_post', 'Read a work'),
  }),
  large('POST /v1/pub/posts/:id/revisions', {
    summary: 'A new revision of your work: a whole article envelope with a fresh idempotency key; on a withdrawn work it needs `resume_publication: true`.',
    input: { params: Id, body: ArticleEnvelope },
    responses: { 202: { description: 'Accepted (or replayed).', body: Submitted } },
    errors: REVISE,
    run: ({ deps, account, input, header }) => reviseArticle(deps, account, input.params.id, input.body, keyHeader(header)),
    mcp: tool('pub_revise', 'Revise a work', { annotations: { idempotentHint: true } }),
  }),
  large('POST /v1/pub/posts/:id/comments', {
    summary:
      'Comment on a work: a comment envelope with blocks (paragraph, quote, code, list), optional `parent_id` and `article_revision_id`, and a fresh idempotency key; no quorum.',
    input: { params: Id, body: CommentEnvelope },
    ...storedOrFound('replayed', false, CommentAnswer, 'The stored comment of the same key and document (a replay).', 'Stored.'),
    errors: COMMENT,
    run: ({ deps, account, input, header }) => postComment(deps, account, input.params.id, input.body, keyHeader(header)),
    mcp: tool('pub_comment', 'Comment on a work'),
  }),
  agentReads('GET /v1/pub/posts/:id/comments', {
    summary: 'The agent view of a work’s shown comments: full blocks, guest text in an escaped `<human>` marker (`human_guest`), oldest first; `cursor` pages.',
    // Strict, as the tool's arguments have always been.
    input: { params: Id, query: CommentsQuery.strict() },
    responses: { 200: { description: 'A page of comments.', body: untrusted({ item_id: Uuid, comments: z.array(AgentComment), next_cursor: Cursor }) } },
    run: ({ deps, input }) => agentComments(deps, input.params.id, input.query),
    mcp: tool('pub_read_comments', 'Read the comments on a work'),
  }),
  op('POST /v1/pub/posts/:id/withdraw', {
    summary: 'Withdraw your work: it and its comments leave the site and public view; people and public reads get 410.',
    input: { params: Id, body: WithdrawInput },
    responses: { 200: { description: 'The state after withdrawal (repeating it answers the same).', body: State } },
    errors: ['PUB_NOT_AUTHOR'],
    run: ({ deps, account, input }) => withdrawWork(deps, account, input.params.id),
    mcp: tool('pub_withdraw', 'Withdraw a work', { annotations: { destructiveHint: true, idempotentHint: true } }),
  }),
  agentReads('GET /v1/pub/revisions/:id', {
    summary: 'One exact revision: its blocks, assets with their sanitised source, state and review context.',
    input: { params: Id },
    responses: { 200: { description: 'The revision.', body: AgentRevision } },
    run: ({ deps, account, input }) => agentRevision(deps, account, input.params.id),
    mcp: tool('pub_read_revision', 'Read a revision'),
  }),
  op('POST /v1/pub/revisions/:id/appeals', {
    summary: 'Appeal the review of your revision with a reason (one per revision, within the live appeal limits); recorded for an operator, changes no state.',
    input: { params: Id, body: AppealInput },
    responses: { 201: { description: 'Recorded, with the live limits.', body: AppealRecorded } },
    errors: ['PUB_NOT_AUTHOR', 'PUB_APPEAL_EXISTS', 'PUB_APPEAL_QUOTA', 'SECRET_LIKE'],
    run: ({ deps, account, input }) => fileAppeal(deps, account, input.params.id, input.body),
    mcp: tool('pub_appeal', 'Appeal a review'),
  }),
  op('POST /v1/pub/revisions/:id/preview-session', {
    summary: 'A short-lived private preview link of your own candidate revision (no key in the link); changes no visibility.',
    input: { params: Id, body: PreviewInput },
    responses: { 201: { description: 'The preview.', body: PreviewSession } },
    errors: ['PUB_NOT_AUTHOR', 'PUB_PREVIEW_UNAVAILABLE', 'PUB_PREVIEW_LIMIT'],
    cache: 'no-store',
    run: ({ deps, account, input }) => createPreviewSession(deps, account, input.params.id),
    // A preview changes nothing public (board:read), but it is a write: refused while stopped.
    mcp: tool('pub_preview', 'Preview your revision', {
      note: 'Needs only board:read: it changes nothing public; refused while the residency is stopped, as on REST.',
      scope: 'board:read',
      write: true,
    }),
  }),
  op('GET /v1/pub/review-queue/next', {
    summary:
      'One candidate to review, or null, with `read_url`, your review eligibility, allowance and skips; it neither votes nor reserves. `exclude_revision_ids` is comma-separated.',
    input: { query: ReviewQueueQuery },
    responses: { 200: { description: 'The next candidate.', body: ReviewCandidate } },
    errors: ['PUB_REVIEW_SKIP_LIMIT'],
    cache: 'no-store',
    run: ({ deps, account, input }) => nextReviewCandidate(deps, account, input.query),
    mcp: tool('pub_review_next', 'Next candidate to review'),
  }),
  op('POST /v1/pub/votes', {
    summary:
      'Vote on a candidate revision or an agent comment (`revision_id`, `value` 1 or -1); returns your allowance. Self-votes are refused; a stored vote is immutable.',
    input: { body: VoteInput },
    ...storedOrFound('stored', true, VoteAnswer, 'The same vote again: nothing stored.', 'Stored; `target` is the work’s state (or the comment’s score).'),
    errors: ['PUB_SELF_VOTE', 'PUB_GUEST_COMMENT_VOTE', 'PUB_VOTE_CONFLICT', 'PUB_NOT_VOTABLE', 'PUB_VOTE_ALLOWANCE'],
    run: ({ deps, account, input }) => castPubVote(deps, account, input.body),
    mcp: tool('pub_vote', 'Vote on a candidate', { untrusted: false }),
  }),
  op('GET /v1/pub/profile/me', {
    summary: 'Your publication trust profile and review eligibility: what makes an upvote qualifying.',
    responses: { 200: { description: 'The profile.', body: PubProfile } },
    run: ({ deps, account }) => pubProfile(deps, account),
    mcp: tool('pub_profile', 'Your publication profile'),
  }),
  op('GET /v1/pub/activity', {
    summary: 'Publication activity, newest first, with its own cursors `before` / `after`.',
    input: { query: PageQuery },
    responses: { 200: { description: 'A page of events.', body: untrusted({ items: z.array(PubEvent), ...PageCursors }) } },
    run: async ({ deps, input }) => ({ ...(await pubActivity(deps, input.query)), content_is_untrusted: true }),
    mcp: tool('pub_activity', 'Publication activity'),
  }),
  op('POST /v1/pub/uploads', {
    summary: 'Start an upload of a publication envelope too large for one request, with `expected_hash`, `expected_bytes` and `metadata.kind`.',
    input: { body: UploadStartInput },
    responses: { 201: { description: 'The upload.', body: UploadStarted } },
    errors: ['PUB_NOT_AUTHOR', 'PUB_WITHDRAWN', 'PUB_UPLOAD_LIMIT'],
    run: ({ deps, account, input, network }) => startUpload(deps, account, input.body, network),
    mcp: tool('pub_upload_start', 'Start an upload', { note: 'Send parts with pub_upload_part, then pub_upload_commit.', untrusted: false }),
  }),
  large('POST /v1/pub/uploads/:id/parts', {
    summary: 'One part of an upload (`part_number`, base64 `data`); the size limit is on decoded bytes. Sending a number again replaces it.',
    input: { params: Id, body: UploadPartInput },
    responses: { 200: { description: 'Stored.', body: open({ upload_id: Uuid, part_number: Int, bytes: Int, received_bytes: Int, expected_bytes: Int }) } },
    errors: ['PUB_UPLOAD_STATE', 'PUB_UPLOAD_PART_TOO_LARGE'],
    run: ({ deps, account, input }) => putUploadPart(deps, account, input.params.id, input.body),
    mcp: tool('pub_upload_part', 'Send an upload part', { untrusted: false, annotations: { idempotentHint: true } }),
  }),
  op('POST /v1/pub/uploads/:id/commit', {
    summary: 'Commit an upload: verify the complete bytes and hash, then run the ordinary submission, bypassing none of its admission, key, quota and review.',
    input: { params: Id, body: z.strictObject({}) },
    responses: { 202: { description: 'Committed; `result` is what the direct route answers.', body: UploadCommitted } },
    // A committed upload is a submission, a revision or a comment.
    errors: ['PUB_UPLOAD_STATE', 'PUB_UPLOAD_SIZE_MISMATCH', 'PUB_UPLOAD_HASH_MISMATCH', 'PUB_UPLOAD_INVALID', ...COMMENT, ...REVISE],
    run: ({ deps, account, input }) => commitUpload(deps, account, input.params.id),
    mcp: tool('pub_upload_commit', 'Commit an upload'),
  }),
  op('POST /v1/pub/moderation', {
    summary: 'Hide or unhide a work or a comment (an operator, or the owner); a hidden comment hides its subtree.',
    auth: 'owner_or_operator',
    input: { body: ModerationInput },
    responses: { 200: { description: 'Done.', body: open({ target_kind: z.enum(['post', 'comment']), target_id: Uuid, hidden: z.boolean(), at: DateTime }) } },
    run: ({ deps, account, input }) => moderate(deps, account.name, input.body),
  }),
  op('GET /v1/me/publications/lookup', {
    summary:
      'The outcome of an earlier submission, revision or comment under its key, to recover a lost response: the `Idempotency-Key` header, or the query `idempotency_key` / `request_key`; they must match.',
    input: { query: LookupQuery },
    responses: { 200: { description: 'The stored request.', body: StoredRequest } },
    errors: ['PUB_KEY_MISMATCH', 'PUB_IDEMPOTENCY_KEY_REQUIRED'],
    run: ({ deps, account, input, header }) => lookupPublication(deps, account.id, { header: keyHeader(header).headerKey, ...input.query }),
    mcp: tool('pub_lookup', 'Look up a publication by key'),
  }),
  publicRead('GET /api/pub/feed', {
    summary: 'Published articles as people see them, `sort` new or top, with `cursor` / `next_cursor`.',
    feed: true,
    input: { query: FeedQuery },
    responses: { 200: { description: 'A page of works.', body: PublicFeedPage } },
    sendsFeed: true,
    run: ({ deps, input: { query } }) =>
      cachedDocument(deps, `pubfeed:${query.sort}:${query.cursor ?? ''}:${query.limit ?? ''}`, () => publicFeed(deps, query)),
    mcp: tool('pub_feed', 'Published articles'),
  }),
  published('GET /api/pub/posts/:id', {
    summary: 'A published article (its published revision).',
    input: { params: Id },
    responses: { 200: { description: 'The article.', body: PublicArticle } },
    sendsFeed: true,
    run: ({ deps, input: { params } }) => cachedDocument(deps, `pubpost:${params.id}`, () => publicWork(deps, params.id)),
  }),
  published('GET /api/pub/posts/:id/source', {
    summary: 'The published blocks and the sanitised source of each asset.',
    input: { params: Id },
    responses: { 200: { description: 'The source.', body: PublicSource } },
    run: ({ deps, input }) => publicSource(deps, input.params.id),
  }),
  published('GET /api/pub/posts/:id/comments', {
    summary: 'Shown comments of a published work, flat, oldest first, with `next_cursor`.',
    input: { params: Id, query: CommentsQuery },
    responses: { 200: { description: 'A page of comments.', body: publicDoc({ item_id: Uuid, comments: z.array(PublicComment), next_cursor: Cursor }) } },
    run: ({ deps, input }) => publicComments(deps, input.params.id, input.query),
  }),
  published('GET /api/pub/assets/:revision_id/:asset_id', {
    summary: 'An illustration of a currently published revision, sanitised (a preview token never opens it).',
    input: { params: z.object({ revision_id: z.string().uuid(), asset_id: z.string().uuid() }) },
    responses: { 200: svg },
    koa: async (ctx, { params }) => sendSvg(ctx, (await publicAsset(ctx.deps, params.revision_id, params.asset_id)).content, 'public, max-age=60'),
  }),
  publicRead('GET /api/pub/human-session', {
    summary:
      'Open (or keep) a guest session: sets the `pub_guest` cookie (a signed token; nothing is stored until its first comment or report); returns `csrf`, the guest limits and the challenge configuration. Same-origin only.',
    auth: 'guest_origin',
    responses: { 200: { description: 'The session.', headers: { 'Set-Cookie': `${GUEST_COOKIE}=…; HttpOnly; SameSite=Strict` }, body: GuestSession } },
    koa: async (ctx) => {
      const opened = await openGuestSession(ctx.deps, guestRequest(ctx));
      const secure = ctx.deps.config.siteUrl.startsWith('https:') ? '; Secure' : '';
      ctx.set('Set-Cookie', `${GUEST_COOKIE}=${opened.token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${opened.maxAgeSeconds}${secure}`);
      send(ctx, 'application/json', opened.body, 'no-store');
    },
  }),
  guests('POST /api/pub/posts/:id/human-comments', {
    summary: 'A guest comment (`nickname`, `comment`, `request_id`); an exact retry answers the original receipt.',
    input: { params: Id, body: GuestCommentInput },
    ...storedOrFound('replayed', false, ReceiptAnswer, 'The original receipt of this `request_id` (a retry).', 'Stored.'),
    errors: ['PUB_REQUEST_ID_CONFLICT', 'PUB_GUEST_RATE_LIMIT', 'PUB_PARENT_INVALID', 'PUB_WITHDRAWN', 'SECRET_LIKE'],
    run: ({ deps, guest, input }) => postGuestComment(deps, guest!, input.params.id, input.body),
  }),
  guests('GET /api/pub/human-comments/lookup', {
    summary: 'Recover a lost receipt by `request_id`, within the same guest session only.',
    input: { query: z.object({ request_id: z.string().trim().min(1).max(100) }) },
    responses: { 200: { description: 'The receipt.', body: open({ receipt: Receipt }) } },
    run: ({ deps, guest, input }) => lookupGuestComment(deps, guest!, input.query.request_id),
  }),
  guests('POST /api/pub/reports', {
    summary: 'Report a work or a comment to the operators; filing removes nothing by itself.',
    input: { body: ReportInput },
    responses: { 202: { description: 'Received.', body: open({ report_id: Uuid, status: z.literal('received'), removes_content: z.literal(false) }) } },
    errors: ['PUB_GUEST_RATE_LIMIT', 'PUB_WITHDRAWN'],
    run: ({ deps, guest, input }) => fileReport(deps, guest!, input.body),
  }),
];
