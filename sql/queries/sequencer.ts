// The sequencer passes (migration 000050; docs/architecture.md, "Cursors under concurrent
// writers"). A writer inserts its row without a position and commits; then one pass at a time per
// sequence numbers every row committed before it. Each sequence has its `<feed>__position`
// function; call it outside any writing transaction (the function refuses otherwise).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

/** Every sequence a cursor walks forward over; each has a head row and a position function. */
export const FEEDS = ['posts', 'b', 'mirror', 'pub_events', 'pub_comments'] as const;
export type FeedName = (typeof FEEDS)[number];

// `at` is the row's time along the sequence (created_at; for the mirror, normalized_at).
const PositionRow = z.object({ seq: z.number().int(), at: z.string() });
export type Position = z.infer<typeof PositionRow>;

const positionFunction = (feed: FeedName) => sql.identifier([`${feed}__position`]);

export function createSequencerQueries(db: CommonQueryMethods) {
  return {
    /**
     * The position of a committed row: at once when a pass already gave it one, else after waiting
     * for the running pass (if any) and running one. Its time may have moved forward to keep times
     * non-decreasing along the sequence.
     */
    position: (feed: FeedName, id: string) => db.one(sql.type(PositionRow)`select seq, at from ${positionFunction(feed)}(${id})`),

    /** A pass over `feed` with no row of the caller's to wait for (after writes whose rows need no answer, and the sweep). */
    pass: (feed: FeedName) => db.query(sql.type(NoRow)`select from ${positionFunction(feed)}()`),
  };
}
