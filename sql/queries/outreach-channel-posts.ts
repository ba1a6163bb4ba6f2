// outreach_channel_posts: posts to the owner-created channels, delivered by channel_post__deliver
// (pending -> sending -> sent | failed | unknown, every write after the claim fenced by the attempt).
// A failed post never left and does not count against the caps.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { CountRow, IdRow, NoRow } from '../rows.ts';
import { lacksHeldJob, lacksLiveJob } from './job-keys.ts';
import { ChannelName } from './outreach-channels.ts';
import { RetryingRow } from './outreach-messages.ts';

const iso = (d: Date) => d.toISOString();

export const ChannelPostStatus = z.enum(['pending', 'sending', 'sent', 'failed', 'unknown']);

export const ChannelPostRow = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  author_id: z.string().uuid(),
  author_name: z.string(),
  channel: ChannelName,
  text: z.string(),
  experiment_id: z.string().uuid().nullable(),
  status: ChannelPostStatus,
  status_reason: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ChannelPostRow = z.infer<typeof ChannelPostRow>;

// ChannelPostRow read from `p` (outreach_channel_posts, or the rows an update returns).
const columns = sql.fragment`
  p.id, p.seq, p.author_id, a.name as author_name, p.channel, p.text, p.experiment_id, p.status, p.status_reason,
  p.attempts, p.created_at, p.sent_at`;

const CreatedAtRow = z.object({ created_at: z.string() });
const StatusRow = z.object({ id: z.string().uuid(), status: ChannelPostStatus });

export function createOutreachChannelPostsQueries(db: CommonQueryMethods) {
  return {
    /** Posts the webhook did not take, per channel: pending and retrying (`reasonPrefix`), or unknown (held for the owner). */
    retrying: (reasonPrefix: string) =>
      db.any(sql.type(RetryingRow.extend({ channel: ChannelName }))`
        select channel, count(*)::int as waiting, min(updated_at) as since
        from outreach_channel_posts where (status = 'pending' and starts_with(status_reason, ${reasonPrefix})) or status = 'unknown'
        group by channel order by channel`),

    /** Serialises posts to one channel inside the caller's transaction (the caps count rows). */
    lockChannel: (channel: ChannelName) => db.query(sql.type(NoRow)`select pg_advisory_xact_lock(hashtext(${'outreach:channel:' + channel}))`),

    countBetween: (channel: ChannelName, start: Date, end: Date) =>
      db.oneFirst(sql.type(CountRow)`
        select count(*)::int as count from outreach_channel_posts
        where channel = ${channel} and created_at >= ${iso(start)} and created_at < ${iso(end)} and status <> 'failed'`),

    /** When the author posted to the channel since `since`, newest first. */
    authorTimesSince: (authorId: string, channel: ChannelName, since: Date) =>
      db.anyFirst(sql.type(CreatedAtRow)`
        select created_at from outreach_channel_posts
        where author_id = ${authorId} and channel = ${channel} and created_at > ${iso(since)} and status <> 'failed'
        order by created_at desc`),

    insert: (input: { authorId: string; channel: ChannelName; text: string; experimentId: string; now: Date }) =>
      db.one(sql.type(StatusRow)`
        insert into outreach_channel_posts (author_id, channel, text, experiment_id, status, created_at, updated_at)
        values (${input.authorId}, ${input.channel}, ${input.text}, ${input.experimentId}, 'pending', ${iso(input.now)}, ${iso(input.now)})
        returning id, status`),

    find: (id: string) =>
      db.maybeOne(sql.type(ChannelPostRow)`
        select ${columns} from outreach_channel_posts p join accounts a on a.id = p.author_id where p.id = ${id}`),

    /** Ids of pending posts (held while outreach was off). */
    listPendingIds: () => db.anyFirst(sql.type(IdRow)`select id from outreach_channel_posts where status = 'pending'`),

    /** `pending` → `sending` for one attempt; null when not pending. */
    claim: (id: string, now: Date) =>
      db.maybeOne(sql.type(ChannelPostRow)`
        with p as (
          update outreach_channel_posts set status = 'sending', attempts = attempts + 1, claimed_at = ${iso(now)}, updated_at = ${iso(now)}
          where id = ${id} and status = 'pending' returning *
        )
        select ${columns} from p join accounts a on a.id = p.author_id`),

    /** The attempt's outcome; false when the attempt no longer owns the row. */
    recordOutcome: async (
      id: string,
      attempt: number,
      to: 'sent' | 'failed' | 'unknown' | 'pending',
      reason: string | null,
      response: string | null,
      now: Date,
    ) => {
      const result = await db.query(sql.type(NoRow)`
        update outreach_channel_posts set status = ${to}, status_reason = ${reason}, response = coalesce(${response}, response),
          updated_at = ${iso(now)}, sent_at = case when ${to} = 'sent' then ${iso(now)}::timestamptz else sent_at end
        where id = ${id} and attempts = ${attempt} and status = 'sending'`);
      return result.rowCount > 0;
    },

    /** The owner resolves an `unknown` post; null when it is not unknown. */
    resolveUnknown: (id: string, to: 'sent' | 'failed' | 'pending', reason: string, now: Date) =>
      db.maybeOne(sql.type(StatusRow)`
        update outreach_channel_posts set status = ${to}, status_reason = ${reason}, updated_at = ${iso(now)},
          sent_at = case when ${to} = 'sent' then coalesce(sent_at, ${iso(now)}::timestamptz) else sent_at end
        where id = ${id} and status = 'unknown' returning id, status`),

    /** Deliveries claimed before `before` whose job no worker holds (their worker stopped) become `unknown`; their ids. */
    markStaleUnknown: (before: Date, jobKeyPrefix: string) =>
      db.anyFirst(sql.type(IdRow)`
        update outreach_channel_posts p set status = 'unknown',
          status_reason = 'the worker stopped during delivery; the owner decides whether it was posted'
        where p.status = 'sending' and p.claimed_at < ${iso(before)} and ${lacksHeldJob(jobKeyPrefix, sql.fragment`p.id`)}
        returning p.id`),

    /** Pending posts untouched since `before` whose delivery job is gone. */
    listPendingWithoutJob: (before: Date, jobKeyPrefix: string) =>
      db.anyFirst(sql.type(IdRow)`
        select p.id from outreach_channel_posts p
        where p.status = 'pending' and p.updated_at < ${iso(before)} and ${lacksLiveJob(jobKeyPrefix, sql.fragment`p.id`)}`),
  };
}
