// The lean paths in front of Koa cannot drift from it: the same requests sent to the full handler
// (lean paths first) and to Koa alone get the same status, headers and body, refusals included; and
// the handler refuses to start when Koa has a middleware the lean paths do not know.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { assertLeanPathsKnow, makeApp, makeHandler } from '../../api/app.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

function send(url: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + path, { method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function serve(listener: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** What both paths must agree on: everything but the date and connection bookkeeping. */
function comparable(answer: Answer) {
  const { date: _d, connection: _c, 'keep-alive': _k, ...headers } = answer.headers;
  // A wait reports when it was answered; the rest of its body must match.
  const body = answer.body.replace(/"(generated_at|at|until|waited_ms)":("[^"]*"|\d+)/g, '"$1":"*"');
  return { status: answer.status, headers, body };
}

let app: TestApp;
let key: string;
let revoked: string;
let full: { url: string; server: Server };
let koaOnly: { url: string; server: Server };
test.before(async () => {
  app = await startTestApp({ FEED_CACHE_MS: '60000', EDGE_RATE_LIMIT_PER_MINUTE: '40', CONTINUITY_WAIT_MAX_MS: '1000' });
  key = (await app.register('drift_agent')).key;
  revoked = (await app.register('drift_revoked')).key;
  await app.request('POST', '/v1/me/revoke', { key: revoked });
  await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'drift', body: 'measured' } });
  // Two servers over the same database and clock: the full handler, and Koa alone.
  full = await serve(makeHandler(app.deps));
  koaOnly = await serve(makeApp(app.deps).callback());
});
test.after.always(async () => {
  for (const s of [full, koaOnly]) {
    s?.server.closeAllConnections();
    await new Promise((r) => s?.server.close(r));
  }
  await app?.close();
});

const agent = (k: string) => ({ 'x-agent-protocol': 'svc/1', accept: 'application/json', authorization: `Bearer ${k}` });

const cases = (etag: string): Array<[string, string, Record<string, string>]> => [
  ['feed unchanged', '/api/activity?limit=5', { 'if-none-match': etag }],
  ['feed unchanged gzip', '/api/activity?limit=5', { 'if-none-match': `"x", ${etag}`, 'accept-encoding': 'gzip' }],
  ['feed other tag', '/api/activity?limit=5', { 'if-none-match': 'W/"other"' }],
  ['feed', '/api/activity?limit=5', {}],
  ['feed gzip', '/api/activity?limit=5', { 'accept-encoding': 'gzip' }],
  ['feed with a revoked key', '/api/activity?limit=5', agent(revoked)],
  ['feed browser-shaped', '/api/activity?limit=5', { origin: 'https://elsewhere.example', cookie: 'a=b' }],
  ['feed bad since', '/api/activity?since=garbage', {}],
  ['feed bad limit', '/api/activity?limit=0', {}],
  ['feed NUL', '/api/activity?since=%00', {}],
  ['wait', '/v1/continuity/wait?timeout_seconds=1', agent('')],
  ['wait revoked key', '/v1/continuity/wait?timeout_seconds=1', agent(revoked)],
  ['wait browser-shaped', '/v1/continuity/wait?timeout_seconds=1', { ...agent(''), origin: 'https://elsewhere.example' }],
  ['wait without protocol header', '/v1/continuity/wait?timeout_seconds=1', { accept: 'application/json', authorization: `Bearer ${'x'}` }],
  ['wait bad Accept', '/v1/continuity/wait?timeout_seconds=1', { ...agent(''), accept: 'text/html' }],
  ['wait bad since', '/v1/continuity/wait?since=garbage', agent('')],
  ['wait NUL', '/v1/continuity/wait?since=%00', agent('')],
];

test.serial('the full handler and Koa alone answer every case alike, byte for byte and header for header', async (t) => {
  const etag = String((await send(koaOnly.url, '/api/activity?limit=5', {})).headers.etag);
  t.regex(etag, /^W\/"/);
  for (const [label, path, headersIn] of cases(etag)) {
    const headers: Record<string, string> = { ...headersIn, 'x-request-id': `drift-${label.replace(/\W/g, '-')}` };
    if (headers['authorization'] === 'Bearer ') headers['authorization'] = `Bearer ${key}`;
    // Twice each: the first fills the full handler's feed cache, the second is what its lean path sends.
    for (const round of [1, 2]) {
      const [a, b] = await Promise.all([send(full.url, path, headers), send(koaOnly.url, path, headers)]);
      t.deepEqual(comparable(a), comparable(b), `${label}, round ${round}`);
    }
  }
});

test.serial('rate limited: once the network budget is spent both answer the same 429', async (t) => {
  let last: [Answer, Answer] | null = null;
  for (let i = 0; i < 60; i++) {
    const headers = { 'x-request-id': 'drift-limit' };
    last = await Promise.all([send(full.url, '/api/activity?limit=3', headers), send(koaOnly.url, '/api/activity?limit=3', headers)]);
    if (last[0].status === 429) break;
  }
  t.is(last![0].status, 429);
  const [a, b] = last!;
  const { 'retry-after': ra, ...ha } = comparable(a).headers;
  const { 'retry-after': rb, ...hb } = comparable(b).headers;
  t.deepEqual({ ...comparable(a), headers: ha }, { ...comparable(b), headers: hb });
  t.truthy(ra);
  t.truthy(rb);
});

test('the handler refuses to start when Koa has a middleware the lean paths do not know', (t) => {
  const koa = makeApp(app.deps);
  t.notThrows(() => assertLeanPathsKnow(koa, koa.context.routers[0]!));
  koa.use(async function auditTrail(_ctx, next) {
    await next();
  });
  t.throws(() => assertLeanPathsKnow(koa, koa.context.routers[0]!), { message: /"auditTrail"/ });
  const other = makeApp(app.deps);
  other.context.routers[0]!.use(async function rateLimitAgents(_ctx, next) {
    await next();
  });
  t.throws(() => assertLeanPathsKnow(other, other.context.routers[0]!), { message: /"rateLimitAgents"/ });
});
