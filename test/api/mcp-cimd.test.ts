// OAuth Client ID Metadata Documents (issue 29 item 2): an assistant whose client_id is an https URL is
// read from that URL through the SSRF-guarded fetch, checked, and shown on the consent page by its host.
// A local HTTPS server with the test CA serves the documents; the MCP SDK's own client runs the flow.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { CLIENT_METADATA_MAX_BYTES } from '../../lib/mcp/client-metadata.ts';
import type { ResolvedAddress } from '../../lib/net/safe-fetch.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { makeTestCertificates, startHttpsServer, type Handler, type TestHttpsServer } from '../helpers/https.ts';
import { browse, CookieJar, linkedClient, MemoryOAuthProvider, pkcePair, REDIRECT_URL, toolJson } from '../helpers/mcp.ts';

const HOST = 'client.example.test';
const PRIVATE_HOST = 'private.example.test';

/** What the document server answers at a path: a body, its type and headers, or a handler of its own. */
type Served = { body: string; type?: string; status?: number; headers?: Record<string, string> } | Handler;
const served = new Map<string, Served>();

let app: TestApp;
let server: TestHttpsServer;
let privateServer: TestHttpsServer;

const clientId = (path: string) => server.url(HOST, path);

function documentFor(id: string, extra: Record<string, unknown> = {}) {
  return {
    client_id: id,
    client_name: 'Metadata Assistant',
    client_uri: `https://${HOST}/`,
    redirect_uris: [REDIRECT_URL],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...extra,
  };
}

/** Serves `doc` as JSON at `path` (optionally padded to an exact byte size) and returns its client_id. */
function serve(
  path: string,
  doc: (id: string) => Record<string, unknown>,
  o: { bytes?: number; type?: string; headers?: Record<string, string> } = {},
): string {
  const id = clientId(path);
  let body = JSON.stringify(doc(id));
  if (o.bytes !== undefined) {
    const pad = o.bytes - Buffer.byteLength(JSON.stringify({ ...doc(id), padding: '' }));
    body = JSON.stringify({ ...doc(id), padding: 'x'.repeat(pad) });
    if (Buffer.byteLength(body) !== o.bytes) throw new Error('padding');
  }
  served.set(path, { body, type: o.type ?? 'application/json', headers: o.headers ?? {} });
  return id;
}

const handler: Handler = (req, res) => {
  const entry = served.get(new URL(req.url ?? '/', 'https://x').pathname);
  if (!entry) {
    res.writeHead(404).end();
    return;
  }
  if (typeof entry === 'function') return entry(req, res);
  res.writeHead(entry.status ?? 200, { 'content-type': entry.type ?? 'application/json', ...entry.headers });
  res.end(entry.body);
};

test.before(async () => {
  const certificates = await makeTestCertificates([HOST, PRIVATE_HOST]);
  server = await startHttpsServer({}, { certificates, fallback: handler });
  // The same documents on a private address: the fetch never connects there.
  privateServer = await startHttpsServer({}, { certificates, fallback: handler, host: '127.0.0.2' });
  const names: Record<string, ResolvedAddress[]> = { [HOST]: [{ address: '127.0.0.1', family: 4 }], [PRIVATE_HOST]: [{ address: '127.0.0.2', family: 4 }] };
  app = await startTestApp(
    { OAUTH_REGISTRATIONS_PER_HOUR: '1000' },
    {
      selfBaseUrl: true,
      // Test-only: trust the test CA, reach the test ports, resolve the test names, and let 127.0.0.1
      // (where the public test server listens) through; 127.0.0.2 stays refused like any private address.
      clientMetadataFetch: {
        ca: server.ca,
        allowedPorts: [server.port, privateServer.port],
        allowAddresses: ['127.0.0.1'],
        resolve: async (name) => names[name] ?? [],
      },
    },
  );
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
  await server?.stop();
  await privateServer?.stop();
});

const registeredClients = () => app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from oauth_store where model = 'Client'`);
const fetchesOf = (s: TestHttpsServer, path: string) => s.requests.filter((r) => r.endsWith(` ${path}`)).length;

class MetadataDocumentClient extends MemoryOAuthProvider {
  readonly clientMetadataUrl: string;
  constructor(url: string) {
    super('Metadata Assistant');
    this.clientMetadataUrl = url;
  }
}

test.serial('end to end: discovery, authorization with PKCE and resource, consent naming the host, token and a tool call, with no registration', async (t) => {
  const id = serve('/oauth/client.json', documentFor, { headers: { 'cache-control': 'max-age=600' } });
  const before = await registeredClients();
  const agent = await app.register('cimd_agent');
  const provider = new MetadataDocumentClient(id);
  const { client, consent } = await linkedClient(app.url, { credential: agent.key, provider });
  // The SDK read the metadata, used the URL as its client_id, and registered nothing.
  t.is(provider.client?.client_id, id);
  t.is(await registeredClients(), before);
  const asked = provider.authorizationUrls.at(-1)!;
  t.is(asked.searchParams.get('client_id'), id);
  t.is(asked.searchParams.get('code_challenge_method'), 'S256');
  t.is(asked.searchParams.get('resource'), `${app.url}/mcp`);
  // The consent page says who asks by the host that served the document.
  t.regex(consent.page.text, new RegExp(`client metadata document at <strong>${HOST.replace(/\./g, '\\.')}:${server.port}</strong>`));
  t.regex(consent.page.text, /Metadata Assistant/);
  t.false(consent.page.text.includes('registered itself'));
  const me = toolJson(await client.callTool({ name: 'whoami', arguments: {} }));
  t.is(me.account.name, 'cimd_agent');
  const links = (await app.request('GET', '/v1/mcp/links', { key: agent.key })).body.links;
  t.is(links[0].client_id, id);
  t.is(links[0].client_name, 'Metadata Assistant');
  // Read once and kept for its Cache-Control: the whole flow (authorization, consent, token) fetched it once.
  t.is(fetchesOf(server, '/oauth/client.json'), 1);
  await client.close();
});

/** How often `path` was fetched after opening an authorization request for `id`, `seconds` from now. */
async function fetchedAfter(id: string, path: string, seconds: number) {
  // The provider's document cache runs on the system clock: look at it from `seconds` later.
  const realNow = Date.now;
  Date.now = () => realNow() + seconds * 1000;
  try {
    assertOpened(await authorizeWith(id));
  } finally {
    Date.now = realNow;
  }
  return fetchesOf(server, path);
}

/** The request went on to the consent page. */
function assertOpened(res: { status: number; location: string | null }) {
  if (res.status !== 303) throw new Error(`expected the consent page, got ${res.status}`);
}

/** An authorization request with `id` as client_id, as a browser opens it. */
async function authorizeWith(id: string, redirectUri = REDIRECT_URL) {
  const u = new URL(`${app.url}/oidc/auth`);
  const params = {
    response_type: 'code',
    client_id: id,
    redirect_uri: redirectUri,
    scope: 'board:read',
    state: 's',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    resource: `${app.url}/mcp`,
  };
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return browse(new CookieJar(), u.toString());
}

/** Refused on the service's own page: no redirect, the error and the reason named. */
function assertRefused(t: import('ava').ExecutionContext, res: Awaited<ReturnType<typeof authorizeWith>>, error: RegExp, label: string) {
  t.is(res.status, 400, label);
  t.is(res.location, null, label);
  t.regex(res.text, error, label);
}

test.serial('a document is kept for its Cache-Control max-age, at least 60 s and at most an hour', async (t) => {
  const long = serve('/cache-long.json', documentFor, { headers: { 'cache-control': 'public, max-age=999999' } });
  assertOpened(await authorizeWith(long));
  t.is(fetchesOf(server, '/cache-long.json'), 1);
  t.is(await fetchedAfter(long, '/cache-long.json', 3_590), 1);
  t.is(await fetchedAfter(long, '/cache-long.json', 3_610), 2);
  const none = serve('/cache-none.json', documentFor, { headers: { 'cache-control': 'no-store' } });
  assertOpened(await authorizeWith(none));
  t.is(await fetchedAfter(none, '/cache-none.json', 50), 1);
  t.is(await fetchedAfter(none, '/cache-none.json', 70), 2);
  const ten = serve('/cache-ten.json', documentFor, { headers: { 'cache-control': 'max-age=600' } });
  assertOpened(await authorizeWith(ten));
  t.is(await fetchedAfter(ten, '/cache-ten.json', 590), 1);
  t.is(await fetchedAfter(ten, '/cache-ten.json', 610), 2);
});

test("documents that do not describe a public client of this URL are refused on the service's own page", async (t) => {
  const cases: Array<[string, (id: string) => Record<string, unknown>, RegExp]> = [
    ['/mismatch.json', (id) => documentFor(`${id}-other`), /invalid_client_metadata<\/code>: client_id metadata document client_id does not match/],
    ['/secret.json', (id) => documentFor(id, { token_endpoint_auth_method: 'client_secret_basic' }), /invalid_client_metadata/],
    ['/with-secret.json', (id) => documentFor(id, { client_secret: 'shh' }), /invalid_client_metadata/],
    [
      '/private-key.json',
      (id) => documentFor(id, { token_endpoint_auth_method: 'private_key_jwt', jwks_uri: `https://${HOST}/jwks` }),
      /invalid_client_metadata/,
    ],
    ['/no-redirects.json', (id) => documentFor(id, { redirect_uris: [] }), /invalid_(client_metadata|redirect_uri)/],
    ['/http-redirect.json', (id) => documentFor(id, { redirect_uris: ['http://attacker.example/cb'] }), /invalid_redirect_uri/],
    ['/csp-redirect.json', (id) => documentFor(id, { redirect_uris: ['https://evil;sandbox/cb'] }), /invalid_redirect_uri/],
    ['/not-object.json', () => ({}) as Record<string, unknown>, /invalid_client/],
  ];
  for (const [path, doc, error] of cases) {
    const id = serve(path, doc);
    if (path === '/not-object.json') served.set(path, { body: '["a list"]', type: 'application/json' });
    assertRefused(t, await authorizeWith(id), error, path);
  }
  // The document is fine, the request's redirect URI is not one of its: refused, not redirected.
  const id = serve('/good.json', documentFor);
  const other = await authorizeWith(id, 'http://127.0.0.1:2/elsewhere');
  assertRefused(t, other, /invalid_redirect_uri/, 'redirect URI not in the document');
  // Exact: another port or path is another URI. Only a native client's loopback port may vary (RFC 8252 §7.3).
  assertRefused(t, await authorizeWith(id, 'http://127.0.0.1:3/callback'), /invalid_redirect_uri/, 'another port');
  assertRefused(t, await authorizeWith(id, 'http://127.0.0.1:1/callback/other'), /invalid_redirect_uri/, 'another path');
  const native = serve('/native.json', (i) => documentFor(i, { application_type: 'native' }));
  t.is((await authorizeWith(native, 'http://127.0.0.1:3/callback')).status, 303);
  assertRefused(t, await authorizeWith(native, 'http://127.0.0.1:3/callback/other'), /invalid_redirect_uri/, 'native, another path');
});

test('documents the fetch will not read: a private address (never connected to), a redirect (not followed), too large, not JSON, not 200, a client_id that is no document URL', async (t) => {
  // A private address: the same valid document, served on 127.0.0.2.
  const privateId = `https://${PRIVATE_HOST}:${privateServer.port}/oauth/private.json`;
  served.set('/oauth/private.json', { body: JSON.stringify(documentFor(privateId)) });
  const before = privateServer.connections.length;
  assertRefused(t, await authorizeWith(privateId), /private, loopback, link-local/, 'private address');
  t.is(privateServer.connections.length, before);

  // A redirect to a valid document: refused, and the target is never fetched.
  const target = serve('/target.json', documentFor);
  served.set('/moved.json', { body: '', status: 302, headers: { location: target } });
  assertRefused(t, await authorizeWith(clientId('/moved.json')), /answered with a redirect; redirects are not followed/, 'redirect');
  t.is(fetchesOf(server, '/target.json'), 0);

  // The size bound at its edge: exactly CLIENT_METADATA_MAX_BYTES is read, one byte more is refused.
  const atLimit = serve('/at-limit.json', documentFor, { bytes: CLIENT_METADATA_MAX_BYTES });
  t.is((await authorizeWith(atLimit)).status, 303);
  const over = serve('/over-limit.json', documentFor, { bytes: CLIENT_METADATA_MAX_BYTES + 1 });
  assertRefused(t, await authorizeWith(over), new RegExp(`larger than ${CLIENT_METADATA_MAX_BYTES} bytes`), 'oversize');

  assertRefused(t, await authorizeWith(serve('/as-html.json', documentFor, { type: 'text/html' })), /not served as application\/json/, 'not JSON');
  // The time bound: a server that starts answering and never finishes.
  served.set('/hangs.json', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"client_id":');
  });
  assertRefused(t, await authorizeWith(clientId('/hangs.json')), /did not arrive within 2500 ms/, 'too slow');
  served.set('/gone.json', { body: '{}', status: 404 });
  assertRefused(t, await authorizeWith(clientId('/gone.json')), /did not answer 200/, 'not 200');
  // No path, a fragment, plain http: not a document URL at all, so an unknown client (nothing fetched).
  for (const [id, path] of [
    [server.url(HOST, '/'), '/'],
    [`${clientId('/never-a.json')}#frag`, '/never-a.json'],
    [clientId('/never-b.json').replace('https:', 'http:'), '/never-b.json'],
  ] as const) {
    assertRefused(t, await authorizeWith(id), /invalid_client/, id);
    t.is(fetchesOf(server, path), 0, id);
  }
});

test("each document read counts as a registration of the caller's network: past the limit, 429 REGISTRATION_RATE_LIMIT and no fetch", async (t) => {
  const limited = await startTestApp(
    { OAUTH_REGISTRATIONS_PER_HOUR: '2' },
    {
      selfBaseUrl: true,
      clientMetadataFetch: {
        ca: server.ca,
        allowedPorts: [server.port],
        allowAddresses: ['127.0.0.1'],
        resolve: async (name) => (name === HOST ? [{ address: '127.0.0.1', family: 4 }] : []),
      },
    },
  );
  try {
    const ids = ['/limit-1.json', '/limit-2.json', '/limit-3.json'].map((p) => serve(p, documentFor));
    const open = async (id: string) => {
      const u = new URL(`${limited.url}/oidc/auth`);
      for (const [k, v] of Object.entries({
        response_type: 'code',
        client_id: id,
        redirect_uri: REDIRECT_URL,
        scope: 'board:read',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        resource: `${limited.url}/mcp`,
      }))
        u.searchParams.set(k, v);
      return fetch(u, { redirect: 'manual' });
    };
    t.is((await open(ids[0]!)).status, 303);
    t.is((await open(ids[1]!)).status, 303);
    const third = await open(ids[2]!);
    t.is(third.status, 429);
    t.is(((await third.json()) as { error: { code: string } }).error.code, 'REGISTRATION_RATE_LIMIT');
    t.true(Number(third.headers.get('retry-after')) >= 1);
    t.is(fetchesOf(server, '/limit-3.json'), 0);
  } finally {
    await limited.close();
  }
});
