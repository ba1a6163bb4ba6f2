// outreach_messages: acceptance (the facts and counts the send rules read), the caller's and the
// owner's lists, the owner's decisions, the sending task's claim and outcome (every write after
// the claim is fenced by the attempt number), and recovery. "Accepted" emails, the ones every count
// and cap sees, are queued, approved, sending, sent or unknown: rejected, cancelled and failed ones
// never left and do not count.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow, IdRow, NoRow } from '../rows.ts';
import { lacksHeldJob, lacksLiveJob } from './job-keys.ts';

export const ACCEPTED_STATUSES = ['queued', 'approved', 'sending', 'sent', 'unknown'] as const;
/** `m.status` is accepted (the alias `m` is outreach_messages). */
export const acceptedMessage = sql.fragment`m.status = any(${sql.array([...ACCEPTED_STATUSES], 'text')})`;
const iso = (d: Date) => d.toISOString();

export const MessageStatus = z.enum(['queued', 'approved', 'sending', 'sent', 'failed', 'unknown', 'rejected', 'cancelled']);
export type MessageStatus = z.infer<typeof MessageStatus>;
export const SendKindEnum = z.enum(['first_contact', 'follow_up', 'answer']);

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

/** A message with its recipient, for the owner's queue and the sending task. */
export const AddressedMessageRow = MessageRow.extend({ to: z.string(), source_url: z.string() });
export type AddressedMessageRow = z.infer<typeof AddressedMessageRow>;

// MessageRow read from `m` (outreach_messages, or the rows an update returns) with its author and contact.
const columns = sql.fragment`
  m.id, m.seq, m.author_id, a.name as author_name, m.contact_id, m.experiment_id, m.kind, m.send_kind, m.follow_up_of,
  m.subject, m.body, m.status, m.status_reason, m.attempts, m.created_at, m.updated_at, m.decided_at,
  m.first_attempt_at, m.claimed_at, m.data_started_at, m.sent_at, c.outlet`;
const addressed = sql.fragment`${columns}, c.address as to, c.source_url`;
const joins = sql.fragment`join accounts a on a.id = m.author_id join outreach_contacts c on c.id = m.contact_id`;

// Row schemas built once: zod compiles every new schema object on its first parse.
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
const ClaimedMessageRow = AddressedMessageRow.extend({ suppressed: z.boolean(), bounced: z.boolean() });

/** Runs a write and tells whether it touched a row (slonik's exists() cannot wrap an update). */
async function affected(db: CommonQueryMethods, query: Parameters<CommonQueryMethods['query']>[0]): Promise<boolean> {
  const result = await db.query(query);
  return result.rowCount > 0;
}

/** Rows retrying after a temporary failure: how many, and since when. */
export const RetryingRow = z.object({ waiting: z.number().int(), since: z.string().nullable() });

export function createOutreachMessagesQueries(db: CommonQueryMethods) {
  return {
    /** Emails the relay did not take: approved and retrying after a temporary failure (`reasonPrefix`), or unknown (held for the owner). */
    retrying: (reasonPrefix: string) =>
      db.one(sql.type(RetryingRow)`
        select count(*)::int as waiting, min(updated_at) as since
        from outreach_messages where (status = 'approved' and starts_with(status_reason, ${reasonPrefix})) or status = 'unknown'`),

    /** Serialises acceptances inside the caller's transaction: the caps count everybody's rows. */
    lockAcceptance: () => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext('outreach:send'))`),

    /** What the send rules read about an address's thread. */
    sendFacts: (contactId: string) =>
      db.one(sql.type(SendFactsRow)`
        select fc.created_at as first_contact_created_at, fc.sent_at as first_contact_sent_at,
          (select count(*)::int from outreach_messages m where m.contact_id = ${contactId} and m.send_kind = 'follow_up' and ${acceptedMessage}) as follow_ups,
          (select count(*)::int from outreach_messages m where m.contact_id = ${contactId} and m.send_kind = 'answer' and ${acceptedMessage}) as answers,
          (select count(*)::int from outreach_replies r join outreach_messages m on m.id = r.message_id
             where m.contact_id = ${contactId} and r.kind = 'reply') as replies_any,
          (select count(*)::int from outreach_replies r join outreach_messages m on m.id = r.message_id
             where m.contact_id = ${contactId} and r.kind = 'reply' and r.from_contact) as replies_contact
        from (select 1) one
        left join lateral (
          select m.created_at, m.sent_at from outreach_messages m
          where m.contact_id = ${contactId} and m.send_kind = 'first_contact' and ${acceptedMessage}
          order by m.created_at limit 1
        ) fc on true`),

    /** Who wrote a message and to whom (what `follow_up_of` must match). */
    authorAndContactOf: (id: string) => db.maybeOne(sql.type(MessageRefRow)`select id, author_id, contact_id from outreach_messages where id = ${id}`),

    countAcceptedByAuthorBetween: (authorId: string, start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from outreach_messages m
        where m.author_id = ${authorId} and m.created_at >= ${iso(start)} and m.created_at < ${iso(end)} and ${acceptedMessage}`),

    countAcceptedBetween: (start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from outreach_messages m
        where m.created_at >= ${iso(start)} and m.created_at < ${iso(end)} and ${acceptedMessage}`),

    /** When the accepted first contacts to an outlet domain were made, since `since`, oldest first. */
    outletFirstContactTimesSince: (outletDomain: string, since: Date) =>
      db.anyFirst(sql.type(CreatedAtRow)`
        select m.created_at from outreach_messages m join outreach_contacts c on c.id = m.contact_id
        where c.outlet_domain = ${outletDomain} and m.send_kind = 'first_contact' and ${acceptedMessage} and m.created_at > ${iso(since)}
        order by m.created_at`),

    insert: (input: {
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

    find: (id: string) => db.maybeOne(sql.type(MessageRow)`select ${columns} from outreach_messages m ${joins} where m.id = ${id}`),

    /** The author's messages, newest first (one more than `limit`, to tell whether more follow). */
    listByAuthor: (authorId: string, beforeSeq: number | null, limit: number) =>
      db.any(sql.type(MessageRow)`
        select ${columns} from outreach_messages m ${joins}
        where m.author_id = ${authorId} ${beforeSeq !== null ? sql.fragment`and m.seq < ${beforeSeq}` : sql.fragment``}
        order by m.seq desc limit ${limit + 1}`),

    /** Messages in a state the owner acts on, oldest first, with the recipient address (owner only). */
    listForOwner: (statuses: readonly string[], limit: number) =>
      db.any(sql.type(AddressedMessageRow)`
        select ${addressed} from outreach_messages m ${joins}
        where m.status = any(${sql.array(statuses, 'text')}) order by m.created_at, m.id limit ${limit}`),

    /** Ids of approved messages (held while outreach was off). */
    listApprovedIds: () => db.anyFirst(sql.type(IdRow)`select id from outreach_messages where status = 'approved'`),

    /** The owner's decision on a queued message; null when it is not queued. */
    decide: (id: string, to: 'approved' | 'rejected', reason: string | null, ownerId: string | null, now: Date) =>
      db.maybeOne(sql.type(MessageStatusRow)`
        update outreach_messages set status = ${to}, status_reason = ${reason}, decided_at = ${iso(now)}, decided_by = ${ownerId},
          updated_at = ${iso(now)}
        where id = ${id} and status = 'queued' returning id, status`),

    /** The owner resolves an `unknown` message; null when it is not unknown. */
    resolveUnknown: (id: string, to: 'sent' | 'failed' | 'approved', reason: string, ownerId: string | null, now: Date) =>
      db.maybeOne(sql.type(MessageStatusRow)`
        update outreach_messages set status = ${to}, status_reason = ${reason}, decided_at = ${iso(now)}, decided_by = ${ownerId},
          updated_at = ${iso(now)}, sent_at = case when ${to} = 'sent' then coalesce(sent_at, data_started_at, ${iso(now)}) else sent_at end
        where id = ${id} and status = 'unknown' returning id, status`),

    /** Every email to the contact that has not left yet is cancelled (all agents at once). */
    cancelPendingTo: (contactId: string, reason: string, now: Date) =>
      db.anyFirst(sql.type(IdRow)`
        update outreach_messages set status = 'cancelled', status_reason = ${reason}, updated_at = ${iso(now)}
        where contact_id = ${contactId} and status in ('queued', 'approved')
        returning id`),

    /** `approved` → `sending` for one attempt (attempts + 1 is its fence); null when not approved. */
    claim: (id: string, now: Date) =>
      db.maybeOne(sql.type(ClaimedMessageRow)`
        with m as (
          update outreach_messages set status = 'sending', attempts = attempts + 1, claimed_at = ${iso(now)},
            first_attempt_at = coalesce(first_attempt_at, ${iso(now)}), data_started_at = null, updated_at = ${iso(now)}
          where id = ${id} and status = 'approved'
          returning *
        )
        select ${addressed}, exists (select 1 from outreach_suppressions s where s.address = c.address) as suppressed,
          c.bounced_at is not null as bounced
        from m ${joins}`),

    /** Right before the data leaves: true when this attempt still owns the row. */
    markDataStarted: (id: string, attempt: number, now: Date) =>
      affected(
        db,
        sql.type(NoRow)`
        update outreach_messages set data_started_at = ${iso(now)}, updated_at = ${iso(now)}
        where id = ${id} and attempts = ${attempt} and status = 'sending'`,
      ),

    /** `to` from `sending` (or from `unknown`, when a sweep gave up on a send that then finished). */
    recordOutcome: (
      id: string,
      attempt: number,
      to: 'sent' | 'failed' | 'unknown' | 'approved' | 'cancelled',
      reason: string | null,
      now: Date,
      response: string | null = null,
    ) =>
      affected(
        db,
        sql.type(NoRow)`
        update outreach_messages set status = ${to}, status_reason = ${reason}, updated_at = ${iso(now)},
          sent_at = case when ${to} = 'sent' then ${iso(now)}::timestamptz else sent_at end,
          smtp_response = coalesce(${response}, smtp_response),
          data_started_at = case when ${to} = 'approved' then null else data_started_at end
        where id = ${id} and attempts = ${attempt}
          and (status = 'sending' or (status = 'unknown' and ${to} in ('sent', 'failed')))`,
      ),

    /** Ids of our sent emails to the contact before `beforeCreatedAt`, oldest first (the thread so far). */
    sentIdsBefore: (contactId: string, beforeCreatedAt: string) =>
      db.anyFirst(sql.type(IdRow)`
        select id from outreach_messages where contact_id = ${contactId} and status = 'sent' and created_at < ${beforeCreatedAt}
        order by created_at`),

    // ---- recovery: sends claimed before `before` whose job no worker holds belong to a worker that stopped

    /** Stale sends whose data never started go back to `approved` (nothing can have been delivered). */
    requeueStaleSends: (before: Date, jobKeyPrefix: string, reason: string, now: Date) =>
      db.anyFirst(sql.type(IdRow)`
        update outreach_messages m set status = 'approved', status_reason = ${reason}, updated_at = ${iso(now)}
        where m.status = 'sending' and m.claimed_at < ${iso(before)} and m.data_started_at is null
          and ${lacksHeldJob(jobKeyPrefix, sql.fragment`m.id`)}
        returning m.id`),

    /** Stale sends whose data had started become `unknown`: maybe delivered, the owner decides. */
    markStaleSendsUnknown: (before: Date, jobKeyPrefix: string, reason: string, now: Date) =>
      db.anyFirst(sql.type(IdRow)`
        update outreach_messages m set status = 'unknown', status_reason = ${reason}, updated_at = ${iso(now)}
        where m.status = 'sending' and m.claimed_at < ${iso(before)} and m.data_started_at is not null
          and ${lacksHeldJob(jobKeyPrefix, sql.fragment`m.id`)}
        returning m.id`),

    /** Approved messages untouched since `before` whose send job is gone. */
    listApprovedWithoutJob: (before: Date, jobKeyPrefix: string) =>
      db.anyFirst(sql.type(IdRow)`
        select m.id from outreach_messages m
        where m.status = 'approved' and m.updated_at < ${iso(before)} and ${lacksLiveJob(jobKeyPrefix, sql.fragment`m.id`)}`),
  };
}
