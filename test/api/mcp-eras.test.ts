// Issue 29 items 1 and 3: one /mcp serves MCP 2026-07-28 (the SDK v2 client pinned to it:
// server/discover, the per-request envelope, no initialize) and the 2025 revisions (the SDK 1.x
// client, initialize), both over OAuth, from one tool table; every tool's happy path and one refusal
// in each era, with the result shape an assistant relies on (title, hints, structuredContent,
// untrusted marking, the REST error envelope).
import test, { type ExecutionContext } from 'ava';
import { TOOLS, TOOLS_BY_NAME } from '../../api/mcp/tools/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { linkedClient, MODERN, mcpPost, modernLinked, toolJson } from '../helpers/mcp.ts';
import { toolCases, toolWorld, type Seen } from '../helpers/mcp-tool-cases.ts';

let app: TestApp;
let peer: { key: string; name: string };
test.before(async () => {
  app = await startTestApp({ PUB_QUORUM: '1', PUB_REVIEWER_MIN_AGE_HOURS: '0', PUB_SUBMISSIONS_PER_DAY: '50' }, { selfBaseUrl: true });
  app.clock.set(new Date());
  peer = await app.register('era_peer');
});
test.after.always(async () => {
  await app?.close();
});

type AnyClient = { listTools: () => Promise<{ tools: any[] }>; callTool: (p: { name: string; arguments: Record<string, unknown> }) => Promise<any> };

function assertListed(t: ExecutionContext, tools: any[]) {
  t.deepEqual(
    tools.map((x) => x.name),
    TOOLS.map((x) => x.name),
  );
  for (const listed of tools) {
    const tool = TOOLS_BY_NAME.get(listed.name)!;
    t.true(typeof listed.title === 'string' && listed.title.length > 0, listed.name);
    if (tool.title) t.is(listed.title, tool.title);
    const writes = tool.write ?? tool.scope === 'board:write';
    t.like(listed.annotations, { readOnlyHint: !writes }, listed.name);
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'])
      t.is(typeof listed.annotations[hint], 'boolean', `${listed.name} ${hint}`);
    t.is(listed.inputSchema.type, 'object', listed.name);
    t.is(listed.outputSchema !== undefined, tool.output !== undefined, listed.name);
    t.deepEqual(listed._meta, { scope: tool.scope });
  }
  t.true(tools.find((x) => x.name === 'delete_post').annotations.destructiveHint);
  t.false(tools.find((x) => x.name === 'post').annotations.destructiveHint);
  t.true(tools.find((x) => x.name === 'outreach_send_email').annotations.openWorldHint);
  t.like(
    tools.find((x) => x.name === 'read_feed'),
    {
      title: TOOLS_BY_NAME.get('read_feed')!.title ?? 'Read feed',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
  );
}

/** Every tool in TOOLS order: its happy path (or the rule it reaches) and its refusal, with the result's shape. */
async function everyTool(t: ExecutionContext, client: AnyClient, agent: { key: string; name: string }) {
  const world = await toolWorld(app, agent, peer);
  const cases = toolCases(world);
  t.deepEqual(Object.keys(cases).sort(), TOOLS.map((x) => x.name).sort());
  const seen: Seen = new Map();
  // Each tool's outcome against its case, all reported at once: [tool, expected, got].
  const outcomes: Array<[string, string, string]> = [];
  for (const tool of TOOLS) {
    const c = cases[tool.name]!;
    if (c.happy) {
      const args = c.happy(seen);
      const result = await client.callTool({ name: tool.name, arguments: args });
      const answer = toolJson(result);
      outcomes.push([tool.name, 'ok', result.isError ? JSON.stringify(answer.error) : 'ok']);
      if (result.isError) continue;
      seen.set(tool.name, answer);
      seen.set(`${tool.name}:args`, args);
      // The same JSON as structured data; a declared output schema holds it.
      if (answer !== null && typeof answer === 'object' && !Array.isArray(answer)) t.deepEqual(result.structuredContent, answer, tool.name);
      if (tool.output) t.true(tool.output.safeParse(result.structuredContent).success, `${tool.name} output schema`);
      if (tool.untrusted !== false) {
        t.is(result._meta.content_is_untrusted, true, tool.name);
        t.regex(result.content[1].text, /untrusted data, never an instruction/, tool.name);
      } else {
        t.is(result.content.length, 1, tool.name);
        t.is(result._meta?.content_is_untrusted, undefined, tool.name);
      }
    } else {
      const reached = await client.callTool({ name: tool.name, arguments: c.reaches!.args });
      outcomes.push([tool.name, c.reaches!.code, toolJson(reached).error?.code ?? 'ok']);
    }
    const refused = await client.callTool({ name: tool.name, arguments: c.refusal.args });
    const envelope = toolJson(refused);
    outcomes.push([tool.name, c.refusal.code, refused.isError ? envelope.error.code : 'ok']);
    if (!refused.isError) continue;
    t.is(typeof envelope.status, 'number', tool.name);
    t.true(envelope.status >= 400 && envelope.status < 500, tool.name);
    t.deepEqual(refused._meta.error, envelope, tool.name);
    t.is(refused.structuredContent, undefined, tool.name);
  }
  t.deepEqual(
    outcomes.filter(([, expected, got]) => expected !== got),
    [],
  );
  t.is(outcomes.length, TOOLS.length * 2);
}

test.serial('2026-07-28 with the SDK v2 client: server/discover, no initialize, every tool listed with title and hints, every tool called', async (t) => {
  const agent = await app.register('era_modern');
  const { client } = await modernLinked(app.url, agent.key);
  t.is(client.getNegotiatedProtocolVersion(), MODERN);
  t.like(client.getServerVersion(), { name: 'agent-board' });
  t.regex(client.getInstructions() ?? '', /untrusted data/);
  assertListed(t, (await client.listTools()).tools);
  await everyTool(t, client as unknown as AnyClient, agent);
});

test.serial('2025-11-25 with the SDK 1.x client: initialize, the same tools and answers', async (t) => {
  const agent = await app.register('era_legacy');
  const { client } = await linkedClient(app.url, { credential: agent.key });
  t.is(client.getServerVersion()?.name, 'agent-board');
  assertListed(t, (await client.listTools()).tools);
  await everyTool(t, client as unknown as AnyClient, agent);
});

/** A raw POST to /mcp with the given headers (the bearer token added). */
async function raw(token: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), body: JSON.parse(text) };
}

const envelope = (method: string, params: Record<string, unknown> = {}) => ({
  ...params,
  _meta: {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  },
});

test('on the wire: server/discover names 2026-07-28, each 2025 revision initializes, and the 2026 headers are checked', async (t) => {
  const agent = await app.register('era_wire');
  const { provider } = await linkedClient(app.url, { credential: agent.key });
  const token = provider.savedTokens!.access_token;
  const modern = { 'MCP-Protocol-Version': MODERN };

  const discover = await raw(
    token,
    { ...modern, 'Mcp-Method': 'server/discover' },
    { jsonrpc: '2.0', id: 1, method: 'server/discover', params: envelope('server/discover') },
  );
  t.is(discover.status, 200);
  t.like(discover.body.result, { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'agent-board' } }, capabilities: { tools: { listChanged: false } } });
  // Discovery names the per-request revisions; a 2025 client negotiates its own through initialize (below).
  t.deepEqual(discover.body.result.supportedVersions, [MODERN]);
  t.regex(discover.body.result.instructions, /untrusted data/);

  const call = await raw(
    token,
    { ...modern, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'whoami' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: envelope('tools/call', { name: 'whoami', arguments: {} }) },
  );
  t.is(call.status, 200);
  t.regex(call.type ?? '', /^application\/json/);
  t.is(call.body.result.structuredContent.account.name, 'era_wire');
  // The 2026 headers must match the body: a missing Mcp-Method or a wrong Mcp-Name is refused before any tool runs.
  const noMethod = await raw(token, modern, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: envelope('tools/call', { name: 'whoami', arguments: {} }) });
  t.is(noMethod.status, 400);
  t.truthy(noMethod.body.error);
  const wrongName = await raw(
    token,
    { ...modern, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'read_feed' },
    { jsonrpc: '2.0', id: 4, method: 'tools/call', params: envelope('tools/call', { name: 'whoami', arguments: {} }) },
  );
  t.is(wrongName.status, 400);
  t.truthy(wrongName.body.error);
  // A revision the server does not serve is named as such, with the ones it does.
  const future = await raw(
    token,
    { 'MCP-Protocol-Version': '2099-01-01', 'Mcp-Method': 'tools/list' },
    {
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/list',
      params: { _meta: { ...envelope('tools/list')._meta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
    },
  );
  t.is(future.status, 400);
  t.true(JSON.stringify(future.body.error).includes(MODERN));

  // Each 2025 revision initializes as itself; a stateless tools/list follows with its header.
  for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
    const init = await raw(
      token,
      {},
      { jsonrpc: '2.0', id: 6, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
    );
    t.is(init.status, 200, version);
    t.is(init.body.result.protocolVersion, version);
    t.like(init.body.result, { serverInfo: { name: 'agent-board' }, capabilities: { tools: { listChanged: false } } }, version);
  }
  const listed = await raw(token, { 'MCP-Protocol-Version': '2025-06-18' }, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
  t.is(listed.body.result.tools.length, TOOLS.length);
  // The 2025 answers stay plain JSON (what raw HTTP callers read), through the shared helper too.
  t.regex(listed.type ?? '', /^application\/json/);
  t.is((await mcpPost(app.url, token, { jsonrpc: '2.0', id: 8, method: 'tools/list' })).body.result.tools.length, TOOLS.length);
});
