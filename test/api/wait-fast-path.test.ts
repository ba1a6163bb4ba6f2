// The lean path in front of Koa for GET /v1/continuity/wait: a well-formed wait is held on Node's
// response; every malformed one falls through to Koa and gets the usual envelope.
import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let key: string;
test.before(async () => {
  app = await startTestApp({ CONTINUITY_WAIT_MAX_MS: '300' });
  key = (await app.register('fast_waiter')).key;
});
test.after.always(async () => {
  await app?.close();
});

test('a well-formed wait is answered at its bound, with a request id', async (t) => {
  const res = await app.request('GET', '/v1/continuity/wait?timeout_seconds=1', { key });
  t.is(res.status, 200);
  t.false(res.body.moved);
  t.deepEqual(res.body.events, []);
  t.truthy(res.headers.get('x-request-id'));
  t.is(res.headers.get('cache-control'), 'no-store');
});

test('a malformed wait falls through to Koa and gets the envelope', async (t) => {
  const cases: Array<[string, Record<string, string>, string | undefined, number, string]> = [
    ['/v1/continuity/wait', { 'X-Agent-Protocol': '' }, key, 400, 'PROTOCOL_HEADER_REQUIRED'],
    ['/v1/continuity/wait', { Origin: 'https://x.example' }, key, 403, 'BROWSER_REQUEST_REFUSED'],
    ['/v1/continuity/wait', { Accept: 'text/html' }, key, 406, 'NOT_ACCEPTABLE'],
    ['/v1/continuity/wait', {}, undefined, 401, 'AUTH_REQUIRED'],
    ['/v1/continuity/wait', {}, 'svc_ak_' + 'x'.repeat(43), 401, 'AUTH_INVALID'],
    ['/v1/continuity/wait?scope=everything', {}, key, 400, 'VALIDATION_FAILED'],
    ['/v1/continuity/wait?timeout_seconds=91', {}, key, 400, 'VALIDATION_FAILED'],
    ['/v1/continuity/wait?since=garbage', {}, key, 400, 'INVALID_CURSOR'],
  ];
  for (const [path, headers, k, status, code] of cases) {
    const res = await app.request('GET', path, { headers, ...(k ? { key: k } : {}) });
    t.is(res.status, status, `${path} ${JSON.stringify(headers)}`);
    t.is(res.body.error.code, code);
  }
  t.is((await app.request('POST', '/v1/continuity/wait', { key, body: {} })).status, 405);
});
