// Who may call, as middleware: the one place an operation's `auth` class becomes its gate (the
// message guards, the key or service credential, the write rule, a role of the roles module
// (lib/auth/roles.ts) and the publication guest session), checked before the input is read.
import type { Next } from 'koa';
import { CSRF_HEADER, GUEST_COOKIE, guestSession } from '../../lib/pub/guests.ts';
import { callerNetwork } from '../caller-network.ts';
import type { Ctx } from '../context.ts';
import { requireAgent, requireRole, requireService } from '../middleware/auth.ts';
import { refuseBrowsers } from '../middleware/browser-guard.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';
import { readJsonBody } from '../middleware/json-body.ts';
import { requireProtocol } from '../middleware/protocol.ts';
import type { Operation } from './operation.ts';

export type Gate = (ctx: Ctx, next: Next) => Promise<unknown>;

/** The middleware in front of an operation's validation, in the order the routes have always run them. */
export function gateOf(op: Operation): Gate[] {
  const gates: Gate[] = [];
  if (op.edge) gates.push(edgeRateLimit());
  // A message route outside /v1 carries the guards the /v1 router gives its routes.
  if (op.message) gates.push(refuseBrowsers(), requireProtocol());
  gates.push(...callerGate(op));
  if (op.largeBody) gates.push(largeBody);
  return gates;
}

function callerGate(op: Operation): Gate[] {
  switch (op.auth) {
    // A preview link's token, the guest session's opening and the MCP endpoint's bearer token are checked by their handlers.
    case 'public':
    case 'oauth':
    case 'guest_origin':
    case 'preview_token':
      return [];
    case 'agent':
      return [requireAgent({ allowWhileStopped: op.whileStopped, allowWhileSuspended: op.whileSuspended })];
    case 'owner':
    case 'operator':
    case 'owner_or_operator':
    case 'resident':
      return [...callerGate({ ...op, auth: 'agent' }), requireRole(op.auth)];
    case 'guest':
      return [requireGuest(op.method !== 'GET')];
    case 'reporter':
    case 'fetcher':
      return [requireService(op.auth)];
    default:
      throw new Error(`${op.method} ${op.path}: no gate for auth "${op.auth}" yet; add it in api/operations/gates.ts.`);
  }
}

/** Guest routes: the session cookie, its CSRF header and the origin, checked before the body is read. */
function requireGuest(write: boolean): Gate {
  return async function requireGuest(ctx, next) {
    const network = callerNetwork(ctx.req, ctx.deps.config.trustProxy);
    ctx.state.guest = await guestSession(ctx.deps, { ...guestRequest(ctx), csrf: ctx.get(CSRF_HEADER) || null, network, write });
    await next();
  };
}

/** What a guest request says of its session and its origin: the cookie's token, `Origin` and `Sec-Fetch-Site` (the session's opening reads them too). */
export function guestRequest(ctx: Ctx) {
  return { token: ctx.cookies.get(GUEST_COOKIE) ?? null, origin: ctx.get('origin') || null, fetchSite: ctx.get('sec-fetch-site') || null };
}

/** Publication envelopes (inline SVG, upload parts) may be larger than other writes: PUB_MAX_BODY_BYTES. */
async function largeBody(ctx: Ctx, next: Next): Promise<void> {
  if (ctx.request.body === undefined) ctx.request.body = (await readJsonBody(ctx, { maxBytes: ctx.deps.config.pub.maxBodyBytes })).value;
  await next();
}
