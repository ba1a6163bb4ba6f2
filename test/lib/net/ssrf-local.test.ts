// SSRF against this very machine: one HTTPS listener on `::` (dual stack) answers on EVERY local
// address and records the address each connection arrived at. Only 127.0.0.3 is opened to the
// fetcher (it plays the public origin that redirects); every other local address, written every way a
// URL can write it, reached through a host name that resolves there (including a name that answers
// public first and private next) or through a redirect of every status, must count zero connections,
// in the library and through the contact route that uses it.
import test from 'ava';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';
import { sql } from 'slonik';
import { safeFetch, type ResolvedAddress, type SafeFetchOptions } from '../../../lib/net/safe-fetch.ts';
import { CountRow } from '../../../sql/rows.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { html, redirect, startHttpsServer, type TestHttpsServer } from '../../helpers/https.ts';
import { resident } from '../../helpers/show.ts';

const ORIGIN = '127.0.0.3';
const STATUSES = [301, 302, 303, 307, 308];

/** Every address this machine answers on (interfaces, the wildcard, other loopback), the origin excepted. */
function localAddresses(): string[] {
  const found = Object.values(networkInterfaces())
    .flat()
    .map((i) => i!.address);
  return [...new Set([...found, '127.0.0.1', '127.0.0.2', '127.255.255.254', '0.0.0.0', '::1', '::'])].filter((a) => a !== ORIGIN);
}

const hex = (v: number) => v.toString(16);

/** Every way a URL host can spell this address: the IPv4 forms the URL parser accepts, and IPv6 embeddings. */
function spellings(address: string): string[] {
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    // A link-local address needs its zone, which a URL cannot carry: those are reached by name below.
    return v6.range() === 'linkLocal' ? [] : [`[${address}]`, `[${v6.toNormalizedString()}]`];
  }
  const [a, b, c, d] = (ip as ipaddr.IPv4).octets as [number, number, number, number];
  const n = a * 2 ** 24 + b * 2 ** 16 + c * 2 ** 8 + d;
  const hi = hex(a * 256 + b);
  const lo = hex(c * 256 + d);
  return [
    address,
    String(n),
    `0x${hex(n)}`,
    [a, b, c, d].map((o) => `0${o.toString(8)}`).join('.'),
    [a, b, c, d].map((o) => `0x${hex(o)}`).join('.'),
    `${a}.${b * 65536 + c * 256 + d}`,
    `${a}.${b}.${c * 256 + d}`,
    `[::ffff:${address}]`,
    `[::ffff:${hi}:${lo}]`,
    `[::ffff:0:${address}]`,
    `[64:ff9b::${address}]`,
    `[64:ff9b::${hi}:${lo}]`,
    `[::${address}]`,
    `[2002:${hi}:${lo}::1]`,
  ];
}

/** Host names and what they resolve to: one per local address, a mixed answer, a zoned link-local. */
function localNames(): Record<string, ResolvedAddress[]> {
  const names: Record<string, ResolvedAddress[]> = {};
  localAddresses().forEach((address, i) => {
    const family = ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4;
    names[`local${i}.example.test`] = [{ address, family }];
    if (family === 6 && ipaddr.parse(address).range() === 'linkLocal') {
      const zone = Object.entries(networkInterfaces()).find(([, list]) => list?.some((l) => l.address === address))?.[0];
      if (zone) names[`zoned${i}.example.test`] = [{ address: `${address}%${zone}`, family: 6 }];
    }
  });
  // One allowed answer does not launder a local one.
  names['mixed.example.test'] = [
    { address: ORIGIN, family: 4 },
    { address: '127.0.0.1', family: 4 },
  ];
  return names;
}

let server: TestHttpsServer;
let names: Record<string, ResolvedAddress[]>;
/** A name answering the origin (allowed) first and loopback on every later question: DNS rebinding. */
let rebindCalls = 0;

async function resolve(host: string): Promise<ResolvedAddress[]> {
  if (host === 'origin.example.test') return [{ address: ORIGIN, family: 4 }];
  if (host === 'rebind.example.test') return rebindCalls++ === 0 ? [{ address: ORIGIN, family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
  const found = names[host];
  if (found) return found;
  throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
}

// A generous deadline: TLS handshakes on a loaded machine must not turn a refusal into a timeout.
const options = (): SafeFetchOptions => ({ timeoutMs: 120_000, allowAddresses: [ORIGIN], ca: server.ca, allowedPorts: [server.port], resolve });
/** Connections that arrived anywhere but the origin. */
const strayConnections = () => server.connections.filter((a) => a !== ORIGIN && a !== `::ffff:${ORIGIN}`);

test.before(async () => {
  names = localNames();
  server = await startHttpsServer(
    {
      '/page': html('<p>jane@outlet1.test</p>'),
      '/to': (req, res) => {
        const q = new URL(req.url ?? '/', 'https://x').searchParams;
        redirect(q.get('u') ?? '/', Number(q.get('s') ?? 302))(req, res);
      },
    },
    { host: '::', names: ['origin.example.test', 'rebind.example.test', 'outlet1.test', 'outlet2.test', ...Object.keys(names)] },
  );
});
test.after.always(async () => {
  await server?.stop();
});

test.serial('the listener answers on every local address (control: each one opened explicitly is reached)', async (t) => {
  const reachable = localAddresses().filter((a) => !(ipaddr.parse(a).kind() === 'ipv6' && ipaddr.parse(a).range() === 'linkLocal'));
  for (const address of reachable) {
    const before = server.connections.length;
    const host = ipaddr.parse(address).kind() === 'ipv6' ? `[${address}]` : address;
    await safeFetch(`https://${host}:${server.port}/page`, { timeoutMs: 120_000, allowAddresses: [address], ca: server.ca, allowedPorts: [server.port] });
    t.is(server.connections.length, before + 1, `a connection to ${address} is counted`);
  }
  server.connections.length = 0;
});

test.serial('no local address is reached: every spelling, every name resolving there, every redirect status', async (t) => {
  const targets = [
    ...localAddresses()
      .flatMap(spellings)
      .map((host) => `https://${host}:${server.port}/`),
    ...Object.keys(names).map((host) => `https://${host}:${server.port}/`),
  ];
  let tried = 0;
  for (const [i, target] of targets.entries()) {
    const direct = await safeFetch(target, options());
    t.like(direct, { ok: false, reason: 'blocked_address' }, target);
    const status = STATUSES[i % STATUSES.length]!;
    const via = `https://origin.example.test:${server.port}/to?s=${status}&u=${encodeURIComponent(target)}`;
    const redirected = await safeFetch(via, options());
    t.like(redirected, { ok: false, reason: 'blocked_address' }, `${status} redirect to ${target}`);
    t.is(redirected.ok ? 0 : redirected.chain.length, 2, `the origin's redirect was read: ${target}`);
    tried += 2;
  }
  t.deepEqual(strayConnections(), [], 'no connection arrived at a local address');
  t.true(server.connections.length >= targets.length, 'the origin was reached for every redirect');
  t.log(`${targets.length} local targets (${localAddresses().length} addresses), ${tried} fetches, 0 connections`);
});

test.serial('a name that answers public first and private next: the connection keeps the vetted answer, the next hop is refused', async (t) => {
  rebindCalls = 0;
  const page = await safeFetch(`https://rebind.example.test:${server.port}/page`, options());
  t.true(page.ok, JSON.stringify(page));
  t.is(rebindCalls, 1, 'one question per hop: the connection used the vetted answer (pinned lookup)');
  rebindCalls = 0;
  const target = `https://rebind.example.test:${server.port}/page`;
  const hop = await safeFetch(`https://rebind.example.test:${server.port}/to?u=${encodeURIComponent(target)}`, options());
  t.like(hop, { ok: false, reason: 'blocked_address' });
  if (!hop.ok) t.regex(hop.detail, /127\.0\.0\.1 \(loopback\)/);
  t.is(rebindCalls, 2);
  t.deepEqual(strayConnections(), []);
});

// The contact route: a resident names a page on a host resolving to a local address (or redirecting
// there); the route answers 422 OUTREACH_SOURCE_UNREADABLE (blocked_address), stores no contact, and
// nothing connects.
let app: TestApp;
test.serial('the contact route: names resolving to local addresses, and redirects there, are refused with nothing stored', async (t) => {
  const fetchOptions: SafeFetchOptions = {
    ...options(),
    // outletN.test is the origin for outlet1 (its page redirects) and a local address for the others.
    resolve: async (host) => {
      const local = /^outlet(\d+)\.test$/.exec(host);
      if (local && local[1] !== '1') {
        const address = localAddresses()[Number(local[1]) - 2]!;
        return [{ address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 }];
      }
      return resolve(host === 'outlet1.test' ? 'origin.example.test' : host);
    },
  };
  app = await startTestApp({}, { contactPageFetch: fetchOptions });
  try {
    const agent = await resident(app);
    const add = (email: string, source_url: string) =>
      app.request('POST', '/v1/outreach/contacts', { key: agent.key, body: { email, outlet: email.split('@')[1], beat: 'science', source_url } });
    const cases = localAddresses().map((_, i) => `outlet${i + 2}.test`);
    for (const domain of cases) {
      const res = await add(`kim@${domain}`, `https://${domain}:${server.port}/page`);
      t.is(res.status, 422, `${domain}: ${res.text}`);
      t.is(res.body.error.code, 'OUTREACH_SOURCE_UNREADABLE');
      t.is(res.body.error.details.reason, 'blocked_address');
    }
    for (const [i, address] of localAddresses().entries()) {
      const host = ipaddr.parse(address).kind() === 'ipv6' ? `[${address}]` : address;
      const to = `https://${host}:${server.port}/page`;
      const res = await add('jane@outlet1.test', `https://outlet1.test:${server.port}/to?s=${STATUSES[i % STATUSES.length]}&u=${encodeURIComponent(to)}`);
      t.is(res.status, 422, `redirect to ${address}: ${res.text}`);
      t.is(res.body.error.details.reason, 'blocked_address');
    }
    t.is(await app.db.oneFirst(sql.type(CountRow)`select count(*)::int as count from outreach_contacts`), 0, 'no contact stored');
    t.deepEqual(strayConnections(), []);
    // The control: the origin's own page is readable through the route.
    t.is((await add('jane@outlet1.test', `https://outlet1.test:${server.port}/page`)).status, 201);
  } finally {
    await app.close();
  }
});
