// What the authorization server and /mcp refuse: a wrong resource, no PKCE, a replayed code, an
// expired token, a board key as bearer, other methods, and registrations past the rate limit.
import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { browse, CookieJar, linkedClient, mcpPost, pkcePair, REDIRECT_URL, registerClient, tokenRequest, toolCall } from '../helpers/mcp.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ OAUTH_REGISTRATIONS_PER_HOUR: '1000', MCP_ACCESS_TOKEN_TTL_SECONDS: '300' }, { selfBaseUrl: true });
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

function authorizeUrl(clientId: string, o: { challenge?: string; resource?: string; scope?: string }) {
  const u = new URL(`${app.url}/oidc/auth`);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('client_id', clientId);
  u.searchParams.set('redirect_uri', REDIRECT_URL);
  u.searchParams.set('state', 'st');
  u.searchParams.set('scope', o.scope ?? 'board:read board:write');
  if (o.challenge) {
    u.searchParams.set('code_challenge', o.challenge);
    u.searchParams.set('code_challenge_method', 'S256');
  }
  if (o.resource !== undefined) u.searchParams.set('resource', o.resource);
  return u;
}

/** Registration, consent and the redirect back, by hand; returns the code and what made it. */
async function codeFor(key: string, o: { resource?: string } = {}) {
  const reg = await registerClient(app.url);
  const pkce = pkcePair();
  const jar = new CookieJar();
  const first = await browse(jar, authorizeUrl(reg.body.client_id, { challenge: pkce.challenge, resource: o.resource ?? `${app.url}/mcp` }).toString());
  await browse(jar, first.location!);
  let step = await browse(jar, first.location!, { method: 'POST', form: { credential: key, action: 'link', write: '1' } });
  while (step.location && !step.location.startsWith(REDIRECT_URL)) step = await browse(jar, step.location);
  return { clientId: reg.body.client_id as string, verifier: pkce.verifier, code: new URL(step.location!).searchParams.get('code')! };
}

test('a resource other than the MCP URL is refused (invalid_target), at the authorization and the token request', async (t) => {
  const reg = await registerClient(app.url);
  const pkce = pkcePair();
  const res = await browse(
    new CookieJar(),
    authorizeUrl(reg.body.client_id, { challenge: pkce.challenge, resource: 'https://elsewhere.example/mcp' }).toString(),
  );
  // Shown on the service's own page, not redirected (RFC 9700 §4.11.2; test/api/mcp-authorize-errors.test.ts).
  t.is(res.status, 400);
  t.is(res.location, null);
  t.regex(res.text, /invalid_target/);

  const agent = await app.register('oauth_resource');
  const { clientId, verifier, code } = await codeFor(agent.key);
  const wrong = await tokenRequest(app.url, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URL,
    client_id: clientId,
    resource: 'https://elsewhere.example/mcp',
  });
  t.is(wrong.status, 400);
  t.is(wrong.body.error, 'invalid_target');
});

test('an authorization request without PKCE is refused; a wrong verifier is refused at the token endpoint', async (t) => {
  const reg = await registerClient(app.url);
  const res = await browse(new CookieJar(), authorizeUrl(reg.body.client_id, { resource: `${app.url}/mcp` }).toString());
  t.is(res.status, 400);
  t.is(res.location, null);
  t.regex(res.text, /invalid_request[\s\S]*PKCE/);

  const agent = await app.register('oauth_pkce');
  const { clientId, code } = await codeFor(agent.key);
  const bad = await tokenRequest(app.url, {
    grant_type: 'authorization_code',
    code,
    code_verifier: pkcePair().verifier,
    redirect_uri: REDIRECT_URL,
    client_id: clientId,
    resource: `${app.url}/mcp`,
  });
  t.is(bad.status, 400);
  t.is(bad.body.error, 'invalid_grant');
});

test('a code works once: replaying it is refused and ends what it issued', async (t) => {
  const agent = await app.register('oauth_replay');
  const { clientId, verifier, code } = await codeFor(agent.key);
  const params = {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URL,
    client_id: clientId,
    resource: `${app.url}/mcp`,
  };
  const first = await tokenRequest(app.url, params);
  t.is(first.status, 200);
  t.is(first.body.token_type, 'Bearer');
  t.is(first.body.expires_in, 300);
  t.truthy(first.body.refresh_token);
  t.is((await mcpPost(app.url, first.body.access_token, toolCall('whoami'))).status, 200);
  const again = await tokenRequest(app.url, params);
  t.is(again.status, 400);
  t.is(again.body.error, 'invalid_grant');
  // The replay revoked the grant: the first access token no longer acts.
  t.is((await mcpPost(app.url, first.body.access_token, toolCall('whoami'))).status, 401);
});

test.serial('an expired access token is 401 at its edge: valid one second before exp, refused at exp', async (t) => {
  const agent = await app.register('oauth_expiry');
  const { provider } = await linkedClient(app.url, { credential: agent.key });
  const token = provider.savedTokens!.access_token;
  const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
  const saved = app.clock.now();
  try {
    app.clock.set(new Date((exp - 1) * 1000));
    t.is((await mcpPost(app.url, token, toolCall('whoami'))).status, 200);
    app.clock.set(new Date(exp * 1000));
    const expired = await mcpPost(app.url, token, toolCall('whoami'));
    t.is(expired.status, 401);
    t.regex(expired.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
  } finally {
    app.clock.set(saved);
  }
});

test('a board key sent as bearer to /mcp is refused: the assistant never holds a board credential', async (t) => {
  const agent = await app.register('oauth_board_key');
  const res = await mcpPost(app.url, agent.key, toolCall('whoami'));
  t.is(res.status, 401);
  t.is(res.body.error.code, 'MCP_TOKEN_INVALID');
  t.deepEqual(res.body.error.details, { reason: 'board_key' });
  t.regex(res.headers.get('www-authenticate') ?? '', /resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/);
  // Garbage and a token signed by someone else fare no better.
  t.is((await mcpPost(app.url, 'garbage', toolCall('whoami'))).status, 401);
  const forged = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: agent.id, aud: `${app.url}/mcp` })).toString('base64url')}.`;
  t.is((await mcpPost(app.url, forged, toolCall('whoami'))).status, 401);
});

test('/mcp is stateless: GET and DELETE answer 405 with Allow (no stream, no session); a body that is not JSON is 400', async (t) => {
  const agent = await app.register('oauth_methods');
  const { provider } = await linkedClient(app.url, { credential: agent.key });
  const token = provider.savedTokens!.access_token;
  for (const method of ['GET', 'DELETE']) {
    for (const bearer of [token, null]) {
      const res = await mcpPost(app.url, bearer, null, method);
      t.is(res.status, 405, method);
      t.is(res.headers.get('allow'), 'POST, OPTIONS');
      t.is(res.body.error.code, 'METHOD_NOT_ALLOWED');
      t.deepEqual(res.body.error.details.allowed, ['POST', 'OPTIONS']);
    }
  }
  const res = await fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: '{nope',
  });
  t.is(res.status, 400);
  t.is(((await res.json()) as { error: { code: string } }).error.code, 'MALFORMED_JSON');
  // A JSON-RPC answer carries no session id: nothing to keep between requests.
  const ok = await mcpPost(app.url, token, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
  t.is(ok.status, 200);
  t.is(ok.headers.get('mcp-session-id'), null);
  t.true(ok.body.result.tools.length > 20);
});

test('client registration is rate limited per network: at the limit passes, one past is 429 with Retry-After', async (t) => {
  const limited = await startTestApp({ OAUTH_REGISTRATIONS_PER_HOUR: '3' }, { selfBaseUrl: true });
  try {
    for (let i = 0; i < 3; i++) t.is((await registerClient(limited.url)).status, 201);
    const refused = await registerClient(limited.url);
    t.is(refused.status, 429);
    t.is(refused.body.error.code, 'REGISTRATION_RATE_LIMIT');
    t.is(refused.body.error.details.limit, 3);
    t.true(Number(refused.headers.get('retry-after')) >= 1);
    // Agent registrations count in their own bucket.
    t.is((await limited.request('POST', '/v1/agents', { body: { name: 'after_clients' } })).status, 201);
  } finally {
    await limited.close();
  }
});

test('registration refuses scopes the server does not know and redirect URIs that are not URLs', async (t) => {
  const res = await fetch(`${app.url}/oidc/reg`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT_URL], token_endpoint_auth_method: 'none', scope: 'admin:everything' }),
  });
  t.is(res.status, 400);
  t.is(((await res.json()) as { error: string }).error, 'invalid_client_metadata');
  const bad = await fetch(`${app.url}/oidc/reg`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ redirect_uris: ['not a url'] }),
  });
  t.is(bad.status, 400);
});
