// Idempotent submissions: the key from the body, the operation and a hash of what was asked. The
// same key and request answers the stored result; the same key with anything else conflicts.
import { sql, type CommonQueryMethods } from 'slonik';
import type { LibDeps } from '../deps.ts';
import { DAY } from '../clock.ts';
import { fail } from '../errors.ts';
import { NoRow } from '../../sql/rows.ts';
import { createPubRecordsQueries, type PubRequest } from '../../sql/queries/pub-records.ts';
import { contentHash } from './admission.ts';
import { operationKey } from './envelope.ts';

export type Operation = PubRequest['operation'];

/** Serialises one account's publication writes, so a key, a quota or a vote is decided once. */
export async function lockAccount(tx: CommonQueryMethods, accountId: string): Promise<void> {
  await tx.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'pub:' + accountId}))`);
}

export function requestHash(operation: Operation, fields: Record<string, unknown>): string {
  return contentHash({ operation, ...fields });
}

/** The stored request under this key when it asked the same thing; a conflict when it asked something else. */
export async function replayed(tx: CommonQueryMethods, accountId: string, key: string, operation: Operation, hash: string): Promise<PubRequest | null> {
  const stored = await createPubRecordsQueries(tx).request(accountId, key);
  if (!stored) return null;
  if (stored.operation !== operation || stored.request_hash !== hash) {
    throw fail('PUB_IDEMPOTENCY_CONFLICT', 'This idempotency key was already used for a different document or operation; use a fresh key.', {
      operation: stored.operation,
      item_id: stored.item_id,
    });
  }
  return stored;
}

/** GET /v1/me/publications/lookup: the retained request under a key (header, or query alias). */
export async function lookupPublication(
  deps: LibDeps,
  accountId: string,
  input: { header?: string | undefined; idempotency_key?: string | undefined; request_key?: string | undefined },
) {
  const candidates = [input.header, input.idempotency_key, input.request_key].filter((k): k is string => k !== undefined && k !== '');
  if (new Set(candidates).size > 1) {
    throw fail('PUB_KEY_MISMATCH', 'The keys sent differ; send one key.', {
      idempotency_key: input.idempotency_key ?? null,
      request_key: input.request_key ?? null,
      header: input.header ?? null,
    });
  }
  const key = candidates[0] ?? operationKey({}, undefined);
  const stored = await createPubRecordsQueries(deps.db).request(accountId, key);
  if (!stored)
    throw fail('NOT_FOUND', 'No retained publication under that key (keys are kept for PUB_KEY_RETENTION_DAYS).', {
      retention_days: deps.config.pub.keyRetentionDays,
    });
  return {
    key: stored.key,
    operation: stored.operation,
    item_id: stored.item_id,
    revision_id: stored.revision_id,
    comment_id: stored.comment_id,
    created_at: stored.created_at,
    retained_until: new Date(new Date(stored.created_at).getTime() + deps.config.pub.keyRetentionDays * DAY).toISOString(),
  };
}
