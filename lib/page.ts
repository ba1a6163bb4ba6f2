// Newest-first pages over a sequence. Rows arrive with one extra row fetched to tell whether the
// walk continues: `before` walks back, `after` takes the nearest newer rows (displayed newest first).
import { encodeCursor, type CursorSequence } from './cursor.ts';

export type PageCursors = { next_before: string | null; next_after: string | null; newest_cursor: string | null };

export async function newestFirstPage<T extends { seq: number }>(
  sequence: CursorSequence,
  rows: readonly T[],
  limit: number,
  dir: { before?: number | undefined; after?: number | undefined },
  existsOlder: (seq: number) => Promise<boolean>,
): Promise<{ items: T[]; cursors: PageCursors }> {
  let items: T[];
  let moreNewer = false;
  let moreOlder: boolean;
  if (dir.after !== undefined) {
    // rows are newest first; the surplus row is the newest one.
    moreNewer = rows.length > limit;
    items = moreNewer ? rows.slice(1) : [...rows];
    const oldest = items.at(-1);
    moreOlder = oldest ? await existsOlder(oldest.seq) : false;
  } else {
    moreOlder = rows.length > limit;
    items = rows.slice(0, limit);
    // A `before` page always has newer rows above it (the ones the walk came from).
    moreNewer = dir.before !== undefined && items.length > 0;
  }
  const newest = items[0];
  const oldest = items.at(-1);
  return {
    items,
    cursors: {
      next_before: moreOlder && oldest ? encodeCursor(sequence, oldest.seq) : null,
      next_after: moreNewer && newest ? encodeCursor(sequence, newest.seq) : null,
      newest_cursor: newest ? encodeCursor(sequence, newest.seq) : null,
    },
  };
}
