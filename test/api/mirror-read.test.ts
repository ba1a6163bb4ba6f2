// The mirror's read routes and link marker through the real API: newest-first pages with their own
// cursor sequence walked to the end both ways, conversations capped at 50 with is_complete, the
// link rules, the wanted list, the continuity counts, content_is_untrusted on every response, the
// stored original never served, and mirrored posts never in the work feed, search or inbox.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { encodeCursor } from '../../lib/cursor.ts';
import { mirrorCountsFor } from '../../lib/mirror/counts.ts';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/app.ts';
import { queuedJobs } from '../helpers/jobs.ts';
import { fetcher, mirror, postId, xItem, type Fetcher } from '../helpers/mirror.ts';

let app: TestApp;
let f: Fetcher;
let agent: { key: string; id: string; name: string };
let authorSeq = 100_000;
const MARKER = 'ORIGINAL_ONLY_MARKER';

test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
  f = await fetcher(app);
  agent = await app.register();
});
test.after.always(async () => {
  await app?.close();
});

/** A fresh external account per post, so the intake cap never interferes. */
const item = (o: Parameters<typeof xItem>[0] = {}) => xItem({ authorId: String(authorSeq++), extra: { public_metrics: { note: MARKER } }, ...o });

const get = (path: string, key = agent.key) => app.request('GET', path, { key });

function untrusted(t: { true: (v: boolean, m?: string) => void; false: (v: boolean, m?: string) => void }, res: TestResponse) {
  t.true(res.body.content_is_untrusted === true, `content_is_untrusted on ${res.text.slice(0, 80)}`);
  t.false(res.text.includes(MARKER), 'the original is never served');
  t.false(res.text.includes('"original'), 'no original field');
}

async function walkBefore(path: string, limit: number) {
  const ids: string[] = [];
  let res = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}`);
  for (let guard = 0; guard < 100; guard++) {
    ids.push(...res.body.posts.map((p: { id: string }) => p.id));
    if (res.body.next_before === null) break;
    res = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&before=${res.body.next_before}`);
  }
  return ids;
}

async function walkAfter(path: string, limit: number, from: string) {
  const ids: string[] = [];
  let cursor = from;
  let newest: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const res = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&after=${cursor}`);
    // Each page is displayed newest first; the walk goes forward page by page.
    ids.push(...res.body.posts.map((p: { id: string }) => p.id).reverse());
    newest = res.body.newest_cursor ?? newest;
    if (res.body.next_after === null) break;
    cursor = res.body.next_after;
  }
  return { ids, newest };
}

test.serial('GET /v1/x: newest first, cursors walked to the end both ways, kind filter, limits', async (t) => {
  const kinds = ['talk', 'mention', 'reply', 'ours'] as const;
  const ids = await mirror(
    app,
    f,
    Array.from({ length: 23 }, (_, i) => item({ kind: kinds[i % 4] })),
  );
  const newestFirst = [...ids].reverse();

  const first = await get('/v1/x');
  t.is(first.status, 200, first.text);
  untrusted(t, first);
  t.is(first.body.posts.length, 10);
  t.deepEqual(
    first.body.posts.map((p: { id: string }) => p.id),
    newestFirst.slice(0, 10),
  );
  t.is(first.body.next_after, null);
  t.truthy(first.body.next_before);
  t.truthy(first.body.newest_cursor);

  t.deepEqual(await walkBefore('/v1/x', 4), newestFirst);
  const forward = await walkAfter('/v1/x', 4, encodeCursor('mirror', 0));
  t.deepEqual(forward.ids, ids);
  // The last page of a backward walk and of a forward walk say so.
  const last = await get(`/v1/x?limit=30`);
  t.is(last.body.posts.length, 23);
  t.is(last.body.next_before, null);
  t.is(last.body.next_after, null);

  // Polling forward from newest_cursor: nothing, then exactly the posts that arrived since.
  const empty = await get(`/v1/x?after=${forward.newest}`);
  t.deepEqual(empty.body.posts, []);
  t.is(empty.body.newest_cursor, null);
  t.is(empty.body.next_after, null);
  const later = await mirror(app, f, [item(), item()]);
  const polled = await walkAfter('/v1/x', 1, forward.newest!);
  t.deepEqual(polled.ids, later);

  // kind filter (one or several), walked to the end.
  const mentions = [...ids.filter((_, i) => i % 4 === 1), ...later].reverse();
  t.deepEqual(await walkBefore('/v1/x?kind=mention', 2), mentions);
  const mixed = await get('/v1/x?kind=ours,reply&limit=30');
  t.deepEqual(
    mixed.body.posts.map((p: { kind: string }) => p.kind).sort(),
    ids
      .filter((_, i) => i % 4 >= 2)
      .map((_, i) => (i % 2 === 0 ? 'reply' : 'ours'))
      .sort(),
  );

  // Limits and refusals.
  t.is((await get('/v1/x?limit=30')).status, 200);
  t.is((await get('/v1/x?limit=1')).body.posts.length, 1);
  for (const bad of ['limit=0', 'limit=31', 'limit=x', 'kind=bogus', `before=${first.body.next_before}&after=${first.body.next_before}`]) {
    const res = await get(`/v1/x?${bad}`);
    t.is(res.status, 400, bad);
    t.is(res.body.error.code, 'VALIDATION_FAILED', bad);
  }
  const foreign = await get(`/v1/x?before=${encodeCursor('posts', 5)}`);
  t.is(foreign.status, 400);
  t.is(foreign.body.error.code, 'INVALID_CURSOR');
  // A mirror cursor is refused by the board's own lists.
  t.is((await get(`/v1/posts?before=${first.body.next_before}`)).body.error.code, 'INVALID_CURSOR');
  t.is((await app.request('GET', '/v1/x')).status, 401);
});

test.serial('GET /v1/x/{id}: the post and its conversation oldest first, with is_complete', async (t) => {
  const root = postId();
  const r1 = postId();
  const r2 = postId();
  const at = (m: number) => `2026-11-21T10:${String(m).padStart(2, '0')}:00.000Z`;
  const [rootId, r1Id, r2Id] = await mirror(app, f, [
    item({ id: r2, conversationId: root, repliedTo: r1, createdAt: at(3), kind: 'reply' }),
    item({ id: root, createdAt: at(1), kind: 'ours' }),
    item({ id: r1, conversationId: root, repliedTo: root, createdAt: at(2), kind: 'reply' }),
  ]).then((ids) => [ids[1]!, ids[2]!, ids[0]!]);
  const res = await get(`/v1/x/${r2Id}`);
  t.is(res.status, 200, res.text);
  untrusted(t, res);
  t.is(res.body.post.id, r2Id);
  t.deepEqual(res.body.post.referenced_posts, [{ type: 'replied_to', external_id: r1, id: r1Id }]);
  t.deepEqual(
    res.body.conversation.map((p: { id: string }) => p.id),
    [rootId, r1Id, r2Id],
  );
  t.is(res.body.conversation_id, root);
  t.true(res.body.is_complete);
  t.is(res.body.cap, 50);

  // A stored reply not yet normalised holds the conversation back.
  const pending = postId();
  const stored = await f.ingest([item({ id: pending, conversationId: root, repliedTo: r2, createdAt: at(4) })]);
  t.is(stored.body.results[0].outcome, 'stored');
  const waiting = await get(`/v1/x/${rootId}`);
  t.false(waiting.body.is_complete);
  t.is(waiting.body.conversation.length, 3);
  await app.runJobs();
  const done = await get(`/v1/x/${rootId}`);
  t.true(done.body.is_complete);
  t.is(done.body.conversation.length, 4);

  // Without its first post, or with a post answering one the mirror never saw, it is incomplete.
  const orphanRoot = postId();
  const [orphan] = await mirror(app, f, [item({ conversationId: orphanRoot, repliedTo: orphanRoot })]);
  const o = await get(`/v1/x/${orphan}`);
  t.false(o.body.is_complete);
  t.deepEqual(o.body.post.referenced_posts, [{ type: 'replied_to', external_id: orphanRoot, id: null }]);

  t.is((await get('/v1/x/00000000-0000-4000-8000-000000000000')).status, 404);
  t.is((await get('/v1/x/not-a-uuid')).status, 404);
});

test.serial('a conversation is capped at 50: exactly 50 is complete, 51 is cut and incomplete', async (t) => {
  const root = postId();
  const chain: string[] = [root];
  const items = [item({ id: root, createdAt: '2026-11-20T00:00:00.000Z' })];
  for (let i = 1; i < 50; i++) {
    const id = postId();
    items.push(
      item({ id, conversationId: root, repliedTo: chain[i - 1]!, createdAt: new Date(Date.parse('2026-11-20T00:00:00.000Z') + i * 60_000).toISOString() }),
    );
    chain.push(id);
  }
  const ids = await mirror(app, f, items);
  const fifty = await get(`/v1/x/${ids[49]}`);
  t.is(fifty.body.conversation.length, 50);
  t.is(fifty.body.conversation_size, 50);
  t.true(fifty.body.is_complete);
  const [extra] = await mirror(app, f, [item({ conversationId: root, repliedTo: chain[49]!, createdAt: '2026-11-21T00:00:00.000Z' })]);
  const cut = await get(`/v1/x/${extra}`);
  t.is(cut.body.post.id, extra);
  t.is(cut.body.conversation.length, 50);
  t.is(cut.body.conversation_size, 51);
  t.false(cut.body.is_complete);
  t.deepEqual(
    cut.body.conversation.map((p: { id: string }) => p.id),
    ids,
  );
});

test.serial('POST /v1/x/{id}/link: own live roots only, note up to 280, one link per pair, a marker only', async (t) => {
  const [postA] = await mirror(app, f, [item({ text: 'please answer publicly' })]);
  const mine = (await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'Mirror: answer this', body: 'discussing' } })).body
    .post.id;
  const reply = (await app.request('POST', `/v1/posts/${mine}/replies`, { key: agent.key, body: { body: 'a reply' } })).body.reply.id;
  const gone = (await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'to delete', body: 'x' } })).body.post.id;
  await app.request('DELETE', `/v1/posts/${gone}`, { key: agent.key });
  const other = await app.register();
  const theirs = (await app.request('POST', '/v1/posts', { key: other.key, body: { topic: 'general', title: 'theirs', body: 'x' } })).body.post.id;
  const link = (id: string, body: unknown, key = agent.key) => app.request('POST', `/v1/x/${id}/link`, { key, body });
  const jobs = () => queuedJobs(app);
  const posts = () => app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from posts`);
  const [jobsBefore, postsBefore] = [await jobs(), await posts()];

  const created = await link(postA!, { post_id: mine, wants_public_response: true, note: 'n'.repeat(280) });
  t.is(created.status, 201, created.text);
  untrusted(t, created);
  t.true(created.body.created);
  t.true(created.body.marker_only);
  t.deepEqual(
    { ...created.body.link, created_at: 0, updated_at: 0 },
    {
      id: postA,
      post_id: mine,
      wants_public_response: true,
      note: 'n'.repeat(280),
      created_at: 0,
      updated_at: 0,
    },
  );
  app.clock.advance(60_000);
  const again = await link(postA!, { post_id: mine, wants_public_response: false, note: 'changed my mind' });
  t.is(again.status, 200);
  t.false(again.body.created);
  t.false(again.body.link.wants_public_response);
  t.is(again.body.link.note, 'changed my mind');
  t.is(again.body.link.created_at, created.body.link.created_at);
  t.not(again.body.link.updated_at, created.body.link.updated_at);
  const rows = await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from mirror_links where mirror_post_id = ${postA!}`);
  t.is(rows, 1);
  // The marker queued, drafted and published nothing.
  t.is(await jobs(), jobsBefore);
  t.is(await posts(), postsBefore);

  const tooLong = await link(postA!, { post_id: mine, wants_public_response: true, note: 'n'.repeat(281) });
  t.is(tooLong.status, 400);
  t.is(tooLong.body.error.code, 'VALIDATION_FAILED');
  // 280 characters are counted as characters, not UTF-16 units.
  t.is((await link(postA!, { post_id: mine, wants_public_response: true, note: '😀'.repeat(280) })).status, 200);
  for (const [postId, reason] of [
    [reply, 'not_a_root'],
    [gone, 'deleted'],
    [theirs, 'not_yours'],
    ['00000000-0000-4000-8000-000000000000', 'not_found'],
  ] as const) {
    const res = await link(postA!, { post_id: postId, wants_public_response: true });
    t.is(res.status, 422, reason);
    t.is(res.body.error.code, 'MIRROR_LINK_REFUSED');
    t.is(res.body.error.details.reason, reason);
  }
  const secret = await link(postA!, { post_id: mine, wants_public_response: true, note: 'key sk-ant-abcdefghijklmnopqrstuvwxyz0123' });
  t.is(secret.status, 422);
  t.is(secret.body.error.code, 'SECRET_LIKE');
  t.is((await link(postA!, { wants_public_response: true })).status, 400);
  t.is((await link(postA!, { post_id: mine, wants_public_response: 'yes' })).status, 400);
  t.is((await link('00000000-0000-4000-8000-000000000000', { post_id: mine })).status, 404);
  t.is((await app.request('POST', `/v1/x/${postA}/link`, { body: { post_id: mine } })).status, 401);
});

test.serial('GET /v1/x/wanted: marked posts on live threads, newest mark first, at most 30; counts for continuity', async (t) => {
  const before = await mirrorCountsFor(app.db, agent.id, null);
  const since = app.clock.now();
  app.clock.advance(1000);
  const ids = await mirror(
    app,
    f,
    Array.from({ length: 31 }, () => item()),
  );
  const thread = (await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'Wanted answers', body: 'x' } })).body.post.id;
  for (const id of ids) {
    app.clock.advance(1000);
    const res = await app.request('POST', `/v1/x/${id}/link`, { key: agent.key, body: { post_id: thread, wants_public_response: true, note: 'answer' } });
    t.is(res.status, 201);
  }
  const wanted = await get('/v1/x/wanted');
  t.is(wanted.status, 200, wanted.text);
  untrusted(t, wanted);
  t.is(wanted.body.posts.length, 30);
  t.is(wanted.body.cap, 30);
  t.deepEqual(
    wanted.body.posts.map((p: { id: string }) => p.id),
    [...ids].reverse().slice(0, 30),
  );
  t.deepEqual(wanted.body.posts[0].marks, [
    {
      post_id: thread,
      thread_title: 'Wanted answers',
      agent: agent.name,
      wants_public_response: true,
      note: 'answer',
      marked_at: wanted.body.posts[0].marked_at,
    },
  ]);

  const counts = await mirrorCountsFor(app.db, agent.id, since);
  t.deepEqual(counts, { new_since_last_visit: 31, wanted: before.wanted + 31 });
  t.is((await mirrorCountsFor(app.db, agent.id, null)).new_since_last_visit, before.new_since_last_visit + 31);
  t.is((await mirrorCountsFor(app.db, agent.id, app.clock.now())).new_since_last_visit, 0);

  // Unmarking takes a post off the list; deleting the thread takes off every post it marked.
  await app.request('POST', `/v1/x/${ids[30]}/link`, { key: agent.key, body: { post_id: thread, wants_public_response: false } });
  const after = await get('/v1/x/wanted');
  t.false(after.body.posts.some((p: { id: string }) => p.id === ids[30]));
  t.is((await mirrorCountsFor(app.db, agent.id, since)).wanted, before.wanted + 30);
  await app.request('DELETE', `/v1/posts/${thread}`, { key: agent.key });
  t.is((await mirrorCountsFor(app.db, agent.id, since)).wanted, before.wanted);
  t.false((await get('/v1/x/wanted')).body.posts.some((p: { id: string }) => ids.includes(p.id)));
});

test.serial('mirrored posts never appear in the work feed, search, activity or inbox', async (t) => {
  const word = 'zorblaxquint';
  await mirror(app, f, [item({ text: `@${agent.name} ${word} please reply`, kind: 'mention' }), item({ text: `${word} again`, kind: 'ours' })]);
  const listed = await get('/v1/x?limit=2');
  t.true(listed.body.posts.every((p: { text: string }) => p.text.includes(word)));
  for (const path of ['/v1/posts?limit=100', '/v1/activity?limit=100', '/v1/inbox?limit=100']) {
    const res = await get(path);
    t.is(res.status, 200, `${path} ${res.text.slice(0, 120)}`);
    t.false(res.text.includes(word), path);
  }
  // Search echoes the query; its results hold nothing (once search has indexed what there is).
  await app.runJobs({ only: ['post_search__index'] });
  const search = await get(`/v1/search?q=${word}`);
  t.is(search.status, 200);
  t.deepEqual(search.body.results, []);
  const pub = await app.request('GET', '/api/activity?limit=200');
  t.false(pub.text.includes(word));
});
