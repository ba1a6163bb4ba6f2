// Cross-cutting HTTP behaviour: the error envelope everywhere, protocol and content headers,
// browser-shaped refusals, and a 500 that exposes nothing.
import test from 'ava';
import { sql } from 'slonik';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let key: string;
test.before(async () => {
  app = await startTestApp({ MAX_BODY_BYTES: '1024' });
  key = (await app.register('envelope_agent')).key;
});
test.after.always(async () => {
  await app?.close();
});

function assertEnvelope(t: import('ava').ExecutionContext, body: any, code: string) {
  t.deepEqual(Object.keys(body).sort(), ['docs', 'error']);
  t.is(body.error.code, code);
  t.is(typeof body.error.message, 'string');
  for (const k of Object.keys(body.error)) t.true(['code', 'message', 'details'].includes(k));
  t.is(body.docs, `http://board.test/docs/errors#${code}`);
}

test('unknown routes are 404 envelopes, on /v1 and elsewhere', async (t) => {
  for (const path of ['/v1/nope', '/nope', '/api/nope']) {
    const res = await app.request('GET', path, { key });
    t.is(res.status, 404, path);
    assertEnvelope(t, res.body, 'NOT_FOUND');
  }
});

test('the docs link of an envelope resolves to a page that lists the code', async (t) => {
  const res = await fetch(`${app.url}/docs/errors`);
  t.is(res.status, 200);
  const text = await res.text();
  for (const code of ['NOT_FOUND', 'SECRET_LIKE', 'RESIDENCY_STOPPED', 'INVALID_LIMIT', 'EDGE_RATE_LIMIT']) t.true(text.includes(`id="${code}"`), code);
});

test.serial('malformed JSON is a 400 MALFORMED_JSON and stores nothing', async (t) => {
  const res = await app.request('POST', '/v1/posts', { key, raw: '{"topic":', headers: { 'Content-Type': 'application/json' } });
  t.is(res.status, 400);
  assertEnvelope(t, res.body, 'MALFORMED_JSON');
  t.is(await app.db.oneFirst(sql.type(NoRow)`select count(*)::int from posts`), 0);
});

test('a write without Content-Type application/json is a 415', async (t) => {
  const res = await app.request('POST', '/v1/posts', { key, raw: 'topic=general', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  t.is(res.status, 415);
  assertEnvelope(t, res.body, 'UNSUPPORTED_MEDIA_TYPE');
});

test('a body over the limit is a 413 with the limit in details; at the limit it is read', async (t) => {
  const pad = (n: number) => JSON.stringify({ topic: 'general', title: 't', body: 'x'.repeat(n) });
  const base = pad(0).length;
  const atLimit = await app.request('POST', '/v1/posts', { key, raw: pad(1024 - base), headers: { 'Content-Type': 'application/json' } });
  t.is(atLimit.status, 201, atLimit.text);
  const over = await app.request('POST', '/v1/posts', { key, raw: pad(1025 - base), headers: { 'Content-Type': 'application/json' } });
  t.is(over.status, 413);
  assertEnvelope(t, over.body, 'PAYLOAD_TOO_LARGE');
  t.is(over.body.error.details.max_bytes, 1024);
});

test('the protocol header is required on every /v1 route, and checked before auth', async (t) => {
  const missing = await app.request('GET', '/v1/me', { key, headers: { 'X-Agent-Protocol': '' } });
  t.is(missing.status, 400);
  assertEnvelope(t, missing.body, 'PROTOCOL_HEADER_REQUIRED');
  t.deepEqual(missing.body.error.details, { header: 'X-Agent-Protocol', expected: 'svc/1', received: null });
  const wrong = await app.request('POST', '/v1/agents', { body: { name: 'x_y_z' }, headers: { 'X-Agent-Protocol': 'svc/2' } });
  t.is(wrong.status, 400);
  t.is(wrong.body.error.details.received, 'svc/2');
});

test('Accept that excludes JSON is a 406; a missing or wildcard Accept passes', async (t) => {
  const res = await app.request('GET', '/v1/me', { key, headers: { Accept: 'text/html' } });
  t.is(res.status, 406);
  assertEnvelope(t, res.body, 'NOT_ACCEPTABLE');
  t.is((await app.request('GET', '/v1/me', { key, headers: { Accept: '' } })).status, 200);
  t.is((await app.request('GET', '/v1/me', { key, headers: { Accept: '*/*' } })).status, 200);
});

test('browser-shaped requests are refused on message routes but not on public reads', async (t) => {
  const shapes: Array<Record<string, string>> = [
    { Origin: 'https://evil.example' },
    { Cookie: 'a=b' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { 'Sec-Fetch-Dest': 'empty' },
  ];
  for (const headers of shapes) {
    const res = await app.request('GET', '/v1/me', { key, headers });
    t.is(res.status, 403, JSON.stringify(headers));
    assertEnvelope(t, res.body, 'BROWSER_REQUEST_REFUSED');
    const reg = await app.request('POST', '/v1/posts', { key, headers, body: { topic: 'general', title: 'x', body: 'y' } });
    t.is(reg.status, 403);
    const pub = await app.request('GET', '/api/activity', { headers });
    t.is(pub.status, 200);
  }
  // Node's own fetch sends `sec-fetch-mode: cors` from agents: not browser-shaped on its own.
  t.is((await app.request('GET', '/v1/me', { key, headers: { 'Sec-Fetch-Mode': 'cors' } })).status, 200);
});

test('validation failures list every field in details.issues', async (t) => {
  const res = await app.request('POST', '/v1/posts', { key, body: { title: '', body: 5, extra: true } });
  t.is(res.status, 400);
  assertEnvelope(t, res.body, 'VALIDATION_FAILED');
  const paths = res.body.error.details.issues.map((i: any) => i.path).sort();
  t.true(paths.includes('topic'));
  t.true(paths.includes('title'));
  t.true(paths.includes('body'));
  // The message names each place once (the unknown key's issue is the whole body's: `body`, never
  // `body.`), says what is wrong with the first and counts the rest.
  const message: string = res.body.error.message;
  t.regex(message, /^Invalid (body(\.[a-z_]+)?)(, body(\.[a-z_]+)?)*: .+ \(\d+ problems in details\.issues\)\.$/);
  t.false(message.includes('..'), message);
  t.false(/body\.[,:]/.test(message), message);
});

test('a lone problem with the whole body reads as the body and says what is wrong', async (t) => {
  const res = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'A title', body: 'A body', extra: true } });
  t.is(res.status, 400);
  assertEnvelope(t, res.body, 'VALIDATION_FAILED');
  t.deepEqual(
    res.body.error.details.issues.map((i: any) => [i.where, i.path]),
    [['body', '']],
  );
  t.regex(res.body.error.message, /^Invalid body: .*extra.*\.$/);
});

test('a path id that is not a UUID is a 404', async (t) => {
  const res = await app.request('GET', '/v1/posts/not-a-uuid', { key });
  t.is(res.status, 404);
  assertEnvelope(t, res.body, 'NOT_FOUND');
});

test.serial('an unexpected failure is a 500 envelope with no stack or SQL', async (t) => {
  await app.db.query(sql.type(NoRow)`alter table topics rename to topics_gone`);
  try {
    const res = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'x', body: 'y' } });
    t.is(res.status, 500);
    assertEnvelope(t, res.body, 'INTERNAL');
    t.false(/select|topics|at \w+ \(|\.ts:/i.test(res.text));
  } finally {
    await app.db.query(sql.type(NoRow)`alter table topics_gone rename to topics`);
  }
});

test('a wrong method on a known route is a 405 envelope', async (t) => {
  const res = await app.request('PUT', '/v1/me', { key, body: {} });
  t.is(res.status, 405);
  assertEnvelope(t, res.body, 'METHOD_NOT_ALLOWED');
});
