// outreach_replies: everything the poller read from the reply mailbox, one row per IMAP message,
// and the forward of each real reply to the owner (claimed and recorded under an attempt fence).
// `kind` is stored as classified (`auto`, `bounce`, `reply`); lists show a bounce as `auto`.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { IdRow, NoRow } from '../rows.ts';
import { lacksHeldJob, lacksLiveJob } from './job-keys.ts';

const iso = (d: Date) => d.toISOString();

export const StoredReplyKind = z.enum(['auto', 'bounce', 'reply']);
export type StoredReplyKind = z.infer<typeof StoredReplyKind>;

export const ReplyRow = z.object({
  id: z.string().uuid(),
  message_id: z.string().uuid().nullable(),
  kind: StoredReplyKind,
  opt_out: z.boolean(),
  from_contact: z.boolean(),
  excerpt: z.string(),
  received_at: z.string(),
});
export type ReplyRow = z.infer<typeof ReplyRow>;

// Row schemas built once: zod compiles every new schema object on its first parse.
const RfcMessageIdRow = z.object({ rfc_message_id: z.string() });
const ClaimedForwardRow = z.object({
  id: z.string().uuid(),
  raw: z.instanceof(Buffer),
  subject: z.string(),
  kind: StoredReplyKind,
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
const AuthorReplyRow = z.object({
  message_id: z.string().uuid(),
  subject: z.string(),
  replied_at: z.string(),
  kind: StoredReplyKind,
  from_contact: z.boolean(),
  excerpt: z.string(),
});

async function affected(db: CommonQueryMethods, query: Parameters<CommonQueryMethods['query']>[0]): Promise<boolean> {
  const result = await db.query(query);
  return result.rowCount > 0;
}

export function createOutreachRepliesQueries(db: CommonQueryMethods) {
  return {
    /** The new row's id, or null when this IMAP message (uid or Message-ID) was recorded before. */
    insert: (input: {
      messageId: string | null;
      contactId: string | null;
      mailbox: string;
      uidValidity: string;
      uid: number;
      rfcMessageId: string | null;
      subject: string;
      kind: StoredReplyKind;
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

    /** Replies to these messages, oldest first. */
    listForMessages: (messageIds: readonly string[]) =>
      db.any(sql.type(ReplyRow)`
        select id, message_id, kind, opt_out, from_contact, excerpt, received_at from outreach_replies
        where message_id = any(${sql.array(messageIds, 'uuid')}) order by received_at, id`),

    /** The newest replies to the author's emails. */
    listForAuthor: (accountId: string, limit: number) =>
      db.any(sql.type(AuthorReplyRow)`
        select m.id as message_id, m.subject, r.received_at as replied_at, r.kind, r.from_contact, r.excerpt
        from outreach_replies r join outreach_messages m on m.id = r.message_id
        where m.author_id = ${accountId}
        order by r.received_at desc, r.id desc limit ${limit}`),

    /** The Message-ID of the contact's newest authenticated reply on these messages (for threading an answer). */
    latestContactRfcMessageId: (messageIds: readonly string[]) =>
      db.maybeOneFirst(sql.type(RfcMessageIdRow)`
        select rfc_message_id from outreach_replies
        where message_id = any(${sql.array(messageIds, 'uuid')}) and kind = 'reply' and from_contact and rfc_message_id is not null
        order by received_at desc limit 1`),

    // ---- forwarding to the owner

    /** `pending` → `sending` (forward_attempts + 1 is the fence); null when not pending. */
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
      affected(
        db,
        sql.type(NoRow)`
        update outreach_replies set forward_status = ${to}, forward_reason = ${reason},
          forwarded_at = case when ${to} = 'sent' then ${iso(now)}::timestamptz else forwarded_at end
        where id = ${id} and forward_attempts = ${attempt} and forward_status = 'sending'`,
      ),

    /** Forwards claimed before `before` (their worker stopped) go back to `pending`; their ids. */
    releaseStaleForwards: (before: Date, jobKeyPrefix: string) =>
      db.anyFirst(sql.type(IdRow)`
        update outreach_replies r set forward_status = 'pending', forward_reason = 'the worker stopped during the forward; forwarded again'
        where r.forward_status = 'sending' and r.forward_claimed_at < ${iso(before)} and ${lacksHeldJob(jobKeyPrefix, sql.fragment`r.id`)}
        returning r.id`),

    /** Pending forwards received before `before` whose job is gone. */
    listPendingForwardsWithoutJob: (before: Date, jobKeyPrefix: string) =>
      db.anyFirst(sql.type(IdRow)`
        select r.id from outreach_replies r
        where r.forward_status = 'pending' and r.received_at < ${iso(before)} and ${lacksLiveJob(jobKeyPrefix, sql.fragment`r.id`)}`),
  };
}
