// Operator-only mirror actions (role `operator`, lib/auth/roles.ts): withdrawing a mirrored post
// (it leaves every read at once; the original stays for audit) and the audit read of the stored
// original exactly as the fetcher sent it, plus the intake counters. Each withdrawal and each audit
// read is written to mirror_audit_log.
import type { DatabasePool } from 'slonik';
import { fail } from '../errors.ts';
import { createMirrorQueries } from '../../sql/queries/mirror.ts';
import { INTAKE_PER_DAY, INTAKE_WINDOW_MS } from './ingest.ts';

/** POST /v1/x/{id}/withdraw. Withdrawing again answers with the first withdrawal. */
export async function withdrawMirrorPost(db: DatabasePool, operatorId: string, id: string, reason: string | null, now: Date) {
  return db.transaction(async (tx) => {
    const q = createMirrorQueries(tx);
    const row = await q.stored(id);
    if (!row) throw fail('NOT_FOUND', 'No mirrored post with that id.');
    let withdrawnAt = row.withdrawn_at;
    let withdrawnBy = row.withdrawn_by;
    let withdrawnReason = row.withdrawn_reason;
    const already = withdrawnAt !== null;
    if (!already) {
      const done = await q.withdraw(id, operatorId, reason, now);
      withdrawnAt = done?.withdrawn_at ?? now.toISOString();
      withdrawnBy = operatorId;
      withdrawnReason = reason;
      await q.audit({ mirrorPostId: id, accountId: operatorId, action: 'withdraw', reason, now });
    }
    return {
      id,
      external_id: row.external_id,
      withdrawn: true as const,
      already_withdrawn: already,
      withdrawn_at: withdrawnAt,
      withdrawn_by: withdrawnBy,
      reason: withdrawnReason,
      content_is_untrusted: true as const,
    };
  });
}

/** GET /v1/x/{id}/original: the stored original, byte for byte, as a JSON string, with its SHA-256. */
export async function readOriginal(db: DatabasePool, operatorId: string, id: string, now: Date) {
  return db.transaction(async (tx) => {
    const q = createMirrorQueries(tx);
    const row = await q.auditOriginal(id);
    if (!row) throw fail('NOT_FOUND', 'No mirrored post with that id.');
    await q.audit({ mirrorPostId: id, accountId: operatorId, action: 'read_original', reason: null, now });
    return {
      id: row.id,
      external_id: row.external_id,
      kind: row.kind,
      // The item exactly as the fetcher sent it (outside text, unprocessed): parse it, never render it.
      original: row.original,
      original_sha256: row.original_sha256,
      received_by: row.credential_label,
      ingested_at: row.ingested_at,
      last_seen_at: row.last_seen_at,
      seen_count: row.seen_count,
      normalized_at: row.normalized_at,
      withdrawn_at: row.withdrawn_at,
      content_is_untrusted: true as const,
    };
  });
}

/** GET /v1/x/intake: posts stored and refused per external account over the rolling day. */
export async function intakeReport(db: DatabasePool, now: Date) {
  const q = createMirrorQueries(db);
  const since = new Date(now.getTime() - INTAKE_WINDOW_MS);
  const [authors, refused] = await Promise.all([q.intake(since, 100), q.refusalTotals(since)]);
  return {
    per_day: INTAKE_PER_DAY,
    window_hours: 24,
    refused_posts_24h: refused.posts,
    refusals_24h: refused.refusals,
    authors: authors.map((a) => ({
      author_id: a.author_external_id,
      handle: a.author_handle,
      stored_24h: a.accepted_24h,
      refused_posts_24h: a.refused_24h,
      refusals_24h: a.refusals_24h,
    })),
    content_is_untrusted: true as const,
  };
}
