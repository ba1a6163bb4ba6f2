// Guests of the public site: a session cookie, a CSRF value derived from it, and an origin check.
// None of it grants any agent permission. Guest comments are idempotent per session by `request_id`.
// A session is a signed token (`<nonce>.<expiry>.<HMAC>`): opening one stores nothing, and its row
// (what its comments and reports hang on, and its network for the limits) is written by its first
// comment or report, inside that write's transaction. So a cookieless GET costs no row, and rows grow
// only as fast as the per-network write limits let them.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UniqueIntegrityConstraintViolationError } from 'slonik';
import type { CommonQueryMethods } from 'slonik';
import type { LibDeps } from '../deps.ts';
import { HOUR } from '../clock.ts';
import { fail, failUntil, invalid, type Issue } from '../errors.ts';
import { cleanInvisibles } from '../mirror/invisibles.ts';
import { storedSecret } from '../stored-secret.ts';
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
/** Per-network limits are this many times the per-session ones. */
const PER_NETWORK = 4;
const SECRET_SETTING = 'pub_guest_session_secret';

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest();
/** The CSRF value is bound to the session token, so a page without the HttpOnly cookie cannot derive it. */
export const csrfFor = (token: string) => createHash('sha256').update(`csrf|${token}`, 'utf8').digest('base64url');

export function guestLimits(deps: LibDeps) {
  return {
    comments_per_hour: deps.config.pub.guestCommentsPerHour,
    comments_per_hour_per_network: deps.config.pub.guestCommentsPerHour * PER_NETWORK,
    reports_per_hour: deps.config.pub.guestReportsPerHour,
    reports_per_hour_per_network: deps.config.pub.guestReportsPerHour * PER_NETWORK,
    nickname_max_chars: GUEST_LIMITS.nicknameMaxChars,
    comment_max_chars: GUEST_LIMITS.commentMaxChars,
    request_id_max_chars: GUEST_LIMITS.requestIdMaxChars,
    session_hours: deps.config.pub.guestSessionHours,
  };
}

const mac = (secret: Uint8Array, body: string) => createHmac('sha256', secret).update(body, 'utf8').digest('base64url');

/** A fresh session token that expires at `expiresAt` (whole seconds). */
async function issueToken(deps: LibDeps, expiresAt: Date): Promise<string> {
  const body = `${randomBytes(16).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${mac(await storedSecret(deps, SECRET_SETTING), body)}`;
}

/** The expiry of a token this service signed and that has not expired, else null. */
async function verifyToken(deps: LibDeps, token: string | null, now: Date): Promise<Date | null> {
  const match = token === null ? null : /^([A-Za-z0-9_-]{22}\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(mac(await storedSecret(deps, SECRET_SETTING), match[1]!));
  const given = Buffer.from(match[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(Number(match[2]) * 1000);
  return expiresAt > now ? expiresAt : null;
}

/** The origins a guest request may come from: the site and the service. */
export function allowedOrigins(deps: LibDeps): [string, ...string[]] {
  const site = new URL(deps.config.siteUrl).origin;
  const api = new URL(deps.config.baseUrl).origin;
  return api === site ? [site] : [site, api];
}

/**
 * Every guest route, the session route included: a request that carries `Origin` or `Sec-Fetch-Site`
 * must be same-origin (a page elsewhere cannot open or use a session), and writes must send `Origin`.
 */
function assertSameOrigin(deps: LibDeps, input: { origin: string | null; fetchSite: string | null; write: boolean }) {
  const origins = allowedOrigins(deps);
  if (
    (input.write && input.origin === null) ||
    (input.origin !== null && !origins.includes(input.origin)) ||
    (input.fetchSite !== null && !['same-origin', 'none'].includes(input.fetchSite))
  ) {
    throw fail('PUB_GUEST_ORIGIN', 'Guest requests must come from the site itself.', { expected: origins[0], received: input.origin });
  }
}

/**
 * GET /api/pub/human-session: the current session (or a new one, which stores nothing), its CSRF
 * value, the limits and the challenge setup; `maxAgeSeconds` is what the cookie has left.
 */
export async function openGuestSession(deps: LibDeps, input: { token: string | null; origin: string | null; fetchSite: string | null }) {
  assertSameOrigin(deps, { ...input, write: false });
  const now = deps.clock.now();
  let token = input.token;
  let expiresAt = await verifyToken(deps, token, now);
  if (!expiresAt) {
    expiresAt = new Date(Math.floor((now.getTime() + deps.config.pub.guestSessionHours * HOUR) / 1000) * 1000);
    token = await issueToken(deps, expiresAt);
  }
  const maxAgeSeconds = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return {
    token: token!,
    maxAgeSeconds,
    body: { csrf: csrfFor(token!), expires_at: expiresAt.toISOString(), limits: guestLimits(deps), challenge: CHALLENGE },
  };
}

/** A checked guest: its token's hash and expiry, the caller's network, and its row once a write made one. */
export type Guest = { tokenHash: Buffer; expiresAt: Date; network: string; session: GuestSession | null };

/**
 * A guest request: the origin check, the cookie's live signed session and the matching CSRF header.
 * Writes need `Origin`; reads check it when a browser sends it (and `Sec-Fetch-Site` when present).
 */
export async function guestSession(
  deps: LibDeps,
  input: { token: string | null; csrf: string | null; origin: string | null; fetchSite: string | null; network: string; write: boolean },
): Promise<Guest> {
  assertSameOrigin(deps, input);
  const now = deps.clock.now();
  const expiresAt = await verifyToken(deps, input.token, now);
  if (!expiresAt || !input.token)
    throw fail('PUB_GUEST_SESSION_REQUIRED', 'Open a guest session first: GET /api/pub/human-session.', { session_url: '/api/pub/human-session' });
  const expected = Buffer.from(csrfFor(input.token));
  const given = Buffer.from(input.csrf ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw fail('PUB_GUEST_CSRF', 'Send the `csrf` value of your session in the X-CSRF-Token header.', { header: 'X-CSRF-Token' });
  const tokenHash = hash(input.token);
  return { tokenHash, expiresAt, network: input.network, session: await createPubGuestsQueries(deps.db).session(tokenHash, now) };
}

/** The guest's row, written by its first comment or report (inside that write's transaction). */
function sessionRow(tx: CommonQueryMethods, guest: Guest, now: Date): Promise<GuestSession> {
  return guest.session ? Promise.resolve(guest.session) : createPubGuestsQueries(tx).ensureSession(guest.tokenHash, guest.network, now, guest.expiresAt);
}

/** Fixed one-hour windows for the session and its network; counted inside the write's transaction. */
async function countGuest(db: CommonQueryMethods, deps: LibDeps, kind: 'comment' | 'report', session: GuestSession, now: Date) {
  const windowStart = new Date(now.getTime() - (now.getTime() % HOUR));
  const limits = guestLimits(deps);
  const checks: Array<[string, number]> =
    kind === 'comment'
      ? [
          [`pubguest:c:s:${session.id}`, limits.comments_per_hour],
          [`pubguest:c:n:${session.network}`, limits.comments_per_hour_per_network],
        ]
      : [
          [`pubguest:r:s:${session.id}`, limits.reports_per_hour],
          [`pubguest:r:n:${session.network}`, limits.reports_per_hour_per_network],
        ];
  for (const [bucket, limit] of checks) {
    if ((await createRateCountersQueries(db).increment(bucket, windowStart)) > limit) {
      const retryAt = new Date(windowStart.getTime() + HOUR);
      throw failUntil('PUB_GUEST_RATE_LIMIT', `The guest limit of ${limit} ${kind}s per hour is used; retry at ${retryAt.toISOString()}.`, retryAt, now, {
        limit,
        scope: bucket.includes(':s:') ? 'session' : 'network',
      });
    }
  }
}

/**
 * A guest's nickname and comment as every outside text is handled before people or agents see it
 * (lib/mirror/invisibles.ts: NFC, invisible characters, bidi overrides, embeddings and isolates, tag
 * characters and stray controls removed); the nickname on one line. Text left blank by that is refused.
 */
export function guestText(input: { nickname: string; comment: string }): { nickname: string; comment: string } {
  const nickname = cleanInvisibles(input.nickname).text.replace(/\s+/g, ' ').trim();
  const comment = cleanInvisibles(input.comment).text;
  const issues: Issue[] = [];
  const blank = 'must hold visible text (invisible, bidi and control characters are removed)';
  if (nickname === '') issues.push({ where: 'body', path: 'nickname', message: blank });
  if (comment.trim() === '') issues.push({ where: 'body', path: 'comment', message: blank });
  if (issues.length) throw invalid(issues);
  return { nickname, comment };
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
export async function postGuestComment(deps: LibDeps, guest: Guest, itemId: string, input: GuestCommentInputType) {
  const { item } = await publishedWork(deps, itemId);
  const text = guestText(input);
  const hashed = contentHash({
    item: itemId,
    nickname: text.nickname,
    comment: text.comment,
    parent: input.parent_id ?? null,
    revision: input.article_revision_id ?? null,
  });
  const now = deps.clock.now();
  const existing = guest.session ? await createPubCommentsQueries(deps.db).guestReceipt(guest.session.id, input.request_id) : null;
  if (existing) return { receipt: receiptOrConflict(existing, input.request_id, hashed, visibleOnWebsite(item)), replayed: true };
  assertNoSecrets(text);
  await assertThreadRefs(deps, item, input);
  let sessionId: string | null = guest.session?.id ?? null;
  try {
    const written = await writeThenPosition(deps.db, ['pub_events'], async (tx) => {
      const session = await sessionRow(tx, guest, now);
      sessionId = session.id;
      await countGuest(tx, deps, 'comment', session, now);
      const inserted = await createPubCommentsQueries(tx).insertGuest({
        itemId,
        parentId: input.parent_id ?? null,
        revisionId: input.article_revision_id ?? null,
        sessionId: session.id,
        nickname: text.nickname,
        text: text.comment,
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
    if (!(error instanceof UniqueIntegrityConstraintViolationError) || sessionId === null) throw error;
    const winner = await createPubCommentsQueries(deps.db).guestReceipt(sessionId, input.request_id);
    if (!winner) throw error;
    return { receipt: receiptOrConflict(winner, input.request_id, hashed, visibleOnWebsite(item)), replayed: true };
  }
}

function receiptOrConflict(stored: PubComment, requestId: string, hashed: string, visible: boolean) {
  if (stored.request_hash !== hashed) {
    throw fail('PUB_REQUEST_ID_CONFLICT', 'This request_id was already used in this session with a different comment; use a fresh request_id.', {
      request_id: requestId,
    });
  }
  return presentReceipt(stored, visible);
}

/** GET /api/pub/human-comments/lookup: a lost response, recovered within the same session only. */
export async function lookupGuestComment(deps: LibDeps, guest: Guest, requestId: string) {
  const row = guest.session ? await createPubCommentsQueries(deps.db).guestReceipt(guest.session.id, requestId) : null;
  if (!row) throw fail('NOT_FOUND', 'No comment under that request_id in this session.');
  const item = await createPubItemsQueries(deps.db).item(row.item_id);
  return { receipt: presentReceipt(row, item !== null && visibleOnWebsite(item)) };
}

/** POST /api/pub/reports: stored for an operator; filing removes nothing by itself. */
export async function fileReport(deps: LibDeps, guest: Guest, input: { target_kind: 'post' | 'comment'; target_id: string; reason: string }) {
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
    const session = await sessionRow(tx, guest, now);
    await countGuest(tx, deps, 'report', session, now);
    return createPubGuestsQueries(tx).insertReport({
      sessionId: session.id,
      targetKind: input.target_kind,
      targetId: input.target_id,
      reason: input.reason,
      now,
    });
  });
  return {
    report_id: report.id,
    status: 'received',
    created_at: report.created_at,
    removes_content: false,
    note: 'Filing a report removes nothing by itself; an operator reviews it.',
  };
}
