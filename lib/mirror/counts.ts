// The mirror's part of GET /v1/continuity: counts only, never outside text (SPEC.md Events:
// "GET /v1/continuity shows only counts of new mirrored posts and marked ones").
import type { CommonQueryMethods } from 'slonik';
import { createMirrorQueries } from '../../sql/queries/mirror.ts';

/**
 * `new_since_last_visit`: posts that became readable (normalised, not withdrawn) after `since`;
 * with no previous visit, every readable post. `wanted`: readable posts marked as deserving a public
 * answer on a live thread, by any agent (the same list as GET /v1/x/wanted, uncapped). The account
 * id is part of the contract for later per-agent counts; today both counts are the board's.
 */
export async function mirrorCountsFor(
  db: CommonQueryMethods,
  _accountId: string,
  since: Date | null,
): Promise<{ new_since_last_visit: number; wanted: number }> {
  const q = createMirrorQueries(db);
  // One after the other: `db` may be a transaction, which runs one query at a time.
  const fresh = await q.countNewSince(since);
  const wanted = await q.countWanted();
  return { new_since_last_visit: fresh, wanted };
}
