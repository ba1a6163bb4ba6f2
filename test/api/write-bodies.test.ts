// What a write needs, derived from the route contract (never listed by hand): a write that takes no
// body answers without Content-Type and without a body; a body, when sent, must be JSON (415); a
// missing key answers 401 before 415 everywhere; /openapi.json says which writes take a body and
// whether it is required, and a write whose body is optional accepts none.
import test from 'ava';
import { CONTRACT, type RouteContract } from '../../api/contract/index.ts';
import { openApiPath, routeKey } from '../../api/contract/types.ts';
import { ERROR_CODES, type ErrorCode } from '../../lib/error-codes.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeCallers, type Callers } from '../helpers/callers.ts';
import { rawRequest, type RawResponse } from '../helpers/raw-http.ts';

let app: TestApp;
let callers: Callers;
test.before(async () => {
  app = await startTestApp({}, { selfBaseUrl: true });
  callers = await makeCallers(app);
});
test.after.always(async () => {
  await callers?.close();
  await app?.close();
});

type Raw = RawResponse;
const send = (method: string, path: string, headers: Record<string, string>, body?: string) => rawRequest(app.url, method, path, headers, body);

const WRITES = CONTRACT.filter((r) => r.method !== 'GET');
/** A write that reads a form (the consent and links pages). */
const readsForm = (r: RouteContract) => r.input?.form !== undefined;
const BODYLESS = WRITES.filter((r) => !r.input?.body && !readsForm(r));
const JSON_BODY = WRITES.filter((r) => r.input?.body);
/** Classes whose caller presents a key (or a token) that can be missing. */
const KEYED = new Set(['agent', 'resident', 'owner', 'operator', 'owner_or_operator', 'reporter', 'fetcher', 'guest', 'oauth']);
const MISSING_KEY: Record<string, string> = { guest: 'PUB_GUEST_SESSION_REQUIRED', oauth: 'MCP_TOKEN_INVALID' };

const UUID = '00000000-0000-4000-8000-000000000000';
/** A concrete path: made-up ids and names that pass the path's validation, so a refusal is about the rest. */
function concrete(route: RouteContract): string {
  return route.path
    .replace(/\{\/\*[A-Za-z0-9_]+\}/g, '/x')
    .replace(/[:*]([A-Za-z0-9_]+)/g, (_, name: string) =>
      /(^|_)id$/.test(name)
        ? UUID
        : name === 'token'
          ? 'a'.repeat(52)
          : name === 'name'
            ? route.path.includes('channels')
              ? 'social'
              : callers.residentName
            : name === 'channel'
              ? 'trade'
              : 'nobody',
    );
}
const protocol = (route: RouteContract): Record<string, string> => (route.path.startsWith('/v1/') || route.message ? { 'X-Agent-Protocol': 'svc/1' } : {});
/** A 5xx the error table documents (OUTREACH_NOT_CONFIGURED before the owner's setup), never INTERNAL. */
const serverFailure = (res: Raw) => {
  const code = res.body?.error?.code as ErrorCode | undefined;
  return res.status >= 500 && !(code && code !== 'INTERNAL' && code !== 'UNAVAILABLE' && ERROR_CODES[code]?.status === res.status);
};
/** Answers that refuse a request for the shape of what it sent (or did not send). */
const SHAPE_CODES = new Set(['UNSUPPORTED_MEDIA_TYPE', 'MALFORMED_JSON', 'VALIDATION_FAILED']);

test('the classes are derived from the contract and hold the writes the issue named', (t) => {
  const keys = new Set(BODYLESS.map(routeKey));
  for (const key of [
    'DELETE /v1/posts/:id',
    'POST /v1/me/revoke',
    'POST /v1/mcp/link-codes',
    'POST /v1/mcp/links/:id/revoke',
    'POST /v1/outreach/messages/:id/approve',
    'DELETE /v1/outreach/channels/:name',
  ]) {
    t.true(keys.has(key), key);
  }
  t.true(JSON_BODY.length > 30);
  t.log(`${BODYLESS.length} bodyless writes, ${JSON_BODY.length} with a JSON body, ${WRITES.filter(readsForm).length} with a form`);
});

for (const route of BODYLESS) {
  test(`a write without a body needs no Content-Type: ${routeKey(route)}`, async (t) => {
    const path = concrete(route);
    const base = { Accept: 'application/json', ...protocol(route) };
    if (KEYED.has(route.auth)) {
      const anonymous = await send(route.method, path, base);
      t.is(anonymous.status, 401, anonymous.text);
      t.is(anonymous.body?.error?.code, MISSING_KEY[route.auth] ?? 'AUTH_REQUIRED');
    }
    const res = await send(route.method, path, { ...base, ...(await callers.headersFor(route.auth)) });
    t.false(serverFailure(res), `${res.status} ${res.text.slice(0, 200)}`);
    t.false(res.status === 415 || SHAPE_CODES.has(res.body?.error?.code), `${res.status} ${res.text.slice(0, 200)}`);
    // Any body sent to it is not read: neither its type nor its bytes refuse the request.
    const typed = await send(route.method, path, { ...base, ...(await callers.headersFor(route.auth)), 'Content-Type': 'text/plain' }, 'ignored');
    t.false(typed.status === 415 || SHAPE_CODES.has(typed.body?.error?.code), `${typed.status} ${typed.text.slice(0, 200)}`);
  });
}

test('the bodyless writes the issue named succeed without Content-Type and without a body', async (t) => {
  const agent = await app.register();
  const created = await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'Bodyless', body: 'delete me' } });
  const bare = { Accept: 'application/json', 'X-Agent-Protocol': 'svc/1', Authorization: `Bearer ${agent.key}` };
  const code = await send('POST', '/v1/mcp/link-codes', bare);
  t.is(code.status, 201, code.text);
  t.regex(code.body.code, /^svc_lc_/);
  const del = await send('DELETE', `/v1/posts/${created.body.post.id}`, bare);
  t.is(del.status, 204, del.text);
  t.is((await app.request('GET', `/v1/posts/${created.body.post.id}`, { key: agent.key })).status, 404);
  const revoke = await send('POST', '/v1/me/revoke', bare);
  t.is(revoke.status, 200, revoke.text);
  t.is((await send('GET', '/v1/me', bare)).status, 401, 'the key no longer works');
});

test('a missing key answers 401 before 415 on every write that takes a body', async (t) => {
  for (const route of JSON_BODY.filter((r) => KEYED.has(r.auth))) {
    const headers: Record<string, string> = { Accept: 'application/json', ...protocol(route), 'Content-Type': 'text/plain' };
    if (route.auth === 'guest') headers.Origin = new URL(app.url).origin;
    const res = await send(route.method, concrete(route), headers, 'not json');
    t.is(res.status, 401, `${routeKey(route)}: ${res.text.slice(0, 160)}`);
    t.is(res.body?.error?.code, MISSING_KEY[route.auth] ?? 'AUTH_REQUIRED', routeKey(route));
  }
});

test('with its caller, a body that is not JSON is 415 on every write that takes a JSON body', async (t) => {
  for (const route of JSON_BODY) {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
      const headers = { Accept: 'application/json, text/event-stream', ...protocol(route), ...(await callers.headersFor(route.auth)), 'Content-Type': type };
      const res = await send(route.method, concrete(route), headers, '{"a":1}');
      t.is(res.status, 415, `${routeKey(route)} ${type}: ${res.text.slice(0, 160)}`);
      t.is(res.body?.error?.code, 'UNSUPPORTED_MEDIA_TYPE', routeKey(route));
      t.deepEqual(res.body?.error?.details, { expected: 'application/json' });
    }
  }
});

test('the OpenAPI says which writes take a body and whether it is required; an optional body may be left out', async (t) => {
  const paths = (await app.request('GET', '/openapi.json')).body.paths as Record<
    string,
    Record<string, { requestBody?: { required: boolean; content: Record<string, unknown> } }>
  >;
  let optional = 0;
  for (const route of WRITES) {
    const op = paths[openApiPath(route.path)]![route.method.toLowerCase()]!;
    const key = routeKey(route);
    if (!route.input?.body && !route.input?.form) {
      t.is(op.requestBody, undefined, `${key} takes no body`);
      continue;
    }
    t.truthy(op.requestBody, `${key} describes its body`);
    if (route.input?.form) {
      t.deepEqual(Object.keys(op.requestBody!.content), ['application/x-www-form-urlencoded'], key);
      continue;
    }
    t.deepEqual(Object.keys(op.requestBody!.content), ['application/json'], key);
    const required = !route.input.body!.safeParse({}).success;
    t.is(op.requestBody!.required, required, key);
    // Sent without a body and without Content-Type, it is read as {}: refused only for the fields it misses.
    const res = await send(route.method, concrete(route), {
      Accept: 'application/json, text/event-stream',
      ...protocol(route),
      ...(await callers.headersFor(route.auth)),
    });
    t.not(res.status, 415, `${key}: ${res.text.slice(0, 160)}`);
    if (required) {
      t.is(res.status, 400, `${key}: ${res.text.slice(0, 160)}`);
    } else {
      optional++;
      t.true(!serverFailure(res) && !SHAPE_CODES.has(res.body?.error?.code), `${key}: ${res.status} ${res.text.slice(0, 160)}`);
    }
  }
  t.true(optional >= 5, `${optional} writes with an optional body`);
});
