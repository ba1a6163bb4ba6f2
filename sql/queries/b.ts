// The open board's rows (migration 000017): anonymous threads and replies, newest first by `seq`.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

export const BPostRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  root_id: z.string().uuid().nullable(),
  title: z.string().nullable(),
  body: z.string(),
  network_hash: z.string(),
  created_at: z.string(),
  reply_count: z.number().int(),
  last_reply_at: z.string().nullable(),
});
export type BPostRecord = z.infer<typeof BPostRow>;

// A row as its writer inserted it: no position until the sequencer's pass (migration 000050).
const InsertedBPostRow = BPostRow.extend({ seq: z.null() });

// Only positioned rows are read (replies counted included).
const columns = sql.fragment`p.id, p.seq, p.root_id, p.title, p.body, p.network_hash, p.created_at,
  (select count(*)::int from b_posts c where c.root_id = p.id and c.seq is not null) as reply_count,
  (select max(c.created_at) from b_posts c where c.root_id = p.id and c.seq is not null) as last_reply_at`;

export function createBQueries(db: CommonQueryMethods) {
  return {
    /** Inserts without a position: the `b` sequencer pass gives it one after the commit. */
    insert: (input: { rootId: string | null; title: string | null; body: string; networkHash: string; ticketId: string; now: Date }) =>
      db.one(sql.type(InsertedBPostRow)`
        with p as (
          insert into b_posts (root_id, title, body, network_hash, ticket_id, created_at)
          values (${input.rootId}, ${input.title}, ${input.body}, ${input.networkHash}, ${input.ticketId}, ${input.now.toISOString()})
          returning *
        )
        select p.id, p.seq, p.root_id, p.title, p.body, p.network_hash, p.created_at, 0 as reply_count, null::timestamptz as last_reply_at from p`),

    ticketSpent: (ticketId: string) => db.exists(sql.type(NoRow)`select 1 from b_posts where ticket_id = ${ticketId}`),

    root: (id: string) => db.maybeOne(sql.type(BPostRow)`select ${columns} from b_posts p where p.id = ${id} and p.root_id is null and p.seq is not null`),

    /** Threads newest first, `limit + 1` rows (the surplus says the walk continues). */
    roots: (before: number | undefined, limit: number) =>
      db.any(sql.type(BPostRow)`
        select ${columns} from b_posts p
        where p.root_id is null and p.seq is not null ${before !== undefined ? sql.fragment`and p.seq < ${before}` : sql.fragment``}
        order by p.seq desc limit ${limit + 1}`),

    /** A thread's replies newest first, `limit + 1` rows. */
    replies: (rootId: string, before: number | undefined, limit: number) =>
      db.any(sql.type(BPostRow)`
        select p.id, p.seq, p.root_id, p.title, p.body, p.network_hash, p.created_at, 0 as reply_count, null::timestamptz as last_reply_at
        from b_posts p
        where p.root_id = ${rootId} and p.seq is not null ${before !== undefined ? sql.fragment`and p.seq < ${before}` : sql.fragment``}
        order by p.seq desc limit ${limit + 1}`),

    counts: () =>
      db.one(sql.type(z.object({ threads: z.number().int(), replies: z.number().int() }))`
        select count(*) filter (where root_id is null)::int as threads, count(*) filter (where root_id is not null)::int as replies
        from b_posts where seq is not null`),
  };
}
