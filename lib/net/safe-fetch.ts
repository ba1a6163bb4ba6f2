// An SSRF-guarded HTTPS GET for pages that agents name (contact pages). Rules:
// - https only, no credentials in the URL, port 443 unless the caller allows others;
// - the host is resolved once per hop and EVERY address is vetted (private, loopback, link-local,
//   CGNAT, multicast, unspecified, documentation, benchmarking, reserved; IPv4 and IPv6, including
//   IPv4-mapped and NAT64 forms); the connection then goes to exactly those vetted addresses through
//   a pinned `lookup` (no second DNS answer can slip in), and the socket's peer is checked again;
// - at most 3 redirects, each one re-checked from the top; at most 1 MB after decompression; at
//   most 5 s in total; only HTML and plain text.
// Test-only options (`allowLoopback`, `ca`, `allowedPorts`, `resolve`) are passed explicitly by
// tests; production callers pass none of them. TLS verification is never turned off: `ca` adds a
// trusted root to Node's bundled ones for this request only.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type SafeFetchOptions = {
  maxRedirects?: number;
  maxBytes?: number;
  timeoutMs?: number;
  userAgent?: string;
  /** Tests only: also allow 127.0.0.0/8 and ::1 (nothing else that is private). */
  allowLoopback?: boolean;
  /** Tests only: extra trusted root certificate(s), PEM, added to Node's bundled roots. */
  ca?: string | readonly string[];
  /** Ports that may be connected to; default [443]. */
  allowedPorts?: readonly number[];
  /** Tests only: how host names resolve (default: the system resolver, every address). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Aborts the whole fetch (counts as `timeout`). */
  signal?: AbortSignal;
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
// Address vetting

function parseIPv4(s: string): number | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

/** 128-bit value of an IPv6 address (zone id ignored, embedded dotted IPv4 accepted), or null. */
export function parseIPv6(input: string): bigint | null {
  let s = input.replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!net.isIPv6(s)) return null;
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4 >>> 16) & 0xffff).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const groups = [...head, ...new Array<string>(fill).fill('0'), ...tail];
  if (groups.length !== 8) return null;
  let value = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    value = (value << 16n) | BigInt(Number.parseInt(g, 16));
  }
  return value;
}

type V4Range = readonly [string, number, string];
const BLOCKED_V4: readonly V4Range[] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'AS112'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved and broadcast'],
];

type V6Range = readonly [string, number, string];
const BLOCKED_V6: readonly V6Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['100::', 64, 'discard-only'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['2001::', 23, 'IETF protocol assignments (Teredo, ORCHID, ...)'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing'],
  ['fc00::', 7, 'unique local (private)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
];

const V4_TABLE = BLOCKED_V4.map(([base, bits, label]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: ((parseIPv4(base) ?? 0) & mask) >>> 0, mask, label, bits };
});
const V6_TABLE = BLOCKED_V6.map(([base, bits, label]) => {
  const mask = ((1n << BigInt(bits)) - 1n) << BigInt(128 - bits);
  return { net: (parseIPv6(base) ?? 0n) & mask, mask, label, bits };
});

export type AddressVerdict = { blocked: false } | { blocked: true; label: string };

function vetV4(n: number, allowLoopback: boolean): AddressVerdict {
  for (const r of V4_TABLE) {
    if (((n & r.mask) >>> 0) === r.net) {
      if (allowLoopback && r.label === 'loopback') return { blocked: false };
      return { blocked: true, label: r.label };
    }
  }
  return { blocked: false };
}

/** Whether a resolved address may be connected to. Unparseable input is blocked. */
export function vetAddress(address: string, options: { allowLoopback?: boolean } = {}): AddressVerdict {
  const allowLoopback = options.allowLoopback === true;
  const v4 = parseIPv4(address);
  if (v4 !== null) return vetV4(v4, allowLoopback);
  const v6 = parseIPv6(address);
  if (v6 === null) return { blocked: true, label: 'not an IP address' };
  // IPv4-mapped ::ffff:0:0/96 and NAT64 64:ff9b::/96 carry an IPv4 address: judge that one.
  const high96 = v6 >> 32n;
  if (high96 === 0xffffn || high96 === 0x64ff9b0000000000000000n) {
    const verdict = vetV4(Number(v6 & 0xffffffffn), allowLoopback);
    return verdict.blocked ? { blocked: true, label: `${verdict.label} (IPv4 inside IPv6)` } : verdict;
  }
  for (const r of V6_TABLE) {
    if ((v6 & r.mask) === r.net) {
      if (allowLoopback && r.label === 'loopback') return { blocked: false };
      return { blocked: true, label: r.label };
    }
  }
  return { blocked: false };
}

// ---------------------------------------------------------------------------------------------
// HTML to text

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', commat: '@', period: '.', lbrack: '[', rbrack: ']',
  lsqb: '[', rsqb: ']', lpar: '(', rpar: ')', lcub: '{', rcub: '}', hyphen: '-', dash: '-', ndash: '–', mdash: '—',
  lowbar: '_', plus: '+', colon: ':', sol: '/', ensp: ' ', emsp: ' ', thinsp: ' ', shy: '', zwj: '', zwnj: '',
  hellip: '…', laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', middot: '·', copy: '©', reg: '®',
};

export function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d{1,7});?/g, (_, d: string) => codePoint(Number.parseInt(d, 10)))
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_, h: string) => codePoint(Number.parseInt(h, 16)))
    .replace(/&([a-z][a-z0-9]*);/gi, (m, name: string) => NAMED[name] ?? NAMED[name.toLowerCase()] ?? m);
}

function codePoint(cp: number): string {
  return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '';
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
    if (typeof options === 'object' && options?.all) callback(null, list.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, list[0]?.address, list[0]?.family);
  }) as LookupFunction;
}

const TEXT_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain'];

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

type Hop = { kind: 'redirect'; location: string } | { kind: 'body'; status: number; contentType: string; body: string };

function networkRefusal(err: unknown, signal: AbortSignal): Refusal {
  if (err instanceof Refusal) return err;
  if (signal.aborted) return new Refusal('timeout', 'the fetch took too long');
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^(?:ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_SSL|HOSTNAME_MISMATCH|ERR_TLS_CERT_ALTNAME)/.test(code) || /certificate|ssl|tls/i.test(String(e?.message))) {
    return new Refusal('tls', `TLS verification failed (${code || e?.message || 'unknown'})`);
  }
  return new Refusal('network', `network error (${code || String(e?.message ?? err)})`);
}

function oneHop(url: URL, addresses: readonly ResolvedAddress[], opts: Required<Pick<SafeFetchOptions, 'maxBytes' | 'userAgent'>> & SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
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
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en',
        },
      },
      (res) => {
        handleResponse(res, opts.maxBytes).then(resolve, reject);
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

async function handleResponse(res: IncomingMessage, maxBytes: number): Promise<Hop> {
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
  if (!TEXT_TYPES.includes(mime)) {
    res.resume();
    throw new Refusal('unsupported_type', `the page is ${mime || 'of no declared type'}; only HTML and plain text are read`);
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
  return { kind: 'body', status, contentType: mime, body };
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
        const verdict = vetAddress(a.address, { allowLoopback: opts.allowLoopback === true });
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
      const text = result.contentType === 'text/plain' ? result.body : htmlToText(result.body);
      return { ok: true, url: rawUrl, finalUrl: current, status: result.status, contentType: result.contentType, body: result.body, text, chain };
    }
  } catch (err) {
    const refusal = networkRefusal(err, controller.signal);
    return { ok: false, reason: refusal.reason, detail: refusal.message, url: rawUrl, chain };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
