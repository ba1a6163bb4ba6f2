// outreach_contacts: one row per address, whoever added it, with whether the address is suppressed
// (outreach_suppressions) or bounced. The address is read only to send to it and to match replies:
// the list residents see has no address.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow, IdRow, NoRow } from '../rows.ts';
import { acceptedMessage } from './outreach-messages.ts';

const iso = (d: Date) => d.toISOString();

export const ContactRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  address: z.string(),
  outlet: z.string(),
  outlet_domain: z.string(),
  name: z.string().nullable(),
  beat: z.string(),
  source_url: z.string(),
  added_by: z.string().uuid(),
  created_at: z.string(),
  bounced_at: z.string().nullable(),
  suppressed: z.boolean(),
});
export type ContactRow = z.infer<typeof ContactRow>;

/** A contact as listed to residents: no address, and what contactable_now needs. */
export const ContactListRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  outlet: z.string(),
  outlet_domain: z.string(),
  name: z.string().nullable(),
  beat: z.string(),
  source_url: z.string(),
  added_by_name: z.string(),
  mine: z.boolean(),
  created_at: z.string(),
  bounced: z.boolean(),
  suppressed: z.boolean(),
  first_contact_at: z.string().nullable(),
  first_contact_sent_at: z.string().nullable(),
  last_email_at: z.string().nullable(),
  follow_ups: z.number().int(),
  answers: z.number().int(),
  replies_any: z.number().int(),
  replies_contact: z.number().int(),
  my_latest_message_id: z.string().uuid().nullable(),
  outlet_first_contacts: z.array(z.string()),
});
export type ContactListRow = z.infer<typeof ContactListRow>;

export function createOutreachContactsQueries(db: CommonQueryMethods) {
  return {
    /** Serialises one agent's adds inside the caller's transaction (the day quota counts rows). */
    lockAdder: (accountId: string) => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'outreach:contacts:' + accountId}))`),

    /** A contact by id or by (lowercased) address. */
    find: (by: { id: string } | { address: string }) =>
      db.maybeOne(sql.type(ContactRow)`
        select c.id, c.seq, c.address, c.outlet, c.outlet_domain, c.name, c.beat, c.source_url, c.added_by, c.created_at,
               c.bounced_at, exists (select 1 from outreach_suppressions s where s.address = c.address) as suppressed
        from outreach_contacts c where ${'id' in by ? sql.fragment`c.id = ${by.id}` : sql.fragment`c.address = ${by.address}`}`),

    countAddedBetween: (authorId: string, start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from outreach_contacts
        where added_by = ${authorId} and created_at >= ${iso(start)} and created_at < ${iso(end)}`),

    /** The new contact's id, or null when the address is already a contact. */
    insert: (input: {
      address: string;
      outlet: string;
      outletDomain: string;
      name: string | null;
      beat: string;
      sourceUrl: string;
      addedBy: string;
      now: Date;
    }) =>
      db.maybeOneFirst(sql.type(IdRow)`
        insert into outreach_contacts (address, outlet, outlet_domain, name, beat, source_url, added_by, created_at)
        values (${input.address}, ${input.outlet}, ${input.outletDomain}, ${input.name}, ${input.beat}, ${input.sourceUrl},
                ${input.addedBy}, ${iso(input.now)})
        on conflict (address) do nothing
        returning id`),

    /** Contacts with what the list shows and what contactable_now needs, newest first (limit + 1). */
    list: (input: { callerId: string; q: string | null; outlet: string | null; beforeSeq: number | null; limit: number; now: Date }) => {
      const where = [sql.fragment`true`];
      if (input.q) {
        const like = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(sql.fragment`(c.outlet ilike ${like} or c.name ilike ${like} or c.beat ilike ${like} or c.outlet_domain ilike ${like})`);
      }
      if (input.outlet) where.push(sql.fragment`(lower(c.outlet) = lower(${input.outlet}) or c.outlet_domain = lower(${input.outlet}))`);
      if (input.beforeSeq !== null) where.push(sql.fragment`c.seq < ${input.beforeSeq}`);
      const weekAgo = new Date(input.now.getTime() - 7 * 24 * 3600 * 1000);
      return db.any(sql.type(ContactListRow)`
        select c.id, c.seq, c.outlet, c.outlet_domain, c.name, c.beat, c.source_url, a.name as added_by_name,
          c.added_by = ${input.callerId} as mine, c.created_at, c.bounced_at is not null as bounced,
          exists (select 1 from outreach_suppressions s where s.address = c.address) as suppressed,
          fc.created_at as first_contact_at, fc.sent_at as first_contact_sent_at,
          (select max(m.created_at) from outreach_messages m where m.contact_id = c.id and ${acceptedMessage}) as last_email_at,
          (select count(*)::int from outreach_messages m where m.contact_id = c.id and m.send_kind = 'follow_up' and ${acceptedMessage}) as follow_ups,
          (select count(*)::int from outreach_messages m where m.contact_id = c.id and m.send_kind = 'answer' and ${acceptedMessage}) as answers,
          (select count(*)::int from outreach_replies r join outreach_messages m on m.id = r.message_id
            where m.contact_id = c.id and r.kind = 'reply') as replies_any,
          (select count(*)::int from outreach_replies r join outreach_messages m on m.id = r.message_id
            where m.contact_id = c.id and r.kind = 'reply' and r.from_contact) as replies_contact,
          (select m.id from outreach_messages m where m.contact_id = c.id and m.author_id = ${input.callerId} and ${acceptedMessage}
            order by m.created_at desc limit 1) as my_latest_message_id,
          array(select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            from outreach_messages m join outreach_contacts c2 on c2.id = m.contact_id
            where c2.outlet_domain = c.outlet_domain and m.send_kind = 'first_contact' and ${acceptedMessage}
              and m.created_at > ${iso(weekAgo)}) as outlet_first_contacts
        from outreach_contacts c
        join accounts a on a.id = c.added_by
        left join lateral (
          select m.created_at, m.sent_at from outreach_messages m
          where m.contact_id = c.id and m.send_kind = 'first_contact' and ${acceptedMessage}
          order by m.created_at limit 1
        ) fc on true
        where ${sql.join(where, sql.fragment` and `)}
        order by c.seq desc
        limit ${input.limit + 1}`);
    },

    markBounced: (contactId: string, now: Date) =>
      db.query(sql.type(NoRow)`update outreach_contacts set bounced_at = coalesce(bounced_at, ${iso(now)}) where id = ${contactId}`),
  };
}

export type OutreachContactsQueries = ReturnType<typeof createOutreachContactsQueries>;
