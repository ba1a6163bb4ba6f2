// Hostile input against every route, generated from the route table (listRoutes), not listed by
// hand: random and adversarial methods, path ids, query strings, headers and bodies (deep and huge
// JSON, invalid UTF-8, lone surrogates, U+0000, numbers and dates at their edges). Short mode here;
// FUZZ_RUNS raises the count per route (bench/README.md). Holds: no 500 (5xx only as 501 for an
// unknown method), every JSON refusal in SPEC.md's envelope, and a refused write stores nothing.
import test from 'ava';
import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { sql } from 'slonik';
import { z } from 'zod';
import { listRoutes } from '../../api/app.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

let app: TestApp;
let key: string;
let postId: string;
test.before(async () => {
  // Waits end at once, so a fuzzed long poll cannot hold the run.
  app = await startTestApp({ CONTINUITY_WAIT_MAX_MS: '1', MAX_BODY_BYTES: '65536' });
  const agent = await app.register('fuzz_agent');
  key = agent.key;
  const post = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'fuzz root', body: 'a root to aim at' } });
  postId = post.body?.post?.id ?? post.body?.id;
});
test.after.always(async () => {
  await app?.close();
});

type Raw = { status: number; type: string; text: string };

function send(method: string, path: string, headers: Record<string, string>, body: Buffer | undefined): Promise<Raw> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Rows in every table the service writes, except the counters a refusal may itself move.
const Count = z.object({ n: z.number() });
async function rowCount(): Promise<number> {
  const tables = await app.db.anyFirst(sql.type(z.object({ t: z.string() }))`
    select tablename as t from pg_tables where schemaname = 'public' and tablename not in ('rate_counters', 'feed_heads')`);
  const parts = tables.map((t) => sql.fragment`(select count(*) from ${sql.identifier([t])})`);
  const row = await app.db.one(sql.type(Count)`select (${sql.join(parts, sql.fragment` + `)})::int as n`);
  return row.n;
}

const edgeText = fc.constantFrom(
  '', ' ', '0', '-1', '1e308', 'NaN', 'Infinity', '9007199254740993', '999999999999', '0000-01-01', '9999-12-31T23:59:59Z',
  '2026-02-30', 'null', 'true', '[]', '{}', '%00', '%FF', '%ED%A0%80', '%C0%AF', '..%2F..%2Fetc%2Fpasswd', "'; drop table posts; --",
  'x'.repeat(5000), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '@me', '<script>alert(1)</script>',
);
const pathId = fc.oneof(edgeText.filter((s) => s.length > 0 && s.length < 200 && !s.includes(' ') && !s.includes('<') && !s.includes("'")), fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_.~-]{1,40}$/));
const queryKeys = fc.constantFrom('since', 'before', 'after', 'cursor', 'limit', 'q', 'topic', 'agent', 'kind', 'status', 'window', 'range', 'name', 'id');
const queryValue = fc.oneof(edgeText, fc.string({ maxLength: 30 }), fc.integer().map(String), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
const query = fc.array(fc.tuple(queryKeys, queryValue), { maxLength: 4 });

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: [deep(n - 1)] });
const fieldNames = fc.constantFrom('topic', 'title', 'body', 'name', 'description', 'reply_to', 'post_id', 'value', 'note', 'reason', 'email', 'state', 'items', 'url', 'status', 'lease');
const hostileValue = fc.oneof(edgeText, fc.jsonValue({ maxDepth: 2 }), fc.constant('a\u0000b'), fc.constant('\ud800'), fc.constant('\u202etxt.exe'), fc.integer(), fc.double());
const bodyBytes: fc.Arbitrary<Buffer | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  fc.dictionary(fieldNames, hostileValue, { maxKeys: 6 }).map((v) => Buffer.from(JSON.stringify(v))),
  fc.integer({ min: 50, max: 2000 }).map((n) => Buffer.from(JSON.stringify(deep(n)))),
  fc.constant(Buffer.from(JSON.stringify({ body: 'y'.repeat(70_000) }))),
  fc.constant(Buffer.from([0x7b, 0x22, 0x62, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
  fc.constant(Buffer.from('{"title":"\\ud800","body":"\\u0000"}')),
  fc.string({ maxLength: 200 }).map((s) => Buffer.from(s)),
);
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', '');
const accept = fc.constantFrom('application/json', '*/*', 'text/html', 'image/png', '');
const method = (own: string) => fc.oneof({ weight: 6, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND', 'FOO') });

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

for (const route of listRoutes()) {
  test.serial(`fuzz ${route.method} ${route.path}`, async (t) => {
    const inputs = fc.sample(
      fc.tuple(method(route.method), fc.array(pathId, { minLength: 3, maxLength: 3 }), query, bodyBytes, contentType, accept, fc.constantFrom('valid', 'none', 'garbage'), fc.boolean()),
      { numRuns: RUNS, seed: SEED },
    );
    const failures: string[] = [];
    for (const [m, ids, q, body, type, acc, auth, realId] of inputs) {
      let i = 0;
      const path = route.path.replace(/:[a-z_]+/g, () => (realId && i === 0 && postId ? (i++, postId) : encodeURIComponent(ids[i++] ?? 'x').replace(/%25/g, '%')));
      const search = q.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%25/g, '%')}`).join('&');
      const headers: Record<string, string> = { 'X-Agent-Protocol': 'svc/1' };
      if (type) headers['Content-Type'] = type;
      if (acc) headers.Accept = acc;
      if (auth === 'valid') headers.Authorization = `Bearer ${key}`;
      if (auth === 'garbage') headers.Authorization = 'Bearer zz\tzz';
      const sendsBody = body !== undefined && !['GET', 'HEAD'].includes(m);
      const before = m === 'GET' ? 0 : await rowCount();
      const res = await send(m, search ? `${path}?${search.slice(0, 300)}` : path, headers, sendsBody ? body : undefined);
      const where = `${m} ${path.slice(0, 120)}?${search.slice(0, 120)} [${type}; ${auth}; body ${body?.subarray(0, 80).toString('utf8') ?? 'none'}] -> ${res.status} ${res.text.slice(0, 200)}`;
      if (res.status >= 500 && !(res.status === 501 && res.text.includes('METHOD_NOT_IMPLEMENTED'))) failures.push(`server error: ${where}`);
      if (res.status >= 400 && res.type.startsWith('application/json')) {
        const env = JSON.parse(res.text) as { error?: { code?: unknown; message?: unknown }; docs?: unknown };
        if (typeof env.error?.code !== 'string' || typeof env.error.message !== 'string' || typeof env.docs !== 'string') failures.push(`refusal outside the envelope: ${where}`);
      }
      // The fuzzed key stays live for the routes after this one.
      if (res.status < 300 && m === 'POST' && path === '/v1/me/revoke') key = (await app.register()).key;
      if (res.status >= 400 && m !== 'GET') {
        const after = await rowCount();
        if (after !== before) failures.push(`a refused write stored ${after - before} row(s): ${where}`);
      }
    }
    t.log(`${inputs.length} inputs, seed ${SEED}`);
    t.deepEqual(failures.slice(0, 5), [], `${failures.length} failure(s) with FUZZ_SEED=${SEED}`);
  });
}
