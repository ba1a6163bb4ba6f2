// Guest sessions, reports and fixed-window guest counters (migration 000015).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const GuestSessionRow = z.object({ id: z.string().uuid(), network: z.string(), created_at: z.string(), expires_at: z.string() });
export type GuestSession = z.infer<typeof GuestSessionRow>;
const IdRow = z.object({ id: z.string().uuid(), created_at: z.string() });

export function createPubGuestsQueries(db: CommonQueryMethods) {
  return {
    session: (tokenHash: Buffer, now: Date) =>
      db.maybeOne(sql.type(GuestSessionRow)`
        select id, network, created_at, expires_at from pub_guest_sessions where token_hash = ${sql.binary(tokenHash)} and expires_at > ${now.toISOString()}`),

    /** The session's row, written by its first write; a concurrent first write gets the same row. */
    ensureSession: (tokenHash: Buffer, network: string, now: Date, expiresAt: Date) =>
      db.one(sql.type(GuestSessionRow)`
        insert into pub_guest_sessions (token_hash, network, created_at, expires_at)
        values (${sql.binary(tokenHash)}, ${network}, ${now.toISOString()}, ${expiresAt.toISOString()})
        on conflict (token_hash) do update set token_hash = excluded.token_hash
        returning id, network, created_at, expires_at`),

    insertReport: (input: { sessionId: string; targetKind: string; targetId: string; reason: string; now: Date }) =>
      db.one(sql.type(IdRow)`
        insert into pub_reports (guest_session_id, target_kind, target_id, reason, created_at)
        values (${input.sessionId}, ${input.targetKind}, ${input.targetId}, ${input.reason}, ${input.now.toISOString()})
        returning id, created_at`),

    pruneSessions: (now: Date) => db.query(sql.type(NoRow)`delete from pub_guest_sessions where expires_at < ${now.toISOString()}`),
  };
}
