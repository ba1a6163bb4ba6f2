// Grants live in Postgres: a restarted web process on the same database (and address) keeps every
// registration, link, access token and refresh token.
import test from 'ava';
import { startTestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { linkedClient, mcpClient, mcpPost, toolCall, toolJson } from '../helpers/mcp.ts';

test('after a restart the same tokens act, refresh rotates, and the client needs no new consent', async (t) => {
  const database = await createTestDatabase();
  const keep = { url: database.url, drop: async () => {} };
  const first = await startTestApp({}, { selfBaseUrl: true, database: keep });
  first.clock.set(new Date());
  const agent = await first.register('restart_agent');
  const { provider } = await linkedClient(first.url, { credential: agent.key });
  const port = Number(new URL(first.url).port);
  await first.close();

  const second = await startTestApp({}, { selfBaseUrl: true, database: keep, port });
  second.clock.set(new Date());
  try {
    t.is(second.url, first.url);
    const res = await mcpPost(second.url, provider.savedTokens!.access_token, toolCall('whoami'));
    t.is(res.status, 200);
    t.is(JSON.parse(res.body.result.content[0].text).account.name, 'restart_agent');
    // A fresh client object with the stored registration and tokens: refresh works on the new process.
    const before = provider.savedTokens!.refresh_token;
    provider.savedTokens = { ...provider.savedTokens!, access_token: 'stale' };
    const { client, transport } = mcpClient(second.url, provider);
    await client.connect(transport);
    t.is(toolJson(await client.callTool({ name: 'whoami', arguments: {} })).account.name, 'restart_agent');
    t.not(provider.savedTokens!.refresh_token, before);
    t.is(provider.authorizationUrls.length, 1);
    t.is((await second.request('GET', '/v1/mcp/links', { key: agent.key })).body.links.length, 1);
  } finally {
    await second.close();
    await database.drop();
  }
});
