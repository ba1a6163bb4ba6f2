// Every absolute URL the service publishes comes from BASE_URL, never from the request: hostile Host,
// X-Forwarded-Host, Forwarded and absolute request targets change nothing in any discovery document,
// in the authorization server's answers or in the MCP challenge, whether TRUST_PROXY is on or off
// (issue 24 item 8).
import http from 'node:http';
import test from 'ava';
import { MANIFEST_PATHS } from '../../api/contract/manifest.ts';
import { DISCOVERY_PATHS } from '../../api/oauth/metadata.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { pkcePair, REDIRECT_URL } from '../helpers/mcp.ts';

const BASE = 'https://board.example';
const DOCUMENTS = [
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  ...DISCOVERY_PATHS,
  ...MANIFEST_PATHS,
  '/openapi.json',
];

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request exactly as given: any Host, any request target (node:http sends what it is told). */
function raw(app: TestApp, target: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  const u = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: target, method: o.method ?? 'GET', headers: o.headers ?? {}, setHost: !o.headers?.Host },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (o.body) req.write(o.body);
    req.end();
  });
}

/** The hostile variants of one request: a foreign Host, forwarding headers, an absolute request target. */
const HOSTILE: Array<{ name: string; target: (path: string) => string; headers: Record<string, string> }> = [
  { name: 'Host', target: (p) => p, headers: { Host: 'evil.example' } },
  { name: 'Host with port', target: (p) => p, headers: { Host: 'evil.example:8443' } },
  {
    name: 'forwarding headers',
    target: (p) => p,
    headers: {
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil-forwarded.example',
      'X-Forwarded-Proto': 'http',
      'X-Forwarded-Port': '8080',
      Forwarded: 'host=evil-forwarded.example;proto=http',
    },
  },
  { name: 'absolute request target', target: (p) => `http://evil-target.example${p}`, headers: { Host: 'evil.example' } },
];

const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^"\s<>]+/g)].map((m) => m[0]);

for (const trustProxy of ['false', 'true']) {
  test(`TRUST_PROXY=${trustProxy}: every discovery document is the same for every Host, and names only BASE_URL`, async (t) => {
    const app = await startTestApp({ BASE_URL: BASE, TRUST_PROXY: trustProxy, OAUTH_REGISTRATIONS_PER_HOUR: '1000' });
    try {
      for (const path of DOCUMENTS) {
        const baseline = await raw(app, path);
        t.is(baseline.status, 200, path);
        const published = urlsIn(baseline.body);
        t.true(published.length > 0, path);
        for (const url of published) t.true(url === BASE || url.startsWith(`${BASE}/`) || !/board|evil|127\.0\.0\.1/.test(url), `${path}: ${url}`);
        for (const v of HOSTILE) {
          const res = await raw(app, v.target(path), { headers: v.headers });
          t.is(res.status, 200, `${path} ${v.name}`);
          t.is(res.body, baseline.body, `${path} ${v.name}`);
          t.false(res.body.includes('evil'), `${path} ${v.name}`);
          t.is(res.headers['cache-control'], baseline.headers['cache-control'], `${path} ${v.name}`);
        }
      }
      // The authorization server's metadata: the same bytes and headers at each of its paths.
      const forms = await Promise.all(DISCOVERY_PATHS.map((p) => raw(app, p)));
      for (const f of forms) {
        t.is(f.body, forms[0]!.body);
        for (const h of ['content-type', 'cache-control', 'access-control-allow-origin']) t.is(f.headers[h], forms[0]!.headers[h], h);
      }
      const as = JSON.parse(forms[0]!.body) as Record<string, unknown>;
      t.is(as.issuer, `${BASE}/oidc`);
      for (const key of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint', 'jwks_uri'])
        t.true(String(as[key]).startsWith(`${BASE}/oidc/`), key);
    } finally {
      await app.close();
    }
  });

  test(`TRUST_PROXY=${trustProxy}: registration, the authorization redirects and the MCP challenge name BASE_URL whatever the Host`, async (t) => {
    const app = await startTestApp({ BASE_URL: BASE, TRUST_PROXY: trustProxy, OAUTH_REGISTRATIONS_PER_HOUR: '1000' });
    try {
      const agent = await app.register();
      for (const v of HOSTILE) {
        const reg = await raw(app, v.target('/oidc/reg'), {
          method: 'POST',
          headers: { ...v.headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ client_name: 'Host test', redirect_uris: [REDIRECT_URL], token_endpoint_auth_method: 'none' }),
        });
        t.is(reg.status, 201, v.name);
        const client = JSON.parse(reg.body) as { client_id: string; registration_client_uri: string };
        t.is(client.registration_client_uri, `${BASE}/oidc/reg/${client.client_id}`, v.name);

        // The authorization request goes on to the consent page, and the page back to the provider, on BASE_URL.
        const query = new URLSearchParams({
          response_type: 'code',
          client_id: client.client_id,
          redirect_uri: REDIRECT_URL,
          scope: 'board:read',
          state: 's',
          code_challenge: pkcePair().challenge,
          code_challenge_method: 'S256',
          resource: `${BASE}/mcp`,
        });
        const auth = await raw(app, v.target(`/oidc/auth?${query}`), { headers: v.headers });
        t.is(auth.status, 303, v.name);
        const toConsent = new URL(auth.headers.location!, BASE);
        t.is(toConsent.origin, BASE, v.name);
        const cookies = (auth.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
        const linked = await raw(app, v.target(toConsent.pathname), {
          method: 'POST',
          headers: { ...v.headers, Cookie: cookies, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ credential: agent.key, action: 'link' }).toString(),
        });
        t.is(linked.status, 303, `${v.name}: ${linked.body.slice(0, 200)}`);
        t.true(linked.headers.location!.startsWith(`${BASE}/oidc/auth/`), `${v.name}: ${linked.headers.location}`);

        // The 401 challenge of /mcp names the resource metadata on BASE_URL.
        const mcp = await raw(app, v.target('/mcp'), {
          method: 'POST',
          headers: { ...v.headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          body: '{}',
        });
        t.is(mcp.status, 401, v.name);
        t.is(
          mcp.headers['www-authenticate'],
          `Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource/mcp", scope="board:read board:write"`,
          v.name,
        );
        t.true(JSON.parse(mcp.body).docs.startsWith(`${BASE}/docs/`), v.name);
      }
    } finally {
      await app.close();
    }
  });
}
