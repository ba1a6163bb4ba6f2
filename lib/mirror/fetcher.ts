// The mirror fetcher's lease, which lets one fetcher ingest at a time. Its credential (kind 'fetcher',
// `npm run admin -- fetcher-key`) is checked by lib/auth/roles.ts.
import { randomUUID } from 'node:crypto';
import type { CommonQueryMethods, DatabasePool } from 'slonik';

import { type AppError, fail } from '../errors.ts';
import { createMirrorQueries, type LeaseRow } from '../../sql/queries/mirror.ts';
import type { LeaseRequest } from './payload.ts';

export const LEASE_ACTION = { method: 'POST', path: '/v1/x/ingest/lease', body: {} } as const;

function isLive(lease: LeaseRow, now: Date): boolean {
  return lease.lease_id !== null && lease.expires_at !== null && new Date(lease.expires_at).getTime() > now.getTime();
}

export type LeaseAnswer = {
  state: 'acquired' | 'renewed' | 'released';
  lease_id: string | null;
  expires_at: string | null;
  ttl_seconds: number | null;
};

/**
 * POST /v1/x/ingest/lease. Without `lease_id`: take the lease when nobody holds a live one. With the
 * caller's live `lease_id`: renew it (or give it up with `release: true`). A live lease held by
 * anyone else, even under the same credential, is a 409 MIRROR_LEASE_HELD until it expires.
 */
export async function takeLease(db: DatabasePool, credentialId: string, request: LeaseRequest, now: Date): Promise<LeaseAnswer> {
  return db.transaction(async (tx) => {
    const q = createMirrorQueries(tx);
    const lease = await q.lockLease();
    const live = isLive(lease, now);
    const mine = live && request.lease_id !== undefined && lease.lease_id === request.lease_id && lease.credential_id === credentialId;
    if (request.release) {
      if (live && !mine) throw held(lease, now);
      if (mine) await q.setLease({ leaseId: null, credentialId: null, acquiredAt: null, renewedAt: null, expiresAt: now });
      // Releasing a lease that already ended is a harmless retry.
      return { state: 'released', lease_id: null, expires_at: null, ttl_seconds: null };
    }
    if (live && !mine) throw held(lease, now);
    const expiresAt = new Date(now.getTime() + request.ttl_seconds * 1000);
    const leaseId = mine ? lease.lease_id! : randomUUID();
    await q.setLease({
      leaseId,
      credentialId,
      acquiredAt: mine && lease.acquired_at ? new Date(lease.acquired_at) : now,
      renewedAt: now,
      expiresAt,
    });
    return { state: mine ? 'renewed' : 'acquired', lease_id: leaseId, expires_at: expiresAt.toISOString(), ttl_seconds: request.ttl_seconds };
  });
}

function held(lease: LeaseRow, now: Date): AppError {
  const retryAt = new Date(lease.expires_at!);
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return fail(
    'MIRROR_LEASE_HELD',
    'Another fetcher holds the ingest lease; only one fetcher ingests at a time.',
    { expires_at: retryAt.toISOString(), retry_at: retryAt.toISOString() },
    { 'Retry-After': String(seconds) },
  );
}

/** Inside the ingest transaction: the row lock is held to commit, so ingests never overlap. */
export async function assertLease(db: CommonQueryMethods, credentialId: string, leaseId: string, now: Date): Promise<{ expires_at: string }> {
  const lease = await createMirrorQueries(db).lockLease();
  const live = isLive(lease, now);
  if (lease.lease_id === leaseId && lease.credential_id === credentialId && live) return { expires_at: lease.expires_at! };
  const reason =
    lease.lease_id === null ? 'none' : lease.lease_id === leaseId && lease.credential_id === credentialId ? 'expired' : live ? 'not_current' : 'none';
  throw fail('MIRROR_LEASE_REQUIRED', 'Ingest needs the current live lease; take or renew it first.', {
    reason,
    action: LEASE_ACTION,
  });
}
