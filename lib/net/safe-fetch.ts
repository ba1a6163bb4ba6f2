// An SSRF-guarded HTTPS GET for pages that agents name (contact pages). Rules:
// - https only, no credentials in the URL, port 443 unless the caller allows others;
// - the host is resolved once per hop and EVERY address is vetted against ipaddr.js's table of
//   special-purpose ranges (private, loopback, link-local, CGNAT, multicast, documentation, ...;
//   IPv4 and IPv6, every form that embeds IPv4 included); the connection then goes to exactly those
//   vetted addresses through a pinned `lookup` (no second DNS answer can slip in), and the socket's
//   peer is checked again;
// - at most 3 redirects, each one re-checked from the top; at most 1 MB after decompression; at
//   most 5 s in total; only HTML and plain text (a caller may name other types: JSON for client
//   metadata documents).
// Test-only options (`allowAddresses`, `ca`, `allowedPorts`, `resolve`) are passed explicitly by
// tests; production callers pass none of them. TLS verification is never turned off: `ca` adds a
// trusted root to Node's bundled ones for this request only.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { decodeHTML } from 'entities';
import ipaddr from 'ipaddr.js';

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type SafeFetchOptions = {
  maxRedirects?: number;
  maxBytes?: number;
  timeoutMs?: number;
  userAgent?: string;
  /** Tests only: exact addresses (where the test server listens) allowed despite the range table. */
  allowAddresses?: readonly string[];
  /** Tests only: extra trusted root certificate(s), PEM, added to Node's bundled roots. */
  ca?: string | readonly string[];
  /** Ports that may be connected to; default [443]. */
  allowedPorts?: readonly number[];
  /** Tests only: how host names resolve (default: the system resolver, every address). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Aborts the whole fetch (counts as `timeout`). */
  signal?: AbortSignal;
  /** The media types read (default HTML and plain text); anything else is `unsupported_type`. */
  acceptTypes?: readonly string[];
};

export type FetchRefusalReason =
  | 'invalid_url'
  | 'not_https'
  | 'credentials_in_url'
  | 'port_not_allowed'
  | 'dns_failed'
  | 'blocked_address'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'http_status'
  | 'unsupported_type'
  | 'tls'
  | 'network';

export type SafeFetchOk = {
  ok: true;
  url: string;
  /** The URL the body was read from, after redirects. */
  finalUrl: string;
  status: number;
  contentType: string;
  /** The decoded body as served. */
  body: string;
  /** Readable text: HTML stripped, entities decoded, mailto and Cloudflare-protected addresses kept. */
  text: string;
  /** Every URL visited, the first included. */
  chain: string[];
  /** The response's Cache-Control header, if any. */
  cacheControl: string | null;
};

export type SafeFetchRefusal = { ok: false; reason: FetchRefusalReason; detail: string; url: string; chain: string[] };

export type SafeFetchResult = SafeFetchOk | SafeFetchRefusal;

export const SAFE_FETCH_DEFAULTS = {
  maxRedirects: 3,
  maxBytes: 1_000_000,
  timeoutMs: 5_000,
  userAgent: 'agent-board-contact-check/1 (+contact page verification)',
} as const;

// ---------------------------------------------------------------------------------------------
// Address vetting: ipaddr.js's table of special-purpose ranges (IANA's registries), not our own math

// NAT64's well-known prefix carries a public IPv4 address on IPv6-only networks (DNS64): the IPv4
// inside decides. Its local-use /48 and every other range that embeds IPv4 (IPv4-translated, 6to4,
// Teredo) are refused whatever they carry; see docs/outreach.md.
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
// IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291) are `unicast` in ipaddr.js's table.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

export type AddressVerdict = { blocked: false } | { blocked: true; label: string };

const ALLOWED: AddressVerdict = { blocked: false };

/**
 * IPv6 in its canonical spelling (RFC 5952, as the URL parser writes it), so an embedded dotted
 * quad is read as written: ipaddr.js reads `::8.8.8.8` (IPv4-compatible, as inet_ntop prints it)
 * as `::ffff:8.8.8.8`. A zone (`fe80::1%eth0`) is left for ipaddr.js, which reads it.
 */
function canonical(address: string): string {
  if (net.isIP(address) !== 6) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

function normalized(address: string): string | null {
  const spelled = canonical(address);
  return ipaddr.isValid(spelled) ? ipaddr.process(spelled).toNormalizedString() : null;
}

function vetV4(ip: ipaddr.IPv4, inside: string | null): AddressVerdict {
  const range = ip.range();
  if (range === 'unicast') return ALLOWED;
  return { blocked: true, label: inside ? `${range} (IPv4 inside ${inside})` : range };
}

/**
 * Whether a resolved address may be connected to: only `unicast` in ipaddr.js's range table. An
 * address is judged in the spelling a socket uses (dotted-quad IPv4 or IPv6); anything else,
 * such as `2130706433` or `0177.0.0.1`, is blocked (URLs arrive here already normalised).
 * `allowAddresses` (tests only) opens exact addresses, also in their IPv4-mapped form.
 */
export function vetAddress(address: string, options: { allowAddresses?: readonly string[] } = {}): AddressVerdict {
  if (net.isIP(address) === 0) return { blocked: true, label: 'not an IP address' };
  const ip = ipaddr.parse(canonical(address));
  if (options.allowAddresses?.length) {
    const own = normalized(address);
    if (own !== null && options.allowAddresses.some((a) => normalized(a) === own)) return ALLOWED;
  }
  if (ip.kind() === 'ipv4') return vetV4(ip as ipaddr.IPv4, null);
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return vetV4(v6.toIPv4Address(), 'ipv4Mapped');
  const range = v6.range();
  if (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN)) {
    return vetV4(ipaddr.fromByteArray(v6.toByteArray().slice(12)) as ipaddr.IPv4, 'rfc6052');
  }
  if (range !== 'unicast') return { blocked: true, label: range };
  if (v6.match(IPV4_COMPATIBLE)) return { blocked: true, label: 'ipv4Compatible' };
  return ALLOWED;
}

// ---------------------------------------------------------------------------------------------
// HTML to text

// Characters that render as nothing and can split an address (soft hyphen, zero-width ones).
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/** HTML entities decoded with `entities` (HTML5's whole table), invisible characters dropped. */
export function decodeEntities(s: string): string {
  return decodeHTML(s).replace(INVISIBLE, '');
}

/** Cloudflare "email protection": the first byte is a key XORed over the rest. */
function decodeCfEmail(hex: string): string | null {
  if (!/^[0-9a-f]{4,}$/i.test(hex) || hex.length % 2 !== 0) return null;
  const key = Number.parseInt(hex.slice(0, 2), 16);
  let out = '';
  for (let i = 2; i < hex.length; i += 2) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16) ^ key);
  return /^[^\s@]+@[^\s@]+$/.test(out) ? out : null;
}

const BLOCK_TAGS =
  /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|thead|tbody|tfoot|section|article|aside|header|footer|nav|main|address|blockquote|pre|figure|figcaption|form|fieldset|legend|option|title)\b[^>]*>/gi;

/**
 * Visible text of an HTML page: scripts, styles and comments removed, tags dropped (block tags
 * become line breaks), entities decoded. Addresses that only live in attributes are appended on
 * their own lines: `mailto:` links and Cloudflare-protected addresses (`data-cfemail`).
 */
export function htmlToText(html: string): string {
  const extra: string[] = [];
  for (const m of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const raw = decodeEntities((m[1] ?? m[2] ?? m[3] ?? '').trim());
    if (/^mailto:/i.test(raw)) {
      const target = raw.slice(7).split('?')[0] ?? '';
      try {
        extra.push(decodeURIComponent(target));
      } catch {
        extra.push(target);
      }
    }
    const cf = /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i.exec(raw);
    const decoded = cf?.[1] ? decodeCfEmail(cf[1]) : null;
    if (decoded) extra.push(decoded);
  }
  for (const m of html.matchAll(/\bdata-cfemail\s*=\s*["']?([0-9a-f]+)/gi)) {
    const decoded = m[1] ? decodeCfEmail(m[1]) : null;
    if (decoded) extra.push(decoded);
  }
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|template|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, (m, tag: string) =>
      // keep the <title> of the head, drop the rest of it
      tag.toLowerCase() === 'head' ? ` ${/<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(m)?.[1] ?? ''}\n` : ' ',
    )
    .replace(BLOCK_TAGS, '\n')
    .replace(/<[^>]*>/g, '');
  const lines = decodeEntities(text)
    .split('\n')
    .map((l) => l.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter((l) => l !== '');
  return [...lines, ...extra].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The fetch

class Refusal extends Error {
  readonly reason: FetchRefusalReason;
  constructor(reason: FetchRefusalReason, detail: string) {
    super(detail);
    this.reason = reason;
  }
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const family = typeof options === 'object' && options ? options.family : undefined;
    const usable = addresses.filter((a) => !family || family === 0 || a.family === family);
    const list = usable.length > 0 ? usable : addresses;
    if (typeof options === 'object' && options?.all)
      callback(
        null,
        list.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, list[0]?.address, list[0]?.family);
  }) as LookupFunction;
}

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
const TEXT_TYPES: readonly string[] = [...HTML_TYPES, 'text/plain'];

function withDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Refusal('timeout', 'the fetch took too long'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Refusal('timeout', 'the fetch took too long'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'body'; status: number; contentType: string; body: string; cacheControl: string | null };

function networkRefusal(err: unknown, signal: AbortSignal): Refusal {
  if (err instanceof Refusal) return err;
  if (signal.aborted) return new Refusal('timeout', 'the fetch took too long');
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (
    /^(?:ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_SSL|HOSTNAME_MISMATCH|ERR_TLS_CERT_ALTNAME)/.test(code) ||
    /certificate|ssl|tls/i.test(String(e?.message))
  ) {
    return new Refusal('tls', `TLS verification failed (${code || e?.message || 'unknown'})`);
  }
  return new Refusal('network', `network error (${code || String(e?.message ?? err)})`);
}

function oneHop(
  url: URL,
  addresses: readonly ResolvedAddress[],
  opts: Required<Pick<SafeFetchOptions, 'maxBytes' | 'userAgent' | 'acceptTypes'>> & SafeFetchOptions,
  signal: AbortSignal,
): Promise<Hop> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const isIp = net.isIP(hostname) !== 0;
  const vetted = new Set(addresses.map((a) => a.address));
  const ca = opts.ca === undefined ? undefined : [...tls.rootCertificates, ...(typeof opts.ca === 'string' ? [opts.ca] : opts.ca)];
  return new Promise<Hop>((resolve, reject) => {
    const req = https.request(
      {
        protocol: 'https:',
        host: hostname,
        port: url.port ? Number(url.port) : 443,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: false,
        servername: isIp ? undefined : hostname,
        lookup: pinnedLookup(addresses),
        ...(ca ? { ca } : {}),
        signal,
        headers: {
          host: url.host,
          'user-agent': opts.userAgent,
          accept: opts.acceptTypes === TEXT_TYPES ? 'text/html,application/xhtml+xml,text/plain;q=0.9' : opts.acceptTypes.join(','),
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en',
        },
      },
      (res) => {
        handleResponse(res, opts.maxBytes, opts.acceptTypes).then(resolve, reject);
      },
    );
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        // Belt and braces: the peer must be one of the vetted addresses.
        const peer = socket.remoteAddress ?? '';
        if (!vetted.has(peer) && !vetted.has(peer.replace(/^::ffff:/, ''))) {
          req.destroy(new Refusal('blocked_address', `connected to an unvetted address ${peer}`));
        }
      });
    });
    req.on('error', (err) => reject(networkRefusal(err, signal)));
    req.end();
  });
}

async function handleResponse(res: IncomingMessage, maxBytes: number, acceptTypes: readonly string[]): Promise<Hop> {
  const status = res.statusCode ?? 0;
  if ([301, 302, 303, 307, 308].includes(status)) {
    res.resume();
    const location = res.headers.location;
    if (!location) throw new Refusal('http_status', `redirect ${status} without a Location`);
    return { kind: 'redirect', location };
  }
  if (status < 200 || status > 299) {
    res.resume();
    throw new Refusal('http_status', `the page answered HTTP ${status}`);
  }
  const contentType = (res.headers['content-type'] ?? '').toLowerCase();
  const mime = (contentType.split(';')[0] ?? '').trim();
  if (!acceptTypes.includes(mime)) {
    res.resume();
    throw new Refusal(
      'unsupported_type',
      `the page is ${mime || 'of no declared type'}; only ${acceptTypes === TEXT_TYPES ? 'HTML and plain text are' : `${acceptTypes.join(', ')} is`} read`,
    );
  }
  const declared = Number(res.headers['content-length'] ?? '0');
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new Refusal('too_large', `the page is ${declared} bytes; the limit is ${maxBytes}`);
  }
  const encoding = (res.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
  let stream: NodeJS.ReadableStream = res;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = res.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = res.pipe(zlib.createBrotliDecompress());
  else if (encoding !== 'identity' && encoding !== '') {
    res.resume();
    throw new Refusal('unsupported_type', `unsupported content-encoding ${encoding}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw new Refusal('too_large', `the page is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  const buffer = Buffer.concat(chunks);
  const charset = /charset\s*=\s*"?([a-z0-9_.:-]+)/i.exec(contentType)?.[1] ?? sniffCharset(buffer) ?? 'utf-8';
  let body: string;
  try {
    body = new TextDecoder(charset).decode(buffer);
  } catch {
    body = new TextDecoder('utf-8').decode(buffer);
  }
  const cacheControl = res.headers['cache-control'] ?? null;
  return { kind: 'body', status, contentType: mime, body, cacheControl };
}

function sniffCharset(buffer: Buffer): string | null {
  const head = buffer.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([a-z0-9_.:-]+)/i.exec(head)?.[1] ?? null;
}

function checkUrl(raw: string, allowedPorts: readonly number[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Refusal('invalid_url', 'not an absolute URL');
  }
  if (url.protocol !== 'https:') throw new Refusal('not_https', `only https URLs are fetched (${url.protocol.replace(/:$/, '')} given)`);
  if (url.username || url.password) throw new Refusal('credentials_in_url', 'URLs with credentials are not fetched');
  const port = url.port ? Number(url.port) : 443;
  if (!allowedPorts.includes(port)) throw new Refusal('port_not_allowed', `port ${port} is not allowed`);
  if (!url.hostname) throw new Refusal('invalid_url', 'the URL has no host');
  return url;
}

/** GETs an https page under the rules at the top of this file. Never throws. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const opts = {
    ...options,
    maxRedirects: options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects,
    maxBytes: options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes,
    timeoutMs: options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs,
    userAgent: options.userAgent ?? SAFE_FETCH_DEFAULTS.userAgent,
    acceptTypes: options.acceptTypes ?? TEXT_TYPES,
  };
  const allowedPorts = options.allowedPorts ?? [443];
  const resolve = options.resolve ?? systemResolve;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const chain: string[] = [];
  let current = rawUrl;
  try {
    for (let hop = 0; ; hop++) {
      chain.push(current);
      const url = checkUrl(current, allowedPorts);
      const hostname = url.hostname.replace(/^\[|\]$/g, '');
      let addresses: ResolvedAddress[];
      if (net.isIP(hostname) !== 0) {
        addresses = [{ address: hostname, family: net.isIP(hostname) === 6 ? 6 : 4 }];
      } else {
        try {
          addresses = await withDeadline(resolve(hostname), controller.signal);
        } catch (err) {
          if (err instanceof Refusal) throw err;
          throw new Refusal('dns_failed', `${hostname} did not resolve`);
        }
        if (addresses.length === 0) throw new Refusal('dns_failed', `${hostname} has no addresses`);
      }
      for (const a of addresses) {
        const verdict = vetAddress(a.address, { allowAddresses: opts.allowAddresses ?? [] });
        if (verdict.blocked) throw new Refusal('blocked_address', `${hostname} resolves to ${a.address} (${verdict.label})`);
      }
      const result = await withDeadline(oneHop(url, addresses, opts, controller.signal), controller.signal).catch((err: unknown) => {
        throw networkRefusal(err, controller.signal);
      });
      if (result.kind === 'redirect') {
        if (hop >= opts.maxRedirects) throw new Refusal('too_many_redirects', `more than ${opts.maxRedirects} redirects`);
        try {
          current = new URL(result.location, url).toString();
        } catch {
          throw new Refusal('invalid_url', 'the redirect Location is not a URL');
        }
        continue;
      }
      const text = HTML_TYPES.includes(result.contentType) ? htmlToText(result.body) : result.body;
      return {
        ok: true,
        url: rawUrl,
        finalUrl: current,
        status: result.status,
        contentType: result.contentType,
        body: result.body,
        text,
        chain,
        cacheControl: result.cacheControl,
      };
    }
  } catch (err) {
    const refusal = networkRefusal(err, controller.signal);
    return { ok: false, reason: refusal.reason, detail: refusal.message, url: rawUrl, chain };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
