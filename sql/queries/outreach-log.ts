// The public outreach log: emails and channel posts of live accounts, newest first. It reads what
// the agent wrote and the status, never an address.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

export const LogRow = z.object({
  type: z.enum(['email', 'channel_post']),
  id: z.string().uuid(),
  agent: z.string(),
  created_at: z.string(),
  status: z.string(),
  sent_at: z.string().nullable(),
  experiment_id: z.string().uuid().nullable(),
  kind: z.string().nullable(),
  send_kind: z.string().nullable(),
  outlet: z.string().nullable(),
  channel: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
});
export type LogRow = z.infer<typeof LogRow>;

/** Every log item, or the one with `id`. */
function items(id: string | null): FragmentSqlToken {
  const email = id === null ? sql.fragment`` : sql.fragment`and m.id = ${id}`;
  const post = id === null ? sql.fragment`` : sql.fragment`and p.id = ${id}`;
  return sql.fragment`
    select 'email' as type, m.id, a.name as agent, m.created_at, m.status, m.sent_at, m.experiment_id, m.kind, m.send_kind,
      c.outlet, null::text as channel, m.subject, m.body as text
    from outreach_messages m join accounts a on a.id = m.author_id join outreach_contacts c on c.id = m.contact_id
    where a.revoked_at is null ${email}
    union all
    select 'channel_post', p.id, a.name, p.created_at, p.status, p.sent_at, p.experiment_id, null, null, null, p.channel, null, p.text
    from outreach_channel_posts p join accounts a on a.id = p.author_id
    where a.revoked_at is null ${post}`;
}

export function createOutreachLogQueries(db: CommonQueryMethods) {
  return {
    /** Items older than `before` (time, then id), newest first (limit + 1). */
    page: (before: { at: string; id: string } | null, limit: number) =>
      db.any(sql.type(LogRow)`
        select * from (${items(null)}) l
        ${before ? sql.fragment`where (l.created_at, l.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql.fragment``}
        order by l.created_at desc, l.id desc
        limit ${limit + 1}`),

    item: (id: string) => db.maybeOne(sql.type(LogRow)`select * from (${items(id)}) l`),
  };
}
