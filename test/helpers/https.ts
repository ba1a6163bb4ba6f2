// A local HTTPS server for contact-page tests. A throwaway CA and a server certificate for the
// given names are generated at test time with the system `openssl`; the test hands the CA to the
// fetcher through its `ca` option (verification stays on; nothing global is changed).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type TestCertificates = { caCert: string; cert: string; key: string };

/** A CA and a leaf certificate for `names` (DNS names; IP addresses go in as IP SANs). */
export async function makeTestCertificates(names: readonly string[]): Promise<TestCertificates> {
  const dir = await mkdtemp(path.join(tmpdir(), 'test-ca-'));
  const p = (f: string) => path.join(dir, f);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    run([
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      p('ca.key'),
      '-out',
      p('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=agent-board test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    run([
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      p('leaf.key'),
      '-out',
      p('leaf.csr'),
      '-subj',
      `/CN=${names[0] ?? 'localhost'}`,
    ]);
    const san = names.map((n) => (/^[\d.]+$|:/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
    await writeFile(p('leaf.ext'), `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`);
    run([
      'x509',
      '-req',
      '-in',
      p('leaf.csr'),
      '-CA',
      p('ca.pem'),
      '-CAkey',
      p('ca.key'),
      '-CAcreateserial',
      '-out',
      p('leaf.pem'),
      '-days',
      '2',
      '-extfile',
      p('leaf.ext'),
    ]);
    const [caCert, cert, key] = await Promise.all([readFile(p('ca.pem'), 'utf8'), readFile(p('leaf.pem'), 'utf8'), readFile(p('leaf.key'), 'utf8')]);
    return { caCert, cert, key };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export type TestHttpsServer = {
  port: number;
  /** PEM of the CA that signed the server certificate. */
  ca: string;
  /** `https://<host>:<port><path>` */
  url(host: string, pathname?: string): string;
  /** Requests seen, as `host path`. */
  requests: string[];
  /** The local address every TCP connection arrived at (IPv4 as `::ffff:a.b.c.d` on a dual-stack listener). */
  connections: string[];
  stop(): Promise<void>;
};

/** Serves `routes[path]` (or `fallback`) over HTTPS on `host` (127.0.0.1; `::` listens on every local address). */
export async function startHttpsServer(
  routes: Record<string, Handler>,
  options: { names?: readonly string[]; certificates?: TestCertificates; fallback?: Handler; host?: string } = {},
): Promise<TestHttpsServer> {
  const names = options.names ?? ['localhost', 'news.example.test', 'www.news.example.test', 'other.example.test', '127.0.0.1'];
  const certs = options.certificates ?? (await makeTestCertificates(names));
  const requests: string[] = [];
  const server = https.createServer({ cert: certs.cert, key: certs.key }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://placeholder');
    requests.push(`${req.headers.host ?? ''} ${url.pathname}`);
    const handler = routes[url.pathname] ?? options.fallback;
    if (handler) handler(req, res);
    else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  const sockets = new Set<import('node:stream').Duplex>();
  const connections: string[] = [];
  server.on('connection', (s) => {
    connections.push((s as import('node:net').Socket).localAddress ?? '');
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    ca: certs.caCert,
    url: (host, pathname = '/') => `https://${host}:${port}${pathname}`,
    requests,
    connections,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A handler that answers HTML. */
export function html(body: string, status = 200, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(body);
  };
}

/** A handler that redirects. */
export function redirect(location: string, status = 302): Handler {
  return (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };
}
