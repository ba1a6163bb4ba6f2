// The authorization server offers exactly the code flow with PKCE S256 and refresh tokens, for public
// clients with plain https or loopback redirect URIs, and never redirects an error of a request no
// person has seen yet (issue 24 items 5 to 7; RFC 9700 §4.11.2, §2.1; RFC 8252).
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { postgresAdapter } from '../../lib/mcp/oidc-adapter.ts';
import { DISCOVERY_PATHS } from '../../api/oauth/metadata.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { browse, consent, CookieJar, pkcePair, REDIRECT_URL, tokenRequest } from '../helpers/mcp.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ OAUTH_REGISTRATIONS_PER_HOUR: '1000' }, { selfBaseUrl: true });
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

/** The example: a client that registered an outside landing page beside its loopback callback. */
const LANDING = 'https://evil.example/landing';
const UNREGISTERED = 'https://other.example/cb';

async function register(body: Record<string, unknown>) {
  const res = await fetch(`${app.url}/oidc/reg`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

const clientRows = () => app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from oauth_store where model = 'Client'`);
const linkRows = () => app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from mcp_links`);

function authorizeParams(clientId: string, redirectUri: string, challenge: string): Record<string, string> {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'board:read',
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${app.url}/mcp`,
  };
}

/** What each case changes in an otherwise valid request (`null` drops the parameter). */
const CASES: Record<string, Record<string, string | null>> = {
  'unknown client': { client_id: 'no-such-client' },
  'missing PKCE': { code_challenge: null, code_challenge_method: null },
  'PKCE challenge without a method': { code_challenge_method: null },
  'plain PKCE': { code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) },
  'response_type token': { response_type: 'token' },
  'response_type id_token': { response_type: 'id_token' },
  'response_type code id_token': { response_type: 'code id_token' },
  'response_type none': { response_type: 'none' },
  'no response_type': { response_type: null },
  'response_mode fragment': { response_mode: 'fragment' },
  'response_mode form_post': { response_mode: 'form_post' },
  'a scope the client did not register': { scope: 'board:read board:write' },
  'a scope with characters no scope has': { scope: 'board:read "x"' },
  'another resource': { resource: 'https://elsewhere.example/mcp' },
  'prompt=none without a session': { prompt: 'none' },
  'a request object': { request: 'eyJhbGciOiJub25lIn0.e30.' },
};

test("no error of the authorization endpoint is redirected: each case, for a registered and an unregistered redirect URI, is the service's own page", async (t) => {
  // It registered read access only, so asking for more is an error of the request.
  const reg = await register({
    client_name: 'Landing client',
    redirect_uris: [REDIRECT_URL, LANDING],
    token_endpoint_auth_method: 'none',
    scope: 'openid board:read',
  });
  t.is(reg.status, 201);
  const { challenge } = pkcePair();
  const links = await linkRows();
  for (const [name, change] of Object.entries(CASES)) {
    for (const redirectUri of [LANDING, UNREGISTERED]) {
      const params = { ...authorizeParams(reg.body.client_id, redirectUri, challenge) } as Record<string, string | null>;
      Object.assign(params, change);
      const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== null));
      const label = `${name}, ${redirectUri === LANDING ? 'registered' : 'unregistered'} redirect`;
      const res = await fetch(`${app.url}/oidc/auth?${query}`, { redirect: 'manual' });
      const text = await res.text();
      t.is(res.status, 400, label);
      t.is(res.headers.get('location'), null, label);
      t.regex(res.headers.get('content-type') ?? '', /^text\/html/, label);
      t.regex(text, /<h1>This request to link an assistant was refused<\/h1>/, label);
      t.regex(text, /<code>(invalid_[a-z_]+|unsupported_response_[a-z]+|login_required|request_not_supported)<\/code>/, label);
      // Nothing on the page leads to the redirect URI either.
      t.false(text.includes('evil.example') || text.includes('other.example'), label);
      // The authorization endpoint takes GET only: a form-posted request is no endpoint at all.
      const posted = await fetch(`${app.url}/oidc/auth`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: query.toString(),
      });
      t.is(posted.status, 404, label);
      t.is(posted.headers.get('location'), null, label);
      t.is(((await posted.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
    }
  }
  t.is(await linkRows(), links);
});

test("the same request, valid, goes on to the consent page; only the person's answer sends the browser back to the client", async (t) => {
  const reg = await register({ client_name: 'Landing client', redirect_uris: [REDIRECT_URL, LANDING], token_endpoint_auth_method: 'none' });
  const { challenge } = pkcePair();
  const query = new URLSearchParams(authorizeParams(reg.body.client_id, REDIRECT_URL, challenge));
  const jar = new CookieJar();
  const first = await browse(jar, `${app.url}/oidc/auth?${query}`);
  t.is(first.status, 303);
  t.is(new URL(first.location!).pathname.split('/')[1], 'interaction');
  // The person cancels: now the client hears access_denied, at its registered redirect URI.
  const declined = await consent(new URL(`${app.url}/oidc/auth?${query}`), { credential: '', deny: true });
  t.is(declined.params?.get('error'), 'access_denied');
  t.is(declined.params?.get('state'), 'st');
});

test('the metadata offers exactly the code flow with PKCE S256, answered in the query, refresh tokens and public clients, at every discovery path', async (t) => {
  const docs = await Promise.all(
    DISCOVERY_PATHS.map(async (path) => {
      const res = await fetch(app.url + path);
      t.is(res.status, 200, path);
      return (await res.json()) as Record<string, unknown>;
    }),
  );
  const m = docs[0]!;
  for (const doc of docs) t.deepEqual(doc, m);
  t.deepEqual(m.response_types_supported, ['code']);
  t.deepEqual(m.response_modes_supported, ['query']);
  t.deepEqual(m.grant_types_supported, ['authorization_code', 'refresh_token']);
  t.deepEqual(m.code_challenge_methods_supported, ['S256']);
  t.deepEqual(m.token_endpoint_auth_methods_supported, ['none']);
  t.deepEqual(m.revocation_endpoint_auth_methods_supported, ['none']);
  t.is(m.client_id_metadata_document_supported, true);
  t.is(m.authorization_response_iss_parameter_supported, true);
  const text = JSON.stringify(m);
  for (const word of [
    'implicit',
    'id_token"',
    'plain',
    'client_secret',
    'private_key_jwt',
    'form_post',
    'fragment',
    'password',
    'client_credentials',
    'device_code',
  ])
    t.false(text.includes(word), word);
  for (const key of [
    'userinfo_endpoint',
    'end_session_endpoint',
    'pushed_authorization_request_endpoint',
    'dpop_signing_alg_values_supported',
    'introspection_endpoint',
    'device_authorization_endpoint',
    'token_endpoint_auth_signing_alg_values_supported',
  ]) {
    t.false(key in m, key);
  }
  // What is not offered is not served either.
  for (const path of ['/oidc/me', '/oidc/request', '/oidc/session/end', '/oidc/token/introspection', '/oidc/device/auth']) {
    t.is((await fetch(app.url + path, { method: 'POST' })).status, 404, path);
  }
});

test.serial(
  'registration refuses every grant type, response type, response mode and client authentication that is not offered; nothing is stored',
  async (t) => {
    const before = await clientRows();
    const base = { redirect_uris: [REDIRECT_URL] };
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ grant_types: ['implicit'], response_types: ['id_token'] }, 'invalid_client_metadata'],
      [{ grant_types: ['implicit'], response_types: ['token'] }, 'invalid_client_metadata'],
      [{ grant_types: ['authorization_code', 'implicit'] }, 'invalid_client_metadata'],
      [{ grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
      [{ grant_types: ['password'] }, 'invalid_client_metadata'],
      [{ grant_types: ['urn:ietf:params:oauth:grant-type:device_code'] }, 'invalid_client_metadata'],
      [{ response_types: ['code id_token'] }, 'invalid_client_metadata'],
      [{ response_types: ['code token'] }, 'invalid_client_metadata'],
      [{ response_types: ['none'] }, 'invalid_client_metadata'],
      [{ response_modes: ['fragment'] }, 'invalid_client_metadata'],
      [{ response_modes: ['query', 'form_post'] }, 'invalid_client_metadata'],
      [{ token_endpoint_auth_method: 'client_secret_basic' }, 'invalid_client_metadata'],
      [{ token_endpoint_auth_method: 'client_secret_post' }, 'invalid_client_metadata'],
      [{ token_endpoint_auth_method: 'private_key_jwt', jwks_uri: 'https://app.example.com/jwks' }, 'invalid_client_metadata'],
      [{ sector_identifier_uri: 'https://app.example.com/sector.json' }, 'invalid_client_metadata'],
    ];
    for (const [extra, error] of refused) {
      const res = await register({ ...base, ...extra });
      t.is(res.status, 400, JSON.stringify(extra));
      t.is(res.body.error, error, JSON.stringify(extra));
    }
    t.is(await clientRows(), before);
    // What is offered registers, and is what the client gets by default.
    const ok = await register({ ...base, grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' });
    t.is(ok.status, 201);
    t.deepEqual(ok.body.response_types, ['code']);
    t.deepEqual(ok.body.response_modes, ['query']);
    t.is(ok.body.token_endpoint_auth_method, 'none');
    t.is(ok.body.client_secret, undefined);
    // The token endpoint takes no other grant.
    for (const grant of ['client_credentials', 'password', 'implicit', 'urn:ietf:params:oauth:grant-type:device_code']) {
      const res = await tokenRequest(app.url, { grant_type: grant, client_id: ok.body.client_id, username: 'a', password: 'b' });
      t.is(res.status, 400, grant);
      t.is(res.body.error, 'unsupported_grant_type', grant);
    }
  },
);

test.serial('registration takes only plain https or loopback http redirect URIs (invalid_redirect_uri); nothing is stored', async (t) => {
  const before = await clientRows();
  for (const uri of [
    'http://attacker.example/cb',
    'https://evil;sandbox/cb',
    'https://app.example.com/cb#x',
    'https://u:p@app.example.com/cb',
    'https://app.example.com/c b',
    'HTTPS://APP.EXAMPLE.COM/cb',
    'com.example.app:/cb',
    'javascript:alert(1)',
    'https://exämple.com/cb',
  ]) {
    const res = await register({ redirect_uris: [REDIRECT_URL, uri], token_endpoint_auth_method: 'none' });
    t.is(res.status, 400, uri);
    t.is(res.body.error, 'invalid_redirect_uri', uri);
  }
  // A native client fares no better with http on another host.
  t.is((await register({ application_type: 'native', redirect_uris: ['http://attacker.example/cb'] })).body.error, 'invalid_redirect_uri');
  t.is(await clientRows(), before);
  for (const uri of ['https://app.example.com/cb', 'http://127.0.0.1:33418/cb', 'http://[::1]:8080/cb', 'http://localhost:6274/oauth/callback']) {
    t.is((await register({ redirect_uris: [uri], token_endpoint_auth_method: 'none' })).status, 201, uri);
  }
});

/** Directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d] as [string, string]),
  );
}

test("the consent page's CSP adds exactly the client's plain origin to form-action; a stored client with a hostile redirect URI opens no page at all", async (t) => {
  const home = await fetch(`${app.url}/mcp/links`);
  const baseline = directives(home.headers.get('content-security-policy')!);
  const reg = await register({ client_name: 'CSP client', redirect_uris: ['https://app.example.com:8443/cb?from=mcp'], token_endpoint_auth_method: 'none' });
  const { challenge } = pkcePair();
  const jar = new CookieJar();
  const first = await browse(
    jar,
    `${app.url}/oidc/auth?${new URLSearchParams(authorizeParams(reg.body.client_id, 'https://app.example.com:8443/cb?from=mcp', challenge))}`,
  );
  const page = await fetch(first.location!, { headers: { Cookie: jar.header() } });
  t.is(page.status, 200);
  const shown = directives(page.headers.get('content-security-policy')!);
  t.deepEqual([...shown.keys()], [...baseline.keys()]);
  for (const [name, value] of baseline) t.is(shown.get(name), name === 'form-action' ? "form-action 'self' https://app.example.com:8443" : value, name);

  // A client stored before the rule (written straight into the store): the provider builds no client
  // from it, so there is no consent page, no redirect and no header carrying its value.
  const Adapter = postgresAdapter(app.db, app.clock, async () => {});
  const store = new Adapter('Client');
  for (const [id, uri] of [
    ['hostile-csp', 'https://evil;sandbox/cb'],
    ['hostile-http', 'http://attacker.example/cb'],
  ] as const) {
    await store.upsert(id, {
      client_id: id,
      redirect_uris: [uri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    });
    const res = await fetch(`${app.url}/oidc/auth?${new URLSearchParams(authorizeParams(id, uri, challenge))}`, { redirect: 'manual' });
    t.is(res.status, 400, id);
    t.is(res.headers.get('location'), null, id);
    const csp = directives(res.headers.get('content-security-policy')!);
    t.deepEqual(csp, baseline, id);
    // The page may quote the refused value (escaped); nothing links to it.
    t.false((await res.text()).includes(`href="${uri}`), id);
  }
});
