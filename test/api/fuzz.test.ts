// Hostile input against the whole surface, in three sweeps:
// 1. every operation of the served /openapi.json: each string field (body fields walked through the
//    JSON Schema, nested ones, union branches and array items included; path and query parameters)
//    gets each hostile value once, the rest of the request valid-looking: lone surrogates (high, low,
//    a reversed pair) and U+0000 must answer 400 INVALID_CHARACTER naming the field and store
//    nothing; C0/C1 controls, bidi overrides, huge code points and noncharacters, an overlong string,
//    wrong types and deep nesting must never answer 5xx;
// 2. every MCP tool of tools/list, through the SDK's real client: the same for each string field of
//    its inputSchema (the refusal is the tool's error, `where: arguments`);
// 3. random requests per route of the route table (methods, ids, queries, headers and bodies; deep
//    and huge JSON, invalid UTF-8; FUZZ_RUNS per route, FUZZ_SEED to replay).
// Everywhere: no 5xx (but 501 for an unknown method), every JSON refusal in SPEC.md's envelope, no
// stack trace or SQL in any refusal, and a refused write stores nothing.
import test from 'ava';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import { listRoutes } from '../../api/app.ts';
import { CONTRACT } from '../../api/contract/index.ts';
import { buildOpenApi } from '../../api/contract/openapi.ts';
import { TOOLS } from '../../api/mcp/tools/index.ts';
import { setResidencyByName } from '../../lib/accounts/admin.ts';
import { ERROR_CODES, type ErrorCode } from '../../lib/error-codes.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { LEAK, OTHER_HOSTILE, OTHER_IN_URL, REFUSED_IN_URL, REFUSED_TEXT, stringFields, withValue, sample, type Hints } from '../helpers/hostile.ts';
import { makeCallers, type Callers } from '../helpers/callers.ts';
import { rawRequest, type RawResponse } from '../helpers/raw-http.ts';
import { publish, submit } from '../helpers/pub.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

let app: TestApp;
let key: string;
let postId: string;
/** Callers and fixtures the schema-driven sweeps send. */
let callers: Callers;
const world = { itemId: '', revisionId: '' };
test.before(async () => {
  // Waits end at once, so a fuzzed long poll cannot hold the run; quotas wide, so accepted hostile
  // writes do not turn later requests into 429s; BASE_URL is the server itself (MCP's OAuth).
  app = await startTestApp(
    {
      CONTINUITY_WAIT_MAX_MS: '1',
      MAX_BODY_BYTES: '65536',
      POSTS_PER_DAY: '100000',
      REPLIES_PER_DAY: '100000',
      PUB_SUBMISSIONS_PER_DAY: '100000',
      PUB_COMMENTS_PER_DAY: '100000',
      PUB_GUEST_COMMENTS_PER_HOUR: '100000',
      PUB_GUEST_REPORTS_PER_HOUR: '100000',
      PUB_QUORUM: '1',
      PUB_REVIEWER_MIN_AGE_HOURS: '0',
    },
    { selfBaseUrl: true },
  );
  const agent = await app.register('fuzz_agent');
  key = agent.key;
  const post = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'fuzz root', body: 'a root to aim at' } });
  postId = post.body?.post?.id ?? post.body?.id;
  const work = await submit(app, (await app.register()).key);
  await publish(app, work.revision_id, [await app.register()]);
  world.itemId = work.item_id;
  world.revisionId = work.revision_id;
  callers = await makeCallers(app);
});
test.after.always(async () => {
  await counter?.end();
  await callers?.close();
  await app?.close();
});

type Raw = RawResponse;
const send = (method: string, path: string, headers: Record<string, string>, body: Buffer | undefined) => rawRequest(app.url, method, path, headers, body);

// Rows in every table the service writes, except the counters a refusal may itself move. Counted
// through one prepared statement on its own connection: planning ~90 subqueries on every call cost
// Postgres twice what running them does, and the tables do not change during the run.
let counter: pg.Client | undefined;
let countAll = '';
const Count = z.object({ n: z.number() });
async function rowCount(): Promise<number> {
  if (!counter) {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ t: string }>(
      `select tablename as t from pg_tables where schemaname = 'public' and tablename not in ('rate_counters', 'feed_heads') order by 1`,
    );
    countAll = `select (${rows.map(({ t }) => `(select count(*) from ${client.escapeIdentifier(t)})`).join(' + ')})::int as n`;
    counter = client;
  }
  const { rows } = await counter.query<{ n: number }>({ name: 'row_count', text: countAll });
  return Count.parse(rows[0]).n;
}

/** A 5xx the error table documents for that status (not INTERNAL, and no outage here). */
function documentedServerAnswer(code: unknown, status: number): boolean {
  if (status === 501 && code === 'METHOD_NOT_IMPLEMENTED') return true;
  return typeof code === 'string' && code !== 'INTERNAL' && code !== 'UNAVAILABLE' && ERROR_CODES[code as ErrorCode]?.status === status;
}

/**
 * What every answer must hold: no 5xx but a documented one (501 for an unknown method, a 503 code of
 * the error table such as OUTREACH_NOT_CONFIGURED; never INTERNAL or UNAVAILABLE here), the envelope on
 * JSON refusals (or, at /mcp, a JSON-RPC error), no stack or SQL in a refusal.
 */
function badAnswer(res: Raw): string | null {
  const json = res.type.startsWith('application/json')
    ? (JSON.parse(res.text) as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown }; docs?: unknown })
    : null;
  if (res.status >= 500 && !documentedServerAnswer(json?.error?.code, res.status)) return 'server error';
  if (res.status >= 400 && LEAK.test(res.text)) return 'a stack trace or SQL in the body';
  if (res.status >= 400 && json) {
    const jsonRpc = json.jsonrpc === '2.0' && typeof json.error?.code === 'number' && typeof json.error.message === 'string';
    if (!jsonRpc && (typeof json.error?.code !== 'string' || typeof json.error.message !== 'string' || typeof json.docs !== 'string'))
      return 'a refusal outside the envelope';
  }
  return null;
}

// ---- 1. Every operation of /openapi.json, every string field, every hostile value ---------------

type Operation = {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Record<string, any> }>;
  requestBody?: { content: Record<string, { schema: Record<string, any> }> };
  'x-auth': string;
};
/** The operations, from the same registry the served document is built from (the test reads the served one). */
const OPERATIONS = Object.entries(buildOpenApi(CONTRACT, 'http://fuzz.test').paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
  Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
);
let served: Record<string, Record<string, Operation>> | null = null;
async function servedOperation(method: string, path: string): Promise<Operation> {
  served ??= (await app.request('GET', '/openapi.json')).body.paths;
  return served![path]![method.toLowerCase()]!;
}

const hints: Hints = {
  now: '2026-11-22T09:00:00.000Z',
  idFor: (field) => (/revision/i.test(field) ? world.revisionId : /item|parent|post/i.test(field) ? postId : randomUUID()),
};

/** A path parameter's value: the fixture it most likely names, else a word. */
function pathValue(path: string, name: string): string {
  if (name === 'id' || name.endsWith('_id')) return path.includes('/revisions/') ? world.revisionId : path.includes('pub') ? world.itemId : postId;
  if (name === 'name') return path.includes('channels') ? 'social' : callers.residentName;
  if (name === 'channel') return 'trade';
  return 'sample';
}

type Case = { what: string; where: 'body' | 'query' | 'path'; field: string; refused: boolean; path: string; query: string; body: unknown };

/** One request per string field and hostile value, the rest of the request valid-looking. */
function casesOf(method: string, path: string, op: Operation): Case[] {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const pathWith = (target?: string, value?: string) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === target ? value! : encodeURIComponent(pathValue(path, name))));
  const queryWith = (target?: string, value?: string) =>
    params
      .filter((p) => p.in === 'query' && (p.required || p.name === target))
      .map((p) => `${p.name}=${p.name === target ? value : encodeURIComponent(String(sample(p.schema, p.schema, hints, p.name)))}`)
      .join('&');
  const schema = op.requestBody?.content['application/json']?.schema;
  const baseBody = schema ? sample(schema, schema, hints) : undefined;
  const cases: Case[] = [];
  for (const p of params) {
    const where = p.in as 'path' | 'query';
    for (const [values, refused] of [
      [REFUSED_IN_URL, true],
      [OTHER_IN_URL, false],
    ] as const) {
      for (const v of values) {
        cases.push({
          what: `${where} ${p.name}: ${v.name}`,
          where,
          field: where === 'query' ? p.name : '',
          refused,
          path: where === 'path' ? pathWith(p.name, v.value) : pathWith(),
          query: where === 'query' ? queryWith(p.name, v.value) : queryWith(),
          body: baseBody,
        });
      }
    }
  }
  for (const field of schema ? stringFields(schema) : []) {
    for (const [values, refused] of [
      [REFUSED_TEXT, true],
      [OTHER_HOSTILE, false],
    ] as const) {
      for (const v of values) {
        cases.push({
          what: `body ${field.path || '(root)'}: ${v.name}`,
          where: 'body',
          field: field.path,
          refused,
          path: pathWith(),
          query: queryWith(),
          body: withValue(schema, schema!, field.steps, v.value, hints),
        });
      }
    }
  }
  return cases;
}

/** Requests a few at a time: the sweep is I/O-bound, and one at a time would take minutes. */
async function inBatches<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

for (const { method, path } of OPERATIONS) {
  test.serial(`hostile fields: ${method} ${path}`, async (t) => {
    const op = await servedOperation(method, path);
    const cases = casesOf(method, path, op);
    if (cases.length === 0) {
      t.log('no string field');
      t.pass();
      return;
    }
    const credentials = await callers.headersFor(op['x-auth']);
    const headers = { 'X-Agent-Protocol': 'svc/1', Accept: 'application/json', ...credentials };
    // The MCP endpoint leaves the text rule to each tool's arguments (sweep 2); its JSON-RPC wrapping only must not fail.
    const textRuleHere = op['x-auth'] !== 'oauth';
    const failures: string[] = [];
    const run = async (c: Case) => {
      const body = c.body === undefined ? undefined : Buffer.from(JSON.stringify(c.body));
      const res = await send(method, `${c.path}${c.query ? `?${c.query}` : ''}`, body ? { ...headers, 'Content-Type': 'application/json' } : headers, body);
      const where = `${c.what} -> ${res.status} ${res.text.slice(0, 160)}`;
      const bad = badAnswer(res);
      if (bad) failures.push(`${bad}: ${where}`);
      if (c.refused && textRuleHere) {
        const error = res.type.startsWith('application/json')
          ? (JSON.parse(res.text) as { error?: { code?: string; details?: { where?: string; path?: string } } }).error
          : undefined;
        if (res.status !== 400 || error?.code !== 'INVALID_CHARACTER' || error.details?.where !== c.where || error.details?.path !== c.field) {
          failures.push(`not refused as INVALID_CHARACTER at ${c.where} "${c.field}": ${where}`);
        }
      }
    };
    // Refused values first, counted: they must store nothing.
    const refused = cases.filter((c) => c.refused);
    const before = method === 'GET' ? 0 : await rowCount();
    await inBatches(refused, 8, run);
    if (method !== 'GET') {
      const after = await rowCount();
      if (after !== before) failures.push(`refused requests stored ${after - before} row(s)`);
    }
    await inBatches(
      cases.filter((c) => !c.refused),
      8,
      run,
    );
    // A write that stopped the residency (a checkpoint's stop) must not close the next operations.
    if (op['x-auth'] === 'resident') await setResidencyByName(app.deps, callers.residentName, 'active', null);
    t.log(`${cases.length} requests (${refused.length} refused by the text rule)`);
    t.deepEqual(failures.slice(0, 8), [], `${failures.length} failure(s)`);
  });
}

// ---- 2. Every MCP tool, every string field of its inputSchema ----------------------------------

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };

// tools/list once for the sweep: the SDK client compiles every tool's output schema on each listing.
let listing: ReturnType<Callers['mcp']['client']['listTools']> | undefined;

for (const tool of TOOLS) {
  test.serial(`hostile arguments: MCP ${tool.name}`, async (t) => {
    const client = callers.mcp.client;
    listing ??= client.listTools();
    const listed = (await listing).tools.find((x) => x.name === tool.name);
    t.truthy(listed, 'tools/list lists it');
    const schema = listed!.inputSchema as Record<string, any>;
    const fields = stringFields(schema);
    if (fields.length === 0) {
      t.log('no string argument');
      t.pass();
      return;
    }
    const failures: string[] = [];
    const cases = fields.flatMap((field) =>
      [...REFUSED_TEXT.map((v) => ({ ...v, refused: true })), ...OTHER_HOSTILE.map((v) => ({ ...v, refused: false }))].map((v) => ({
        field,
        v,
        args: withValue(schema, schema, field.steps, v.value, hints) as Record<string, unknown>,
      })),
    );
    await inBatches(cases, 8, async ({ field, v, args }) => {
      const where = `${field.path}: ${v.name}`;
      let result: ToolResult;
      try {
        result = (await client.callTool({ name: tool.name, arguments: args })) as ToolResult;
      } catch (error) {
        failures.push(`the call failed (${(error as Error).message.slice(0, 160)}): ${where}`);
        return;
      }
      const text = result.content.map((c) => c.text ?? '').join('\n');
      const envelope = result.isError
        ? (JSON.parse(result.content[0]!.text!) as { status: number; error: { code: string; details?: { where?: string; path?: string } } })
        : null;
      if (envelope && envelope.status >= 500 && !documentedServerAnswer(envelope.error.code, envelope.status))
        failures.push(`status ${envelope.status}: ${where}: ${text.slice(0, 160)}`);
      if (envelope && LEAK.test(text)) failures.push(`a stack trace or SQL: ${where}: ${text.slice(0, 160)}`);
      if (
        v.refused &&
        (envelope?.status !== 400 ||
          envelope.error.code !== 'INVALID_CHARACTER' ||
          envelope.error.details?.where !== 'arguments' ||
          envelope.error.details?.path !== field.path)
      ) {
        failures.push(`not refused as INVALID_CHARACTER at arguments "${field.path}": ${where}: ${text.slice(0, 160)}`);
      }
    });
    await setResidencyByName(app.deps, callers.mcp.agent, 'active', null);
    t.log(`${cases.length} calls`);
    t.deepEqual(failures.slice(0, 8), [], `${failures.length} failure(s)`);
  });
}

// ---- 3. Random requests per route of the route table --------------------------------------------

const edgeText = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '999999999999',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '2026-02-30',
  'null',
  'true',
  '[]',
  '{}',
  '%00',
  '%FF',
  '%ED%A0%80',
  '%C0%AF',
  '..%2F..%2Fetc%2Fpasswd',
  "'; drop table posts; --",
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '@me',
  '<script>alert(1)</script>',
);
const pathId = fc.oneof(
  edgeText.filter((s) => s.length > 0 && s.length < 200 && !s.includes(' ') && !s.includes('<') && !s.includes("'")),
  fc.uuid(),
  fc.stringMatching(/^[A-Za-z0-9_.~-]{1,40}$/),
);
const queryKeys = fc.constantFrom('since', 'before', 'after', 'cursor', 'limit', 'q', 'topic', 'agent', 'kind', 'status', 'window', 'range', 'name', 'id');
const queryValue = fc.oneof(
  edgeText,
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const query = fc.array(fc.tuple(queryKeys, queryValue), { maxLength: 4 });

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: [deep(n - 1)] });
const fieldNames = fc.constantFrom(
  'topic',
  'title',
  'body',
  'name',
  'description',
  'reply_to',
  'post_id',
  'value',
  'note',
  'reason',
  'email',
  'state',
  'items',
  'url',
  'status',
  'lease',
);
const hostileValue = fc.oneof(
  edgeText,
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant('a\u0000b'),
  fc.constant('\ud800'),
  fc.constant('\u202etxt.exe'),
  fc.integer(),
  fc.double(),
);
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
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  '',
);
const accept = fc.constantFrom('application/json', '*/*', 'text/html', 'image/png', '');
const method = (own: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(own) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND', 'FOO') },
  );

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

for (const route of listRoutes()) {
  test.serial(`fuzz ${route.method} ${route.path}`, async (t) => {
    const inputs = fc.sample(
      fc.tuple(
        method(route.method),
        fc.array(pathId, { minLength: 3, maxLength: 3 }),
        query,
        bodyBytes,
        contentType,
        accept,
        fc.constantFrom('valid', 'none', 'garbage'),
        fc.boolean(),
      ),
      { numRuns: RUNS, seed: SEED },
    );
    const failures: string[] = [];
    for (const [m, ids, q, body, type, acc, auth, realId] of inputs) {
      let i = 0;
      const path = route.path.replace(/:[a-z_]+/g, () =>
        realId && i === 0 && postId ? (i++, postId) : encodeURIComponent(ids[i++] ?? 'x').replace(/%25/g, '%'),
      );
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
      const bad = badAnswer(res);
      if (bad) failures.push(`${bad}: ${where}`);
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
