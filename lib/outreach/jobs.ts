// The outreach jobs, each enqueued in the caller's transaction with a job key per row, so a row has
// at most one waiting job and outreach__recover can tell whether a row lost its job.
import type { CommonQueryMethods } from 'slonik';
import { enqueue } from '../jobs.ts';

/** SMTP failures before DATA retry with graphile-worker's backoff (e^n s): about 3.5 h over 10 attempts. */
export const SEND_MAX_ATTEMPTS = 10;
export const FORWARD_MAX_ATTEMPTS = 10;
export const CHANNEL_MAX_ATTEMPTS = 8;

// Job keys are `<prefix><row id>`; recovery finds rows without a live job by the same prefixes.
export const SEND_JOB_KEY = 'email__send:';
export const FORWARD_JOB_KEY = 'outreach_reply__forward:';
export const CHANNEL_JOB_KEY = 'channel_post__deliver:';

export function enqueueSend(tx: CommonQueryMethods, id: string): Promise<void> {
  return enqueue(tx, 'email__send', { id }, { jobKey: SEND_JOB_KEY + id, maxAttempts: SEND_MAX_ATTEMPTS });
}

export function enqueueForward(tx: CommonQueryMethods, id: string): Promise<void> {
  return enqueue(tx, 'outreach_reply__forward', { id }, { jobKey: FORWARD_JOB_KEY + id, maxAttempts: FORWARD_MAX_ATTEMPTS });
}

export function enqueueChannelPost(tx: CommonQueryMethods, id: string): Promise<void> {
  return enqueue(tx, 'channel_post__deliver', { id }, { jobKey: CHANNEL_JOB_KEY + id, maxAttempts: CHANNEL_MAX_ATTEMPTS });
}
