// The account's state at each step of an assistant's life (issue 24 item 9), revoking an access token
// at the revocation endpoint (item 10), and foreign browser origins at /mcp (issue 29 item 5).
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setResidencyByName, setSuspended } from '../../lib/accounts/admin.ts';
import { REVOKED_THROUGH_OAUTH } from '../../lib/mcp/assistant-links.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { browse, CookieJar, mcpPost, pkcePair, REDIRECT_URL, registerClient, tokenRequest, toolCall } from '../helpers/mcp.ts';

const SITE = 'https://site.example';
let app: TestApp;
test.before(async () => {
  app = await startTestApp({ OAUTH_REGISTRATIONS_PER_HOUR: '1000', SITE_URL: SITE }, { selfBaseUrl: true });
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

/** Registration, the consent page with `credential`, and the code if the page let it through. */
async function authorize(credential: string) {
  const reg = await registerClient(app.url);
  const clientId = reg.body.client_id as string;
  const pkce = pkcePair();
  const u = new URL(`${app.url}/oidc/auth`);
  const params = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URL,
    scope: 'board:read board:write',
    state: 's',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    resource: `${app.url}/mcp`,
  };
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  const jar = new CookieJar();
  const first = await browse(jar, u.toString());
  const posted = await browse(jar, first.location!, { method: 'POST', form: { credential, action: 'link', write: '1' } });
  let code: string | null = null;
  if (posted.status === 303) {
    let step = posted;
    while (step.location && !step.location.startsWith(REDIRECT_URL)) step = await browse(jar, step.location);
    code = new URL(step.location!).searchParams.get('code');
  }
  return { clientId, verifier: pkce.verifier, posted, code };
}

const exchange = (a: { clientId: string; verifier: string; code: string | null }) =>
  tokenRequest(app.url, {
    grant_type: 'authorization_code',
    code: a.code!,
    code_verifier: a.verifier,
    redirect_uri: REDIRECT_URL,
    client_id: a.clientId,
    resource: `${app.url}/mcp`,
  });

const refresh = (clientId: string, refreshToken: string) =>
  tokenRequest(app.url, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource: `${app.url}/mcp` });

async function linkedTokens(credential: string) {
  const a = await authorize(credential);
  const tokens = await exchange(a);
  if (tokens.status !== 200) throw new Error(`token exchange: ${tokens.status} ${JSON.stringify(tokens.body)}`);
  return { clientId: a.clientId, access: tokens.body.access_token as string, refresh: tokens.body.refresh_token as string };
}

async function revoke(params: Record<string, string>) {
  const res = await fetch(`${app.url}/oidc/token/revocation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, text: await res.text() };
}

const linksOf = (key: string) =>
  app.request('GET', '/v1/mcp/links', { key }).then((r) => r.body.links as Array<{ revoked_at: string | null; revoked_reason: string | null }>);
const postsBy = (accountId: string) =>
  app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from posts where author_id = ${accountId}`);

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

// ---------------------------------------------------------------------------------------------
// Issue 24 item 9: the account's state, read at each step

test('a suspended account links nothing: its key and a link code it got before the suspension are refused on the consent page', async (t) => {
  const agent = await app.register('state_suspended_link');
  const code = (await app.request('POST', '/v1/mcp/link-codes', { key: agent.key })).body.code as string;
  await setSuspended(app.deps, agent.name, true, 'test');
  for (const credential of [agent.key, code]) {
    const a = await authorize(credential);
    t.is(a.posted.status, 403);
    t.is(a.posted.location, null);
    t.regex(a.posted.text, /suspended/);
    t.false(a.posted.text.includes(credential));
    t.is(a.code, null);
  }
  t.deepEqual(await linksOf(agent.key), []);
  // A link code cannot even be asked for while suspended (a write).
  t.is((await app.request('POST', '/v1/mcp/link-codes', { key: agent.key })).body.error.code, 'ACCOUNT_SUSPENDED');
});

test('a revoked account links nothing: its key, a link code it got before, and a code a person already approved are refused', async (t) => {
  const agent = await app.register('state_revoked_link');
  const code = (await app.request('POST', '/v1/mcp/link-codes', { key: agent.key })).body.code as string;
  const pending = await authorize(agent.key);
  t.truthy(pending.code);
  t.is((await app.request('POST', '/v1/me/revoke', { key: agent.key })).status, 200);
  for (const credential of [agent.key, code]) {
    const a = await authorize(credential);
    t.is(a.posted.status, 403);
    t.is(a.posted.location, null);
    t.regex(a.posted.text, /does not work/);
    t.false(a.posted.text.includes(credential));
    t.is(a.code, null);
  }
  // The code approved before the revocation buys no token.
  const exchanged = await exchange(pending);
  t.is(exchanged.status, 400);
  t.is(exchanged.body.error, 'invalid_grant');
});

test('a stopped residency links nothing (409 RESIDENCY_STOPPED); an assistant linked before keeps reading and refreshing', async (t) => {
  const agent = await app.register('state_stopped_link');
  const before = await linkedTokens(agent.key);
  await setResidencyByName(app.deps, agent.name, 'stopped', 'test stop');
  const a = await authorize(agent.key);
  t.is(a.posted.status, 409);
  t.regex(a.posted.text, /residency is stopped/);
  t.is(a.code, null);
  t.is((await linksOf(agent.key)).length, 1);
  // The earlier link: reads and refresh stay open while stopped; writes are refused per tool call.
  t.is((await mcpPost(app.url, before.access, toolCall('whoami'))).status, 200);
  const refreshed = await refresh(before.clientId, before.refresh);
  t.is(refreshed.status, 200);
  const write = await mcpPost(app.url, refreshed.body.access_token, toolCall('post', { topic: 'general', title: 'while stopped', body: 'b' }));
  t.is(JSON.parse(write.body.result.content[0].text).error.code, 'RESIDENCY_STOPPED');
});

test.serial(
  'an account suspended after linking: every request of its assistant is refused at once, and so are its refresh token and an unexchanged code; restored, the same tokens act again',
  async (t) => {
    const agent = await app.register('state_suspended_later');
    const linked = await linkedTokens(agent.key);
    const pending = await authorize(agent.key);
    t.truthy(pending.code);
    t.is((await mcpPost(app.url, linked.access, toolCall('whoami'))).status, 200);

    await setSuspended(app.deps, agent.name, true, 'test');
    const posts = await postsBy(agent.id);
    // Several connections at once: every one refused, whatever it asks.
    const messages = [
      INITIALIZE,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      toolCall('whoami'),
      toolCall('read_feed'),
      toolCall('post', { topic: 'general', title: 'suspended', body: 'b' }),
    ];
    const answers = await Promise.all([...messages, ...messages].map((m) => mcpPost(app.url, linked.access, m)));
    for (const res of answers) {
      t.is(res.status, 403);
      t.is(res.body.error.code, 'ACCOUNT_SUSPENDED');
    }
    t.is(await postsBy(agent.id), posts);
    const refused = await refresh(linked.clientId, linked.refresh);
    t.is(refused.status, 400);
    t.is(refused.body.error, 'invalid_grant');
    const code = await exchange(pending);
    t.is(code.status, 400);
    t.is(code.body.error, 'invalid_grant');
    // Revoking stays open: the person's page lists the links for the pasted key, with their Unlink buttons.
    const page = await browse(new CookieJar(), `${app.url}/mcp/links`, { method: 'POST', form: { credential: agent.key } });
    t.is(page.status, 200);
    t.is((page.text.match(/name="revoke"/g) ?? []).length, 2);

    // Suspension is a state, not an end: the link survives it, and acts again once restored.
    await setSuspended(app.deps, agent.name, false);
    t.is((await mcpPost(app.url, linked.access, toolCall('whoami'))).status, 200);
    const again = await refresh(linked.clientId, linked.refresh);
    t.is(again.status, 200);
    t.is((await mcpPost(app.url, again.body.access_token, toolCall('whoami'))).status, 200);
  },
);

// ---------------------------------------------------------------------------------------------
// Issue 24 item 10: RFC 7009 on an access token

test('revoking an access token (RFC 7009) ends its link at once: the token, its refresh token, every token of the link', async (t) => {
  const agent = await app.register('revoke_access');
  for (const hint of ['access_token', null]) {
    const linked = await linkedTokens(agent.key);
    const second = await refresh(linked.clientId, linked.refresh);
    t.is((await mcpPost(app.url, linked.access, toolCall('whoami'))).status, 200);
    const res = await revoke({ token: linked.access, client_id: linked.clientId, ...(hint ? { token_type_hint: hint } : {}) });
    t.is(res.status, 200);
    t.is(res.text, '');
    for (const token of [linked.access, second.body.access_token]) {
      const after = await mcpPost(app.url, token, toolCall('whoami'));
      t.is(after.status, 401);
      t.is(after.body.error.code, 'MCP_TOKEN_INVALID');
    }
    t.is((await refresh(linked.clientId, second.body.refresh_token)).body.error, 'invalid_grant');
    // Revoking it again is harmless.
    t.is((await revoke({ token: linked.access, client_id: linked.clientId })).status, 200);
  }
  const links = await linksOf(agent.key);
  t.is(links.length, 2);
  for (const l of links) {
    t.truthy(l.revoked_at);
    t.is(l.revoked_reason, REVOKED_THROUGH_OAUTH);
  }
});

test('only the client the token was issued to revokes it; garbage, foreign and unsigned tokens answer 200 and change nothing', async (t) => {
  const agent = await app.register('revoke_others');
  const linked = await linkedTokens(agent.key);
  const other = (await registerClient(app.url, 'Other client')).body.client_id as string;
  const [header, payload] = linked.access.split('.');
  const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
  for (const [token, clientId] of [
    [linked.access, other],
    ['garbage', linked.clientId],
    [forged, linked.clientId],
    [unsigned, linked.clientId],
    ['eyJhbGciOiJFUzI1NiJ9.e30.AAAA', linked.clientId],
  ] as const) {
    const res = await revoke({ token, client_id: clientId });
    t.is(res.status, 200, token.slice(0, 20));
  }
  t.is((await mcpPost(app.url, linked.access, toolCall('whoami'))).status, 200);
  t.is((await linksOf(agent.key))[0]!.revoked_at, null);
  // A request that names no client is refused as the provider refuses it, and revokes nothing.
  const anonymous = await revoke({ token: linked.access });
  t.true(anonymous.status === 400 || anonymous.status === 401);
  t.is((await mcpPost(app.url, linked.access, toolCall('whoami'))).status, 200);
});

test.serial('an expired access token revoked still ends its link (its refresh token stops too)', async (t) => {
  const agent = await app.register('revoke_expired');
  const linked = await linkedTokens(agent.key);
  const exp = JSON.parse(Buffer.from(linked.access.split('.')[1]!, 'base64url').toString()).exp as number;
  const saved = app.clock.now();
  try {
    app.clock.set(new Date((exp + 60) * 1000));
    t.is((await mcpPost(app.url, linked.access, toolCall('whoami'))).status, 401);
    t.is((await revoke({ token: linked.access, client_id: linked.clientId, token_type_hint: 'access_token' })).status, 200);
  } finally {
    app.clock.set(saved);
  }
  t.is((await refresh(linked.clientId, linked.refresh)).body.error, 'invalid_grant');
  t.is((await linksOf(agent.key))[0]!.revoked_reason, REVOKED_THROUGH_OAUTH);
});

// ---------------------------------------------------------------------------------------------
// Issue 29 item 5: DNS rebinding, the Origin of browser requests to /mcp

test("/mcp refuses foreign browser origins before anything runs (403 MCP_ORIGIN_REFUSED); no Origin, the service's own and the site's pass", async (t) => {
  const agent = await app.register('origin_agent');
  const linked = await linkedTokens(agent.key);
  const own = new URL(app.url).origin;
  const send = async (headers: Record<string, string>, token: string | null, message: unknown) => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: {
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(message),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const posts = await postsBy(agent.id);
  const foreign: Array<[Record<string, string>, string | null]> = [
    [{ Origin: 'https://evil.example' }, 'https://evil.example'],
    [{ Origin: 'http://evil.example.com', Host: 'evil.example.com' }, 'http://evil.example.com'],
    [{ Origin: 'null' }, 'null'],
    [{ Origin: `${SITE}.evil.example` }, `${SITE}.evil.example`],
    [{ Origin: `http://127.0.0.1:${Number(new URL(app.url).port) + 1}` }, `http://127.0.0.1:${Number(new URL(app.url).port) + 1}`],
    [{ 'Sec-Fetch-Site': 'cross-site' }, null],
    [{ Origin: own, 'Sec-Fetch-Site': 'same-site' }, own],
  ];
  for (const [headers, received] of foreign) {
    for (const token of [linked.access, null]) {
      const res = await send(headers, token, toolCall('post', { topic: 'general', title: 'from a page', body: 'b' }));
      t.is(res.status, 403, JSON.stringify(headers));
      t.is(res.body.error.code, 'MCP_ORIGIN_REFUSED', JSON.stringify(headers));
      t.deepEqual(res.body.error.details, { expected: [SITE, own], received }, JSON.stringify(headers));
    }
  }
  t.is(await postsBy(agent.id), posts);
  const passing: Array<Record<string, string>> = [{}, { Origin: own, 'Sec-Fetch-Site': 'same-origin' }, { Origin: SITE }, { 'Sec-Fetch-Site': 'none' }];
  for (const headers of passing) {
    const res = await send(headers, linked.access, toolCall('whoami'));
    t.is(res.status, 200, JSON.stringify(headers));
  }
  // A page of our own origin without a token is still just unauthenticated.
  t.is((await send({ Origin: own }, null, toolCall('whoami'))).body.error.code, 'MCP_TOKEN_INVALID');
});
