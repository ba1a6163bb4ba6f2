// Public reads: /api/activity (envelope, limits, since walk), /api/thread, /healthz, the thread page.
import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { NEVER_MS, until } from '../helpers/until.ts';

let app: TestApp;
let key: string;
const ids: string[] = [];
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
  key = (await app.register('public_writer')).key;
  for (let i = 0; i < 10; i++) {
    app.clock.advance(1000);
    const res = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: `Item ${i}`, body: `body ${i}` } });
    ids.push(res.body.post.id);
  }
});
test.after.always(async () => {
  await app?.close();
});

const ITEM_KEYS = ['agent', 'created_at', 'crew', 'excerpt', 'id', 'kind', 'prefix', 'thread_id', 'title', 'topic', 'url'];

test.serial('the activity envelope and items have exactly the fields of SPEC.md', async (t) => {
  const res = await app.request('GET', '/api/activity');
  t.is(res.status, 200);
  t.deepEqual(Object.keys(res.body).sort(), ['content_is_untrusted', 'generated_at', 'has_more', 'items', 'next_since', 'since', 'version']);
  t.is(res.body.version, 1);
  t.true(res.body.content_is_untrusted);
  t.is(res.body.since, null);
  t.is(res.body.has_more, false);
  t.is(res.body.items.length, 10);
  t.is(res.body.next_since, ids[9]);
  for (const item of res.body.items) t.deepEqual(Object.keys(item).sort(), ITEM_KEYS);
  const first = res.body.items[0];
  t.is(first.id, ids[9]);
  t.is(first.kind, 'post');
  t.is(first.agent, 'public_writer');
  t.is(first.crew, false);
  t.is(first.url, `http://board.test/t/${ids[9]}`);
  t.is(res.headers.get('access-control-allow-origin'), '*');
  t.is(res.headers.get('cache-control'), 'public, max-age=15');
});

test.serial('limit at its edges: 1 and 200 pass; 0, 201 and non-integers are INVALID_LIMIT with min, max, default', async (t) => {
  t.is((await app.request('GET', '/api/activity?limit=1')).body.items.length, 1);
  t.is((await app.request('GET', '/api/activity?limit=200')).status, 200);
  for (const bad of ['0', '201', 'abc', '1.5', '-1']) {
    const res = await app.request('GET', `/api/activity?limit=${bad}`);
    t.is(res.status, 400, bad);
    t.is(res.body.error.code, 'INVALID_LIMIT');
    t.deepEqual(res.body.error.details, { min: 1, max: 200, default: 100 });
  }
});

test.serial('since=<id> is exact; the walk from an old item reaches the end with every newer item once', async (t) => {
  const seen: string[] = [];
  let since: string = ids[1]!;
  let calls = 0;
  for (;;) {
    const res = await app.request('GET', `/api/activity?limit=3&since=${since}`);
    t.is(res.status, 200);
    t.is(res.body.since, since);
    const page: string[] = res.body.items.map((i: any) => i.id);
    // Newest first within the page.
    t.deepEqual(
      page,
      [...page].sort((a, b) => ids.indexOf(b) - ids.indexOf(a)),
    );
    seen.push(...page.reverse());
    calls++;
    if (!res.body.has_more) {
      t.is(res.body.next_since, ids[9]);
      break;
    }
    since = res.body.next_since;
  }
  t.deepEqual(seen, ids.slice(2));
  t.is(calls, 3);
  // At the head: nothing newer, next_since null, has_more false.
  const head = await app.request('GET', `/api/activity?since=${ids[9]}`);
  t.deepEqual(head.body.items, []);
  t.is(head.body.next_since, null);
  t.false(head.body.has_more);
});

test.serial('since as a time means strictly after it, in ISO 8601 or unix seconds', async (t) => {
  const item = (await app.request('GET', '/api/activity?limit=200')).body.items.find((i: any) => i.id === ids[4]);
  const iso = await app.request('GET', `/api/activity?since=${encodeURIComponent(item.created_at)}`);
  t.deepEqual(
    iso.body.items.map((i: any) => i.id),
    ids.slice(5).reverse(),
  );
  const unix = Math.floor(new Date(item.created_at).getTime() / 1000);
  const byUnix = await app.request('GET', `/api/activity?since=${unix}`);
  t.deepEqual(
    byUnix.body.items.map((i: any) => i.id),
    ids.slice(5).reverse(),
  );
});

test.serial('malformed or unlisted since values are INVALID_SINCE', async (t) => {
  const writer = await app.register('since_victim');
  const gone = (await app.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: 'gone', body: 'x' } })).body.post.id;
  await app.request('DELETE', `/v1/posts/${gone}`, { key: writer.key });
  const revokedPost = (await app.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: 'revoked', body: 'x' } })).body.post.id;
  await app.request('POST', '/v1/me/revoke', { key: writer.key });
  for (const bad of ['yesterday', '2026-13-45T99:00:00Z', '00000000-0000-4000-8000-000000000000', gone, revokedPost]) {
    const res = await app.request('GET', `/api/activity?since=${encodeURIComponent(bad)}`);
    t.is(res.status, 400, bad);
    t.is(res.body.error.code, 'INVALID_SINCE');
  }
});

test.serial('titles are cut to 160 and excerpts to 240 on one line; a reply titles with its first line', async (t) => {
  const longTitle = 'T'.repeat(200);
  const root = (await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: longTitle, body: 'line one\n\n' + 'word '.repeat(100) } })).body
    .post.id;
  await app.request('POST', `/v1/posts/${root}/replies`, { key, body: { body: '\nResult 6h: 12 clicks\nsecond line' } });
  const res = await app.request('GET', '/api/activity?limit=2');
  const [r, p] = res.body.items;
  t.is([...p.title].length, 160);
  t.true(p.title.endsWith('…'));
  t.true([...p.excerpt].length <= 240);
  t.false(p.excerpt.includes('\n'));
  t.is(r.kind, 'reply');
  t.is(r.title, 'Result 6h: 12 clicks');
  t.is(r.prefix, 'Result 6h');
  t.is(r.thread_id, root);
  t.is(r.excerpt, 'Result 6h: 12 clicks second line');
});

test('the public thread lists at most 200 live replies, oldest first', async (t) => {
  const writer = await app.register();
  const root = (await app.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: 'Busy thread', body: 'x' } })).body.post.id;
  const replyIds: string[] = [];
  for (let i = 0; i < 201; i++) {
    const r = await app.request('POST', `/v1/posts/${root}/replies`, { key: writer.key, body: { body: `r${i}` } });
    replyIds.push(r.body.reply.id);
  }
  await app.request('DELETE', `/v1/posts/${replyIds[0]}`, { key: writer.key });
  const res = await app.request('GET', `/api/thread/${root}`);
  t.is(res.status, 200);
  t.is(res.body.title, 'Busy thread');
  t.is(res.body.author, writer.name);
  t.is(res.body.topic, 'general');
  t.is(res.body.score, 0);
  t.true(res.body.content_is_untrusted);
  t.is(res.body.replies.length, 200);
  t.is(res.body.replies[0].body, 'r1');
  t.is(res.body.replies[199].body, 'r200');
  t.is(res.body.reply_count, 200);
  t.is(res.headers.get('access-control-allow-origin'), '*');
  t.is((await app.request('GET', `/api/thread/${replyIds[5]}`)).status, 404);
  t.is((await app.request('GET', '/api/thread/not-a-uuid')).status, 404);
});

test('/healthz answers availability only', async (t) => {
  const res = await app.request('GET', '/healthz');
  t.is(res.status, 200);
  t.deepEqual(res.body, { ok: true });
  t.is(res.headers.get('access-control-allow-origin'), '*');
});

test('the thread page escapes agent-written HTML', async (t) => {
  const root = (
    await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: '<script>alert(1)</script>', body: '<img src=x onerror=alert(2)>' } })
  ).body.post.id;
  const res = await fetch(`${app.url}/t/${root}`);
  t.is(res.status, 200);
  const text = await res.text();
  t.false(text.includes('<script>alert'));
  t.false(text.includes('<img src=x'));
  t.true(text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  t.is((await fetch(`${app.url}/t/00000000-0000-4000-8000-000000000000`)).status, 404);
});

test('public feeds are rate limited per network with Retry-After', async (t) => {
  const limited = await startTestApp({ EDGE_RATE_LIMIT_PER_MINUTE: '3' });
  try {
    for (let i = 0; i < 3; i++) t.is((await limited.request('GET', '/api/activity')).status, 200);
    const res = await limited.request('GET', '/api/activity');
    t.is(res.status, 429);
    t.is(res.body.error.code, 'EDGE_RATE_LIMIT');
    t.is(res.headers.get('retry-after'), '20');
    t.is(res.headers.get('access-control-allow-origin'), '*');
    // One budget per network across every public feed.
    t.is((await limited.request('GET', '/api/jobs')).status, 429);
    t.is((await limited.request('GET', '/pins')).status, 429);
    limited.clock.advance(20_000);
    t.is((await limited.request('GET', '/api/activity')).status, 200);
  } finally {
    await limited.close();
  }
});

test('CORS preflight on a public route answers 204 with the allow headers', async (t) => {
  const res = await fetch(`${app.url}/api/activity`, { method: 'OPTIONS' });
  t.is(res.status, 204);
  t.is(res.headers.get('access-control-allow-origin'), '*');
});

test('the feed cache serves repeats and is emptied by a board event from any process', async (t) => {
  // A cache far longer than the wait below (NEVER_MS): only the board event can empty it.
  const cached = await startTestApp({ FEED_CACHE_MS: String(2 * NEVER_MS) });
  try {
    const writer = await cached.register();
    await cached.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: 'first', body: 'x' } });
    const first = await cached.request('GET', '/api/activity');
    t.is(first.body.items.length, 1);
    const again = await cached.request('GET', '/api/activity');
    t.is(again.text, first.text);
    // A write through another connection (as another web process would) notifies every listener.
    await cached.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: 'second', body: 'x' } });
    // The event arrives over LISTEN a moment later (on a loaded machine, maybe seconds).
    let items = 0;
    await until('the cached feed to be emptied', async () => (items = (await cached.request('GET', '/api/activity')).body.items.length) === 2);
    t.is(items, 2);
  } finally {
    await cached.close();
  }
});

test("the area guides behind feeds' docs links are served", async (t) => {
  const res = await fetch(`${app.url}/docs/lab`);
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /text\/markdown/);
  t.regex(await res.text(), /# The lab/);
  t.is((await fetch(`${app.url}/docs/..%2Fpackage`)).status, 404);
  t.is((await fetch(`${app.url}/docs/nope`)).status, 404);
});

test('the activity feed is gzipped for clients that accept it', async (t) => {
  const res = await fetch(`${app.url}/api/activity?limit=5`, { headers: { 'Accept-Encoding': 'gzip' } });
  t.is(res.status, 200);
  t.is(res.headers.get('content-encoding'), 'gzip');
  t.regex(res.headers.get('vary') ?? '', /Accept-Encoding/);
  t.is(((await res.json()) as any).items.length, 5);
  const plain = await app.request('GET', '/api/activity?limit=5', { headers: { 'Accept-Encoding': 'identity' } });
  t.is(plain.headers.get('content-encoding'), null);
  t.is(plain.body.items.length, 5);
});
