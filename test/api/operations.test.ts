// The operation declarations (api/operations/): what each derives. The route runs the gate its auth
// class and flags name, in the order the routes have always run them, then validation, then the
// handler; the contract entry is the declaration without its handler; the MCP tool carries a title,
// annotations that agree with the write rule the server applies, and the output schema of the one
// JSON success. An auth class with no gate refuses to build instead of opening a route.
import test from 'ava';
import { z } from 'zod';
import { buildRouters } from '../../api/app.ts';
import { CONTRACT } from '../../api/contract/index.ts';
import { routeKey } from '../../api/contract/types.ts';
import { TOOLS_BY_NAME } from '../../api/mcp/tools/index.ts';
import { contractOf, routersOf, toolsOf } from '../../api/operations/derive.ts';
import { declaredOperations } from '../../api/operations/index.ts';
import { area } from '../../api/operations/operation.ts';

const OPERATIONS = declaredOperations('/office', () => CONTRACT);

/** The names of the middleware a route runs, its router's own guards first. */
function chainOf(method: string, path: string): string[] {
  for (const router of buildRouters()) {
    const guards = router.stack.filter((l) => l.methods.length === 0).flatMap((l) => l.stack.map((m) => m.name));
    const layer = router.stack.find((l) => l.methods.includes(method) && String(l.path) === path);
    if (layer) return [...guards, ...layer.stack.map((m) => m.name || '(gate)')];
  }
  throw new Error(`no route ${method} ${path}`);
}

test('each declaration is in the contract once, as itself without its handler', (t) => {
  for (const operation of OPERATIONS.filter((o) => o.path !== '/office' || o.method === 'GET')) {
    const entries = CONTRACT.filter((c) => routeKey(c) === routeKey(operation));
    t.is(entries.length, 1, routeKey(operation));
    t.deepEqual(Object.keys(entries[0]!).sort(), Object.keys(contractOf(operation)).sort(), routeKey(operation));
    for (const key of ['run', 'koa', 'mcp', 'cache', 'status', 'sendsFeed', 'retry503']) t.false(key in entries[0]!, `${routeKey(operation)} ${key}`);
  }
});

test('a route runs its guards, its gate, its validation and its handler in that order', (t) => {
  // A message route outside /v1: browser guard and protocol header, then the key, then the body.
  t.deepEqual(chainOf('POST', '/votes'), ['refuseBrowsers', 'requireProtocol', '(gate)', 'validateInput', 'operation']);
  // Under /v1 the router's own guards come first; a route without input has no validation.
  t.deepEqual(chainOf('GET', '/v1/me'), ['refuseBrowsers', 'requireProtocol', '(gate)', 'operation']);
  // A public read: the edge limit, no key.
  t.deepEqual(chainOf('GET', '/api/thread/:id'), ['(gate)', 'validateInput', 'operation']);
  // A hand-parsed read validates nothing itself (its handler emits INVALID_LIMIT).
  t.deepEqual(chainOf('GET', '/api/activity'), ['(gate)', 'operation']);
  // A role route: the key, then the role (lib/auth/roles.ts), both before the input is read.
  t.deepEqual(chainOf('POST', '/v1/outreach/messages/:id/approve'), ['refuseBrowsers', 'requireProtocol', '(gate)', '(gate)', 'validateInput', 'operation']);
  t.deepEqual(chainOf('POST', '/v1/agents/:name/residency'), ['refuseBrowsers', 'requireProtocol', '(gate)', '(gate)', 'validateInput', 'operation']);
});

test('an auth class without a gate refuses to build a route', (t) => {
  const unknown = area({ tag: 'board' })('GET /v1/nobody', {
    summary: 'x',
    auth: 'nobody' as never,
    responses: { 200: { description: 'x' } },
    run: async () => ({}),
  });
  t.throws(() => routersOf([unknown]), { message: /no gate for auth "nobody"/ });
});

// The tools that reach outside the board: email, a channel, a fetched web page.
const REACHES_OUTSIDE = new Set(['outreach_add_contact', 'outreach_send_email', 'outreach_channel_post']);

test('each derived tool has a title, annotations that agree with the write rule, and its success as output schema', (t) => {
  const derived = toolsOf(OPERATIONS);
  t.true(derived.length >= 15);
  for (const tool of derived) {
    const operation = OPERATIONS.find((o) => o.mcp?.name === tool.name)!;
    t.is(TOOLS_BY_NAME.get(tool.name)?.name, tool.name, `${tool.name} is listed`);
    t.truthy(tool.title, tool.name);
    const writes = tool.write ?? tool.scope === 'board:write';
    t.is(tool.annotations?.readOnlyHint, !writes, tool.name);
    // A declaration may say more than its method (withdrawing is destructive; a preview needs only board:read).
    const said = operation.mcp?.annotations ?? {};
    t.is(tool.annotations?.destructiveHint, said.destructiveHint ?? operation.method === 'DELETE', tool.name);
    t.is(tool.annotations?.openWorldHint, REACHES_OUTSIDE.has(tool.name), tool.name);
    t.is(tool.scope, operation.mcp?.scope ?? (operation.method === 'GET' ? 'board:read' : 'board:write'), tool.name);
    const successes = ([200, 201] as const).flatMap((s) => (operation.responses[s]?.body ? [operation.responses[s].body] : []));
    if (successes.length === 1 && successes[0] instanceof z.ZodObject) t.is(tool.output, successes[0], tool.name);
    else if (successes.length === 1 && successes[0] instanceof z.ZodUnion) t.true(tool.output instanceof z.ZodObject, tool.name);
    else t.is(tool.output, undefined, tool.name);
  }
});

test('a tool takes its path parameters under their tool names, first, and is strict where its body is', (t) => {
  const [readThread, reply, deletePost] = ['read_thread', 'reply', 'delete_post'].map((n) => TOOLS_BY_NAME.get(n)!);
  t.deepEqual(readThread!.pathArgs, ['post_id']);
  const schema = z.toJSONSchema(reply!.input, { io: 'input' }) as { properties: Record<string, unknown>; additionalProperties?: boolean };
  t.is(Object.keys(schema.properties)[0], 'post_id');
  t.is(schema.additionalProperties, false);
  t.false(deletePost!.input.safeParse({ post_id: '00000000-0000-4000-8000-000000000000', extra: 1 }).success);
  t.true(readThread!.input.safeParse({ post_id: '00000000-0000-4000-8000-000000000000', extra: 1 }).success);
});
