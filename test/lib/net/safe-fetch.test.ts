import test from 'ava';
import { gzipSync } from 'node:zlib';
import net from 'node:net';
import { htmlToText, safeFetch, vetAddress } from '../../../lib/net/safe-fetch.ts';
import type { ResolvedAddress, SafeFetchOptions } from '../../../lib/net/safe-fetch.ts';
import { html, redirect, startHttpsServer } from '../../helpers/https.ts';
import type { TestHttpsServer } from '../../helpers/https.ts';

// ---------------------------------------------------------------------------------------------
// Address vetting, table-driven

const blocked = [
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.1.2.3',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // cloud metadata services: AWS/GCP/Azure, Alibaba (CGNAT space), AWS over IPv6 (unique local)
  '100.100.100.200',
  'fd00:ec2::254',
  '::',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  // IPv4-translated (RFC 6145, ::ffff:0:0:0/96): never a web server's address, whatever it embeds
  '::ffff:0:7f00:1',
  '::ffff:0:127.0.0.1',
  '::ffff:0:a00:1',
  '::ffff:0:808:808',
  // IPv4-compatible (::/96, deprecated by RFC 4291): refused whatever it embeds
  '::127.0.0.1',
  '::7f00:1',
  '::8.8.8.8',
  // NAT64: the well-known prefix is judged by the IPv4 inside; the local-use /48 is refused
  '64:ff9b::a00:1',
  '64:ff9b::10.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::1',
  '64:ff9b:1::808:808',
  // 6to4 and Teredo carry an IPv4 address a relay would reach: refused whatever it embeds
  '2002:7f00:1::1',
  '2002:c0a8:101::1',
  '2002:808:808::1',
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '100::1',
  '2001:db8::1',
  '3fff::1',
  '5f00::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fec0::1',
  'ff02::1',
  // not an address as the connection would use it (the URL parser turns these spellings into 127.0.0.1)
  'not-an-ip',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '127.1',
];
const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.169.0.1',
  '2606:4700::1111',
  '2a00:1450:4001::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '64:ff9b::8.8.4.4',
];

for (const ip of blocked) test(`vetAddress blocks ${ip}`, (t) => t.true(vetAddress(ip).blocked));
for (const ip of allowed) test(`vetAddress allows ${ip}`, (t) => t.false(vetAddress(ip).blocked));

test('allowAddresses opens exactly the listed addresses (also in IPv4-mapped form), nothing else', (t) => {
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1']) t.false(vetAddress(ip, { allowAddresses: ['127.0.0.1'] }).blocked, ip);
  for (const ip of ['127.0.0.2', '::1', '::ffff:0:7f00:1', '10.0.0.1', '169.254.169.254', 'fe80::1', '0.0.0.0', '::']) {
    t.true(vetAddress(ip, { allowAddresses: ['127.0.0.1'] }).blocked, ip);
  }
});

test('a blocked address names its range', (t) => {
  t.deepEqual(vetAddress('::ffff:0:7f00:1'), { blocked: true, label: 'rfc6145' });
  t.deepEqual(vetAddress('64:ff9b::7f00:1'), { blocked: true, label: 'loopback (IPv4 inside rfc6052)' });
  t.deepEqual(vetAddress('::ffff:169.254.169.254'), { blocked: true, label: 'linkLocal (IPv4 inside ipv4Mapped)' });
  t.deepEqual(vetAddress('::7f00:1'), { blocked: true, label: 'ipv4Compatible' });
});

// ---------------------------------------------------------------------------------------------
// Fetching from a real local HTTPS server with a test CA

let server: TestHttpsServer;
// Each request to /slow, resolved when the fetcher has closed its connection.
const slowClosed: Array<Promise<void>> = [];
const bigPage = `<html><body>${'x'.repeat(1_100_000)}</body></html>`;

test.before(async () => {
  server = await startHttpsServer({
    '/masthead': html(
      '<html><head><title>Masthead</title><style>p{}</style></head><body><h1>Team</h1><p>Editor: jane.doe [at] example.org</p><script>var x="hidden@example.org"</script><a href="mailto:tips%40example.org">Tips</a></body></html>',
    ),
    '/plain': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('jane.doe@example.org');
    },
    '/gzip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync('<p>zipped jane.doe@example.org</p>'));
    },
    '/to-masthead': redirect('/masthead'),
    '/to-other-host': (req, res) => redirect(`https://other.example.test:${server.port}/masthead`)(req, res),
    '/to-internal': (req, res) => redirect(`https://internal.example.test:${server.port}/masthead`)(req, res),
    '/to-metadata': redirect('https://169.254.169.254/latest/meta-data/'),
    '/to-http': (req, res) => redirect(`http://news.example.test:${server.port}/masthead`)(req, res),
    '/loop': redirect('/loop'),
    '/r1': redirect('/r2'),
    '/r2': redirect('/r3'),
    '/r3': redirect('/masthead'),
    '/r0': redirect('/r1'),
    '/big': html(bigPage),
    '/big-declared': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '5000000' });
      res.end();
    },
    '/bomb': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(3_000_000, 0x61)));
    },
    '/slow': (_req, res) => {
      slowClosed.push(new Promise((resolve) => res.on('close', () => resolve())));
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>start');
      // never ends
    },
    '/pdf': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
    },
    '/missing': html('gone', 404),
    // Redirects wherever `?u=` says.
    '/to': (req, res) => redirect(new URL(req.url ?? '/', 'https://x').searchParams.get('u') ?? '/')(req, res),
  });
});
test.after.always(async () => {
  await server?.stop();
});

// Host names of the test: all on loopback except the internal one, which pretends to be private.
function resolver(calls: string[] = []): (host: string) => Promise<ResolvedAddress[]> {
  return async (host) => {
    calls.push(host);
    if (host === 'internal.example.test') return [{ address: '10.1.2.3', family: 4 }];
    if (host === 'mixed.example.test')
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '192.168.0.10', family: 4 },
      ];
    if (host === 'news.example.test' || host === 'other.example.test' || host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  };
}

// The deadline is generous here, so a loaded machine (TLS handshakes on two busy cores) never
// trips it; the deadline itself is tested against a page that never ends.
const testOptions = (extra: SafeFetchOptions = {}): SafeFetchOptions => ({
  timeoutMs: 120_000,
  allowAddresses: ['127.0.0.1'],
  ca: server.ca,
  allowedPorts: [server.port],
  resolve: resolver(),
  ...extra,
});

test('reads an HTML page: text without scripts and styles, with mailto addresses', async (t) => {
  const result = await safeFetch(server.url('news.example.test', '/masthead'), testOptions());
  t.true(result.ok, JSON.stringify(result));
  if (!result.ok) return;
  t.is(result.status, 200);
  t.is(result.contentType, 'text/html');
  t.is(result.finalUrl, server.url('news.example.test', '/masthead'));
  t.true(result.text.includes('Editor: jane.doe [at] example.org'));
  t.true(result.text.includes('tips@example.org'));
  t.false(result.text.includes('hidden@example.org'));
  t.false(result.text.includes('p{}'));
});

test('plain text and gzip bodies are read', async (t) => {
  const plain = await safeFetch(server.url('news.example.test', '/plain'), testOptions());
  t.true(plain.ok && plain.text === 'jane.doe@example.org');
  const zipped = await safeFetch(server.url('news.example.test', '/gzip'), testOptions());
  t.true(zipped.ok && zipped.text.includes('zipped jane.doe@example.org'));
});

test('follows a redirect and reports the final URL and the chain', async (t) => {
  const result = await safeFetch(server.url('news.example.test', '/to-other-host'), testOptions());
  t.true(result.ok);
  if (result.ok) {
    t.is(result.finalUrl, server.url('other.example.test', '/masthead'));
    t.deepEqual(result.chain, [server.url('news.example.test', '/to-other-host'), server.url('other.example.test', '/masthead')]);
  }
});

test('3 redirects are followed, a 4th is refused, a loop is refused', async (t) => {
  const three = await safeFetch(server.url('news.example.test', '/r1'), testOptions());
  t.true(three.ok, JSON.stringify(three));
  const four = await safeFetch(server.url('news.example.test', '/r0'), testOptions());
  t.false(four.ok);
  if (!four.ok) t.is(four.reason, 'too_many_redirects');
  const loop = await safeFetch(server.url('news.example.test', '/loop'), testOptions());
  if (!loop.ok) t.is(loop.reason, 'too_many_redirects');
  else t.fail('a loop must be refused');
});

test('every redirect hop is vetted again: a redirect to a private address is refused before connecting', async (t) => {
  const result = await safeFetch(server.url('news.example.test', '/to-internal'), testOptions());
  t.false(result.ok);
  if (!result.ok) {
    t.is(result.reason, 'blocked_address');
    t.regex(result.detail, /10\.1\.2\.3 \(private\)/);
  }
  t.true(server.requests.includes(`news.example.test:${server.port} /to-internal`));
  t.false(
    server.requests.some((r) => r.startsWith('internal.example.test')),
    'the private hop was never connected to',
  );
  const metadata = await safeFetch(server.url('news.example.test', '/to-metadata'), testOptions({ allowedPorts: [server.port, 443] }));
  t.false(metadata.ok);
  if (!metadata.ok) t.is(metadata.reason, 'blocked_address');
});

test('a redirect to http is refused', async (t) => {
  const result = await safeFetch(server.url('news.example.test', '/to-http'), testOptions());
  t.false(result.ok);
  if (!result.ok) t.is(result.reason, 'not_https');
});

test('a host with any private address among its answers is refused', async (t) => {
  const result = await safeFetch(server.url('mixed.example.test', '/masthead'), testOptions());
  t.false(result.ok);
  if (!result.ok) t.is(result.reason, 'blocked_address');
});

test('loopback is refused unless a test allows it explicitly', async (t) => {
  const result = await safeFetch(server.url('news.example.test', '/masthead'), { ca: server.ca, allowedPorts: [server.port], resolve: resolver() });
  t.false(result.ok);
  if (!result.ok) t.is(result.reason, 'blocked_address');
  const literal = await safeFetch(`https://127.0.0.1:${server.port}/masthead`, { ca: server.ca, allowedPorts: [server.port] });
  t.false(literal.ok);
  if (!literal.ok) t.is(literal.reason, 'blocked_address');
  const v6 = await safeFetch(`https://[::ffff:127.0.0.1]:${server.port}/masthead`, { ca: server.ca, allowedPorts: [server.port] });
  t.false(v6.ok);
  if (!v6.ok) t.is(v6.reason, 'blocked_address');
});

test('DNS is asked once per hop and the connection goes to the vetted address', async (t) => {
  // news.example.test has no DNS record anywhere: the fetch can only succeed by connecting to the
  // address our resolver vetted (pinned lookup), never by a second resolution.
  const calls: string[] = [];
  const result = await safeFetch(server.url('news.example.test', '/to-masthead'), testOptions({ resolve: resolver(calls) }));
  t.true(result.ok);
  t.deepEqual(calls, ['news.example.test', 'news.example.test']);
});

test('TLS is verified: without the test CA the page is refused', async (t) => {
  const result = await safeFetch(server.url('news.example.test', '/masthead'), testOptions({ ca: undefined }));
  t.false(result.ok);
  if (!result.ok) t.is(result.reason, 'tls');
  // and a name the certificate does not carry
  const wrongName = await safeFetch(
    server.url('localhost', '/masthead'),
    testOptions({
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    }),
  );
  t.true(wrongName.ok, 'localhost is in the certificate');
  const unknown = await safeFetch(
    `https://unlisted.example.test:${server.port}/masthead`,
    testOptions({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] }),
  );
  t.false(unknown.ok);
  if (!unknown.ok) t.is(unknown.reason, 'tls');
});

test('size: over 1 MB refused (declared, streamed, or after decompression)', async (t) => {
  for (const path of ['/big', '/big-declared', '/bomb']) {
    const result = await safeFetch(server.url('news.example.test', path), testOptions());
    t.false(result.ok, path);
    if (!result.ok) t.is(result.reason, 'too_large', path);
  }
});

test('time: a page that never ends is cut at the deadline, and its connection closed', async (t) => {
  // The page never ends, so only the deadline can end each fetch, however busy the machine is. A
  // busy machine may hit a short deadline before the page is reached (in the TLS handshake): that
  // is a timeout too, and the deadline doubles until a fetch was cut while reading the page.
  for (let timeoutMs = 300; ; timeoutMs *= 2) {
    if (timeoutMs > 300 * 2 ** 9) throw new Error('the page was never reached');
    const before = slowClosed.length;
    const result = await safeFetch(server.url('news.example.test', '/slow'), testOptions({ timeoutMs }));
    t.like(result, { ok: false, reason: 'timeout', detail: 'the fetch took too long' }, `deadline ${timeoutMs} ms`);
    if (slowClosed.length === before) continue;
    await slowClosed[before];
    t.pass(`cut while reading the page at a ${timeoutMs} ms deadline; the fetcher closed the connection`);
    break;
  }
});

test('other refusals: scheme, credentials, port, type, status, DNS', async (t) => {
  const reasons = async (url: string, opts = testOptions()) => {
    const r = await safeFetch(url, opts);
    return r.ok ? 'ok' : r.reason;
  };
  t.is(await reasons('http://news.example.test/masthead'), 'not_https');
  t.is(await reasons('ftp://news.example.test/'), 'not_https');
  t.is(await reasons('not a url'), 'invalid_url');
  t.is(await reasons(`https://u:p@news.example.test:${server.port}/masthead`), 'credentials_in_url');
  t.is(await reasons(`https://news.example.test:${server.port}/masthead`, { ...testOptions(), allowedPorts: undefined }), 'port_not_allowed');
  t.is(await reasons(server.url('news.example.test', '/pdf')), 'unsupported_type');
  t.is(await reasons(server.url('news.example.test', '/missing')), 'http_status');
  t.is(await reasons(server.url('nowhere.example.test', '/')), 'dns_failed');
});

test('htmlToText keeps visible text, decodes entities, drops comments', (t) => {
  t.is(htmlToText('<div>a&amp;b</div><!-- jane@example.org --><p>c&#64;d</p>'), 'a&b\nc@d');
});

// ---------------------------------------------------------------------------------------------
// Zero connections: listeners on loopback (127.0.0.2 and ::1, not the test server's 127.0.0.1)
// count every connection while the fetcher is pointed at them in every spelling, through host
// names that resolve there, and through redirects from an allowed page.

function countingListener(host: string, port: number): Promise<{ server: net.Server; hits: string[] }> {
  const hits: string[] = [];
  const server = net.createServer((socket) => {
    hits.push(`${host} <- ${socket.remoteAddress ?? ''}`);
    socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, hits }));
  });
}

test('no connection reaches a blocked address: any spelling, a name resolving there, a redirect there', async (t) => {
  const v4 = await countingListener('127.0.0.2', 0);
  const port = (v4.server.address() as net.AddressInfo).port;
  const v6 = await countingListener('::1', port);
  const hits = () => [...v4.hits, ...v6.hits];
  try {
    // The listeners do count: a fetch that is allowed to go there arrives (and fails, they speak no TLS).
    const control = await safeFetch(`https://127.0.0.2:${port}/`, { allowAddresses: ['127.0.0.2'], allowedPorts: [port] });
    t.false(control.ok);
    t.is(hits().length, 1, 'the control connection was counted');
    v4.hits.length = 0;

    const names: Record<string, ResolvedAddress[]> = {
      'loop4.example.test': [{ address: '127.0.0.2', family: 4 }],
      'loop6.example.test': [{ address: '::1', family: 6 }],
      'mapped.example.test': [{ address: '::ffff:127.0.0.2', family: 6 }],
      'translated.example.test': [{ address: '::ffff:0:7f00:2', family: 6 }],
      'nat64.example.test': [{ address: '64:ff9b::7f00:2', family: 6 }],
      'metadata.example.test': [{ address: '169.254.169.254', family: 4 }],
      'private.example.test': [{ address: '10.0.0.1', family: 4 }],
      // one good answer does not launder a bad one
      'mixed.example.test': [
        { address: '8.8.8.8', family: 4 },
        { address: '127.0.0.2', family: 4 },
      ],
    };
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      if (host === 'news.example.test') return [{ address: '127.0.0.1', family: 4 }];
      const found = names[host];
      if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      return found;
    };
    const targets = [
      // loopback 127.0.0.2 spelled every way the URL parser accepts
      `https://127.0.0.2:${port}/`,
      `https://2130706434:${port}/`,
      `https://0x7f000002:${port}/`,
      `https://0177.0.0.2:${port}/`,
      `https://0x7f.0.0.2:${port}/`,
      `https://127.2:${port}/`,
      `https://[::1]:${port}/`,
      `https://[::ffff:127.0.0.2]:${port}/`,
      `https://[::ffff:7f00:2]:${port}/`,
      `https://[::ffff:0:7f00:2]:${port}/`,
      `https://[::ffff:0:127.0.0.2]:${port}/`,
      `https://[::127.0.0.2]:${port}/`,
      `https://[64:ff9b::7f00:2]:${port}/`,
      `https://[2002:7f00:2::1]:${port}/`,
      // private, link-local, metadata, 6to4 and Teredo embedding a private address
      `https://10.0.0.1:${port}/`,
      `https://192.168.1.1:${port}/`,
      `https://169.254.169.254:${port}/latest/meta-data/`,
      `https://100.100.100.200:${port}/`,
      `https://[fe80::1]:${port}/`,
      `https://[fd00:ec2::254]:${port}/`,
      `https://[2002:c0a8:101::1]:${port}/`,
      `https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${port}/`,
      ...Object.keys(names).map((host) => `https://${host}:${port}/`),
    ];
    const options: SafeFetchOptions = { ca: server.ca, allowedPorts: [server.port, port], resolve, allowAddresses: ['127.0.0.1'] };
    for (const target of targets) {
      const direct = await safeFetch(target, options);
      t.like(direct, { ok: false, reason: 'blocked_address' }, target);
      const via = server.url('news.example.test', `/to?u=${encodeURIComponent(target)}`);
      const redirected = await safeFetch(via, options);
      t.like(redirected, { ok: false, reason: 'blocked_address' }, `redirect to ${target}`);
      if (!redirected.ok) t.is(redirected.chain.length, 2, `the redirect was read: ${target}`);
    }
    t.deepEqual(hits(), [], 'no connection arrived');
  } finally {
    v4.server.close();
    v6.server.close();
  }
});
