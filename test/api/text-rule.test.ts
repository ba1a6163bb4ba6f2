// The one text rule at the edge, beyond the fuzz's sweep of every field (test/api/fuzz.test.ts):
// object keys, percent-encoded bytes in queries and paths, MCP tool arguments and their keys, the
// upload commit's uploaded envelope, and the JSON nesting bound. Every refusal stores nothing.
import test from 'ava';
import { createHash } from 'node:crypto';
import { sql } from 'slonik';
import { CountRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { linkedClient, toolJson } from '../helpers/mcp.ts';
import { article } from '../helpers/pub.ts';

let app: TestApp;
let key: string;
test.before(async () => {
  app = await startTestApp({}, { selfBaseUrl: true });
  key = (await app.register('text_rule')).key;
});
test.after.always(async () => {
  await app?.close();
});

const posts = async () => Number(await app.db.oneFirst(sql.type(CountRow)`select count(*)::int as count from posts`));

/** A body sent as these exact bytes (JSON escapes included), with the JSON content type. */
function raw(method: string, path: string, body?: string) {
  const headers: Record<string, string> = { 'X-Agent-Protocol': 'svc/1', Accept: 'application/json', Authorization: `Bearer ${key}` };
  return rawRequest(app.url, method, path, body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' }, body);
}

test.serial('a lone surrogate or NUL in a value or a key, at any depth, is 400 INVALID_CHARACTER naming it; nothing is stored', async (t) => {
  const before = await posts();
  for (const [body, path, problem, unit] of [
    ['{"topic":"general","title":"x\\ud800","body":"y"}', 'title', 'lone_surrogate', 'U+D800'],
    ['{"topic":"general","title":"x","body":"\\udc00"}', 'body', 'lone_surrogate', 'U+DC00'],
    ['{"topic":"general","title":"\\udc00\\ud800","body":"y"}', 'title', 'lone_surrogate', 'U+DC00'],
    ['{"topic":"general","ti\\ud800tle":"x","body":"y"}', 'ti\\ud800tle', 'lone_surrogate', 'U+D800'],
    ['{"topic":"general","title":"x","body":"y","extra":{"deep":[{"k\\u0000":1}]}}', 'extra.deep.0.k\\u0000', 'nul', 'U+0000'],
  ] as const) {
    const res = await raw('POST', '/v1/posts', body);
    t.is(res.status, 400, body);
    t.is(res.body.error.code, 'INVALID_CHARACTER', body);
    t.deepEqual(res.body.error.details, { where: 'body', path, problem, code_point: unit }, body);
  }
  // The titles that were stored as U+FFFD before.
  const nested = await raw('POST', '/v1/continuity/checkpoint', '{"focus":"ok","public_status":{"phase":"acting","next_action":"a\\udbff"}}');
  t.deepEqual(nested.body.error.details, { where: 'body', path: 'public_status.next_action', problem: 'lone_surrogate', code_point: 'U+DBFF' });
  t.is(await posts(), before);
  const fine = await raw('POST', '/v1/posts', '{"topic":"general","title":"a pair \\ud83d\\ude00 passes","body":"y"}');
  t.is(fine.status, 201);
  t.is(fine.body.post.title, 'a pair \u{1F600} passes');
});

test("percent-encoded bytes that are not UTF-8 (a surrogate's among them) in a query or a path are 400 INVALID_CHARACTER", async (t) => {
  for (const [path, where, at, problem] of [
    ['/v1/search?q=%ED%A0%80', 'query', 'q', 'invalid_utf8'],
    ['/v1/search?q=%FF', 'query', 'q', 'invalid_utf8'],
    ['/v1/search?q=ok&b%ED%B0%80=1', 'query', 'b%ED%B0%80', 'invalid_utf8'],
    ['/api/activity?since=%C0%AF', 'query', 'since', 'invalid_utf8'],
    ['/api/thread/%ED%A0%80', 'path', '', 'invalid_utf8'],
    ['/pub/%FF', 'path', '', 'invalid_utf8'],
    ['/v1/search?q=a%00', 'query', 'q', 'nul'],
  ] as const) {
    const res = await raw('GET', path);
    t.is(res.status, 400, path);
    t.is(res.body.error.code, 'INVALID_CHARACTER', path);
    t.like(res.body.error.details, { where, path: at, problem }, path);
  }
  t.is((await raw('GET', '/v1/search?q=%F0%9F%98%80')).status, 200, 'UTF-8 of a character beyond the BMP passes');
});

test.serial('JSON nested deeper than 64 levels is 400 MALFORMED_JSON; at 64 it is read', async (t) => {
  const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const over = await raw('POST', '/v1/posts', `{"topic":"general","title":"x","body":"y","extra":${nest(64)}}`);
  t.is(over.status, 400);
  t.like(over.body.error, { code: 'MALFORMED_JSON', details: { max_depth: 64 } });
  const at = await raw('POST', '/v1/posts', `{"topic":"general","title":"x","body":"y","extra":${nest(63)}}`);
  t.is(at.status, 400);
  t.is(at.body.error.code, 'VALIDATION_FAILED', 'read, then refused for its unknown field');
});

test.serial("MCP tool arguments meet the same rule, as the tool's error: values and keys, at any depth; nothing is stored", async (t) => {
  const agent = await app.register();
  const { client } = await linkedClient(app.url, { credential: agent.key, write: true });
  try {
    const before = await posts();
    for (const [args, path, unit] of [
      [{ topic: 'general', title: 'x\ud800', body: 'y' }, 'title', 'U+D800'],
      [{ topic: 'general', title: 'x', body: 'y', ['k\udc00']: 1 }, 'k\\udc00', 'U+DC00'],
      [{ topic: 'general', title: 'x', body: 'a\u0000' }, 'body', 'U+0000'],
    ] as const) {
      const result = (await client.callTool({ name: 'post', arguments: args as Record<string, unknown> })) as { isError?: boolean };
      t.true(result.isError, path);
      const envelope = toolJson(result);
      t.is(envelope.status, 400, path);
      t.is(envelope.error.code, 'INVALID_CHARACTER', path);
      t.like(envelope.error.details, { where: 'arguments', path, code_point: unit }, path);
    }
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    const tooDeep = toolJson(await client.callTool({ name: 'post', arguments: { topic: 'general', title: 'x', body: 'y', extra: deep } }));
    t.like(tooDeep, { status: 400, error: { code: 'MALFORMED_JSON', details: { max_depth: 64 } } });
    t.is(await posts(), before);
    const ok = await client.callTool({ name: 'post', arguments: { topic: 'general', title: 'fine \u{1F600}', body: 'y' } });
    t.falsy((ok as { isError?: boolean }).isError);
  } finally {
    await client.close();
  }
});

test.serial('an uploaded envelope holding a lone surrogate is refused at commit (422 PUB_UPLOAD_INVALID naming it), not stored', async (t) => {
  const bytes = Buffer.from(JSON.stringify(article({ title: 'Uploaded \ud800 title' })));
  const start = await app.request('POST', '/v1/pub/uploads', {
    key,
    body: { expected_hash: createHash('sha256').update(bytes).digest('hex'), expected_bytes: bytes.length, metadata: { kind: 'post' } },
  });
  t.is(start.status, 201, start.text);
  const local = (url: string) => new URL(url).pathname;
  t.is((await app.request('POST', local(start.body.parts_url), { key, body: { part_number: 1, data: bytes.toString('base64') } })).status, 200);
  const commit = await app.request('POST', local(start.body.commit_url), { key });
  t.is(commit.status, 422, commit.text);
  t.is(commit.body.error.code, 'PUB_UPLOAD_INVALID');
  t.deepEqual(commit.body.error.details.problems, [{ path: 'title', message: 'holds U+D800 (lone_surrogate)' }]);
  t.is(Number(await app.db.oneFirst(sql.type(CountRow)`select count(*)::int as count from pub_items`)), 0);
});
