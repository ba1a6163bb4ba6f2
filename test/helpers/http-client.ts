// The test client's HTTP: what Node's fetch() sends and does with the answer, on node:http. fetch
// (undici) costs about 0.3 ms more CPU per request than node:http, and the suite makes tens of
// thousands of requests (the answer's fetch `Headers` still loads undici once per thread). What fetch adds is kept, so the server sees the
// same requests: its default headers, a body's type and length, redirects followed as fetch follows
// them (303 and POST-to-301/302 become GETs; credentials dropped across origins), gzip, deflate and
// brotli bodies decoded, and text decoded as UTF-8 without a BOM.
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

export type ClientResponse = { status: number; headers: Headers; text: string };
export type ClientRequest = { method: string; headers: Record<string, string>; body?: string | undefined; redirect: 'follow' | 'manual' };

const DEFAULTS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};
const BODY_HEADERS = ['content-encoding', 'content-language', 'content-location', 'content-type'];
const CROSS_ORIGIN_DROPPED = ['authorization', 'proxy-authorization', 'cookie'];
const utf8 = new TextDecoder('utf-8');

function decode(res: IncomingMessage, raw: Buffer, method: string): Buffer {
  const coding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (method === 'HEAD' || raw.length === 0 || res.statusCode === 204 || res.statusCode === 304) return raw;
  if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(raw);
  // A "deflate" body is zlib-wrapped by the standard, raw in the wild; fetch reads both.
  if (coding === 'deflate') return (raw[0]! & 0x0f) === 8 ? inflateSync(raw) : inflateRawSync(raw);
  if (coding === 'br') return brotliDecompressSync(raw);
  return raw;
}

function once(agent: Agent, url: URL, init: ClientRequest): Promise<{ res: IncomingMessage; raw: Buffer }> {
  const headers: Record<string, string> = {};
  // Names differing only in case are one header, their values joined, as fetch's Headers joins them.
  for (const [k, v] of Object.entries(init.headers)) {
    const name = k.toLowerCase();
    headers[name] = headers[name] === undefined ? v : `${headers[name]}, ${v}`;
  }
  for (const [k, v] of Object.entries(DEFAULTS)) headers[k] ??= v;
  if (init.body !== undefined) {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    headers['content-length'] = String(Buffer.byteLength(init.body));
  } else if (init.method === 'POST' || init.method === 'PUT') headers['content-length'] = '0';
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(url, { method: init.method, headers, agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ res, raw: Buffer.concat(chunks) }));
      res.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    });
    // A server that answers before reading the whole body (413) may close while it is still sent.
    req.on('error', (error) => {
      if (!answered) reject(new TypeError('fetch failed', { cause: error }));
    });
    req.end(init.body);
  });
}

/** One request as fetch() would make it, redirects included (at most 20, as fetch). */
export async function send(agent: Agent, target: string, init: ClientRequest): Promise<ClientResponse> {
  let url = new URL(target);
  let current = { ...init, headers: { ...init.headers } };
  for (let hops = 0; ; hops++) {
    const { res, raw } = await once(agent, url, current);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (current.redirect === 'follow' && [301, 302, 303, 307, 308].includes(status) && location) {
      if (hops >= 20) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
      const next = new URL(location, url);
      const dropped = (names: string[]) => Object.fromEntries(Object.entries(current.headers).filter(([k]) => !names.includes(k.toLowerCase())));
      if ((status === 303 && current.method !== 'HEAD') || ((status === 301 || status === 302) && current.method === 'POST'))
        current = { ...current, method: 'GET', body: undefined, headers: dropped(BODY_HEADERS) };
      if (next.origin !== url.origin) current = { ...current, headers: dropped(CROSS_ORIGIN_DROPPED) };
      url = next;
      continue;
    }
    const headers = new Headers();
    for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
    return { status, headers, text: utf8.decode(decode(res, raw, current.method)) };
  }
}

export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true });
}
