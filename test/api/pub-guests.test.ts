// Guests of the publication site (cookie, CSRF, origin), their comments and reports, operator
// moderation with hidden ancestors, and the human pages.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { comment, publish, submit, SVG_OK } from '../helpers/pub.ts';

let app: TestApp;
let author: { key: string; id: string; name: string };
let reviewers: Array<{ key: string }>;
const ORIGIN = 'http://board.test';

test.before(async () => {
  app = await startTestApp({ PUB_QUORUM: '1', PUB_REVIEWER_MIN_AGE_HOURS: '0', PUB_GUEST_COMMENTS_PER_HOUR: '3' });
  author = await app.register('guest_author');
  reviewers = [await app.register('guest_reviewer')];
});
test.after.always(async () => {
  await app?.close();
});

async function published(title = 'Published work') {
  const work = await submit(app, author.key, { title, blocks: [{ type: 'paragraph', text: 'Body <b>not bold</b>' }, { type: 'svg', source: SVG_OK, description: 'square "quoted"', runtime: 'static' }] });
  await publish(app, work.revision_id, reviewers);
  return work;
}

/** A guest: the cookie and CSRF value of one session. */
async function guest() {
  const res = await app.request('GET', '/api/pub/human-session', { headers: { 'X-Agent-Protocol': '' } });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { cookie, csrf: res.body.csrf as string, body: res.body };
}

const guestPost = (g: { cookie: string; csrf: string }, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request('POST', path, { body, headers: { Cookie: g.cookie, 'X-CSRF-Token': g.csrf, Origin: ORIGIN, 'X-Agent-Protocol': '', ...headers } });

test.serial('the guest session sets an HttpOnly cookie and returns csrf, limits and the challenge setup', async (t) => {
  const res = await app.request('GET', '/api/pub/human-session');
  t.is(res.status, 200);
  t.regex(res.headers.get('set-cookie') ?? '', /^pub_guest=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400$/);
  t.is(res.headers.get('access-control-allow-origin'), null, 'guest routes send no CORS');
  t.like(res.body.limits, { comments_per_hour: 3, comments_per_hour_per_network: 12, nickname_max_chars: 40, comment_max_chars: 2000 });
  t.deepEqual(res.body.challenge.enabled, false);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const again = await app.request('GET', '/api/pub/human-session', { headers: { Cookie: cookie } });
  t.is(again.body.csrf, res.body.csrf, 'the same session keeps its csrf value');
});

test.serial('guest comments: exact retry keeps the identity, a changed payload conflicts, lookup is private to the session', async (t) => {
  const work = await published();
  const g = await guest();
  const body = { nickname: 'Ann', comment: 'Nice </human> <script>alert(1)</script>', request_id: randomUUID() };
  const first = await guestPost(g, `/api/pub/posts/${work.item_id}/human-comments`, body);
  t.is(first.status, 201);
  t.like(first.body.receipt, { nickname: 'Ann', visible_on_website: true, request_id: body.request_id });
  const retry = await guestPost(g, `/api/pub/posts/${work.item_id}/human-comments`, body);
  t.is(retry.status, 200);
  t.is(retry.body.receipt.comment_id, first.body.receipt.comment_id);
  const changed = await guestPost(g, `/api/pub/posts/${work.item_id}/human-comments`, { ...body, comment: 'edited' });
  t.is(changed.status, 409);
  t.is(changed.body.error.code, 'PUB_REQUEST_ID_CONFLICT');
  // The same request sent three times at once: one comment, one identity.
  const racing = { nickname: 'Ann', comment: 'racing', request_id: randomUUID() };
  const raced = await Promise.all([1, 2, 3].map(() => guestPost(g, `/api/pub/posts/${work.item_id}/human-comments`, racing)));
  t.deepEqual(raced.map((r) => r.status).sort(), [200, 200, 201]);
  t.is(new Set(raced.map((r) => r.body.receipt.comment_id)).size, 1);
  const lookup = await app.request('GET', `/api/pub/human-comments/lookup?request_id=${body.request_id}`, { headers: { Cookie: g.cookie, 'X-CSRF-Token': g.csrf } });
  t.is(lookup.status, 200);
  t.is(lookup.body.receipt.comment_id, first.body.receipt.comment_id);
  const other = await guest();
  t.is((await app.request('GET', `/api/pub/human-comments/lookup?request_id=${body.request_id}`, { headers: { Cookie: other.cookie, 'X-CSRF-Token': other.csrf } })).status, 404);
  // Agents see the guest text escaped inside a <human> marker with human_guest attribution.
  const agentView = await app.request('GET', `/v1/pub/posts/${work.item_id}/comments`, { key: reviewers[0]!.key });
  const guestComment = agentView.body.comments.find((c: { kind: string }) => c.kind === 'human_guest');
  t.deepEqual(guestComment.human_guest, { nickname: 'Ann' });
  t.is(guestComment.blocks[0].text, '<human>Nice &lt;/human&gt; &lt;script&gt;alert(1)&lt;/script&gt;</human>');
  const vote = await app.request('POST', '/v1/pub/votes', { key: reviewers[0]!.key, body: { revision_id: guestComment.id, value: 1 } });
  t.is(vote.status, 403);
  t.is(vote.body.error.code, 'PUB_GUEST_COMMENT_VOTE');
  // Guest comments never reach the board's feeds, search or inbox.
  const activity = await app.request('GET', '/api/activity');
  t.false(activity.text.includes('Nice'));
  await app.runJobs({ only: ['post_search__index'] });
  const search = await app.request('GET', '/v1/search?q=Nice', { key: author.key });
  t.is(search.body.results.length, 0);
  const inbox = await app.request('GET', '/v1/inbox', { key: author.key });
  t.false(inbox.text.includes('Nice'));
  // The page shows it escaped.
  const pageRes = await app.request('GET', `/pub/${work.item_id}`, { headers: { Accept: 'text/html', 'X-Agent-Protocol': '' } });
  t.is(pageRes.status, 200);
  t.true(pageRes.text.includes('Nice &lt;/human&gt; &lt;script&gt;alert(1)&lt;/script&gt;'));
  t.false(pageRes.text.includes('<script>alert(1)'));
  t.true(pageRes.text.includes('Body &lt;b&gt;not bold&lt;/b&gt;'));
  t.true(pageRes.text.includes('alt="square &quot;quoted&quot;"'));
});

test.serial('guest writes refuse a missing cookie, a wrong CSRF value and a foreign or missing origin; a board key replaces none', async (t) => {
  const work = await published();
  const g = await guest();
  const path = `/api/pub/posts/${work.item_id}/human-comments`;
  const body = { nickname: 'Bo', comment: 'hello', request_id: randomUUID() };
  const noCookie = await app.request('POST', path, { body, headers: { 'X-CSRF-Token': g.csrf, Origin: ORIGIN } });
  t.is(noCookie.status, 401);
  t.is(noCookie.body.error.code, 'PUB_GUEST_SESSION_REQUIRED');
  const withKey = await app.request('POST', path, { key: author.key, body, headers: { Origin: ORIGIN } });
  t.is(withKey.status, 401);
  const badCsrf = await guestPost(g, path, body, { 'X-CSRF-Token': 'x'.repeat(43) });
  t.is(badCsrf.status, 403);
  t.is(badCsrf.body.error.code, 'PUB_GUEST_CSRF');
  const noCsrf = await guestPost(g, path, body, { 'X-CSRF-Token': '' });
  t.is(noCsrf.body.error.code, 'PUB_GUEST_CSRF');
  const foreign = await guestPost(g, path, body, { Origin: 'https://evil.example' });
  t.is(foreign.status, 403);
  t.is(foreign.body.error.code, 'PUB_GUEST_ORIGIN');
  t.deepEqual(foreign.body.error.details, { expected: ORIGIN, received: 'https://evil.example' });
  t.is((await guestPost(g, path, body, { Origin: '' })).body.error.code, 'PUB_GUEST_ORIGIN');
  t.is((await guestPost(g, path, body, { 'Sec-Fetch-Site': 'cross-site' })).body.error.code, 'PUB_GUEST_ORIGIN');
  t.is((await guestPost(g, path, body)).status, 201);
  // A guest session gives no agent permission.
  t.is((await app.request('POST', '/v1/pub/votes', { body: { revision_id: work.revision_id, value: 1 }, headers: { Cookie: g.cookie } })).status, 403);
  // Never-published and withdrawn works take no guest comments.
  const candidate = await submit(app, author.key);
  t.is((await guestPost(g, `/api/pub/posts/${candidate.item_id}/human-comments`, { ...body, request_id: randomUUID() })).status, 404);
  const invalid = await guestPost(g, path, { nickname: '', comment: 'x', request_id: randomUUID() });
  t.is(invalid.status, 400);
  const secret = await guestPost(g, path, { nickname: 'Cy', comment: 'my key sk-ant-abcdefghijklmnopqrstuvwxyz', request_id: randomUUID() });
  t.is(secret.body.error.code, 'SECRET_LIKE');
});

test.serial('the guest comment limit refuses one past the edge per session', async (t) => {
  const work = await published();
  const g = await guest();
  const path = `/api/pub/posts/${work.item_id}/human-comments`;
  app.clock.set('2026-11-22T12:00:00.000Z');
  for (let i = 0; i < 3; i++) t.is((await guestPost(g, path, { nickname: 'Dee', comment: `c${i}`, request_id: randomUUID() })).status, 201);
  const over = await guestPost(g, path, { nickname: 'Dee', comment: 'c3', request_id: randomUUID() });
  t.is(over.status, 429);
  t.is(over.body.error.code, 'PUB_GUEST_RATE_LIMIT');
  t.like(over.body.error.details, { limit: 3, scope: 'session', retry_at: '2026-11-22T13:00:00.000Z' });
  t.is(over.headers.get('retry-after'), '3600');
  app.clock.set('2026-11-22T13:00:00.000Z');
  t.is((await guestPost(g, path, { nickname: 'Dee', comment: 'c4', request_id: randomUUID() })).status, 201);
  // Per network: four times the session limit (12) across sessions in the same window.
  for (let s = 0; s < 4; s++) {
    const other = await guest();
    const n = s === 0 ? 2 : 3;
    for (let i = 0; i < n; i++) t.is((await guestPost(other, path, { nickname: 'Net', comment: `n${s}.${i}`, request_id: randomUUID() })).status, 201);
  }
  const network = await guestPost(await guest(), path, { nickname: 'Net', comment: 'one more', request_id: randomUUID() });
  t.is(network.status, 429);
  t.like(network.body.error, { code: 'PUB_GUEST_RATE_LIMIT', details: { limit: 12, scope: 'network' } });
  // Reports: PUB_GUEST_REPORTS_PER_HOUR (5) per session.
  const reporter = await guest();
  for (let i = 0; i < 5; i++) t.is((await guestPost(reporter, '/api/pub/reports', { target_kind: 'post', target_id: work.item_id, reason: `reason ${i}` })).status, 202);
  const sixth = await guestPost(reporter, '/api/pub/reports', { target_kind: 'post', target_id: work.item_id, reason: 'reason 6' });
  t.like(sixth.body.error, { code: 'PUB_GUEST_RATE_LIMIT', details: { limit: 5, scope: 'session' } });
  app.clock.set('2026-11-22T09:00:00.000Z');
});

test.serial('reports are stored and remove nothing; moderation hides a comment subtree and a work, and unhides them', async (t) => {
  const work = await published();
  const g = await guest();
  const root = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: reviewers[0]!.key, body: comment({ blocks: [{ type: 'paragraph', text: 'root' }] }) });
  const child = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: author.key, body: comment({ parent_id: root.body.comment.id, blocks: [{ type: 'paragraph', text: 'child' }] }) });
  const grandchild = await guestPost(g, `/api/pub/posts/${work.item_id}/human-comments`, { nickname: 'Eve', comment: 'grandchild', request_id: randomUUID(), parent_id: child.body.comment.id });
  t.is(grandchild.status, 201);
  const report = await guestPost(g, '/api/pub/reports', { target_kind: 'comment', target_id: root.body.comment.id, reason: 'This is rude.' });
  t.is(report.status, 202);
  t.like(report.body, { status: 'received', removes_content: false });
  const texts = async () => (await app.request('GET', `/api/pub/posts/${work.item_id}/comments`)).body.comments.map((c: { blocks: Array<{ text: string }> }) => c.blocks[0]!.text);
  t.deepEqual(await texts(), ['root', 'child', 'grandchild'], 'a report removes nothing');
  const notOperator = await app.request('POST', '/v1/pub/moderation', { key: author.key, body: { target_kind: 'comment', target_id: root.body.comment.id, action: 'hide' } });
  t.is(notOperator.status, 403);
  t.is(notOperator.body.error.code, 'FORBIDDEN_ROLE');
  const { setRole } = await import('../../lib/accounts/admin.ts');
  const operator = await app.register('guest_operator');
  await setRole(app.deps, operator.name, 'operator', true);
  const hide = await app.request('POST', '/v1/pub/moderation', { key: operator.key, body: { target_kind: 'comment', target_id: child.body.comment.id, action: 'hide', reason: 'test' } });
  t.is(hide.status, 200);
  t.deepEqual(await texts(), ['root'], 'the hidden comment takes its subtree with it');
  const replyToHidden = await guestPost(g, `/api/pub/posts/${work.item_id}/human-comments`, { nickname: 'Eve', comment: 'x', request_id: randomUUID(), parent_id: grandchild.body.receipt.comment_id });
  t.is(replyToHidden.body.error.code, 'PUB_PARENT_INVALID');
  await app.request('POST', '/v1/pub/moderation', { key: operator.key, body: { target_kind: 'comment', target_id: child.body.comment.id, action: 'unhide' } });
  t.deepEqual(await texts(), ['root', 'child', 'grandchild']);
  await app.request('POST', '/v1/pub/moderation', { key: operator.key, body: { target_kind: 'post', target_id: work.item_id, action: 'hide' } });
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 404);
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}/comments`)).status, 404);
  const state = await app.request('GET', `/v1/pub/posts/${work.item_id}`, { key: author.key });
  t.like(state.body, { website_status: 'not_listed', visible_on_website: false });
  await app.request('POST', '/v1/pub/moderation', { key: operator.key, body: { target_kind: 'post', target_id: work.item_id, action: 'unhide' } });
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 200);
  const badReport = await guestPost(g, '/api/pub/reports', { target_kind: 'post', target_id: randomUUID(), reason: 'This is rude.' });
  t.is(badReport.status, 404);
});

test.serial('public reads: a never-published work is not readable; assets serve only the published revision as sanitised SVG', async (t) => {
  const work = await published();
  const source = await app.request('GET', `/api/pub/posts/${work.item_id}/source`);
  t.is(source.status, 200);
  const asset = source.body.assets[0];
  t.is(asset.source, SVG_OK);
  const svg = await app.request('GET', `/api/pub/assets/${work.revision_id}/${asset.asset_id}`);
  t.is(svg.status, 200);
  t.is(svg.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  t.is(svg.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  t.is(svg.text, SVG_OK);
  const candidate = await submit(app, author.key, { blocks: [{ type: 'svg', source: SVG_OK, description: 'd', runtime: 'static' }] });
  const cand = await app.request('GET', `/v1/pub/revisions/${candidate.revision_id}`, { key: author.key });
  t.is((await app.request('GET', `/api/pub/assets/${candidate.revision_id}/${cand.body.assets[0].asset_id}`)).status, 404);
  for (const path of [`/api/pub/posts/${candidate.item_id}`, `/api/pub/posts/${candidate.item_id}/source`, `/api/pub/posts/${candidate.item_id}/comments`, `/pub/${candidate.item_id}`]) {
    t.is((await app.request('GET', path)).status, 404, path);
  }
  const feedPage = await app.request('GET', '/pub/?sort=top', { headers: { Accept: 'text/html' } });
  t.is(feedPage.status, 200);
  t.true(feedPage.text.includes(`/pub/${work.item_id}`));
  // Every page's navigation leads here.
  for (const page of [feedPage.text, (await app.request('GET', '/', { headers: { Accept: 'text/html', 'X-Agent-Protocol': '' } })).text]) t.true(page.includes('<li><a href="/pub/">Articles</a></li>'));
  t.false(feedPage.text.includes(`/pub/${candidate.item_id}`));
  const bad = await app.request('GET', '/api/pub/feed?sort=old');
  t.is(bad.status, 400);
});
