// Contract tests for the `mcp` routes (the MCP endpoint, its OAuth discovery documents, the
// authorization server, the consent and links pages, the agent's link routes): each driven with a
// success and with an error, every response held to the description the service serves.
import test from 'ava';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { ANONYMOUS, codeOf, MISSING, NUL, startContract } from '../../helpers/contract.ts';
import { browse, CookieJar, linkedClient, pkcePair, REDIRECT_URL, registerClient } from '../../helpers/mcp.ts';
import { DISCOVERY_PATHS } from '../../../api/oauth/metadata.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
let agent: { key: string; id: string; name: string };

test.before(async () => {
  app = await startTestApp({ OAUTH_REGISTRATIONS_PER_HOUR: '1000' }, { selfBaseUrl: true });
  app.clock.set(new Date());
  c = await startContract(app);
  agent = await app.register('contract_mcp');
});
test.after.always(async () => {
  await app?.close();
});

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'X-Agent-Protocol': '' };
const form = (fields: Record<string, string>, cookie = '') => ({
  raw: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Agent-Protocol': '', Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
});

/** An authorization request opened in a fresh browser: its consent page path and the browser's cookies. */
async function openInteraction() {
  const reg = await registerClient(app.url);
  const u = new URL(`${app.url}/oidc/auth`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: reg.body.client_id,
    redirect_uri: REDIRECT_URL,
    scope: 'board:read board:write',
    state: 's',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    resource: `${app.url}/mcp`,
  })) {
    u.searchParams.set(k, v);
  }
  const jar = new CookieJar();
  const first = await browse(jar, u.toString());
  return { path: new URL(first.location!).pathname, jar };
}

test.serial('the MCP endpoint and its discovery documents', async (t) => {
  const { provider } = await linkedClient(app.url, { credential: agent.key });
  const token = provider.savedTokens!.access_token;
  const list = await c.call('POST', '/mcp', {
    body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    headers: { ...MCP_HEADERS, Authorization: `Bearer ${token}` },
  });
  t.is(list.status, 200);
  t.true(list.body.result.tools.length > 20);
  const none = await c.call('POST', '/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: MCP_HEADERS });
  t.is(codeOf(none), 'MCP_TOKEN_INVALID');
  const boardKey = await c.call('POST', '/mcp', { key: agent.key, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: MCP_HEADERS });
  t.deepEqual(boardKey.body.error.details, { reason: 'board_key' });
  // The transport's own refusal: an Accept without text/event-stream.
  const accept = await c.call('POST', '/mcp', {
    body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    headers: { ...MCP_HEADERS, Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  t.is(accept.status, 406);
  t.is(accept.body.error.code, -32000);
  const notRpc = await c.call('POST', '/mcp', { body: { hello: 'world' }, headers: { ...MCP_HEADERS, Authorization: `Bearer ${token}` } });
  t.is(notRpc.status, 400);
  t.is(notRpc.body.jsonrpc, '2.0');
  t.true(notRpc.body.error.code < 0);
  // A notification is accepted with no body.
  const note = await c.call('POST', '/mcp', {
    body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    headers: { ...MCP_HEADERS, Authorization: `Bearer ${token}` },
  });
  t.is(note.status, 202);
  t.is(note.text, '');

  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', ...DISCOVERY_PATHS]) {
    t.is((await c.call('GET', path, ANONYMOUS)).status, 200, path);
    t.is(codeOf(await c.call('GET', `${path}${NUL}`, ANONYMOUS)), 'INVALID_CHARACTER', path);
  }
});

test.serial('the authorization server answers its own RFC 6749 errors', async (t) => {
  const jwks = await c.call('GET', '/oidc/jwks', ANONYMOUS);
  t.is(jwks.status, 200);
  t.true(jwks.body.keys.length >= 1);
  t.false(JSON.stringify(jwks.body).includes('"d"'));
  const missing = await c.call('GET', '/oidc/nothing-here', ANONYMOUS);
  t.is(codeOf(missing), 'NOT_FOUND');
  const bare = await c.call('GET', '/oidc/auth', ANONYMOUS);
  t.is(bare.status, 400);

  const reg = await c.call('POST', '/oidc/reg', {
    body: {
      client_name: 'Contract client',
      redirect_uris: [REDIRECT_URL],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
    headers: { 'X-Agent-Protocol': '' },
  });
  t.is(reg.status, 201);
  const token = await c.call(
    'POST',
    '/oidc/token',
    form({ grant_type: 'authorization_code', code: 'nope', client_id: reg.body.client_id, code_verifier: pkcePair().verifier, redirect_uri: REDIRECT_URL }),
  );
  t.is(token.status, 400);
  t.is(token.body.error, 'invalid_grant');
});

test.serial('the consent page and the links page', async (t) => {
  const open = await openInteraction();
  const page = await c.call('GET', open.path, { headers: { Cookie: open.jar.header(), Accept: 'text/html', 'X-Agent-Protocol': '' } });
  t.is(page.status, 200);
  t.regex(page.text, /untrusted/);
  t.is((await c.call('GET', open.path, { headers: { Accept: 'text/html', 'X-Agent-Protocol': '' } })).status, 400);
  const refused = await c.call('POST', open.path, form({ credential: 'svc_ak_wrong', action: 'link' }, open.jar.header()));
  t.is(refused.status, 403);
  t.false(refused.text.includes('svc_ak_wrong'));
  const linked = await c.call('POST', open.path, form({ credential: agent.key, action: 'link', write: '1' }, open.jar.header()));
  t.is(linked.status, 303);
  t.true(new URL(linked.headers.get('location')!, app.url).pathname.startsWith('/oidc/auth/'));

  t.is((await c.call('GET', '/mcp/links', ANONYMOUS)).status, 200);
  t.is(codeOf(await c.call('GET', `/mcp/links${NUL}`, ANONYMOUS)), 'INVALID_CHARACTER');
  const listed = await c.call('POST', '/mcp/links', form({ credential: agent.key }));
  t.is(listed.status, 200);
  t.regex(listed.text, /Test assistant/);
  t.is((await c.call('POST', '/mcp/links', form({ credential: 'svc_ak_wrong' }))).status, 403);
});

test.serial("the agent's link routes", async (t) => {
  const code = await c.call('POST', '/v1/mcp/link-codes', { key: agent.key });
  t.is(code.status, 201);
  t.is(codeOf(await c.call('POST', '/v1/mcp/link-codes')), 'AUTH_REQUIRED');
  const links = await c.call('GET', '/v1/mcp/links', { key: agent.key });
  t.true(links.body.links.length >= 1);
  t.is(codeOf(await c.call('GET', '/v1/mcp/links')), 'AUTH_REQUIRED');
  const revoked = await c.call('POST', `/v1/mcp/links/${links.body.links[0].id}/revoke`, { key: agent.key });
  t.truthy(revoked.body.link.revoked_at);
  t.is(codeOf(await c.call('POST', `/v1/mcp/links/${MISSING}/revoke`, { key: agent.key })), 'NOT_FOUND');
});

test.serial('the manifest links the MCP endpoint and both OAuth metadata documents, and they name each other', async (t) => {
  const m = (await c.call('GET', '/.well-known/', ANONYMOUS)).body;
  t.is(m.links.mcp, `${app.url}/mcp`);
  t.is(m.links.oauth_protected_resource, `${app.url}/.well-known/oauth-protected-resource/mcp`);
  t.is(m.links.oauth_authorization_server, `${app.url}/.well-known/oauth-authorization-server/oidc`);
  t.true(m.capabilities.some((x: { name: string }) => x.name === 'mcp'));
  t.regex(m.transport.auth.mcp, /OAuth 2\.0/);
  // The 401 challenge names the same resource metadata the manifest links.
  const challenge = (await c.call('POST', '/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: MCP_HEADERS })).headers.get(
    'www-authenticate',
  );
  t.true(challenge?.includes(`resource_metadata="${m.links.oauth_protected_resource}"`));
  const prm = (await c.call('GET', new URL(m.links.oauth_protected_resource).pathname, ANONYMOUS)).body;
  t.is(prm.resource, m.links.mcp);
  const as = (await c.call('GET', new URL(m.links.oauth_authorization_server).pathname, ANONYMOUS)).body;
  t.deepEqual(prm.authorization_servers, [as.issuer]);
  // RFC 8414 §3: the metadata of issuer {base}/oidc sits at /.well-known/oauth-authorization-server/oidc.
  t.is(`${app.url}/.well-known/oauth-authorization-server${new URL(as.issuer).pathname}`, m.links.oauth_authorization_server);
  // The OpenAPI description names the same authorization server for /mcp.
  const doc = (await app.request('GET', '/openapi.json', ANONYMOUS)).body;
  t.deepEqual(doc.paths['/mcp'].post.security, [{ oauth: ['board:read'] }]);
  t.is(doc.components.securitySchemes.oauth.flows.authorizationCode.tokenUrl, as.token_endpoint);
  t.is(doc.components.securitySchemes.oauth.flows.authorizationCode.authorizationUrl, as.authorization_endpoint);
  t.deepEqual(Object.keys(doc.components.securitySchemes.oauth.flows.authorizationCode.scopes), prm.scopes_supported);
});

test.serial('every mcp route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'mcp');
});
