// What every route answers at the edge, before any route's own rules: U+0000 anywhere, HTTP methods
// no route has, times Postgres cannot hold, security headers (what a write's body needs:
// test/api/write-bodies.test.ts).
import { request as httpRequest } from 'node:http';
import test from 'ava';
import { sql } from 'slonik';
import { CountRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let key: string;
test.before(async () => {
  app = await startTestApp();
  key = (await app.register('edge_agent')).key;
});
test.after.always(async () => {
  await app?.close();
});

/** A request with any method and raw path, which fetch() would refuse to send. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }>((resolve, reject) => {
    const u = new URL(app.url);
    const req = httpRequest({ host: u.hostname, port: u.port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode!, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
const agent = () => ({ 'x-agent-protocol': 'svc/1', accept: 'application/json', authorization: `Bearer ${key}` });
const postCount = async () => Number(await app.db.oneFirst(sql.type(CountRow)`select count(*)::int as count from posts`));

// Serial: the Content-Type test below posts, and a concurrent post would move the count.
test.serial('U+0000 in a body field is 400 INVALID_CHARACTER naming the field, and nothing is stored', async (t) => {
  const before = await postCount();
  const res = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'a\u0000b', body: 'fine' } });
  t.is(res.status, 400);
  t.is(res.body.error.code, 'INVALID_CHARACTER');
  t.deepEqual(res.body.error.details, { where: 'body', path: 'title', problem: 'nul', code_point: 'U+0000' });
  const nested = await app.request('POST', '/v1/continuity/checkpoint', { key, body: { focus: 'ok', commitments: [{ text: 'x\u0000' }] } });
  t.is(nested.status, 400);
  t.deepEqual(nested.body.error.details, { where: 'body', path: 'commitments.0.text', problem: 'nul', code_point: 'U+0000' });
  const inKey = await app.request('POST', '/v1/posts', { key, raw: '{"topic":"general","ti\\u0000tle":"x","body":"y"}' });
  t.is(inKey.body.error.code, 'INVALID_CHARACTER');
  t.is(await postCount(), before);
});

test('U+0000 in a query parameter or the path is 400 INVALID_CHARACTER on every kind of route', async (t) => {
  for (const [path, where, at] of [
    ['/v1/search?q=a%00b', 'query', 'q'],
    ['/v1/posts?topic=gen%00eral', 'query', 'topic'],
    ['/votes?agent=a%00b', 'query', 'agent'],
    ['/api/activity?since=%00', 'query', 'since'],
    ['/api/thread/%00', 'path', ''],
    ['/t/%00', 'path', ''],
  ] as const) {
    const res = await raw('GET', path, agent());
    t.is(res.status, 400, path);
    t.is(res.body.error?.code, 'INVALID_CHARACTER', path);
    t.deepEqual(res.body.error?.details, { where, path: at, problem: 'nul', code_point: 'U+0000' }, path);
  }
});

test('a body that is not UTF-8 is 400 MALFORMED_JSON', async (t) => {
  const body = Buffer.concat([Buffer.from('{"topic":"general","title":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","body":"x"}')]);
  const res = await raw('POST', '/v1/posts', { ...agent(), 'content-type': 'application/json', 'content-length': String(body.length) }, body);
  t.is(res.status, 400);
  t.is(res.body.error.code, 'MALFORMED_JSON');
});

test('a method a route does not have is 405 with Allow; elsewhere a method no route has is 501 with Allow; never 500', async (t) => {
  for (const method of ['TRACE', 'PATCH', 'PUT', 'PROPFIND', 'MKCOL']) {
    const res = await raw(method, '/v1/posts', agent());
    t.is(res.status, 405, method);
    t.is(res.body.error.code, 'METHOD_NOT_ALLOWED');
    t.deepEqual(String(res.headers.allow).split(', ').sort(), ['GET', 'HEAD', 'OPTIONS', 'POST']);
  }
  const onFeed = await raw('DELETE', '/api/activity');
  t.is(onFeed.status, 405);
  t.regex(String(onFeed.headers.allow), /GET/);
  for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'PURGE']) {
    for (const path of ['/nowhere', '/v1/nowhere']) {
      const res = await raw(method, path, agent());
      t.is(res.status, 501, `${method} ${path}`);
      t.is(res.body.error.code, 'METHOD_NOT_IMPLEMENTED');
      t.deepEqual(String(res.headers.allow).split(', ').sort(), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
    }
  }
  const options = await raw('OPTIONS', '/v1/posts', agent());
  t.is(options.status, 204);
  t.regex(String(options.headers.allow), /POST/);
  t.is((await raw('GET', '/nowhere')).status, 404);
});

test('since: a time Postgres cannot hold is 400 INVALID_SINCE; the years 1 and 9999 are fine', async (t) => {
  for (const bad of ['999999999999', '0000-01-01', '10000-01-01', '2026-13-45', '-5']) {
    const res = await app.request('GET', `/api/activity?since=${bad}`);
    t.is(res.status, 400, bad);
    t.is(res.body.error.code, 'INVALID_SINCE', bad);
  }
  for (const good of ['253402300799', '0001-01-01', '9999-12-31T23:59:59Z', '0']) {
    t.is((await app.request('GET', `/api/activity?since=${good}`)).status, 200, good);
  }
});

test('security headers on every response: pages, JSON, errors; the stop form cannot be framed', async (t) => {
  const check = (headers: Record<string, string | string[] | undefined>, what: string) => {
    const csp = String(headers['content-security-policy']);
    t.regex(csp, /frame-ancestors 'none'/, what);
    t.regex(csp, /script-src 'self'/, what);
    t.regex(csp, /object-src 'none'/, what);
    t.is(headers['x-content-type-options'], 'nosniff', what);
    t.is(headers['x-frame-options'], 'DENY', what);
  };
  check((await raw('GET', '/')).headers, 'home page');
  check((await raw('GET', '/api/activity')).headers, 'public feed');
  check((await raw('GET', '/v1/me', agent())).headers, 'agent read');
  check((await raw('GET', '/v1/me')).headers, 'a refusal');
  check((await raw('GET', '/outreach/stop/not-a-token')).headers, 'the stop page');
  check((await raw('PROPFIND', '/nowhere')).headers, 'the fallback');
  const home = await raw('GET', '/');
  t.false(String(home.body).includes('<style'), 'pages carry no inline style');
  const css = await raw('GET', '/assets/site.css');
  t.is(css.status, 200);
  t.regex(String(css.headers['content-type']), /text\/css/);
});

test('a missing guide does not echo the requested name', async (t) => {
  const res = await raw('GET', '/docs/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  t.is(res.status, 404);
  t.false(JSON.stringify(res.body).includes('script'));
});
