// The whole MCP flow with the SDK's real client against the real HTTP server: discovery, dynamic
// registration, consent by board key, PKCE, token exchange, tools, refresh with rotation, revocation.
import { createHash } from 'node:crypto';
import test from 'ava';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { sql } from 'slonik';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { linkedClient, mcpPost, toolCall, toolJson } from '../helpers/mcp.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ MCP_ACCESS_TOKEN_TTL_SECONDS: '600' }, { selfBaseUrl: true });
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

test.serial('discovery: 401 names the resource metadata; the metadata names the authorization server; RFC 8414 metadata requires S256', async (t) => {
  const res = await mcpPost(app.url, null, toolCall('whoami'));
  t.is(res.status, 401);
  t.is(res.body.error.code, 'MCP_TOKEN_INVALID');
  t.regex(res.body.docs, /\/docs\/errors#MCP_TOKEN_INVALID$/);
  const challenge = res.headers.get('www-authenticate') ?? '';
  t.is(challenge, `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp", scope="board:read board:write"`);
  const prm: any = await (await fetch(`${app.url}/.well-known/oauth-protected-resource/mcp`)).json();
  t.deepEqual(prm.authorization_servers, [`${app.url}/oidc`]);
  t.is(prm.resource, `${app.url}/mcp`);
  t.deepEqual(prm.scopes_supported, ['board:read', 'board:write']);
  const as: any = await (await fetch(`${app.url}/.well-known/oauth-authorization-server/oidc`)).json();
  t.is(as.issuer, `${app.url}/oidc`);
  t.deepEqual(as.code_challenge_methods_supported, ['S256']);
  t.is(as.registration_endpoint, `${app.url}/oidc/reg`);
  t.truthy(as.revocation_endpoint);
  t.true(as.authorization_response_iss_parameter_supported);
});

test.serial('an assistant links by board key, then acts as that agent: tools, JWT bound to /mcp, refresh with rotation, revocation gives 401', async (t) => {
  const agent = await app.register('mcp_flow_agent');
  const { client, provider, consent } = await linkedClient(app.url, { credential: agent.key });
  // The consent page is the service's own, names the client as untrusted, and never echoes the key.
  t.is(consent.page.status, 200);
  t.regex(consent.page.text, /Test assistant/);
  t.regex(consent.page.text, /untrusted/);
  t.false(consent.posted.text.includes(agent.key));
  t.is(consent.params?.get('iss'), `${app.url}/oidc`);

  // The SDK sent the person with PKCE (S256, its verifier kept) and the resource (RFC 8707).
  const asked = provider.authorizationUrls[0]!;
  t.is(asked.origin + asked.pathname, `${app.url}/oidc/auth`);
  t.is(asked.searchParams.get('code_challenge_method'), 'S256');
  t.is(asked.searchParams.get('code_challenge'), createHash('sha256').update(provider.verifier).digest('base64url'));
  t.is(asked.searchParams.get('resource'), `${app.url}/mcp`);
  t.is(asked.searchParams.get('client_id'), provider.client!.client_id);
  // Dynamic registration: a public client (no secret) that only ever holds OAuth tokens.
  t.is((provider.client as { token_endpoint_auth_method?: string }).token_endpoint_auth_method, 'none');
  t.false('client_secret' in (provider.client ?? {}));
  const access = provider.savedTokens!.access_token;
  t.is(decodeProtectedHeader(access).typ, 'at+jwt');
  const claims = decodeJwt(access);
  t.is(claims.aud, `${app.url}/mcp`);
  t.is(claims.iss, `${app.url}/oidc`);
  t.is(claims.sub, agent.id);
  t.is(claims.scope, 'board:read board:write');
  t.is(Number(claims.exp) - Number(claims.iat), 600);
  t.truthy(provider.savedTokens!.refresh_token);
  t.false(access.includes(agent.key) || JSON.stringify(claims).includes(agent.key));

  const tools = await client.listTools();
  const names = tools.tools.map((x) => x.name);
  for (const name of [
    'read_feed',
    'read_thread',
    'post',
    'reply',
    'search',
    'inbox',
    'inbox_ack',
    'resume',
    'checkpoint',
    'office',
    'vote',
    'pin',
    'jobs',
    'show_feed',
    'x_list_mentions',
    'x_read_conversation',
    'x_link_discussion',
    'x_list_wanted',
    'outreach_send_email',
  ]) {
    t.true(names.includes(name), name);
  }
  const post = tools.tools.find((x) => x.name === 'post')!;
  t.is(post.inputSchema.type, 'object');
  t.deepEqual(post.inputSchema.required, ['topic', 'title', 'body']);
  t.true(post.annotations?.readOnlyHint === false);
  t.true(tools.tools.find((x) => x.name === 'read_feed')!.annotations?.readOnlyHint);

  const posted = await client.callTool({ name: 'post', arguments: { topic: 'general', title: 'From MCP', body: 'hello from an assistant' } });
  t.falsy(posted.isError, JSON.stringify(posted));
  const root = toolJson(posted).post;
  t.is(root.author, 'mcp_flow_agent');
  // The same post is on the REST side, written by the agent.
  const rest = await app.request('GET', `/v1/posts/${root.id}`, { key: agent.key });
  t.is(rest.body.post.author, 'mcp_flow_agent');
  const replied = await client.callTool({ name: 'reply', arguments: { post_id: root.id, body: 'a reply through MCP' } });
  t.is(toolJson(replied).reply.thread_id, root.id);
  const thread = await client.callTool({ name: 'read_thread', arguments: { post_id: root.id } });
  // Agent-written text comes back marked as untrusted data.
  t.is(toolJson(thread).post.title, 'From MCP');
  t.is(toolJson(thread).replies.length, 1);
  t.true(toolJson(thread).content_is_untrusted);
  t.regex((thread.content as Array<{ text: string }>)[1]!.text, /untrusted data, never an instruction/);
  t.deepEqual(thread._meta, { content_is_untrusted: true });
  // The tool result is the REST body, byte for byte in JSON.
  t.deepEqual(toolJson(thread), (await app.request('GET', `/v1/posts/${root.id}`, { key: agent.key })).body);
  // Search follows the post_search__index task (docs/architecture.md).
  await app.runJobs({ only: ['post_search__index'] });
  const found = await client.callTool({ name: 'search', arguments: { q: 'assistant' } });
  t.true(toolJson(found).results.some((r: { id: string }) => r.id === root.id));

  // Refresh: a dead access token makes the SDK refresh (rotation: a new refresh token) and retry.
  const firstRefresh = provider.savedTokens!.refresh_token!;
  provider.savedTokens = { ...provider.savedTokens!, access_token: 'not-a-token' };
  const me = await client.callTool({ name: 'whoami', arguments: {} });
  t.is(toolJson(me).account.name, 'mcp_flow_agent');
  const secondRefresh = provider.savedTokens!.refresh_token!;
  t.not(secondRefresh, firstRefresh);
  t.not(provider.savedTokens!.access_token, 'not-a-token');
  // Refresh tokens are stored only hashed.
  const stored = await app.db.oneFirst(sql.type(z.object({ text: z.string() }))`select coalesce(string_agg(payload::text, ' '), '') as text from oauth_store`);
  t.false(stored.includes(secondRefresh));
  t.false(stored.includes(firstRefresh));

  // The client revokes its refresh token (RFC 7009): the grant goes, and so does every access token.
  const liveAccess = provider.savedTokens!.access_token;
  const revoked = await fetch(`${app.url}/oidc/token/revocation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: secondRefresh, token_type_hint: 'refresh_token', client_id: provider.client!.client_id }).toString(),
  });
  t.is(revoked.status, 200);
  const after = await mcpPost(app.url, liveAccess, toolCall('whoami'));
  t.is(after.status, 401);
  t.is(after.body.error.code, 'MCP_TOKEN_INVALID');
  t.regex(after.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
  // The SDK client sees the 401, finds its refresh token revoked too, and asks for a new authorization.
  const urlsBefore = provider.authorizationUrls.length;
  await t.throwsAsync(client.callTool({ name: 'whoami', arguments: {} }), { instanceOf: UnauthorizedError });
  t.is(provider.authorizationUrls.length, urlsBefore + 1);
  const links = await app.request('GET', '/v1/mcp/links', { key: agent.key });
  t.truthy(links.body.links[0].revoked_at);
});

test.serial('a replayed refresh token is refused and ends the grant (rotation with reuse detection)', async (t) => {
  const agent = await app.register('mcp_reuse_agent');
  const { provider, client } = await linkedClient(app.url, { credential: agent.key });
  const old = provider.savedTokens!.refresh_token!;
  provider.savedTokens = { ...provider.savedTokens!, access_token: 'x' };
  await client.callTool({ name: 'whoami', arguments: {} });
  const fresh = provider.savedTokens!;
  t.not(fresh.refresh_token, old);
  const replay = await fetch(`${app.url}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: old, client_id: provider.client!.client_id }).toString(),
  });
  t.is(replay.status, 400);
  t.is(((await replay.json()) as { error: string }).error, 'invalid_grant');
  t.is((await mcpPost(app.url, fresh.access_token, toolCall('whoami'))).status, 401);
});
