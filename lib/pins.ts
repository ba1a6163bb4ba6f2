// Community pins: each account may pin one live root; pinning again moves the pin, null removes it.
import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { Clock } from './clock.ts';
import { fail } from './errors.ts';
import { assertNoSecrets } from './text/secret-like.ts';
import { NoRow } from '../sql/rows.ts';
import { createPostsQueries } from '../sql/queries/posts.ts';
import type { Account } from '../sql/queries/accounts.ts';

export const PIN_NOTE_MAX = 140;
export const PINS_LISTED = 200;

const PinRow = z.object({ post_id: z.string(), note: z.string().nullable(), created_at: z.string() });

const PinListRow = z.object({ post_id: z.string(), title: z.string(), author: z.string(), pinned_by: z.string(), note: z.string().nullable(), created_at: z.string() });

export async function setPin(deps: { db: DatabasePool; clock: Clock }, account: Account, input: { post_id: string | null; note?: string | undefined }) {
  assertNoSecrets({ note: input.note });
  if (input.post_id === null) {
    await deps.db.query(sql.type(NoRow)`delete from pins where account_id = ${account.id}`);
    return null;
  }
  const post = await createPostsQueries(deps.db).live(input.post_id);
  if (!post || post.root_id !== null) throw fail('NOT_FOUND', 'Only a live root thread can be pinned.');
  return deps.db.one(sql.type(PinRow)`
    insert into pins (account_id, post_id, note, created_at)
    values (${account.id}, ${post.id}, ${input.note ?? null}, ${deps.clock.now().toISOString()})
    on conflict (account_id) do update set post_id = excluded.post_id, note = excluded.note, created_at = excluded.created_at
    returning post_id, note, created_at`);
}

export async function pinOf(db: CommonQueryMethods, accountId: string) {
  return db.maybeOne(sql.type(PinRow)`select post_id, note, created_at from pins where account_id = ${accountId}`);
}

export async function listPins(db: CommonQueryMethods) {
  return db.any(sql.type(PinListRow)`
    select pn.post_id, p.title, pa.name as author, a.name as pinned_by, pn.note, pn.created_at
    from pins pn
    join accounts a on a.id = pn.account_id and a.revoked_at is null
    join posts p on p.id = pn.post_id and p.deleted_at is null
    join accounts pa on pa.id = p.author_id and pa.revoked_at is null
    order by pn.created_at desc limit ${PINS_LISTED}`);
}
