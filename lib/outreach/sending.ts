// Sending one approved email exactly once (the email__send task), and taking back sends that a
// stopped worker left behind (the outreach__recover task).
//
// 1. Claim: `approved` → `sending` in one statement, which bumps `attempts`; that number fences
//    every later write of this attempt. The same transaction stores the hashes of this attempt's
//    fresh reply and stop tokens. A row that is not `approved` is left alone (already sent, being
//    sent, rejected ...), so a duplicate or late job does nothing.
// 2. Send on one SMTP connection. Right before the first byte of the message data leaves (after
//    the server answered DATA with 354) the attempt records `data_started_at`, under the fence; if
//    the row is no longer this attempt's, the data never leaves.
// 3. Record: `sent`; `failed` (a permanent refusal); `unknown` (the data was handed over and no
//    answer came: never re-sent blindly, the owner resolves it); or, when nothing can have been
//    delivered (4xx, or a failure before DATA), back to `approved` and the job throws, so
//    graphile-worker retries it with backoff (the last attempt records `failed`).
// A worker killed between 1 and 3 leaves `sending` behind: recover moves it back to `approved`
// when no data had started (nothing can have been delivered) and to `unknown` otherwise.
import type { Logger } from 'pino';
import { sendMail, smtpTransportOptions, type SendOutcome } from '../mail/smtp.ts';
import { createOutreachChannelPostsQueries } from '../../sql/queries/outreach-channel-posts.ts';
import { createOutreachMessagesQueries } from '../../sql/queries/outreach-messages.ts';
import { createOutreachRepliesQueries } from '../../sql/queries/outreach-replies.ts';
import { createOutreachTokensQueries } from '../../sql/queries/outreach-tokens.ts';
import type { OutreachDeps } from './access.ts';
import { hashToken } from './emails.ts';
import { CHANNEL_JOB_KEY, enqueueChannelPost, enqueueForward, enqueueSend, FORWARD_JOB_KEY, SEND_JOB_KEY } from './jobs.ts';
import { buildOutreachMessage, newOutreachToken, outreachMessageId } from './message.ts';
import { mailConfigOf, readOutreachState } from './settings.ts';
import { RETRYING } from './health.ts';

export type JobInfo = { attempts: number; maxAttempts: number };

export class TransientSendError extends Error {}

function outcomeReason(outcome: SendOutcome): string {
  if (outcome.status === 'sent') return outcome.response;
  return [outcome.responseCode, outcome.code, outcome.error]
    .filter((x) => x !== null && x !== '')
    .join(' ')
    .slice(0, 500);
}

/** How this deployment reaches SMTP_URL; null when it is unset. */
export function smtpOf(deps: OutreachDeps) {
  const endpoint = deps.config.outreach.smtp;
  if (!endpoint) return null;
  const timeout = deps.config.outreach.smtpTimeoutMs;
  return smtpTransportOptions(endpoint, {
    allowPlaintext: deps.config.outreach.allowPlaintext,
    connectionTimeoutMs: Math.min(timeout, 30_000),
    greetingTimeoutMs: Math.min(timeout, 30_000),
    socketTimeoutMs: timeout,
  });
}

/** One attempt at one message. Throws TransientSendError when graphile-worker should retry. */
export async function sendOneEmail(deps: OutreachDeps, id: string, job: JobInfo): Promise<string> {
  const state = await readOutreachState(deps.db, deps.config);
  const smtp = smtpOf(deps);
  if (!state.configured || !smtp) throw new TransientSendError(`outreach is not configured (missing ${state.missing.join(', ')})`);
  // Mode off sends nothing: the message stays approved and leaves when the owner turns outreach
  // on again (updateSettings queues the held messages then; recovery is the backstop).
  if (state.settings.mode === 'off') return 'held: mode off';
  const replyToken = newOutreachToken();
  const stopToken = newOutreachToken();
  const claimedAt = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const q = createOutreachMessagesQueries(tx);
    const claimed = await q.claim(id, claimedAt);
    if (!claimed) return null;
    if (claimed.suppressed || claimed.bounced) {
      const reason = claimed.suppressed ? 'the address opted out before the email left' : 'the address bounced before the email left';
      await q.recordOutcome(id, claimed.attempts, 'cancelled', reason, claimedAt);
      return { ...claimed, cancelled: true };
    }
    await createOutreachTokensQueries(tx).insert(
      id,
      [
        { hash: hashToken(replyToken), purpose: 'reply' },
        { hash: hashToken(stopToken), purpose: 'stop' },
      ],
      claimedAt,
    );
    return { ...claimed, cancelled: false };
  });
  if (!row) return 'not approved: nothing to do';
  if (row.cancelled) return 'cancelled';

  const q = createOutreachMessagesQueries(deps.db);
  const mailConfig = mailConfigOf(state, deps.config);
  const domain = (mailConfig.mailbox.split('@')[1] ?? 'localhost').toLowerCase();
  const thread = await q.sentIdsBefore(row.contact_id, row.created_at);
  const references = thread.map((m) => outreachMessageId(m, domain));
  let inReplyTo = row.follow_up_of ? outreachMessageId(row.follow_up_of, domain) : null;
  if (row.send_kind === 'answer' && thread.length > 0) {
    const theirs = await createOutreachRepliesQueries(deps.db).latestContactRfcMessageId(thread);
    if (theirs) {
      inReplyTo = theirs;
      references.push(theirs);
    }
  }
  const options = buildOutreachMessage(mailConfig, {
    id: row.id,
    agentName: row.author_name,
    to: row.to,
    subject: row.subject,
    body: row.body,
    kind: row.send_kind,
    sourceUrl: row.source_url,
    replyToken,
    stopToken,
    inReplyTo,
    references,
    date: new Date(row.first_attempt_at ?? claimedAt.toISOString()),
  });

  let fenced = false;
  const outcome = await sendMail(smtp, options, {
    beforeData: async () => {
      const owns = await q.markDataStarted(id, row.attempts, deps.clock.now());
      if (!owns) fenced = true;
      return owns;
    },
  });
  const now = deps.clock.now();
  const reason = outcomeReason(outcome);
  switch (outcome.status) {
    case 'sent':
      await q.recordOutcome(id, row.attempts, 'sent', null, now, reason);
      return 'sent';
    case 'permanent':
      await q.recordOutcome(id, row.attempts, 'failed', `the SMTP server refused it: ${reason}`, now, reason);
      return 'failed';
    case 'unknown':
      await q.recordOutcome(
        id,
        row.attempts,
        'unknown',
        `handed to the SMTP server but no answer came (${reason}); it may have been delivered, so it is not re-sent until the owner decides`,
        now,
      );
      return 'unknown';
    case 'transient': {
      if (fenced) return 'fenced: another attempt owns the message';
      if (job.attempts >= job.maxAttempts) {
        await q.recordOutcome(id, row.attempts, 'failed', `the SMTP server could not be reached after ${job.attempts} attempts: ${reason}`, now);
        return 'failed';
      }
      await q.recordOutcome(id, row.attempts, 'approved', `${RETRYING} after a temporary failure: ${reason}`, now);
      throw new TransientSendError(`temporary SMTP failure, retried with backoff: ${reason}`);
    }
  }
}

/**
 * Takes back what stopped workers left: sends claimed longer than OUTREACH_STALE_SECONDS ago whose
 * job no worker holds (back to `approved` with a new job when no data had started, `unknown`
 * otherwise), forwards and channel deliveries likewise, and rows whose job was lost (approved
 * emails, pending forwards and channel posts without a live job get a new one). A dead worker's job
 * is released by the liveness sweep, runs again, finds the claim and leaves it; the next recovery
 * takes the claim back (sql/queries/job-keys.ts). One statement per kind of row, not per row.
 */
export async function recoverOutreach(deps: OutreachDeps, logger?: Logger): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const staleMs = deps.config.outreach.staleMs;
  const before = new Date(now.getTime() - staleMs);
  const counts = await deps.db.transaction(async (tx) => {
    const messages = createOutreachMessagesQueries(tx);
    const replies = createOutreachRepliesQueries(tx);
    const posts = createOutreachChannelPostsQueries(tx);
    const unknown = await messages.markStaleSendsUnknown(
      before,
      SEND_JOB_KEY,
      'the worker stopped while handing the message to the SMTP server; it may have been delivered, so it is not re-sent until the owner decides',
      now,
    );
    const requeued = await messages.requeueStaleSends(before, SEND_JOB_KEY, 'the worker stopped before the message data left; sent again', now);
    const rescheduled = await messages.listApprovedWithoutJob(before, SEND_JOB_KEY);
    const releasedForwards = await replies.releaseStaleForwards(before, FORWARD_JOB_KEY);
    const lostForwards = await replies.listPendingForwardsWithoutJob(before, FORWARD_JOB_KEY);
    const channelUnknown = await posts.markStaleUnknown(before, CHANNEL_JOB_KEY);
    const lostPosts = await posts.listPendingWithoutJob(before, CHANNEL_JOB_KEY);
    // A requeued send, a released forward, or a row that lost its job gets one new job (the job
    // key keeps it at one).
    for (const id of new Set([...requeued, ...rescheduled])) await enqueueSend(tx, id);
    for (const id of new Set([...releasedForwards, ...lostForwards])) await enqueueForward(tx, id);
    for (const id of lostPosts) await enqueueChannelPost(tx, id);
    return {
      requeued: requeued.length,
      unknown: unknown.length,
      rescheduled: rescheduled.filter((id) => !requeued.includes(id)).length,
      forwards: new Set([...releasedForwards, ...lostForwards]).size,
      channel_posts: lostPosts.length,
      channel_unknown: channelUnknown.length,
    };
  });
  if (Object.values(counts).some((n) => n > 0)) logger?.info(counts, 'outreach recover');
  return counts;
}
