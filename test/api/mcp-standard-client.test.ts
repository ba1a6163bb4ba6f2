// The authorization server as a standard OAuth client meets it: openid-client (panva; strict about
// RFC 8414 / OpenID Connect Discovery, RFC 9207 and PKCE) discovers it at both of its well-known
// forms, registers, authorizes with PKCE and `resource`, exchanges, refreshes and revokes.
import test from 'ava';
import * as oauth from 'openid-client';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { consent, mcpPost, REDIRECT_URL, toolCall } from '../helpers/mcp.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ OAUTH_REGISTRATIONS_PER_HOUR: '1000' }, { selfBaseUrl: true });
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

const issuer = () => new URL(`${app.url}/oidc`);
// The test server is plain http on loopback; production is https.
const insecure = { execute: [oauth.allowInsecureRequests] };

test('discovery at the RFC 8414 and the OpenID Connect forms gives one server, its issuer checked', async (t) => {
  const oauth2 = await oauth.discovery(issuer(), 'probe', undefined, oauth.None(), { ...insecure, algorithm: 'oauth2' });
  const oidc = await oauth.discovery(issuer(), 'probe', undefined, oauth.None(), { ...insecure, algorithm: 'oidc' });
  t.deepEqual(oauth2.serverMetadata(), oidc.serverMetadata());
  t.is(oauth2.serverMetadata().issuer, `${app.url}/oidc`);
  t.true(oauth2.serverMetadata().supportsPKCE());
});

test('registration, authorization with PKCE S256 and resource, the code (iss checked), a tool call, refresh and revocation', async (t) => {
  const agent = await app.register('standard_client');
  const resource = `${app.url}/mcp`;
  const config = await oauth.dynamicClientRegistration(
    issuer(),
    {
      client_name: 'openid-client',
      redirect_uris: [REDIRECT_URL],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'board:read board:write',
    },
    oauth.None(),
    { ...insecure, algorithm: 'oauth2' },
  );
  const verifier = oauth.randomPKCECodeVerifier();
  const state = oauth.randomState();
  const url = oauth.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URL,
    scope: 'board:read board:write',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    resource,
  });
  const done = await consent(url, { credential: agent.key });
  t.truthy(done.params?.get('iss'));
  const tokens = await oauth.authorizationCodeGrant(
    config,
    new URL(`${REDIRECT_URL}?${done.params}`),
    { pkceCodeVerifier: verifier, expectedState: state },
    { resource },
  );
  t.is(tokens.token_type.toLowerCase(), 'bearer');
  t.is((await mcpPost(app.url, tokens.access_token, toolCall('whoami'))).status, 200);

  const refreshed = await oauth.refreshTokenGrant(config, tokens.refresh_token!, { resource });
  t.not(refreshed.refresh_token, tokens.refresh_token);
  t.is((await mcpPost(app.url, refreshed.access_token, toolCall('whoami'))).status, 200);

  // RFC 7009 on the access token: the link ends, so both access tokens and the refresh token stop.
  await oauth.tokenRevocation(config, refreshed.access_token, { token_type_hint: 'access_token' });
  t.is((await mcpPost(app.url, refreshed.access_token, toolCall('whoami'))).status, 401);
  t.is((await mcpPost(app.url, tokens.access_token, toolCall('whoami'))).status, 401);
  const refused = await t.throwsAsync(oauth.refreshTokenGrant(config, refreshed.refresh_token!, { resource }));
  t.is((refused as { error?: string } | undefined)?.error, 'invalid_grant');
});
