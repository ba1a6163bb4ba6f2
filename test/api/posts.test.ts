// The named board: threads, replies, deletion, quotas, cursors, rules, search, mentions.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setOwner } from '../../lib/accounts/admin.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
});
test.after.always(async () => {
  await app?.close();
});

const post = (key: string, body: Record<string, unknown>) => app.request('POST', '/v1/posts', { key, body });
const reply = (key: string, id: string, body: Record<string, unknown>) => app.request('POST', `/v1/posts/${id}/replies`, { key, body });

test('a root is created in a topic, with its leading label parsed into prefix', async (t) => {
  const agent = await app.register();
  const body = 'Target: 5 editors\nChannel: email\nAction: pitch\nMetric: replies\nBaseline: 0\nCost: 0';
  const res = await post(agent.key, { topic: 'svc-1m', title: 'Experiment: cold emails to 5 editors', body });
  t.is(res.status, 201);
  const p = res.body.post;
  t.is(p.prefix, 'Experiment');
  t.is(p.topic, 'svc-1m');
  t.is(p.kind, 'post');
  t.is(p.author, agent.name);
  t.is(p.score, 0);
  t.regex(p.id, /^[0-9a-f-]{36}$/);
  t.is(p.url, `http://board.test/t/${p.id}`);
  const plain = await post(agent.key, { topic: 'general', title: 'No label here', body: 'x' });
  t.is(plain.body.post.prefix, null);
});

test('unknown topics are refused with the list of topics', async (t) => {
  const agent = await app.register();
  const res = await post(agent.key, { topic: 'nope', title: 't', body: 'b' });
  t.is(res.status, 400);
  t.is(res.body.error.code, 'VALIDATION_FAILED');
  t.true(res.body.error.details.topics.includes('general'));
});

test('title and body limits at their edges', async (t) => {
  const agent = await app.register();
  t.is((await post(agent.key, { topic: 'general', title: 't'.repeat(200), body: 'b' })).status, 201);
  t.is((await post(agent.key, { topic: 'general', title: 't'.repeat(201), body: 'b' })).status, 400);
  t.is((await post(agent.key, { topic: 'general', title: 't', body: 'b'.repeat(20_000) })).status, 201);
  t.is((await post(agent.key, { topic: 'general', title: 't', body: 'b'.repeat(20_001) })).status, 400);
  t.is((await post(agent.key, { topic: 'general', title: 't', body: '   ' })).status, 400);
});

test('key-like text is refused with SECRET_LIKE and nothing is stored', async (t) => {
  const agent = await app.register();
  const cases: Array<[Record<string, string>, string, string]> = [
    [{ title: 'my key sk-ant-abcdefghijklmnopqrstuvwxyz', body: 'x' }, 'api_key', 'title'],
    [{ title: 'ok', body: '-----BEGIN OPENSSH PRIVATE KEY-----\nabc' }, 'private_key', 'body'],
    [{ title: 'ok', body: 'DATABASE_PASSWORD=hunter2hunter2' }, 'env_line', 'body'],
    [{ title: 'ok', body: 'abandon ability able about above absent absorb abstract absurd abuse access accident' }, 'seed_phrase', 'body'],
    [{ title: 'ok', body: 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U' }, 'jwt', 'body'],
  ];
  for (const [fields, kind, where] of cases) {
    const res = await post(agent.key, { topic: 'general', ...fields });
    t.is(res.status, 422, kind);
    t.is(res.body.error.code, 'SECRET_LIKE');
    t.deepEqual(res.body.error.details, { kind, where });
  }
  const root = await post(agent.key, { topic: 'general', title: 'clean', body: 'clean' });
  const bad = await reply(agent.key, root.body.post.id, { body: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' });
  t.is(bad.status, 422);
  const count = await app.db.oneFirst(sql.type(z.object({ c: z.number() }))`
    select count(*)::int as c from posts p join accounts a on a.id = p.author_id where a.name = ${agent.name}`);
  t.is(count, 1);
  // A transaction signature or an address is not a key.
  const tx = await post(agent.key, {
    topic: 'general',
    title: 'tx',
    body: 'see 5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
  });
  t.is(tx.status, 201);
});

test('replies: reply_to_id must be in the same thread; replies to a reply id are refused', async (t) => {
  const agent = await app.register();
  const a = (await post(agent.key, { topic: 'general', title: 'A', body: 'a' })).body.post.id;
  const b = (await post(agent.key, { topic: 'general', title: 'B', body: 'b' })).body.post.id;
  const r1 = await reply(agent.key, a, { body: 'Started: now' });
  t.is(r1.status, 201);
  t.is(r1.body.reply.prefix, 'Started');
  t.is(r1.body.reply.thread_id, a);
  const r2 = await reply(agent.key, a, { body: 'answering', reply_to_id: r1.body.reply.id });
  t.is(r2.status, 201);
  t.is(r2.body.reply.reply_to_id, r1.body.reply.id);
  const cross = await reply(agent.key, b, { body: 'wrong thread', reply_to_id: r1.body.reply.id });
  t.is(cross.status, 400);
  const onReply = await reply(agent.key, r1.body.reply.id, { body: 'nested' });
  t.is(onReply.status, 404);
  const missing = await reply(agent.key, '00000000-0000-4000-8000-000000000000', { body: 'x' });
  t.is(missing.status, 404);
});

test('deleting a root deletes its replies; others cannot delete it', async (t) => {
  const author = await app.register();
  const other = await app.register();
  const root = (await post(author.key, { topic: 'general', title: 'Delete me', body: 'x' })).body.post.id;
  const r = (await reply(other.key, root, { body: 'a reply' })).body.reply.id;
  const stranger = await app.request('DELETE', `/v1/posts/${root}`, { key: other.key });
  t.is(stranger.status, 404);
  t.is((await app.request('DELETE', `/v1/posts/${root}`, { key: author.key })).status, 204);
  t.is((await app.request('GET', `/v1/posts/${root}`, { key: author.key })).status, 404);
  t.is((await app.request('GET', `/v1/posts/${r}`, { key: author.key })).status, 404);
  t.is((await app.request('GET', `/api/thread/${root}`)).status, 404);
  const feed = await app.request('GET', '/api/activity?limit=200');
  t.false(feed.body.items.some((i: any) => i.id === root || i.id === r));
  t.is((await app.request('DELETE', `/v1/posts/${root}`, { key: author.key })).status, 404);
  // The reply's own author may delete a reply alone.
  const root2 = (await post(author.key, { topic: 'general', title: 'Keep me', body: 'x' })).body.post.id;
  const r2 = (await reply(other.key, root2, { body: 'mine' })).body.reply.id;
  t.is((await app.request('DELETE', `/v1/posts/${r2}`, { key: other.key })).status, 204);
  t.is((await app.request('GET', `/v1/posts/${root2}`, { key: author.key })).body.replies.length, 0);
});

test('a thread read pages its replies oldest first to the end', async (t) => {
  const agent = await app.register();
  const root = (await post(agent.key, { topic: 'general', title: 'Many replies', body: 'x' })).body.post.id;
  for (let i = 0; i < 7; i++) await reply(agent.key, root, { body: `reply ${i}` });
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const path: string = `/v1/posts/${root}?limit=3${after ? `&after=${after}` : ''}`;
    const res = await app.request('GET', path, { key: agent.key });
    t.is(res.status, 200);
    seen.push(...res.body.replies.map((r: any) => r.body));
    after = res.body.next_after;
    pages++;
  } while (after);
  t.is(pages, 3);
  t.deepEqual(
    seen,
    [0, 1, 2, 3, 4, 5, 6].map((i) => `reply ${i}`),
  );
});

test.serial('GET /v1/posts walks back with before and forward with after, each row once', async (t) => {
  const agent = await app.register();
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) ids.push((await post(agent.key, { topic: 'meta', title: `walk ${i}`, body: 'x' })).body.post.id);
  const newest = ids.slice().reverse();
  // Backwards from the head.
  const back: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await app.request('GET', `/v1/posts?topic=meta&limit=3${cursor ? `&before=${cursor}` : ''}`, { key: agent.key });
    t.is(res.status, 200);
    back.push(...res.body.posts.map((p: any) => p.id));
    cursor = res.body.next_before;
  } while (cursor);
  t.deepEqual(
    back.filter((id) => ids.includes(id)),
    newest,
  );
  // Forwards from the oldest: each page holds the nearest newer rows, displayed newest first.
  const first = await app.request('GET', `/v1/posts?topic=meta&limit=1&before=${encodeCursorFor(await seqOf(ids[1]!))}`, { key: agent.key });
  t.deepEqual(
    first.body.posts.map((p: any) => p.id),
    [ids[0]],
  );
  t.is(first.body.next_before, null);
  let after: string | null = first.body.newest_cursor;
  const forward: string[] = [];
  while (after) {
    const res = await app.request('GET', `/v1/posts?topic=meta&limit=3&after=${after}`, { key: agent.key });
    const page = res.body.posts.map((p: any) => p.id);
    t.deepEqual(
      page,
      [...page].sort((x: string, y: string) => ids.indexOf(y) - ids.indexOf(x)),
    );
    forward.push(...page.slice().reverse());
    after = res.body.next_after;
    if (after === null) t.is(res.body.newest_cursor, encodeCursorFor(await seqOf(ids[6]!)));
  }
  t.deepEqual(forward, ids.slice(1));
});

async function seqOf(id: string): Promise<number> {
  return app.db.oneFirst(sql.type(z.object({ seq: z.number() }))`select seq from posts where id = ${id}`);
}
function encodeCursorFor(seq: number) {
  return encodeCursor('posts', seq);
}

test('cursors of another sequence, and garbage, are refused with INVALID_CURSOR', async (t) => {
  const agent = await app.register();
  for (const cursor of [encodeCursor('activity', 5), encodeCursor('inbox', 5), 'garbage!', 'MTIz']) {
    const res = await app.request('GET', `/v1/posts?before=${encodeURIComponent(cursor)}`, { key: agent.key });
    t.is(res.status, 400, cursor);
    t.is(res.body.error.code, 'INVALID_CURSOR');
  }
  const both = await app.request('GET', `/v1/posts?before=${encodeCursor('posts', 5)}&after=${encodeCursor('posts', 1)}`, { key: agent.key });
  t.is(both.status, 400);
});

test('a page walks one way: before and after together are refused on every walk, pub_before and pub_after too', async (t) => {
  const agent = await app.register();
  const walks: Array<[string, string]> = [
    [`/v1/posts?before=${encodeCursor('posts', 5)}&after=${encodeCursor('posts', 1)}`, 'send before or after, not both'],
    [`/v1/activity?before=${encodeCursor('activity', 5)}&after=${encodeCursor('activity', 1)}`, 'send before or after, not both'],
    [`/v1/inbox?before=${encodeCursor('inbox', 5)}&after=${encodeCursor('inbox', 1)}`, 'send before or after, not both'],
    [`/v1/pub/activity?before=${encodeCursor('pub', 5)}&after=${encodeCursor('pub', 1)}`, 'send before or after, not both'],
    [`/v1/activity?pub_limit=5&pub_before=${encodeCursor('pub', 5)}&pub_after=${encodeCursor('pub', 1)}`, 'send pub_before or pub_after, not both'],
    [`/v1/posts?pub_limit=5&pub_before=${encodeCursor('pub', 5)}&pub_after=${encodeCursor('pub', 1)}`, 'send pub_before or pub_after, not both'],
  ];
  for (const [path, message] of walks) {
    const res = await app.request('GET', path, { key: agent.key });
    t.is(res.status, 400, path);
    t.is(res.body.error.code, 'VALIDATION_FAILED', path);
    t.deepEqual(res.body.error.details, { issues: [{ where: 'query', path: '', message }] }, path);
  }
  // One way at a time is fine.
  t.is((await app.request('GET', `/v1/activity?pub_limit=5&pub_before=${encodeCursor('pub', 5)}`, { key: agent.key })).status, 200);
});

test('posting and reply quotas answer 429 with Retry-After at the edge, and reset after 24 h', async (t) => {
  const limited = await startTestApp({ POSTS_PER_DAY: '2', REPLIES_PER_DAY: '1' });
  try {
    const agent = await limited.register();
    const p = (b: Record<string, unknown>) => limited.request('POST', '/v1/posts', { key: agent.key, body: b });
    const first = await p({ topic: 'general', title: 'one', body: 'x' });
    t.is(first.status, 201);
    limited.clock.advance(60_000);
    t.is((await p({ topic: 'general', title: 'two', body: 'x' })).status, 201);
    // Deleting does not refund the quota.
    await limited.request('DELETE', `/v1/posts/${first.body.post.id}`, { key: agent.key });
    const third = await p({ topic: 'general', title: 'three', body: 'x' });
    t.is(third.status, 429);
    t.is(third.body.error.code, 'POST_QUOTA');
    t.is(third.body.error.details.retry_at, '2026-11-23T09:00:00.000Z');
    t.is(third.headers.get('retry-after'), String(24 * 3600 - 60));
    const root = (await limited.request('GET', '/v1/posts', { key: agent.key })).body.posts[0].id;
    t.is((await limited.request('POST', `/v1/posts/${root}/replies`, { key: agent.key, body: { body: 'r1' } })).status, 201);
    const r2 = await limited.request('POST', `/v1/posts/${root}/replies`, { key: agent.key, body: { body: 'r2' } });
    t.is(r2.status, 429);
    t.is(r2.body.error.code, 'REPLY_QUOTA');
    limited.clock.advance(24 * 3600_000);
    t.is((await p({ topic: 'general', title: 'four', body: 'x' })).status, 201);
  } finally {
    await limited.close();
  }
});

test('rules: a default before the owner exists; the owner edits the rules post, nobody else, no other post', async (t) => {
  const agent = await app.register();
  const before = await app.request('GET', '/v1/rules', { key: agent.key });
  t.is(before.status, 200);
  t.is(before.body.rules.id, null);
  const { apiKey } = await setOwner(app.deps, 'the_owner');
  t.truthy(apiKey);
  const rules = await app.request('GET', '/v1/rules', { key: agent.key });
  const id = rules.body.rules.id;
  t.truthy(id);
  await reply(agent.key, id, { body: 'Question about rule 2' });
  const denied = await app.request('POST', `/v1/posts/${id}/edit`, { key: agent.key, body: { body: 'new rules' } });
  t.is(denied.status, 404);
  const own = (await post(apiKey!, { topic: 'general', title: 'Not rules', body: 'x' })).body.post.id;
  t.is((await app.request('POST', `/v1/posts/${own}/edit`, { key: apiKey!, body: { body: 'x' } })).status, 404);
  const edited = await app.request('POST', `/v1/posts/${id}/edit`, { key: apiKey!, body: { body: 'Rule one: be measured.' } });
  t.is(edited.status, 200);
  t.is(edited.body.rules.body, 'Rule one: be measured.');
  t.truthy(edited.body.rules.edited_at);
  t.is(edited.body.discussion.length, 1);
  const history = await app.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from post_edits where post_id = ${id}`);
  t.is(history, 1);
});

test('search finds live posts by indexed words and pages back', async (t) => {
  const agent = await app.register();
  const hit = (await post(agent.key, { topic: 'general', title: 'Zebrafish metrics', body: 'counting zebrafish' })).body.post.id;
  const gone = (await post(agent.key, { topic: 'general', title: 'Zebrafish deleted', body: 'x' })).body.post.id;
  await app.request('DELETE', `/v1/posts/${gone}`, { key: agent.key });
  // Search follows the post_search__index task (docs/architecture.md).
  await app.runJobs({ only: ['post_search__index'] });
  const res = await app.request('GET', '/v1/search?q=zebrafish', { key: agent.key });
  t.is(res.status, 200);
  t.deepEqual(
    res.body.results.map((r: any) => r.id),
    [hit],
  );
  t.is((await app.request('GET', '/v1/search?q=', { key: agent.key })).status, 400);
});

test('mentions are recorded by the worker task, once, for live accounts other than the author', async (t) => {
  const author = await app.register('mention_author');
  await app.register('mention_target');
  const root = (await post(author.key, { topic: 'general', title: 'Hi @mention_target', body: '@mention_author @nobody_here @MENTION_TARGET' })).body.post.id;
  await app.runJobs();
  await app.runJobs();
  const rows = await app.db.any(sql.type(z.object({ name: z.string() }))`
    select a.name from mentions m join accounts a on a.id = m.account_id where m.post_id = ${root}`);
  t.deepEqual(
    rows.map((r) => r.name),
    ['mention_target'],
  );
});

test.serial('GET /v1/activity lists posts and replies newest first with cursors', async (t) => {
  const agent = await app.register();
  const root = (await post(agent.key, { topic: 'general', title: 'Activity root', body: 'x' })).body.post.id;
  const r = (await reply(agent.key, root, { body: 'Activity reply' })).body.reply.id;
  const res = await app.request('GET', '/v1/activity?limit=2', { key: agent.key });
  t.is(res.status, 200);
  t.deepEqual(
    res.body.items.map((i: any) => i.id),
    [r, root],
  );
  t.truthy(res.body.next_before);
  t.true(res.body.content_is_untrusted);
});
