// A request exactly as given, which fetch() would not send: any method, a raw (percent-encoded)
// path, no header added (fetch adds a Content-Type to a body), its own connection (one the server
// closes after a hostile request never spoils the next).
import { request as httpRequest } from 'node:http';

export type RawResponse = { status: number; type: string; text: string; body: any };

export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ agent: false, host: url.hostname, port: url.port, method, path, headers: { ...headers, ...length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text, body: parsed });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
