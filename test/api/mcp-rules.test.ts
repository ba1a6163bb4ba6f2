// What an assistant may do as its agent: scopes, the same rules, quotas, residency stop and error
// codes as REST, linking by one-time code, listing and unlinking, and a revoked agent's assistant.
import test from 'ava';
import { setResidencyByName, setRole, setSuspended } from '../../lib/accounts/admin.ts';
import { waitersFor } from '../../lib/continuity/waiters.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/until.ts';
import { consent, CookieJar, browse, linkedClient, MemoryOAuthProvider, mcpClient, mcpPost, toolCall, toolJson } from '../helpers/mcp.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '3', MCP_LINK_CODE_TTL_SECONDS: '600' }, { selfBaseUrl: true });
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

const errorOf = (result: unknown) => toolJson(result) as { error: { code: string; message: string; details?: unknown }; docs: string; status: number };

test('a board:read token reads, and a write tool is refused with 403 insufficient_scope before anything runs', async (t) => {
  const agent = await app.register('mcp_reader');
  const { client, provider } = await linkedClient(app.url, { credential: agent.key, write: false });
  t.is(provider.savedTokens!.scope, 'board:read');
  const feed = await client.callTool({ name: 'read_feed', arguments: {} });
  t.falsy(feed.isError);
  const raw = await mcpPost(app.url, provider.savedTokens!.access_token, toolCall('post', { topic: 'general', title: 'x', body: 'y' }));
  t.is(raw.status, 403);
  t.is(raw.body.error.code, 'MCP_INSUFFICIENT_SCOPE');
  t.deepEqual(raw.body.error.details, { required: 'board:write', granted: ['board:read'], tool: 'post' });
  t.is(
    raw.headers.get('www-authenticate'),
    `Bearer error="insufficient_scope", scope="board:read board:write", resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`,
  );
  // The real client treats it as a step-up (it refreshes for more scope); the grant holds only
  // board:read, so the call still ends refused with 403.
  const error = await t.throwsAsync(client.callTool({ name: 'post', arguments: { topic: 'general', title: 'x', body: 'y' } }));
  t.regex(error.message, /403/);
  // Nothing was written.
  t.is((await app.request('GET', '/v1/posts', { key: agent.key })).body.posts.filter((p: { author: string }) => p.author === 'mcp_reader').length, 0);
  // A read-only token also cannot save a checkpoint (a write that stays open while stopped).
  t.is((await mcpPost(app.url, provider.savedTokens!.access_token, toolCall('checkpoint', { focus: 'x' }))).status, 403);
});

test('the endpoint answers as Streamable HTTP says: a request 200 with one JSON body and its length, a notification 202 with no body and no type', async (t) => {
  const agent = await app.register('mcp_transport');
  const { provider } = await linkedClient(app.url, { credential: agent.key, write: false });
  const token = provider.savedTokens!.access_token;
  const listed = await mcpPost(app.url, token, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
  t.is(listed.status, 200);
  t.regex(listed.headers.get('content-type') ?? '', /^application\/json/);
  t.is(Number(listed.headers.get('content-length')), Buffer.byteLength(listed.text));
  t.is(listed.body.id, 7);
  t.true(listed.body.result.tools.length > 0);
  for (const method of ['notifications/initialized', 'notifications/cancelled']) {
    const note = await mcpPost(app.url, token, { jsonrpc: '2.0', method, params: method.endsWith('cancelled') ? { requestId: 7 } : {} });
    t.is(note.status, 202, method);
    t.is(note.text, '', method);
    t.is(note.headers.get('content-type'), null, method);
  }
});

test('tool refusals carry the REST code, status and details: validation, secrets, unknown ids, quotas at the edge', async (t) => {
  const agent = await app.register('mcp_rules');
  const { client } = await linkedClient(app.url, { credential: agent.key });

  const bad = { topic: 'general', title: '', body: 'x' };
  const restBad = await app.request('POST', '/v1/posts', { key: agent.key, body: bad });
  const toolBad = await client.callTool({ name: 'post', arguments: bad });
  t.true(toolBad.isError);
  t.is(errorOf(toolBad).error.code, restBad.body.error.code);
  t.is(errorOf(toolBad).status, 400);
  t.deepEqual(errorOf(toolBad).error.details, { issues: [{ where: 'arguments', path: 'title', message: restBad.body.error.details.issues[0].message }] });

  const secret = { topic: 'general', title: 'keys', body: 'my key AKIAABCDEFGHIJKLMNOP' };
  const restSecret = await app.request('POST', '/v1/posts', { key: agent.key, body: secret });
  const toolSecret = await client.callTool({ name: 'post', arguments: secret });
  t.is(restSecret.status, 422);
  t.deepEqual(errorOf(toolSecret).error, restSecret.body.error);
  t.is(errorOf(toolSecret).docs, restSecret.body.docs);
  t.is(errorOf(toolSecret).status, 422);

  // A path id REST would 404 on is NOT_FOUND here too; an unknown one likewise.
  t.is(errorOf(await client.callTool({ name: 'read_thread', arguments: { post_id: 'nope' } })).error.code, 'NOT_FOUND');
  const missing = await client.callTool({ name: 'read_thread', arguments: { post_id: '00000000-0000-4000-8000-000000000000' } });
  t.deepEqual(errorOf(missing).error, (await app.request('GET', '/v1/posts/00000000-0000-4000-8000-000000000000', { key: agent.key })).body.error);
  t.is(errorOf(await client.callTool({ name: 'no_such_tool', arguments: {} })).error.code, 'NOT_FOUND');
  t.is(errorOf(await client.callTool({ name: 'read_feed', arguments: { before: 'garbage' } })).error.code, 'INVALID_CURSOR');

  // POSTS_PER_DAY=3 shared by both surfaces: two by REST, the third by MCP passes, the fourth fails.
  for (const n of [1, 2])
    t.is((await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: `rest ${n}`, body: 'b' } })).status, 201);
  const third = await client.callTool({ name: 'post', arguments: { topic: 'general', title: 'mcp 3', body: 'b' } });
  t.falsy(third.isError);
  const fourth = await client.callTool({ name: 'post', arguments: { topic: 'general', title: 'mcp 4', body: 'b' } });
  t.is(errorOf(fourth).error.code, 'POST_QUOTA');
  t.is(errorOf(fourth).status, 429);
  t.truthy((errorOf(fourth).error.details as { retry_at: string }).retry_at);
  const restFourth = await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'rest 4', body: 'b' } });
  t.is(restFourth.body.error.code, 'POST_QUOTA');

  // Lab rules live in lib too: an Experiment root without its lines is refused the same way.
  const lab = { topic: 'svc-1m', title: 'Experiment: nothing', body: 'no lines' };
  const other = await app.register('mcp_rules_lab');
  const restLab = await app.request('POST', '/v1/posts', { key: other.key, body: lab });
  const { client: labClient } = await linkedClient(app.url, { credential: other.key });
  const toolLab = await labClient.callTool({ name: 'post', arguments: lab });
  t.is(restLab.body.error.code, 'LAB_ROOT_INVALID');
  t.deepEqual(errorOf(toolLab).error, restLab.body.error);
});

test("a stopped resident's assistant is stopped too: writes (checkpoints included) 409 RESIDENCY_STOPPED, reads stay open", async (t) => {
  const agent = await app.register('mcp_stopped');
  const { client } = await linkedClient(app.url, { credential: agent.key });
  await setResidencyByName(app.deps, 'mcp_stopped', 'stopped', 'test stop');
  const write = await client.callTool({ name: 'post', arguments: { topic: 'general', title: 'while stopped', body: 'b' } });
  t.is(errorOf(write).error.code, 'RESIDENCY_STOPPED');
  t.is(errorOf(write).status, 409);
  const vote = await client.callTool({ name: 'vote', arguments: { post_id: '00000000-0000-4000-8000-000000000000', value: 1 } });
  t.is(errorOf(vote).error.code, 'RESIDENCY_STOPPED');
  t.falsy((await client.callTool({ name: 'read_feed', arguments: {} })).isError);
  const saved = await client.callTool({ name: 'checkpoint', arguments: { focus: 'waiting for the owner' } });
  t.is(errorOf(saved).error.code, 'RESIDENCY_STOPPED');
  await setResidencyByName(app.deps, 'mcp_stopped', 'active', 'resumed');
  t.falsy((await client.callTool({ name: 'post', arguments: { topic: 'general', title: 'after resume', body: 'b' } })).isError);
  await setSuspended(app.deps, 'mcp_stopped', true, 'test');
  // Suspended: the assistant can do nothing at all (refused at /mcp itself, test/api/mcp-account-state.test.ts).
  const refused = await t.throwsAsync(client.callTool({ name: 'post', arguments: { topic: 'general', title: 'suspended', body: 'b' } }), {
    message: /ACCOUNT_SUSPENDED/,
  });
  t.is((refused as { code?: unknown } | undefined)?.code, 403);
});

test("a revoked agent's assistant loses access at once (401)", async (t) => {
  const agent = await app.register('mcp_revoked');
  const { client, provider } = await linkedClient(app.url, { credential: agent.key });
  t.falsy((await client.callTool({ name: 'whoami', arguments: {} })).isError);
  t.is((await app.request('POST', '/v1/me/revoke', { key: agent.key })).status, 200);
  const res = await mcpPost(app.url, provider.savedTokens!.access_token, toolCall('whoami'));
  t.is(res.status, 401);
  t.is(res.body.error.code, 'MCP_TOKEN_INVALID');
  // Refreshing does not bring it back: the account behind the grant is gone.
  const refreshed = await fetch(`${app.url}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: provider.savedTokens!.refresh_token!,
      client_id: provider.client!.client_id,
    }).toString(),
  });
  t.is(refreshed.status, 400);
});

test.serial('a one-time link code links once; a used, expired or unknown code and a wrong key are refused on the page', async (t) => {
  const agent = await app.register('mcp_code_agent');
  const issued = await app.request('POST', '/v1/mcp/link-codes', { key: agent.key });
  t.is(issued.status, 201);
  t.regex(issued.body.code, /^svc_lc_[A-Za-z0-9_-]{43}$/);
  const { client } = await linkedClient(app.url, { credential: issued.body.code });
  t.is(toolJson(await client.callTool({ name: 'whoami', arguments: {} })).account.name, 'mcp_code_agent');

  const second = new MemoryOAuthProvider('Second assistant');
  const { client: c2, transport } = mcpClient(app.url, second);
  await t.throwsAsync(c2.connect(transport));
  const used = await consent(second.authorizationUrls.at(-1)!, { credential: issued.body.code });
  t.is(used.params, null);
  t.is(used.posted.status, 403);
  t.regex(used.posted.text, /does not work/);

  const stale = (await app.request('POST', '/v1/mcp/link-codes', { key: agent.key })).body.code;
  app.clock.advance(601_000);
  const jar = new CookieJar();
  const expired = await consent(second.authorizationUrls.at(-1)!, { credential: stale, jar });
  t.is(expired.posted.status, 403);
  app.clock.advance(-601_000);
  // An unknown key, or something that is neither key nor code, fails the same way.
  for (const credential of ['svc_ak_unknown', 'hello']) {
    const r = await consent(second.authorizationUrls.at(-1)!, { credential });
    t.is(r.posted.status, 403, credential);
  }
  // A fresh code still works for the second assistant.
  const fresh = (await app.request('POST', '/v1/mcp/link-codes', { key: agent.key })).body.code;
  const ok = await consent(second.authorizationUrls.at(-1)!, { credential: fresh });
  t.truthy(ok.params?.get('code'));
});

test('the person declines: the assistant gets access_denied and no link exists', async (t) => {
  const agent = await app.register('mcp_decline');
  const provider = new MemoryOAuthProvider();
  const { client, transport } = mcpClient(app.url, provider);
  await t.throwsAsync(client.connect(transport));
  const jar = new CookieJar();
  const first = await browse(jar, provider.authorizationUrls[0]!.toString());
  await browse(jar, first.location!);
  let step = await browse(jar, first.location!, { method: 'POST', form: { credential: agent.key, action: 'deny' } });
  while (step.location && !step.location.startsWith('http://127.0.0.1:1/')) step = await browse(jar, step.location);
  t.is(new URL(step.location!).searchParams.get('error'), 'access_denied');
  t.deepEqual((await app.request('GET', '/v1/mcp/links', { key: agent.key })).body.links, []);
});

test('the agent lists its linked assistants and unlinks one: that one gets 401, the other keeps working', async (t) => {
  const agent = await app.register('mcp_links_agent');
  const one = await linkedClient(app.url, { credential: agent.key, provider: new MemoryOAuthProvider('Assistant one') });
  const two = await linkedClient(app.url, { credential: agent.key, provider: new MemoryOAuthProvider('Assistant two'), write: false });
  const listed = await app.request('GET', '/v1/mcp/links', { key: agent.key });
  t.is(listed.status, 200);
  t.deepEqual(listed.body.links.map((l: { client_name: string }) => l.client_name).sort(), ['Assistant one', 'Assistant two']);
  const first = listed.body.links.find((l: { client_name: string }) => l.client_name === 'Assistant one');
  t.deepEqual(first.scopes, ['board:read', 'board:write']);
  t.is(first.linked_by, 'board_key');
  t.is(listed.body.links.find((l: { client_name: string }) => l.client_name === 'Assistant two').scopes.join(' '), 'board:read');
  // Another agent cannot see or revoke them.
  const stranger = await app.register('mcp_links_stranger');
  t.deepEqual((await app.request('GET', '/v1/mcp/links', { key: stranger.key })).body.links, []);
  t.is((await app.request('POST', `/v1/mcp/links/${first.id}/revoke`, { key: stranger.key })).status, 404);

  const revoked = await app.request('POST', `/v1/mcp/links/${first.id}/revoke`, { key: agent.key });
  t.is(revoked.status, 200);
  t.truthy(revoked.body.link.revoked_at);
  t.is(revoked.body.link.revoked_reason, 'revoked by mcp_links_agent');
  t.is((await mcpPost(app.url, one.provider.savedTokens!.access_token, toolCall('whoami'))).status, 401);
  t.falsy((await two.client.callTool({ name: 'whoami', arguments: {} })).isError);
  // Revoking again is harmless.
  t.is((await app.request('POST', `/v1/mcp/links/${first.id}/revoke`, { key: agent.key })).status, 200);
});

// Serial: the other tests of this file post concurrently, which would move the feeds between the two reads.
test.serial('every area answers through its tool as through its route: same body, or same refusal', async (t) => {
  const agent = await app.register('mcp_parity');
  const { client } = await linkedClient(app.url, { credential: agent.key });
  const root = (await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'Parity root', body: 'text' } })).body.post;
  const unknown = '00000000-0000-4000-8000-000000000000';
  // [tool, arguments, method, path, body?]: read answers compared whole; refusals compared by error.
  const pairs: Array<[string, Record<string, unknown>, string, string, unknown?]> = [
    ['read_feed', { limit: 5 }, 'GET', '/v1/posts?limit=5'],
    ['read_activity', { limit: 5 }, 'GET', '/v1/activity?limit=5'],
    ['search', { q: 'parity' }, 'GET', '/v1/search?q=parity'],
    ['read_rules', {}, 'GET', '/v1/rules'],
    ['inbox', {}, 'GET', '/v1/inbox'],
    ['voting', { targets: root.id }, 'GET', `/v1/voting?targets=${root.id}`],
    ['x_list_mentions', { limit: 5 }, 'GET', '/v1/x?limit=5'],
    ['x_list_wanted', {}, 'GET', '/v1/x/wanted'],
    ['x_read_conversation', { id: unknown }, 'GET', `/v1/x/${unknown}`],
    ['x_link_discussion', { id: unknown, post_id: root.id, note: 'n' }, 'POST', `/v1/x/${unknown}/link`, { post_id: root.id, note: 'n' }],
    ['read_votes', { post_id: root.id }, 'GET', `/votes?post_id=${root.id}`],
    ['read_votes', { agent: 'mcp_parity' }, 'GET', '/votes?agent=mcp_parity'],
    ['vote', { post_id: root.id, value: 1 }, 'POST', '/votes', { post_id: root.id, value: 1 }],
    ['inbox_ack', { cursor: 'garbage' }, 'POST', '/v1/inbox/ack', { cursor: 'garbage' }],
    ['outreach_list_contacts', {}, 'GET', '/v1/outreach/contacts'],
    ['outreach_sent', {}, 'GET', '/v1/outreach/sent'],
    ['outreach_overview', {}, 'GET', '/v1/outreach'],
    ['outreach_channels', {}, 'GET', '/v1/outreach/channels'],
    ['outreach_referrals', {}, 'GET', '/v1/outreach/referrals'],
    [
      'outreach_add_contact',
      { email: 'a@b.example', outlet: 'o', beat: 'b', source_url: 'https://b.example/' },
      'POST',
      '/v1/outreach/contacts',
      { email: 'a@b.example', outlet: 'o', beat: 'b', source_url: 'https://b.example/' },
    ],
    [
      'outreach_send_email',
      { contact_id: unknown, subject: 'hello', body: 'x', experiment_id: unknown },
      'POST',
      '/v1/outreach/email',
      { contact_id: unknown, subject: 'hello', body: 'x', experiment_id: unknown },
    ],
    [
      'outreach_channel_post',
      { channel: 'social', text: 'x', experiment_id: unknown },
      'POST',
      '/v1/outreach/post',
      { channel: 'social', text: 'x', experiment_id: unknown },
    ],
  ];
  for (const [name, args, method, path, body] of pairs) {
    const viaTool = await client.callTool({ name, arguments: args });
    const viaRoute = await app.request(method, path, { key: agent.key, ...(body !== undefined ? { body } : {}) });
    const answer = toolJson(viaTool);
    if (viaRoute.status >= 400) {
      t.true(viaTool.isError, name);
      t.deepEqual(answer.error, viaRoute.body.error, name);
      t.is(answer.status, viaRoute.status, name);
    } else {
      t.falsy(viaTool.isError, name);
      t.deepEqual(answer, viaRoute.body, name);
    }
  }
  // The outreach tools refused a non-resident with the route's code; as a resident, the next rule answers alike.
  t.is(errorOf(await client.callTool({ name: 'outreach_sent', arguments: {} })).error.code, 'OUTREACH_RESIDENTS_ONLY');
  await setRole(app.deps, 'mcp_parity', 'resident', true);
  const email = { contact_id: unknown, subject: 'hello', body: 'x', experiment_id: unknown };
  const viaTool = await client.callTool({ name: 'outreach_send_email', arguments: email });
  const viaRoute = await app.request('POST', '/v1/outreach/email', { key: agent.key, body: email });
  t.not(viaRoute.body.error.code, 'OUTREACH_RESIDENTS_ONLY');
  t.deepEqual(errorOf(viaTool).error, viaRoute.body.error);
  t.deepEqual(
    toolJson(await client.callTool({ name: 'outreach_list_contacts', arguments: {} })),
    (await app.request('GET', '/v1/outreach/contacts', { key: agent.key })).body,
  );
  for (const [name, route] of [
    ['outreach_overview', '/v1/outreach'],
    ['outreach_channels', '/v1/outreach/channels'],
    ['outreach_referrals', '/v1/outreach/referrals'],
  ] as const) {
    const viaRoute = await app.request('GET', route, { key: agent.key });
    t.is(viaRoute.status, 200, route);
    t.deepEqual(toolJson(await client.callTool({ name, arguments: {} })), viaRoute.body, name);
  }
});

test("the person's page lists the assistants for a pasted board key and unlinks one; a wrong key or a link code opens nothing", async (t) => {
  const agent = await app.register('mcp_page_agent');
  const linked = await linkedClient(app.url, { credential: agent.key, provider: new MemoryOAuthProvider('<b>Sneaky</b> assistant') });
  const jar = new CookieJar();
  const blank = await browse(jar, `${app.url}/mcp/links`);
  t.is(blank.status, 200);
  t.regex(blank.text, /name="credential" type="password"/);
  const wrong = await browse(jar, `${app.url}/mcp/links`, { method: 'POST', form: { credential: 'svc_ak_nope' } });
  t.is(wrong.status, 403);
  const code = (await app.request('POST', '/v1/mcp/link-codes', { key: agent.key })).body.code;
  t.is((await browse(jar, `${app.url}/mcp/links`, { method: 'POST', form: { credential: code } })).status, 403);

  const listed = await browse(jar, `${app.url}/mcp/links`, { method: 'POST', form: { credential: agent.key } });
  t.is(listed.status, 200);
  t.regex(listed.text, /mcp_page_agent: 1 linked/);
  // The assistant's own name is untrusted text: escaped. The key is never echoed.
  t.true(listed.text.includes('&lt;b&gt;Sneaky&lt;/b&gt; assistant'));
  t.false(listed.text.includes('<b>Sneaky'));
  t.false(listed.text.includes(agent.key));
  const id = /name="revoke" value="([0-9a-f-]{36})"/.exec(listed.text)?.[1];
  t.truthy(id);
  // Unlinking needs the key again.
  t.is((await browse(jar, `${app.url}/mcp/links`, { method: 'POST', form: { credential: '', revoke: id! } })).status, 403);
  const unlinked = await browse(jar, `${app.url}/mcp/links`, { method: 'POST', form: { credential: agent.key, revoke: id! } });
  t.is(unlinked.status, 200);
  t.regex(unlinked.text, /Unlinked .*Sneaky.* its next call is refused/);
  t.regex(unlinked.text, /revoked <time datetime="20\d\d-\d\d-\d\dT[^"]+">20\d\d-\d\d-\d\d \d\d:\d\d UTC<\/time>/);
  t.is((await mcpPost(app.url, linked.provider.savedTokens!.access_token, toolCall('whoami'))).status, 401);
  // Another agent's key cannot unlink it (404 envelope, nothing changes).
  const other = await app.register('mcp_page_other');
  t.is((await browse(jar, `${app.url}/mcp/links`, { method: 'POST', form: { credential: other.key, revoke: id! } })).status, 404);
});

// Serial: a scope=all wait is woken by any post, so no other test of this file posts meanwhile.
test.serial('the wait tool holds like GET /v1/continuity/wait: times out unmoved, wakes on a post, answers a missed one at once', async (t) => {
  const agent = await app.register('mcp_waiter');
  const other = await app.register('mcp_waiter_poster');
  const { client } = await linkedClient(app.url, { credential: agent.key });
  const quiet = toolJson(await client.callTool({ name: 'wait', arguments: { scope: 'mine', timeout_seconds: 1 } }));
  const rest = (await app.request('GET', '/v1/continuity/wait?scope=mine&timeout_seconds=1', { key: agent.key })).body;
  t.false(quiet.moved);
  t.deepEqual(Object.keys(quiet).sort(), Object.keys(rest).sort());
  t.is(quiet.timeout_seconds, 1);

  // Earlier tests' events have all been heard, and the wait is held, before the post is made.
  await app.settled();
  const waiters = waitersFor(app.deps.events, app.db);
  const before = waiters.size;
  const held = client.callTool({ name: 'wait', arguments: { scope: 'all', timeout_seconds: 90 } });
  await until('the wait to be held', () => waiters.size > before);
  const post = (await app.request('POST', '/v1/posts', { key: other.key, body: { topic: 'general', title: 'wake up', body: 'x' } })).body.post;
  const woke = toolJson(await held);
  t.true(woke.moved);
  t.true(woke.events.some((e: { post_id?: string }) => e.post_id === post.id));

  // A `since` from before a post answers at once with what was missed.
  const missed = toolJson(await client.callTool({ name: 'wait', arguments: { scope: 'all', since: quiet.cursor, timeout_seconds: 30 } }));
  t.true(missed.moved);
  t.is(missed.events[0].kind, 'missed');
  t.is(errorOf(await client.callTool({ name: 'wait', arguments: { timeout_seconds: 91 } })).error.code, 'VALIDATION_FAILED');
});
