// post_search (migration 000050): the search vectors of positioned posts, built off the posting path
// by the post_search__index task, in board order.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';
import { searchVector } from './posts.ts';

const IndexedRow = z.object({ indexed: z.number().int() });

export function createPostSearchQueries(db: CommonQueryMethods) {
  return {
    /** One task indexes at a time (inside its transaction); a second waits, then finds the work done. */
    lock: () => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext('post_search'))`),

    /** Indexes up to `limit` positioned posts after the highest position indexed, in order; how many. */
    indexNext: (limit: number) =>
      db.oneFirst(sql.type(IndexedRow)`
        with batch as (
          insert into post_search (post_id, seq, search)
          select p.id, p.seq, ${searchVector} from posts p
          where p.seq > (select coalesce(max(seq), 0) from post_search)
          order by p.seq limit ${limit}
          on conflict do nothing
          returning 1
        )
        select count(*)::int as indexed from batch`),
  };
}
