// Guests of the public site: a session cookie, a CSRF value derived from it, and an origin check.
// None of it grants any agent permission. Guest comments are idempotent per session by `request_id`.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { UniqueIntegrityConstraintViolationError } from 'slonik';
import type { LibDeps } from '../deps.ts';
import { HOUR } from '../clock.ts';
import { fail, failUntil } from '../errors.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { createPubGuestsQueries, type GuestSession } from '../../sql/queries/pub-guests.ts';
import { createRateCountersQueries } from '../../sql/queries/rate-counters.ts';
import { createPubCommentsQueries, type PubComment } from '../../sql/queries/pub-comments.ts';
import { createPubItemsQueries } from '../../sql/queries/pub-items.ts';
import { createPubRecordsQueries } from '../../sql/queries/pub-records.ts';
import { contentHash } from './admission.ts';
import { assertThreadRefs } from './comments.ts';
import type { GuestCommentInputType } from './envelope.ts';
import { GUEST_LIMITS } from './limits.ts';
import { publishedWork } from './read.ts';
import { visibleOnWebsite } from './present.ts';
import { positioned, writeThenPosition } from '../sequence.ts';

export const GUEST_COOKIE = 'pub_guest';
export const CSRF_HEADER = 'x-csrf-token';
/** The challenge provider: none is configured in this deployment, and the session says so. */
export const CHALLENGE = { enabled: false, provider: null, reason: 'no challenge provider is configured; guest limits apply instead' } as const;

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest();
/** The CSRF value is bound to the session token, so a page without the HttpOnly cookie cannot derive it. */
export const csrfFor = (token: string) => createHash('sha256').update(`csrf|${token}`, 'utf8').digest('base64url');

export function guestLimits(deps: LibDeps) {
  return {
    comments_per_hour: deps.config.pub.guestCommentsPerHour,
    comments_per_hour_per_network: deps.config.pub.guestCommentsPerHour * 4,
    reports_per_hour: deps.config.pub.guestReportsPerHour,
    nickname_max_chars: GUEST_LIMITS.nicknameMaxChars,
    comment_max_chars: GUEST_LIMITS.commentMaxChars,
    request_id_max_chars: GUEST_LIMITS.requestIdMaxChars,
    session_hours: deps.config.pub.guestSessionHours,
  };
}

/** GET /api/pub/human-session: the current session (or a new one), its CSRF value, the limits and the challenge setup. */
export async function openGuestSession(deps: LibDeps, input: { token: string | null; network: string }) {
  const now = deps.clock.now();
  const q = createPubGuestsQueries(deps.db);
  let token = input.token;
  let session = token ? await q.session(hash(token), now) : null;
  if (!session) {
    token = randomBytes(32).toString('base64url');
    session = await q.insertSession(hash(token), input.network, now, new Date(now.getTime() + deps.config.pub.guestSessionHours * HOUR));
  }
  return { token: token!, session, body: { csrf: csrfFor(token!), expires_at: session.expires_at, limits: guestLimits(deps), challenge: CHALLENGE } };
}

/** The origins a guest write may come from: the site and the service. */
export function allowedOrigins(deps: LibDeps): string[] {
  return [...new Set([new URL(deps.config.siteUrl).origin, new URL(deps.config.baseUrl).origin])];
}

/**
 * A guest request: the cookie's live session, the matching CSRF header and a same-origin check.
 * Writes need `Origin`; reads check it when a browser sends it (and `Sec-Fetch-Site` when present).
 */
export async function guestSession(deps: LibDeps, input: { token: string | null; csrf: string | null; origin: string | null; fetchSite: string | null; write: boolean }): Promise<GuestSession> {
  const origins = allowedOrigins(deps);
  if ((input.write && input.origin === null) || (input.origin !== null && !origins.includes(input.origin)) || (input.fetchSite !== null && !['same-origin', 'none'].includes(input.fetchSite))) {
    throw fail('PUB_GUEST_ORIGIN', 'Guest requests must come from the site itself.', { expected: origins[0], received: input.origin });
  }
  const session = input.token ? await createPubGuestsQueries(deps.db).session(hash(input.token), deps.clock.now()) : null;
  if (!session || !input.token) throw fail('PUB_GUEST_SESSION_REQUIRED', 'Open a guest session first: GET /api/pub/human-session.', { session_url: '/api/pub/human-session' });
  const expected = Buffer.from(csrfFor(input.token));
  const given = Buffer.from(input.csrf ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw fail('PUB_GUEST_CSRF', 'Send the `csrf` value of your session in the X-CSRF-Token header.', { header: 'X-CSRF-Token' });
  return session;
}

/** Fixed one-hour windows for the session and its network; counted inside the write's transaction. */
async function countGuest(db: Parameters<typeof createPubGuestsQueries>[0], deps: LibDeps, kind: 'comment' | 'report', session: GuestSession, now: Date) {
  const windowStart = new Date(now.getTime() - (now.getTime() % HOUR));
  const limits = guestLimits(deps);
  const checks: Array<[string, number]> =
    kind === 'comment'
      ? [[`pubguest:c:s:${session.id}`, limits.comments_per_hour], [`pubguest:c:n:${session.network}`, limits.comments_per_hour_per_network]]
      : [[`pubguest:r:s:${session.id}`, limits.reports_per_hour]];
  for (const [bucket, limit] of checks) {
    if ((await createRateCountersQueries(db).increment(bucket, windowStart)) > limit) {
      const retryAt = new Date(windowStart.getTime() + HOUR);
      throw failUntil('PUB_GUEST_RATE_LIMIT', `The guest limit of ${limit} ${kind}s per hour is used; retry at ${retryAt.toISOString()}.`, retryAt, now, { limit, scope: bucket.includes(':s:') ? 'session' : 'network' });
    }
  }
}

export function presentReceipt(c: PubComment, visible: boolean) {
  return {
    request_id: c.guest_request_id,
    comment_id: c.id,
    item_id: c.item_id,
    parent_id: c.parent_id,
    article_revision_id: c.article_revision_id,
    nickname: c.guest_nickname,
    comment: c.guest_text,
    created_at: c.created_at,
    visible_on_website: visible && c.hidden_at === null,
  };
}

/** POST /api/pub/posts/{id}/human-comments: an exact retry keeps the original; a changed payload under the same request_id conflicts. */
export async function postGuestComment(deps: LibDeps, session: GuestSession, itemId: string, input: GuestCommentInputType) {
  const { item } = await publishedWork(deps, itemId);
  const hashed = contentHash({ item: itemId, nickname: input.nickname, comment: input.comment, parent: input.parent_id ?? null, revision: input.article_revision_id ?? null });
  const now = deps.clock.now();
  const existing = await createPubCommentsQueries(deps.db).guestReceipt(session.id, input.request_id);
  if (existing) return { receipt: receiptOrConflict(existing, hashed, visibleOnWebsite(item)), replayed: true };
  assertNoSecrets({ nickname: input.nickname, comment: input.comment });
  await assertThreadRefs(deps, item, input);
  try {
    const written = await writeThenPosition(deps.db, ['pub_events'], async (tx) => {
      await countGuest(tx, deps, 'comment', session, now);
      const inserted = await createPubCommentsQueries(tx).insertGuest({
        itemId,
        parentId: input.parent_id ?? null,
        revisionId: input.article_revision_id ?? null,
        sessionId: session.id,
        nickname: input.nickname,
        text: input.comment,
        requestId: input.request_id,
        requestHash: hashed,
        now,
      });
      await createPubRecordsQueries(tx).event({ kind: 'guest_comment', itemId, commentId: inserted.id, actorId: null, now });
      return inserted;
    });
    const row = await positioned(deps.db, 'pub_comments', written);
    return { receipt: presentReceipt(row, visibleOnWebsite(item)), replayed: false };
  } catch (error) {
    // Two tabs sending the same request at once: the unique index keeps one; the other reads it back.
    if (!(error instanceof UniqueIntegrityConstraintViolationError)) throw error;
    const winner = await createPubCommentsQueries(deps.db).guestReceipt(session.id, input.request_id);
    if (!winner) throw error;
    return { receipt: receiptOrConflict(winner, hashed, visibleOnWebsite(item)), replayed: true };
  }
}

function receiptOrConflict(stored: PubComment, hashed: string, visible: boolean) {
  if (stored.request_hash !== hashed) {
    throw fail('PUB_REQUEST_ID_CONFLICT', 'This request_id was already used in this session with a different comment; use a fresh request_id.', { request_id: stored.guest_request_id });
  }
  return presentReceipt(stored, visible);
}

/** GET /api/pub/human-comments/lookup: a lost response, recovered within the same session only. */
export async function lookupGuestComment(deps: LibDeps, session: GuestSession, requestId: string) {
  const row = await createPubCommentsQueries(deps.db).guestReceipt(session.id, requestId);
  if (!row) throw fail('NOT_FOUND', 'No comment under that request_id in this session.');
  const item = await createPubItemsQueries(deps.db).item(row.item_id);
  return { receipt: presentReceipt(row, item !== null && visibleOnWebsite(item)) };
}

/** POST /api/pub/reports: stored for an operator; filing removes nothing by itself. */
export async function fileReport(deps: LibDeps, session: GuestSession, input: { target_kind: 'post' | 'comment'; target_id: string; reason: string }) {
  const now = deps.clock.now();
  if (input.target_kind === 'post') await publishedWork(deps, input.target_id);
  else {
    const comment = await createPubCommentsQueries(deps.db).comment(input.target_id);
    if (!comment) throw fail('NOT_FOUND', 'No comment with that id.');
    await publishedWork(deps, comment.item_id);
    if (!(await createPubCommentsQueries(deps.db).isVisible(comment.item_id, comment.id))) throw fail('NOT_FOUND', 'No comment with that id.');
  }
  assertNoSecrets({ reason: input.reason });
  const report = await deps.db.transaction(async (tx) => {
    await countGuest(tx, deps, 'report', session, now);
    return createPubGuestsQueries(tx).insertReport({ sessionId: session.id, targetKind: input.target_kind, targetId: input.target_id, reason: input.reason, now });
  });
  return { report_id: report.id, status: 'received', created_at: report.created_at, removes_content: false, note: 'Filing a report removes nothing by itself; an operator reviews it.' };
}
