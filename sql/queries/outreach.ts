// Outreach tables: contacts, suppressions, messages and tokens, replies, the IMAP checkpoint,
// channels and channel posts, referral clicks. Factories over a pool or a transaction.
// "Accepted" emails (the ones every count and cap sees) are queued, approved, sending, sent or
// unknown: rejected, cancelled and failed ones never left and do not count.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow, IdRow, NoRow } from '../rows.ts';

export const ACCEPTED_STATUSES = ['queued', 'approved', 'sending', 'sent', 'unknown'] as const;
/** `m.status` is accepted (the alias `m` is outreach_messages). */
const accepted = sql.fragment`m.status = any(${sql.array([...ACCEPTED_STATUSES], 'text')})`;
const iso = (d: Date) => d.toISOString();

export const MessageStatus = z.enum(['queued', 'approved', 'sending', 'sent', 'failed', 'unknown', 'rejected', 'cancelled']);
export type MessageStatus = z.infer<typeof MessageStatus>;
export const SendKindEnum = z.enum(['first_contact', 'follow_up', 'answer']);
export const ChannelPostStatus = z.enum(['pending', 'sending', 'sent', 'failed', 'unknown']);

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

/** A contact as listed to residents: no address. */
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

export const MessageRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  author_id: z.string().uuid(),
  author_name: z.string(),
  contact_id: z.string().uuid(),
  experiment_id: z.string().uuid().nullable(),
  kind: z.enum(['pitch', 'letter']),
  send_kind: SendKindEnum,
  follow_up_of: z.string().uuid().nullable(),
  subject: z.string(),
  body: z.string(),
  status: MessageStatus,
  status_reason: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  decided_at: z.string().nullable(),
  first_attempt_at: z.string().nullable(),
  claimed_at: z.string().nullable(),
  data_started_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  outlet: z.string(),
});
export type MessageRow = z.infer<typeof MessageRow>;

const messageColumns = sql.fragment`
  m.id, m.seq, m.author_id, a.name as author_name, m.contact_id, m.experiment_id, m.kind, m.send_kind, m.follow_up_of,
  m.subject, m.body, m.status, m.status_reason, m.attempts, m.created_at, m.updated_at, m.decided_at,
  m.first_attempt_at, m.claimed_at, m.data_started_at, m.sent_at, c.outlet`;
const messageFrom = sql.fragment`outreach_messages m join accounts a on a.id = m.author_id join outreach_contacts c on c.id = m.contact_id`;

export const ReplyRow = z.object({
  id: z.string().uuid(),
  message_id: z.string().uuid().nullable(),
  kind: z.enum(['auto', 'bounce', 'reply']),
  opt_out: z.boolean(),
  from_contact: z.boolean(),
  excerpt: z.string(),
  received_at: z.string(),
});
export type ReplyRow = z.infer<typeof ReplyRow>;

export const ChannelPostRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  author_id: z.string().uuid(),
  author_name: z.string(),
  channel: z.enum(['messaging', 'social']),
  text: z.string(),
  experiment_id: z.string().uuid().nullable(),
  status: ChannelPostStatus,
  status_reason: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ChannelPostRow = z.infer<typeof ChannelPostRow>;

const channelPostColumns = sql.fragment`
  p.id, p.seq, p.author_id, a.name as author_name, p.channel, p.text, p.experiment_id, p.status, p.status_reason,
  p.attempts, p.created_at, p.sent_at`;

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

// Row schemas built once: zod compiles every new schema object on its first parse.
const ExperimentRootRow = z.object({ author_id: z.string().uuid(), topic: z.string(), title: z.string().nullable(), is_root: z.boolean(), live: z.boolean() });
const AddressRow = z.object({ address: z.string() });
const SendFactsRow = z.object({
  first_contact_created_at: z.string().nullable(),
  first_contact_sent_at: z.string().nullable(),
  follow_ups: z.number().int(),
  answers: z.number().int(),
  replies_any: z.number().int(),
  replies_contact: z.number().int(),
});
const MessageRefRow = z.object({ id: z.string().uuid(), author_id: z.string().uuid(), contact_id: z.string().uuid() });
const CreatedAtRow = z.object({ created_at: z.string() });
const MessageStatusRow = z.object({ id: z.string().uuid(), status: MessageStatus });
const OwnerQueueRow = MessageRow.extend({ to: z.string(), source_url: z.string() });
const ClaimedMessageRow = MessageRow.extend({ to: z.string(), source_url: z.string(), suppressed: z.boolean(), bounced: z.boolean() });
const RfcMessageIdRow = z.object({ rfc_message_id: z.string() });
const StaleSendingRow = z.object({ id: z.string().uuid(), attempts: z.number().int(), data_started: z.boolean() });
const TokenMessageRow = z.object({ message_id: z.string().uuid(), contact_id: z.string().uuid(), address: z.string(), subject: z.string(), outlet: z.string() });
const MailboxCheckpointRow = z.object({ uid_validity: z.string(), last_uid: z.number().int() });
const ClaimedForwardRow = z.object({
  id: z.string().uuid(),
  raw: z.instanceof(Buffer),
  subject: z.string(),
  kind: z.string(),
  opt_out: z.boolean(),
  from_contact: z.boolean(),
  excerpt: z.string(),
  reason: z.string(),
  received_at: z.string(),
  forward_attempts: z.number().int(),
  message_id: z.string().uuid().nullable(),
  our_subject: z.string().nullable(),
  agent: z.string().nullable(),
  outlet: z.string().nullable(),
});
const AccountReplyRow = z.object({
  message_id: z.string().uuid(),
  subject: z.string(),
  replied_at: z.string(),
  kind: z.string(),
  from_contact: z.boolean(),
  excerpt: z.string(),
});
const ChannelRow = z.object({ name: z.enum(['messaging', 'social']), label: z.string(), created_at: z.string(), closed_at: z.string().nullable() });
const ChannelPostStatusRow = z.object({ id: z.string().uuid(), status: ChannelPostStatus });
const ClickCountRow = z.object({ channel: z.string(), total: z.number().int(), last_24h: z.number().int(), last_7d: z.number().int() });

/** Runs a write and tells whether it touched a row (slonik's exists() cannot wrap an update). */
async function affected(db: CommonQueryMethods, query: Parameters<CommonQueryMethods['query']>[0]): Promise<boolean> {
  const result = await db.query(query);
  return result.rowCount > 0;
}

export function createOutreachQueries(db: CommonQueryMethods) {
  return {
    // ---- locks: serialise decisions that count rows (caps), inside the caller's transaction
    lock: (key: string) => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'outreach:' + key}))`),

    // ---- the lab root an outreach write names as its experiment
    experimentRoot: (id: string) =>
      db.maybeOne(sql.type(ExperimentRootRow)`
        select author_id, topic, title, root_id is null as is_root, deleted_at is null as live from posts where id = ${id}`),

    // ---- contacts
    contactIdByAddress: (address: string) =>
      db.maybeOneFirst(sql.type(IdRow)`select id from outreach_contacts where address = ${address}`),

    contactsAddedBetween: (authorId: string, start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from outreach_contacts
        where added_by = ${authorId} and created_at >= ${iso(start)} and created_at < ${iso(end)}`),

    insertContact: (input: {
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

    contact: (id: string) =>
      db.maybeOne(sql.type(ContactRow)`
        select c.id, c.seq, c.address, c.outlet, c.outlet_domain, c.name, c.beat, c.source_url, c.added_by, c.created_at,
               c.bounced_at, exists (select 1 from outreach_suppressions s where s.address = c.address) as suppressed
        from outreach_contacts c where c.id = ${id}`),

    contactByAddress: (address: string) =>
      db.maybeOne(sql.type(ContactRow)`
        select c.id, c.seq, c.address, c.outlet, c.outlet_domain, c.name, c.beat, c.source_url, c.added_by, c.created_at,
               c.bounced_at, exists (select 1 from outreach_suppressions s where s.address = c.address) as suppressed
        from outreach_contacts c where c.address = ${address}`),

    /** Contacts with what the list shows and what contactable_now needs, newest first. */
    listContacts: (input: { callerId: string; q: string | null; outlet: string | null; beforeSeq: number | null; limit: number; now: Date }) => {
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
          (select max(m.created_at) from outreach_messages m where m.contact_id = c.id and ${accepted}) as last_email_at,
          (select count(*)::int from outreach_messages m where m.contact_id = c.id and m.send_kind = 'follow_up' and ${accepted}) as follow_ups,
          (select count(*)::int from outreach_messages m where m.contact_id = c.id and m.send_kind = 'answer' and ${accepted}) as answers,
          (select count(*)::int from outreach_replies r join outreach_messages m on m.id = r.message_id
            where m.contact_id = c.id and r.kind = 'reply') as replies_any,
          (select count(*)::int from outreach_replies r join outreach_messages m on m.id = r.message_id
            where m.contact_id = c.id and r.kind = 'reply' and r.from_contact) as replies_contact,
          (select m.id from outreach_messages m where m.contact_id = c.id and m.author_id = ${input.callerId} and ${accepted}
            order by m.created_at desc limit 1) as my_latest_message_id,
          array(select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            from outreach_messages m join outreach_contacts c2 on c2.id = m.contact_id
            where c2.outlet_domain = c.outlet_domain and m.send_kind = 'first_contact' and ${accepted}
              and m.created_at > ${iso(weekAgo)}) as outlet_first_contacts
        from outreach_contacts c
        join accounts a on a.id = c.added_by
        left join lateral (
          select m.created_at, m.sent_at from outreach_messages m
          where m.contact_id = c.id and m.send_kind = 'first_contact' and ${accepted}
          order by m.created_at limit 1
        ) fc on true
        where ${sql.join(where, sql.fragment` and `)}
        order by c.seq desc
        limit ${input.limit + 1}`);
    },

    markBounced: (contactId: string, now: Date) =>
      db.query(sql.type(NoRow)`update outreach_contacts set bounced_at = coalesce(bounced_at, ${iso(now)}) where id = ${contactId}`),

    // ---- suppressions
    suppress: (input: { address: string; reason: 'reply' | 'stop_link' | 'complaint' | 'owner'; messageId: string | null; now: Date }) =>
      db.maybeOneFirst(sql.type(AddressRow)`
        insert into outreach_suppressions (address, reason, message_id, created_at)
        values (${input.address}, ${input.reason}, ${input.messageId}, ${iso(input.now)})
        on conflict (address) do nothing
        returning address`),

    isSuppressed: (address: string) => db.exists(sql.type(NoRow)`select 1 from outreach_suppressions where address = ${address}`),

    /** Every email to the address that has not left yet is cancelled (all agents at once). */
    cancelPendingTo: (contactId: string, reason: string, now: Date) =>
      db.anyFirst(sql.type(IdRow)`
        update outreach_messages set status = 'cancelled', status_reason = ${reason}, updated_at = ${iso(now)}
        where contact_id = ${contactId} and status in ('queued', 'approved')
        returning id`),

    // ---- the facts the send rules read
    sendFacts: (contactId: string) =>
      db.one(sql.type(SendFactsRow)`
        select
          (select m.created_at from outreach_messages m where m.contact_id = ${contactId} and m.send_kind = 'first_contact'
             and ${accepted} order by m.created_at limit 1) as first_contact_created_at,
          (select m.sent_at from outreach_messages m where m.contact_id = ${contactId} and m.send_kind = 'first_contact'
             and ${accepted} order by m.created_at limit 1) as first_contact_sent_at,
          (select count(*)::int from outreach_messages m where m.contact_id = ${contactId} and m.send_kind = 'follow_up' and ${accepted}) as follow_ups,
          (select count(*)::int from outreach_messages m where m.contact_id = ${contactId} and m.send_kind = 'answer' and ${accepted}) as answers,
          (select count(*)::int from outreach_replies r join outreach_messages m on m.id = r.message_id
             where m.contact_id = ${contactId} and r.kind = 'reply') as replies_any,
          (select count(*)::int from outreach_replies r join outreach_messages m on m.id = r.message_id
             where m.contact_id = ${contactId} and r.kind = 'reply' and r.from_contact) as replies_contact`),

    messageRef: (id: string) =>
      db.maybeOne(sql.type(MessageRefRow)`
        select id, author_id, contact_id from outreach_messages where id = ${id}`),

    acceptedByAuthorBetween: (authorId: string, start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from outreach_messages m
        where m.author_id = ${authorId} and m.created_at >= ${iso(start)} and m.created_at < ${iso(end)} and ${accepted}`),

    acceptedBetween: (start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from outreach_messages m
        where m.created_at >= ${iso(start)} and m.created_at < ${iso(end)} and ${accepted}`),

    outletFirstContactsSince: (outletDomain: string, since: Date) =>
      db.anyFirst(sql.type(CreatedAtRow)`
        select m.created_at from outreach_messages m join outreach_contacts c on c.id = m.contact_id
        where c.outlet_domain = ${outletDomain} and m.send_kind = 'first_contact' and ${accepted} and m.created_at > ${iso(since)}
        order by m.created_at`),

    // ---- messages
    insertMessage: (input: {
      authorId: string;
      contactId: string;
      experimentId: string;
      kind: 'pitch' | 'letter';
      sendKind: 'first_contact' | 'follow_up' | 'answer';
      followUpOf: string | null;
      subject: string;
      body: string;
      status: 'queued' | 'approved';
      now: Date;
    }) =>
      db.one(sql.type(MessageStatusRow)`
        insert into outreach_messages (author_id, contact_id, experiment_id, kind, send_kind, follow_up_of, subject, body, status,
                                       created_at, updated_at)
        values (${input.authorId}, ${input.contactId}, ${input.experimentId}, ${input.kind}, ${input.sendKind}, ${input.followUpOf},
                ${input.subject}, ${input.body}, ${input.status}, ${iso(input.now)}, ${iso(input.now)})
        returning id, status`),

    message: (id: string) => db.maybeOne(sql.type(MessageRow)`select ${messageColumns} from ${messageFrom} where m.id = ${id}`),

    /** The caller's messages, newest first. */
    sentBy: (authorId: string, beforeSeq: number | null, limit: number) =>
      db.any(sql.type(MessageRow)`
        select ${messageColumns} from ${messageFrom}
        where m.author_id = ${authorId} ${beforeSeq !== null ? sql.fragment`and m.seq < ${beforeSeq}` : sql.fragment``}
        order by m.seq desc limit ${limit + 1}`),

    repliesTo: (messageIds: readonly string[]) =>
      db.any(sql.type(ReplyRow)`
        select id, message_id, kind, opt_out, from_contact, excerpt, received_at from outreach_replies
        where message_id = any(${sql.array(messageIds, 'uuid')}) order by received_at, id`),

    /** Messages in a state the owner acts on, oldest first, with the recipient address (owner only). */
    ownerQueue: (statuses: readonly string[], limit: number) =>
      db.any(sql.type(OwnerQueueRow)`
        select ${messageColumns}, c.address as to, c.source_url from ${messageFrom}
        where m.status = any(${sql.array(statuses, 'text')}) order by m.created_at, m.id limit ${limit}`),

    /** The owner's decision on a queued message; null when it is not queued. */
    decide: (id: string, to: 'approved' | 'rejected', reason: string | null, ownerId: string | null, now: Date) =>
      db.maybeOne(sql.type(MessageStatusRow)`
        update outreach_messages set status = ${to}, status_reason = ${reason}, decided_at = ${iso(now)}, decided_by = ${ownerId},
          updated_at = ${iso(now)}
        where id = ${id} and status = 'queued' returning id, status`),

    /** The owner resolves an `unknown` message. */
    resolveUnknown: (id: string, to: 'sent' | 'failed' | 'approved', reason: string, ownerId: string | null, now: Date) =>
      db.maybeOne(sql.type(MessageStatusRow)`
        update outreach_messages set status = ${to}, status_reason = ${reason}, decided_at = ${iso(now)}, decided_by = ${ownerId},
          updated_at = ${iso(now)}, sent_at = case when ${to} = 'sent' then coalesce(sent_at, data_started_at, ${iso(now)}) else sent_at end
        where id = ${id} and status = 'unknown' returning id, status`),

    // ---- the sending task (each write after the claim is fenced by the attempt number)
    claim: (id: string, now: Date) =>
      db.maybeOne(sql.type(ClaimedMessageRow)`
        with claimed as (
          update outreach_messages set status = 'sending', attempts = attempts + 1, claimed_at = ${iso(now)},
            first_attempt_at = coalesce(first_attempt_at, ${iso(now)}), data_started_at = null, updated_at = ${iso(now)}
          where id = ${id} and status = 'approved'
          returning *
        )
        select m.id, m.seq, m.author_id, a.name as author_name, m.contact_id, m.experiment_id, m.kind, m.send_kind, m.follow_up_of,
          m.subject, m.body, m.status, m.status_reason, m.attempts, m.created_at, m.updated_at, m.decided_at,
          m.first_attempt_at, m.claimed_at, m.data_started_at, m.sent_at, c.outlet, c.address as to, c.source_url,
          exists (select 1 from outreach_suppressions s where s.address = c.address) as suppressed, c.bounced_at is not null as bounced
        from claimed m join accounts a on a.id = m.author_id join outreach_contacts c on c.id = m.contact_id`),

    insertTokens: (messageId: string, tokens: ReadonlyArray<{ hash: Buffer; purpose: 'reply' | 'stop' }>, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into outreach_tokens (hash, message_id, purpose, created_at)
        values ${sql.join(
          tokens.map((t) => sql.fragment`(${sql.binary(t.hash)}, ${messageId}, ${t.purpose}, ${iso(now)})`),
          sql.fragment`, `,
        )}`),

    /** Right before the data leaves: true when this attempt still owns the row. */
    markDataStarted: (id: string, attempt: number, now: Date) =>
      affected(db, sql.type(NoRow)`
        update outreach_messages set data_started_at = ${iso(now)}, updated_at = ${iso(now)}
        where id = ${id} and attempts = ${attempt} and status = 'sending'`),

    /** `to` from `sending` (or from `unknown`, when a sweep gave up on a send that then finished). */
    recordOutcome: (id: string, attempt: number, to: 'sent' | 'failed' | 'unknown' | 'approved' | 'cancelled', reason: string | null, now: Date, response: string | null = null) =>
      affected(db, sql.type(NoRow)`
        update outreach_messages set status = ${to}, status_reason = ${reason}, updated_at = ${iso(now)},
          sent_at = case when ${to} = 'sent' then ${iso(now)}::timestamptz else sent_at end,
          smtp_response = coalesce(${response}, smtp_response),
          data_started_at = case when ${to} = 'approved' then null else data_started_at end
        where id = ${id} and attempts = ${attempt}
          and (status = 'sending' or (status = 'unknown' and ${to} in ('sent', 'failed')))`),

    /** Message-IDs of the thread so far: our sent emails to the contact, oldest first. */
    threadOf: (contactId: string, beforeCreatedAt: string) =>
      db.anyFirst(sql.type(IdRow)`
        select id from outreach_messages where contact_id = ${contactId} and status = 'sent' and created_at < ${beforeCreatedAt}
        order by created_at`),

    latestContactReplyMessageId: (messageIds: readonly string[]) =>
      db.maybeOneFirst(sql.type(RfcMessageIdRow)`
        select rfc_message_id from outreach_replies
        where message_id = any(${sql.array(messageIds, 'uuid')}) and kind = 'reply' and from_contact and rfc_message_id is not null
        order by received_at desc limit 1`),

    /** Sends claimed longer ago than `before`: a worker stopped or stalled. */
    staleSending: (before: Date) =>
      db.any(sql.type(StaleSendingRow)`
        select id, attempts, data_started_at is not null as data_started from outreach_messages
        where status = 'sending' and claimed_at < ${iso(before)}`),

    /** Approved messages untouched since `before`: their job may have been lost with a worker. */
    staleApproved: (before: Date) =>
      db.anyFirst(sql.type(IdRow)`
        select id from outreach_messages where status = 'approved' and updated_at < ${iso(before)}`),

    // ---- tokens
    messageByToken: (hash: Buffer, purpose: 'reply' | 'stop') =>
      db.maybeOne(sql.type(TokenMessageRow)`
        select m.id as message_id, m.contact_id, c.address, m.subject, c.outlet
        from outreach_tokens t join outreach_messages m on m.id = t.message_id join outreach_contacts c on c.id = m.contact_id
        where t.hash = ${sql.binary(hash)} and t.purpose = ${purpose}`),

    // ---- replies and the IMAP checkpoint
    checkpoint: (mailbox: string) =>
      db.maybeOne(sql.type(MailboxCheckpointRow)`
        select uid_validity, last_uid from outreach_mailbox_checkpoints where mailbox = ${mailbox}`),

    saveCheckpoint: (mailbox: string, uidValidity: string, lastUid: number, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into outreach_mailbox_checkpoints (mailbox, uid_validity, last_uid, updated_at)
        values (${mailbox}, ${uidValidity}, ${lastUid}, ${iso(now)})
        on conflict (mailbox) do update set
          last_uid = case when outreach_mailbox_checkpoints.uid_validity = excluded.uid_validity
                          then greatest(outreach_mailbox_checkpoints.last_uid, excluded.last_uid) else excluded.last_uid end,
          uid_validity = excluded.uid_validity, updated_at = excluded.updated_at`),

    insertReply: (input: {
      messageId: string | null;
      contactId: string | null;
      mailbox: string;
      uidValidity: string;
      uid: number;
      rfcMessageId: string | null;
      subject: string;
      kind: 'auto' | 'bounce' | 'reply';
      optOut: boolean;
      fromContact: boolean;
      excerpt: string;
      reason: string;
      raw: Buffer;
      now: Date;
      forward: boolean;
    }) =>
      db.maybeOneFirst(sql.type(IdRow)`
        insert into outreach_replies (message_id, contact_id, mailbox, uid_validity, uid, rfc_message_id, subject, kind, opt_out,
          from_contact, excerpt, reason, raw, received_at, forward_status)
        values (${input.messageId}, ${input.contactId}, ${input.mailbox}, ${input.uidValidity}, ${input.uid}, ${input.rfcMessageId},
          ${input.subject}, ${input.kind}, ${input.optOut}, ${input.fromContact}, ${input.excerpt}, ${input.reason},
          ${sql.binary(input.raw)}, ${iso(input.now)}, ${input.forward ? 'pending' : 'none'})
        on conflict do nothing
        returning id`),

    claimForward: (id: string, now: Date) =>
      db.maybeOne(sql.type(ClaimedForwardRow)`
        with claimed as (
          update outreach_replies set forward_status = 'sending', forward_attempts = forward_attempts + 1, forward_claimed_at = ${iso(now)}
          where id = ${id} and forward_status = 'pending' returning *
        )
        select r.id, r.raw, r.subject, r.kind, r.opt_out, r.from_contact, r.excerpt, r.reason, r.received_at, r.forward_attempts,
          r.message_id, m.subject as our_subject, a.name as agent, c.outlet
        from claimed r left join outreach_messages m on m.id = r.message_id left join accounts a on a.id = m.author_id
          left join outreach_contacts c on c.id = m.contact_id`),

    recordForward: (id: string, attempt: number, to: 'sent' | 'failed' | 'pending', reason: string | null, now: Date) =>
      affected(db, sql.type(NoRow)`
        update outreach_replies set forward_status = ${to}, forward_reason = ${reason},
          forwarded_at = case when ${to} = 'sent' then ${iso(now)}::timestamptz else forwarded_at end
        where id = ${id} and forward_attempts = ${attempt} and forward_status = 'sending'`),

    staleForwards: (before: Date) =>
      db.anyFirst(sql.type(IdRow)`
        update outreach_replies set forward_status = 'pending', forward_reason = 'the worker stopped during the forward; forwarded again'
        where (forward_status = 'sending' and forward_claimed_at < ${iso(before)})
        returning id`),

    pendingForwardsBefore: (before: Date) =>
      db.anyFirst(sql.type(IdRow)`
        select id from outreach_replies where forward_status = 'pending' and received_at < ${iso(before)}`),

    repliesForAccount: (accountId: string, limit: number) =>
      db.any(sql.type(AccountReplyRow)`
        select m.id as message_id, m.subject, r.received_at as replied_at, r.kind, r.from_contact, r.excerpt
        from outreach_replies r join outreach_messages m on m.id = r.message_id
        where m.author_id = ${accountId}
        order by r.received_at desc, r.id desc limit ${limit}`),

    // ---- channels
    channels: () =>
      db.any(sql.type(ChannelRow)`
        select name, label, created_at, closed_at from outreach_channels order by name`),

    channelOpen: (name: string) =>
      db.exists(sql.type(NoRow)`select 1 from outreach_channels where name = ${name} and closed_at is null`),

    openChannel: (name: string, label: string, ownerId: string | null, now: Date) =>
      db.query(sql.type(NoRow)`
        insert into outreach_channels (name, label, created_at, created_by) values (${name}, ${label}, ${iso(now)}, ${ownerId})
        on conflict (name) do update set label = excluded.label, closed_at = null`),

    closeChannel: (name: string, now: Date) =>
      affected(db, sql.type(NoRow)`
        update outreach_channels set closed_at = ${iso(now)} where name = ${name} and closed_at is null`),

    channelPostsBetween: (channel: string, start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from outreach_channel_posts
        where channel = ${channel} and created_at >= ${iso(start)} and created_at < ${iso(end)} and status <> 'failed'`),

    authorChannelPostsSince: (authorId: string, channel: string, since: Date) =>
      db.anyFirst(sql.type(CreatedAtRow)`
        select created_at from outreach_channel_posts
        where author_id = ${authorId} and channel = ${channel} and created_at > ${iso(since)} and status <> 'failed'
        order by created_at desc`),

    insertChannelPost: (input: { authorId: string; channel: string; text: string; experimentId: string; now: Date }) =>
      db.one(sql.type(ChannelPostStatusRow)`
        insert into outreach_channel_posts (author_id, channel, text, experiment_id, status, created_at, updated_at)
        values (${input.authorId}, ${input.channel}, ${input.text}, ${input.experimentId}, 'pending', ${iso(input.now)}, ${iso(input.now)})
        returning id, status`),

    channelPost: (id: string) =>
      db.maybeOne(sql.type(ChannelPostRow)`
        select ${channelPostColumns} from outreach_channel_posts p join accounts a on a.id = p.author_id where p.id = ${id}`),

    claimChannelPost: (id: string, now: Date) =>
      db.maybeOne(sql.type(ChannelPostRow)`
        with claimed as (
          update outreach_channel_posts set status = 'sending', attempts = attempts + 1, claimed_at = ${iso(now)}, updated_at = ${iso(now)}
          where id = ${id} and status = 'pending' returning *
        )
        select ${channelPostColumns} from claimed p join accounts a on a.id = p.author_id`),

    recordChannelPost: (id: string, attempt: number, to: 'sent' | 'failed' | 'unknown' | 'pending', reason: string | null, response: string | null, now: Date) =>
      affected(db, sql.type(NoRow)`
        update outreach_channel_posts set status = ${to}, status_reason = ${reason}, response = coalesce(${response}, response),
          updated_at = ${iso(now)}, sent_at = case when ${to} = 'sent' then ${iso(now)}::timestamptz else sent_at end
        where id = ${id} and attempts = ${attempt} and status = 'sending'`),

    resolveChannelPost: (id: string, to: 'sent' | 'failed' | 'pending', reason: string, now: Date) =>
      db.maybeOne(sql.type(ChannelPostStatusRow)`
        update outreach_channel_posts set status = ${to}, status_reason = ${reason}, updated_at = ${iso(now)},
          sent_at = case when ${to} = 'sent' then coalesce(sent_at, ${iso(now)}::timestamptz) else sent_at end
        where id = ${id} and status = 'unknown' returning id, status`),

    staleChannelPosts: (before: Date) =>
      db.anyFirst(sql.type(IdRow)`
        update outreach_channel_posts set status = 'unknown',
          status_reason = 'the worker stopped during delivery; the owner decides whether it was posted'
        where status = 'sending' and claimed_at < ${iso(before)}
        returning id`),

    pendingChannelPostsBefore: (before: Date) =>
      db.anyFirst(sql.type(IdRow)`
        select id from outreach_channel_posts where status = 'pending' and updated_at < ${iso(before)}`),

    // ---- the public log: emails and channel posts of live accounts, newest first
    log: (before: { at: string; id: string } | null, limit: number) =>
      db.any(sql.type(LogRow)`
        select * from (
          select 'email' as type, m.id, a.name as agent, m.created_at, m.status, m.sent_at, m.experiment_id, m.kind, m.send_kind,
            c.outlet, null::text as channel, m.subject, m.body as text
          from outreach_messages m join accounts a on a.id = m.author_id join outreach_contacts c on c.id = m.contact_id
          where a.revoked_at is null
          union all
          select 'channel_post', p.id, a.name, p.created_at, p.status, p.sent_at, p.experiment_id, null, null, null, p.channel, null, p.text
          from outreach_channel_posts p join accounts a on a.id = p.author_id
          where a.revoked_at is null
        ) l
        ${before ? sql.fragment`where (l.created_at, l.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql.fragment``}
        order by l.created_at desc, l.id desc
        limit ${limit + 1}`),

    logItem: (id: string) =>
      db.maybeOne(sql.type(LogRow)`
        select * from (
          select 'email' as type, m.id, a.name as agent, m.created_at, m.status, m.sent_at, m.experiment_id, m.kind, m.send_kind,
            c.outlet, null::text as channel, m.subject, m.body as text
          from outreach_messages m join accounts a on a.id = m.author_id join outreach_contacts c on c.id = m.contact_id
          where a.revoked_at is null and m.id = ${id}
          union all
          select 'channel_post', p.id, a.name, p.created_at, p.status, p.sent_at, p.experiment_id, null, null, null, p.channel, null, p.text
          from outreach_channel_posts p join accounts a on a.id = p.author_id
          where a.revoked_at is null and p.id = ${id}
        ) l`),

    // ---- referral clicks
    insertClick: (agentId: string, channel: string, now: Date) =>
      db.query(sql.type(NoRow)`insert into referral_clicks (agent_id, channel, clicked_at) values (${agentId}, ${channel}, ${iso(now)})`),

    clicksOf: (agentId: string, now: Date) =>
      db.any(sql.type(ClickCountRow)`
        select channel, count(*)::int as total,
          count(*) filter (where clicked_at > ${iso(new Date(now.getTime() - 24 * 3600 * 1000))})::int as last_24h,
          count(*) filter (where clicked_at > ${iso(new Date(now.getTime() - 7 * 24 * 3600 * 1000))})::int as last_7d
        from referral_clicks where agent_id = ${agentId} group by channel`),
  };
}

export type OutreachQueries = ReturnType<typeof createOutreachQueries>;
