// The lean feed path in front of Koa (api/feed-fast-path.ts) and the feed cache's rule (api/feed-cache.ts):
// once Koa has answered a public feed URL from the cache, the lean path sends the same bytes and
// headers again, under the same rate limit, while the key's body is current, or while a rebuild
// runs and the body is younger than FEED_CACHE_MS; otherwise it falls through to Koa, which starts
// the one rebuild. A second server runs only the lean path on the same app state, so a test can tell
// which path answered (599 = fell through).
// Every write a test makes is followed by waiting for its board event: the event reaches the cache
// over LISTEN a moment after the write commits, and under load it could otherwise land in the
// middle of a later step (the reported flakiness).
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import test from 'ava';
import { makeApp } from '../../api/app.ts';
import { callerAddress } from '../../api/caller-network.ts';
import { EventHub } from '../../api/event-hub.ts';
import { FeedCache } from '../../api/feed-cache.ts';
import { feedFastPath } from '../../api/feed-fast-path.ts';
import type { Deps } from '../../api/context.ts';
import type { Db } from '../../sql/pool.ts';
import { createPostsQueries } from '../../sql/queries/posts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A Koa server and a lean-path-only server over one app state (cache, rate-limit buckets). */
async function pair(app: TestApp, deps: Deps = app.deps) {
  const koaApp = makeApp(deps);
  const koa = createServer(koaApp.callback());
  const lean = createServer((req, res) => {
    if (feedFastPath(koaApp.context.deps, req, res)) return;
    res.statusCode = 599;
    res.end('fell through');
  });
  const urls = { koa: await listen(koa), lean: await listen(lean) };
  const close = async () => {
    for (const server of [koa, lean]) {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  };
  return { ...urls, close };
}

/** The headers both paths must agree on (Date and the request id differ by nature). */
function comparable(headers: IncomingHttpHeaders) {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

/** Posts through the app and resolves once this process has heard the sequencer pass that positioned the post. */
async function post(title: string): Promise<string> {
  const ranges: Array<[number, number]> = [];
  let heard: () => void = () => {};
  const unsubscribe = app.deps.events.subscribe((event) => {
    if (event.kind === 'positioned' && event.feed === 'posts') ranges.push([event.after!, event.upto!]), heard();
  });
  try {
    const res = await app.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title, body: 'measured' } });
    if (res.status !== 201) throw new Error(`post: ${res.status} ${res.text}`);
    const id = res.body.post.id as string;
    const seq = (await createPostsQueries(app.db).live(id))!.seq;
    const covered = () => ranges.some(([after, upto]) => after < seq && seq <= upto);
    if (!covered()) await new Promise<void>((resolve) => (heard = () => covered() && resolve()));
    return id;
  } finally {
    unsubscribe();
  }
}

/**
 * The app's database, with the activity query (a feed rebuild) counted and held at a gate while it
 * is closed, so a test can keep a rebuild running while other readers arrive.
 */
function gatedDb(db: Db) {
  let opened: Promise<void> = Promise.resolve();
  let release = () => {};
  let started = () => {};
  const gate = {
    rebuilds: 0,
    /** Closes the gate; resolves when the next rebuild has begun (and waits at it). */
    close: () => {
      opened = new Promise<void>((resolve) => (release = resolve));
      return new Promise<void>((resolve) => (started = resolve));
    },
    open: () => release(),
  };
  const gated = new Proxy(db, {
    get(target, prop) {
      if (prop === 'any') {
        return async (query: { sql: string }) => {
          if (query.sql.includes('from posts p')) {
            gate.rebuilds++;
            started();
            await opened;
          }
          return target.any(query as never);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: gated, gate };
}

/** The first `n` of `promises` to resolve. */
function firstOf<T>(promises: Array<Promise<T>>, n: number): Promise<T[]> {
  const got: T[] = [];
  return new Promise((resolve, reject) => {
    for (const p of promises) p.then((value) => (got.push(value), got.length === n && resolve([...got])), reject);
  });
}

let app: TestApp;
let servers: Awaited<ReturnType<typeof pair>>;
let writer: { key: string };
test.before(async () => {
  app = await startTestApp({ FEED_CACHE_MS: '60000' });
  servers = await pair(app);
  writer = await app.register('lean_writer');
  await post('first');
  await post('second');
});
test.after.always(async () => {
  await servers?.close();
  await app?.close();
});

test.serial('a URL Koa has not answered falls through; once answered, the lean path sends the same bytes and headers', async (t) => {
  const path = '/api/activity?limit=5';
  t.is((await get(servers.lean + path)).status, 599);
  const viaKoa = await get(servers.koa + path);
  t.is(viaKoa.status, 200);
  const viaLean = await get(servers.lean + path);
  t.is(viaLean.status, 200);
  t.true(viaLean.body.equals(viaKoa.body));
  t.deepEqual(comparable(viaLean.headers), comparable(viaKoa.headers));
  t.is(viaLean.headers['access-control-allow-origin'], '*');
  t.is(viaLean.headers['cache-control'], 'public, max-age=15');
  t.is(viaLean.headers['content-type'], 'application/json; charset=utf-8');
  t.truthy(viaLean.headers['x-request-id']);
  t.is(JSON.parse(viaLean.body.toString()).items.length, 2);

  // The same negotiation as Koa: gzip when preferred, identity when gzip is refused.
  const gzKoa = await get(servers.koa + path, { 'Accept-Encoding': 'gzip' });
  const gzLean = await get(servers.lean + path, { 'Accept-Encoding': 'gzip, deflate' });
  t.is(gzLean.headers['content-encoding'], 'gzip');
  t.deepEqual(comparable(gzLean.headers), comparable(gzKoa.headers));
  t.true(gunzipSync(gzLean.body).equals(viaKoa.body));
  const refused = await get(servers.lean + path, { 'Accept-Encoding': 'gzip;q=0, identity' });
  t.is(refused.headers['content-encoding'], undefined);
  t.true(refused.body.equals(viaKoa.body));

  // A caller's request id is echoed, as Koa's envelope does.
  t.is((await get(servers.lean + path, { 'X-Request-Id': 'trace-42' })).headers['x-request-id'], 'trace-42');
  // Another URL of the same feed is its own entry.
  t.is((await get(servers.lean + '/api/activity?limit=6')).status, 599);
});

test.serial('only GET is answered, and refusals are never remembered', async (t) => {
  const path = '/api/activity?limit=7';
  await get(servers.koa + path);
  t.is((await get(servers.lean + path, {}, 'HEAD')).status, 599);
  t.is((await get(servers.lean + path, {}, 'POST')).status, 599);
  for (const bad of ['/api/activity?limit=0', '/api/activity?since=not-a-time', '/api/activity?limit=201']) {
    const res = await get(servers.koa + bad);
    t.is(res.status, 400);
    t.is((await get(servers.lean + bad)).status, 599, bad);
  }
});

test.serial('every cached public feed is remembered: show, office and score history', async (t) => {
  for (const path of ['/api/show', '/api/office', '/api/score/history']) {
    t.is((await get(servers.lean + path)).status, 599, path);
    const viaKoa = await get(servers.koa + path);
    t.is(viaKoa.status, 200, path);
    const viaLean = await get(servers.lean + path);
    t.is(viaLean.status, 200, path);
    t.true(viaLean.body.equals(viaKoa.body), path);
    t.deepEqual(comparable(viaLean.headers), comparable(viaKoa.headers), path);
  }
});

test.serial('a board event makes every remembered URL stale: the lean path leaves it to Koa, which rebuilds', async (t) => {
  const path = '/api/activity?limit=9';
  await get(servers.koa + path);
  t.is((await get(servers.lean + path)).status, 200);
  await post('third');
  t.is((await get(servers.lean + path)).status, 599);
  const fresh = await get(servers.koa + path);
  t.is(JSON.parse(fresh.body.toString()).items[0].title, 'third');
  const again = await get(servers.lean + path);
  t.true(again.body.equals(fresh.body));
});

test.serial('after a board event, concurrent readers cause one rebuild and get the previous body while it runs', async (t) => {
  const { db, gate } = gatedDb(app.db);
  const gated = await pair(app, { ...app.deps, db });
  try {
    const path = '/api/activity?limit=15';
    const before = await get(gated.koa + path);
    t.is(before.status, 200);
    t.is(gate.rebuilds, 1);
    t.true((await get(gated.lean + path)).body.equals(before.body));

    // Twenty readers through Koa at once: the first starts the rebuild (and waits for it); the
    // other nineteen are answered with the previous body while the rebuild is held at the gate.
    const fourth = await post('fourth');
    const started = gate.close();
    const readers = Array.from({ length: 20 }, () => get(gated.koa + path));
    await started;
    const during = await firstOf(readers, 19);
    for (const answer of during) {
      t.is(answer.status, 200);
      t.true(answer.body.equals(before.body));
      t.is(answer.headers.etag, before.headers.etag);
    }
    // Readers on the lean path too, while the rebuild runs.
    for (const answer of await Promise.all(Array.from({ length: 10 }, () => get(gated.lean + path)))) t.true(answer.body.equals(before.body));
    gate.open();
    const all = await Promise.all(readers);
    const fresh = all.filter((answer) => !answer.body.equals(before.body));
    t.is(fresh.length, 1, 'the reader that started the rebuild got its result');
    t.is(JSON.parse(fresh[0]!.body.toString()).items[0].id, fourth);
    t.not(fresh[0]!.headers.etag, before.headers.etag);
    t.is(gate.rebuilds, 2, 'one rebuild for twenty readers');
    // The rebuilt body is current: both paths send it, without another rebuild.
    t.true((await get(gated.lean + path)).body.equals(fresh[0]!.body));
    t.true((await get(gated.koa + path)).body.equals(fresh[0]!.body));
    t.is(gate.rebuilds, 2);

    // Lean-path readers first: with no rebuild running they fall through, and the first Koa reader starts it.
    const fifth = await post('fifth');
    t.is((await get(gated.lean + path)).status, 599);
    const restarted = gate.close();
    const trigger = get(gated.koa + path);
    await restarted;
    for (const answer of await Promise.all(Array.from({ length: 10 }, (_, i) => get((i % 2 ? gated.koa : gated.lean) + path)))) {
      t.is(answer.status, 200);
      t.true(answer.body.equals(fresh[0]!.body));
    }
    gate.open();
    t.is(JSON.parse((await trigger).body.toString()).items[0].id, fifth);
    t.is(gate.rebuilds, 3);
  } finally {
    gate.open();
    await gated.close();
  }
});

test.serial('a body older than FEED_CACHE_MS is never served, not even while a rebuild runs', async (t) => {
  const { db, gate } = gatedDb(app.db);
  const gated = await pair(app, { ...app.deps, db });
  try {
    const path = '/api/activity?limit=16';
    const old = await get(gated.koa + path);
    t.is((await get(gated.lean + path)).status, 200);
    // The body's age counts from the start of its build: 60 s later it is out, event or not.
    app.clock.advance(60_000);
    t.is((await get(gated.lean + path)).status, 599);
    const started = gate.close();
    const first = get(gated.koa + path);
    await started;
    // Another reader while the rebuild runs waits for it rather than take the old body.
    t.is((await get(gated.lean + path)).status, 599);
    const second = get(gated.koa + path);
    gate.open();
    const answers = await Promise.all([first, second]);
    for (const answer of answers) {
      t.is(answer.status, 200);
      t.false(answer.body.equals(old.body));
      t.true(answer.body.equals(answers[0]!.body));
    }
    t.is(gate.rebuilds, 2, 'the second reader joined the running rebuild');
  } finally {
    gate.open();
    await gated.close();
  }
});

test.serial('a remembered URL expires with its cache entry', async (t) => {
  const path = '/api/activity?limit=11';
  await get(servers.koa + path);
  t.is((await get(servers.lean + path)).status, 200);
  app.clock.advance(59_999);
  t.is((await get(servers.lean + path)).status, 200);
  app.clock.advance(1);
  t.is((await get(servers.lean + path)).status, 599);
});

test('the lean path draws on the same per-network budget and leaves the refusal to Koa', async (t) => {
  const limited = await startTestApp({ FEED_CACHE_MS: '60000', EDGE_RATE_LIMIT_PER_MINUTE: '3' });
  const both = await pair(limited);
  try {
    const path = '/api/activity';
    t.is((await get(both.koa + path)).status, 200); // token 1
    t.is((await get(both.lean + path)).status, 200); // token 2
    t.is((await get(both.lean + path)).status, 200); // token 3
    t.is((await get(both.lean + path)).status, 599); // none left: Koa answers
    const refused = await get(both.koa + path);
    t.is(refused.status, 429);
    t.truthy(refused.headers['retry-after']);
    const body = JSON.parse(refused.body.toString());
    t.is(body.error.code, 'EDGE_RATE_LIMIT');
    t.is(body.error.details.retry_after_seconds, Number(refused.headers['retry-after']));
    // Twenty seconds refill one token (3 per minute); the lean path may spend it.
    limited.clock.advance(20_000);
    t.is((await get(both.lean + path)).status, 200);
    t.is((await get(both.lean + path)).status, 599);
  } finally {
    await both.close();
    await limited.close();
  }
});

test('a body whose build began before a board event is never served as current', async (t) => {
  const events = new EventHub();
  const cache = new FeedCache(events, 60_000);
  let finish: (text: string) => void = () => {};
  const pending = cache.get('k', 0, () => new Promise<string>((resolve) => (finish = resolve)));
  events.publish({ kind: 'post' });
  finish('{"old":true}');
  const body = await pending;
  cache.remember('/api/x', body, 'public, max-age=15');
  t.is(cache.lookup('/api/x', 1), null);
  const fresh = await cache.get('k', 1, async () => '{"new":true}');
  t.is(fresh.raw.toString(), '{"new":true}');
  cache.remember('/api/x', fresh, 'public, max-age=15');
  t.is(cache.lookup('/api/x', 2)?.body.raw.toString(), '{"new":true}');
  t.is(cache.lookup('/api/x', 60_001), null);
});

test('one rebuild per key at a time: readers during it share the previous body, then one more rebuild follows the next event', async (t) => {
  const events = new EventHub();
  const cache = new FeedCache(events, 1000);
  let builds = 0;
  const finishers: Array<(text: string) => void> = [];
  const build = () => (builds++, new Promise<string>((resolve) => finishers.push(resolve)));
  const first = cache.get('k', 0, build);
  finishers[0]!('v1');
  t.is((await first).raw.toString(), 'v1');

  events.publish({ kind: 'post' });
  const trigger = cache.get('k', 10, build);
  const readers = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', 10, build)));
  t.is(builds, 2);
  t.true(readers.every((body) => body.raw.toString() === 'v1'));
  // An event while the rebuild runs: readers keep the previous body; no second rebuild in parallel.
  events.publish({ kind: 'post' });
  t.is((await cache.get('k', 20, build)).raw.toString(), 'v1');
  t.is(builds, 2);
  finishers[1]!('v2');
  t.is((await trigger).raw.toString(), 'v2');
  // v2 began before that event: the next reader rebuilds (once) while the others get v2.
  const next = cache.get('k', 30, build);
  t.is((await cache.get('k', 30, build)).raw.toString(), 'v2');
  t.is(builds, 3);
  finishers[2]!('v3');
  t.is((await next).raw.toString(), 'v3');
  t.is((await cache.get('k', 40, build)).raw.toString(), 'v3');
  t.is(builds, 3);
});

test('a failed rebuild is not kept: its readers get the failure, and the next reader rebuilds', async (t) => {
  const events = new EventHub();
  const cache = new FeedCache(events, 1000);
  t.is((await cache.get('k', 0, async () => 'v1')).raw.toString(), 'v1');
  events.publish({ kind: 'post' });
  await t.throwsAsync(
    cache.get('k', 10, async () => Promise.reject(new Error('database gone'))),
    { message: 'database gone' },
  );
  t.is((await cache.get('k', 20, async () => 'v2')).raw.toString(), 'v2');
  // With no body young enough, a failing rebuild fails its readers: nothing stale beyond the TTL.
  await t.throwsAsync(
    cache.get('k', 1020, async () => Promise.reject(new Error('still gone'))),
    { message: 'still gone' },
  );
});

test('the caller address follows X-Forwarded-For only behind a trusted proxy', (t) => {
  const req = { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }, socket: { remoteAddress: '10.0.0.1' } } as unknown as IncomingMessage;
  t.is(callerAddress(req, true), '203.0.113.7');
  t.is(callerAddress(req, false), '10.0.0.1');
  const direct = { headers: {}, socket: { remoteAddress: '::ffff:198.51.100.4' } } as unknown as IncomingMessage;
  t.is(callerAddress(direct, true), '::ffff:198.51.100.4');
});

test.serial('a presence event (resume, status) forgets only the office; the jobs and leaderboard snapshots are remembered too', async (t) => {
  for (const path of ['/api/activity?limit=13', '/api/office', '/api/jobs', '/api/leaderboard']) {
    t.is((await get(servers.koa + path)).status, 200, path);
    t.is((await get(servers.lean + path)).status, 200, path);
  }
  app.deps.events.publish({ kind: 'resume', account_ids: [] });
  t.is((await get(servers.lean + '/api/office')).status, 599);
  for (const path of ['/api/activity?limit=13', '/api/jobs', '/api/leaderboard']) t.is((await get(servers.lean + path)).status, 200, path);
  app.deps.events.publish({ kind: 'vote' });
  for (const path of ['/api/activity?limit=13', '/api/jobs', '/api/leaderboard']) t.is((await get(servers.lean + path)).status, 599, path);
});
