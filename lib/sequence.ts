// Writing on a sequence (docs/architecture.md, "Cursors under concurrent writers"). The writing
// transaction commits its rows without a position, in parallel with every other writer; then the
// sequencer's pass positions them, and only then does the writer answer, so its own next read (and
// everyone's) finds them. The pass runs on the pool, outside the writing transaction, after commit.
import type { DatabasePool, DatabaseTransactionConnection } from 'slonik';
import { createSequencerQueries, type FeedName } from '../sql/queries/sequencer.ts';

/** A committed row of `feed` (a board post, an open-board post) with the position and created_at its pass gave it. */
export async function positioned<T extends { id: string; created_at: string }>(
  db: DatabasePool,
  feed: FeedName,
  row: T,
): Promise<Omit<T, 'seq'> & { seq: number }> {
  const position = await createSequencerQueries(db).position(feed, row.id);
  return { ...row, seq: position.seq, created_at: position.at };
}

/** Runs `write` in one transaction, then a pass over each sequence it may have written to. */
export async function writeThenPosition<T>(db: DatabasePool, feeds: readonly FeedName[], write: (tx: DatabaseTransactionConnection) => Promise<T>): Promise<T> {
  const result = await db.transaction(write);
  for (const feed of feeds) await createSequencerQueries(db).pass(feed);
  return result;
}
