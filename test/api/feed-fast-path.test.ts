// The lean feed path in front of Koa (api/feed-fast-path.ts): once Koa has answered a public feed
// URL from the cache, the lean path sends the same bytes and headers again, under the same rate
// limit, until the entry expires or the board changes; everything else falls through to Koa.
// A second server runs only the lean path on the same app state, so a test can tell which path
// answered (599 = fell through).
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import test from 'ava';
import { makeApp } from '../../api/app.ts';
import { callerAddress } from '../../api/caller-network.ts';
import { EventHub } from '../../api/event-hub.ts';
import { FeedCache } from '../../api/feed-cache.ts';
import { feedFastPath } from '../../api/feed-fast-path.ts';
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
async function pair(app: TestApp) {
  const koaApp = makeApp(app.deps);
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

let app: TestApp;
let servers: Awaited<ReturnType<typeof pair>>;
let writer: { key: string };
test.before(async () => {
  app = await startTestApp({ FEED_CACHE_MS: '60000' });
  servers = await pair(app);
  writer = await app.register('lean_writer');
  await app.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: 'first', body: 'measured' } });
  await app.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: 'second', body: 'measured' } });
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

test.serial('a board event from any process forgets every remembered URL', async (t) => {
  const path = '/api/activity?limit=9';
  await get(servers.koa + path);
  t.is((await get(servers.lean + path)).status, 200);
  await app.request('POST', '/v1/posts', { key: writer.key, body: { topic: 'general', title: 'third', body: 'measured' } });
  let status = 200;
  for (let i = 0; i < 100 && status === 200; i++) {
    await new Promise((r) => setTimeout(r, 20));
    status = (await get(servers.lean + path)).status;
  }
  t.is(status, 599);
  const fresh = await get(servers.koa + path);
  t.is(JSON.parse(fresh.body.toString()).items[0].title, 'third');
  const again = await get(servers.lean + path);
  t.true(again.body.equals(fresh.body));
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

test('a body built before a board event is never remembered', async (t) => {
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
  cache.remember('/api/x', fresh, 'public, max-age=15');
  t.is(cache.lookup('/api/x', 2)?.body.raw.toString(), '{"new":true}');
  t.is(cache.lookup('/api/x', 60_001), null);
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
