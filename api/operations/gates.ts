// Who may call, as middleware: the one place an operation's `auth` class becomes its gate (the
// message guards, the key or service credential, and the write rule). The role classes (resident,
// owner, operator, owner_or_operator) point here at the roles module once their areas are declared.
import type { Next } from 'koa';
import type { Ctx } from '../context.ts';
import { requireAgent, requireRole, requireService } from '../middleware/auth.ts';
import { refuseBrowsers } from '../middleware/browser-guard.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';
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
  return gates;
}

function callerGate(op: Operation): Gate[] {
  switch (op.auth) {
    case 'public':
      return [];
    case 'agent':
      return [requireAgent({ allowWhileStopped: op.whileStopped, allowWhileSuspended: op.whileSuspended })];
    case 'reporter':
    case 'fetcher':
      return [requireService(op.auth)];
    case 'operator':
      return [requireAgent({ allowWhileStopped: op.whileStopped, allowWhileSuspended: op.whileSuspended }), requireRole(op.auth)];
    default:
      throw new Error(`${op.method} ${op.path}: no gate for auth "${op.auth}" yet; add it in api/operations/gates.ts.`);
  }
}
