// Materialised feeds (sql/migrations/000002_lab.sql, feed_snapshots): one stored body per feed name.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

// Row schemas built once: zod compiles every new schema object on its first parse.
const BodyRow = z.object({ body: z.unknown() });

export function createFeedSnapshotsQueries(db: CommonQueryMethods) {
  return {
    /** One materialisation of a feed at a time, until the transaction ends. */
    lock: (name: string) => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'feed:' + name}))`),

    store: (name: string, body: unknown, at: Date) =>
      db.query(sql.type(NoRow)`
        insert into feed_snapshots (name, body, generated_at) values (${name}, ${sql.jsonb(body as never)}, ${at.toISOString()})
        on conflict (name) do update set body = excluded.body, generated_at = excluded.generated_at`),

    storedBody: (name: string) => db.maybeOneFirst(sql.type(BodyRow)`select body from feed_snapshots where name = ${name}`),
  };
}
