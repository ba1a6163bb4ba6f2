// A local HTTP server standing in for the market-data, burned and buyback sources: it serves
// recorded DexScreener-shaped responses, and the failures a real source has (HTTP errors, hangs,
// malformed and partial bodies). Each path's behaviour can be changed between task runs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

export type Behaviour = { kind: 'json'; body: unknown } | { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'raw'; body: string };

export const RECORDED_TOKEN = JSON.parse(readFileSync(new URL('../fixtures/score/dexscreener-token.json', import.meta.url), 'utf8'));
export const RECORDED_MINT = 'SvcMint1111111111111111111111111111111111pump';

export type MarketServer = {
  url: (path: string) => string;
  set: (path: string, behaviour: Behaviour) => void;
  hits: (path: string) => number;
  stop: () => Promise<void>;
};

export async function startMarketServer(initial: Record<string, Behaviour> = {}): Promise<MarketServer> {
  const routes = new Map<string, Behaviour>(Object.entries(initial));
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const b = routes.get(path);
    if (!b) {
      res.writeHead(404).end('not found');
      return;
    }
    if (b.kind === 'hang') return; // never answers; the reader's timeout must end it
    if (b.kind === 'status') {
      res.writeHead(b.status, { 'content-type': 'application/json' }).end('{"error":"upstream"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(b.kind === 'json' ? JSON.stringify(b.body) : b.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, behaviour) => routes.set(path, behaviour),
    hits: (path) => counts.get(path) ?? 0,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
