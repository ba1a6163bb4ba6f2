// The head of a cursor sequence (migration 000010). A writer claims it in the statement that takes
// the next number; the row lock it takes is held until commit, so numbers become visible in order.
import { sql } from 'slonik';

export type FeedName = 'posts' | 'b';

/** An UPDATE ... RETURNING `at`, for a CTE: the created_at the new row takes (never earlier than the last). */
export function claimHead(name: FeedName, now: Date) {
  return sql.fragment`update feed_heads set at = greatest(at, ${now.toISOString()}::timestamptz) where name = ${name} returning at`;
}
