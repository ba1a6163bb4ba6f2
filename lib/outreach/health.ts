// What the office says is wrong with outreach delivery (SMTP down, the reply mailbox unread, a
// channel webhook failing or hanging), read from the rows the tasks already keep: an email or a
// channel post waiting to retry after a temporary failure or held as `unknown` for the owner (no
// answer came), the mailbox checkpoint's last read. The public office
// names the dependency, how many items wait and since when, never the raw error (it can carry
// internal host names); the owner's queue has the reasons.
import type { CommonQueryMethods } from 'slonik';
import type { Config } from '../config.ts';
import { createOutreachChannelPostsQueries } from '../../sql/queries/outreach-channel-posts.ts';
import { createOutreachMailboxCheckpointsQueries } from '../../sql/queries/outreach-mailbox-checkpoints.ts';
import { createOutreachMessagesQueries } from '../../sql/queries/outreach-messages.ts';
import { readSettings } from './settings.ts';

/** How a temporary failure's status_reason starts (emails and channel posts), so the office finds them. */
export const RETRYING = 'retrying';
/** The mailbox is polled every minute: five missed reads is a problem. */
export const MAILBOX_UNREAD_AFTER_MS = 5 * 60_000;

export type OutreachProblem = {
  source: 'smtp' | 'imap' | 'webhook';
  channel?: string;
  /** Items waiting on it (emails or channel posts to deliver). */
  waiting?: number;
  /** The oldest wait, or the mailbox's last read (null: never read). */
  since: string | null;
  message: string;
};

export async function outreachProblems(db: CommonQueryMethods, config: Config, now: Date): Promise<OutreachProblem[]> {
  const problems: OutreachProblem[] = [];
  const replyDomain = (await readSettings(db)).reply_domain;
  const emails = await createOutreachMessagesQueries(db).retrying(RETRYING);
  if (emails.waiting > 0) {
    problems.push({
      source: 'smtp',
      waiting: emails.waiting,
      since: emails.since,
      message: 'The SMTP relay did not take these emails: they are retried with backoff, or held for the owner when they may have left.',
    });
  }
  for (const c of await createOutreachChannelPostsQueries(db).retrying(RETRYING)) {
    problems.push({
      source: 'webhook',
      channel: c.channel,
      waiting: c.waiting,
      since: c.since,
      message: `The ${c.channel} channel's webhook did not take these posts: they are retried with backoff, or held for the owner when they may have left.`,
    });
  }
  const imap = config.outreach.imap;
  if (imap && replyDomain) {
    const lastRead = await createOutreachMailboxCheckpointsQueries(db).lastRead(imap.mailbox);
    if (lastRead === null || now.getTime() - new Date(lastRead).getTime() > MAILBOX_UNREAD_AFTER_MS) {
      problems.push({ source: 'imap', since: lastRead, message: 'The reply mailbox has not been read lately; replies and stop requests wait until it is.' });
    }
  }
  return problems;
}
