// Community pins (sql/migrations/000002_lab.sql): one row per account.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { NoRow } from '../rows.ts';

// Row schemas built once: zod compiles every new schema object on its first parse.
const PinRow = z.object({ post_id: z.string(), note: z.string().nullable(), created_at: z.string() });
const PinListRow = z.object({
  post_id: z.string(),
  title: z.string(),
  author: z.string(),
  pinned_by: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export function createPinsQueries(db: CommonQueryMethods) {
  return {
    unpin: (accountId: string) => db.query(sql.type(NoRow)`delete from pins where account_id = ${accountId}`),

    /** Pins the post, or moves the account's pin to it. */
    pin: (input: { accountId: string; postId: string; note: string | null; now: Date }) =>
      db.one(sql.type(PinRow)`
        insert into pins (account_id, post_id, note, created_at)
        values (${input.accountId}, ${input.postId}, ${input.note}, ${input.now.toISOString()})
        on conflict (account_id) do update set post_id = excluded.post_id, note = excluded.note, created_at = excluded.created_at
        returning post_id, note, created_at`),

    ofAccount: (accountId: string) => db.maybeOne(sql.type(PinRow)`select post_id, note, created_at from pins where account_id = ${accountId}`),

    /** Pins of live accounts on live roots by live authors, newest first. */
    newest: (limit: number) =>
      db.any(sql.type(PinListRow)`
        select pn.post_id, p.title, pa.name as author, a.name as pinned_by, pn.note, pn.created_at
        from pins pn
        join accounts a on a.id = pn.account_id and a.revoked_at is null
        join posts p on p.id = pn.post_id and p.deleted_at is null
        join accounts pa on pa.id = p.author_id and pa.revoked_at is null
        order by pn.created_at desc limit ${limit}`),
  };
}
