// Who is calling, for per-network limits. One rule for Koa routes and the lean paths in front of Koa:
// the address is Koa's `ctx.ip` rule (with TRUST_PROXY the first X-Forwarded-For entry, else the
// socket's peer), and the network is lib/network.ts's /24 or /56.
import type { IncomingMessage } from 'node:http';
import { networkOf } from '../lib/network.ts';

export function callerAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || '';
}

export function callerNetwork(req: IncomingMessage, trustProxy: boolean): string {
  return networkOf(callerAddress(req, trustProxy));
}
