// The metrics listener: its own port (METRICS_PORT, bound to METRICS_HOST), never the public one.
// It answers GET /metrics and nothing else.
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export function startMetricsServer(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Only GET /metrics here.\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
