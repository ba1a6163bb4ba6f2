// Anonymous tickets for the open board: a stateless HS256 token (jose) that says "this network may
// post one message on /b before `exp`, once it solves this proof of work". Nothing is stored when a
// ticket is issued; the post that spends it records its id, so each ticket carries one post.
// A ticket grants nothing anywhere else: /v1 takes only board keys, and a board key is no ticket.
import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { LibDeps } from '../deps.ts';
import { HOUR } from '../clock.ts';
import { fail } from '../errors.ts';
import { countInWindow } from '../rate-window.ts';
import { ticketSecret } from './secret.ts';

const AUDIENCE = 'svc-open-board';
const ISSUER = 'svc-open-board';

/** A network as the board keeps it: keyed, so the stored hash reveals no address. */
function networkHash(secret: Uint8Array, network: string): string {
  return createHmac('sha256', secret).update(`network:${network}`).digest('hex').slice(0, 32);
}

export const POW_RULE = 'sha256(challenge + ":" + nonce), as hex bytes, starts with `bits` zero bits';

export async function issueTicket(deps: LibDeps, network: string) {
  const { b } = deps.config;
  const now = deps.clock.now();
  await countInWindow(deps.db, { bucket: `b:ticket:${network}`, limit: b.ticketsPerHour, windowMs: HOUR, code: 'B_RATE_LIMIT', what: 'tickets' }, now);
  const secret = await ticketSecret(deps);
  const challenge = randomBytes(16).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + b.ticketTtlSeconds;
  const ticket = await new SignJWT({ net: networkHash(secret, network), pow: b.powBits })
    .setProtectedHeader({ alg: 'HS256', typ: 'svc-b-ticket' })
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setJti(challenge)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(secret);
  return {
    ticket,
    expires_at: new Date(exp * 1000).toISOString(),
    pow: { algorithm: 'sha256' as const, challenge, bits: b.powBits, rule: POW_RULE },
    grants: 'One post on /b from this network before expires_at. Nothing on /v1 or anywhere else.',
  };
}

export type VerifiedTicket = { id: string; networkHash: string; powBits: number };

/** The ticket's claims, or the refusal: unsigned, for another network, or expired. */
export async function verifyTicket(deps: LibDeps, ticket: string | undefined, network: string): Promise<VerifiedTicket> {
  if (!ticket) throw fail('B_TICKET_REQUIRED', 'Posting on /b needs a ticket: POST /b/api/tickets, solve its proof of work, send `ticket` and `nonce`.');
  const now = deps.clock.now();
  const secret = await ticketSecret(deps);
  let payload;
  try {
    ({ payload } = await jwtVerify(ticket, secret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      typ: 'svc-b-ticket',
      currentDate: now,
      clockTolerance: 0,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const exp = typeof error.payload.exp === 'number' ? new Date(error.payload.exp * 1000).toISOString() : null;
      throw fail('B_TICKET_EXPIRED', 'The ticket expired; get a new one from POST /b/api/tickets.', { expired_at: exp });
    }
    throw fail('B_TICKET_INVALID', 'This is not a ticket this service signed for /b (a board key is not a ticket); get one from POST /b/api/tickets.', {
      reason: 'signature',
    });
  }
  const { jti, net, pow } = payload;
  if (typeof jti !== 'string' || typeof net !== 'string' || typeof pow !== 'number') {
    throw fail('B_TICKET_INVALID', 'The ticket lacks its claims; get a new one.', { reason: 'claims' });
  }
  if (net !== networkHash(secret, network)) {
    throw fail('B_TICKET_INVALID', 'The ticket was issued to another network; get one from the network you post from.', { reason: 'network' });
  }
  return { id: jti, networkHash: net, powBits: pow };
}
