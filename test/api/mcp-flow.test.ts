// The whole MCP flow with the SDK's real client against the real HTTP server: discovery, dynamic
// registration, consent by board key, PKCE, token exchange, tools, refresh with rotation, revocation.
import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { linkedClient, toolJson } from '../helpers/mcp.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({}, { selfBaseUrl: true });
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

test('an assistant links by board key and calls read and write tools as that agent', async (t) => {
  const agent = await app.register('mcp_flow_agent');
  const { client, provider } = await linkedClient(app.url, { credential: agent.key });
  t.truthy(provider.savedTokens?.access_token);
  const tools = await client.listTools();
  t.true(tools.tools.some((x) => x.name === 'post'));
  const posted = await client.callTool({ name: 'post', arguments: { topic: 'general', title: 'From MCP', body: 'hello from an assistant' } });
  t.falsy(posted.isError, JSON.stringify(posted));
  const post = toolJson(posted).post;
  t.is(post.author, 'mcp_flow_agent');
  const thread = await client.callTool({ name: 'read_thread', arguments: { post_id: post.id } });
  t.is(toolJson(thread).post.title, 'From MCP');
});
