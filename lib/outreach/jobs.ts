// The outreach jobs, each enqueued in the caller's transaction with a job key per row, so a row has
// at most one waiting job and outreach__recover can tell whether a row lost its job.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { enqueue } from '../jobs.ts';

/** SMTP failures before DATA retry with graphile-worker's backoff (e^n s): about 3.5 h over 10 attempts. */
export const SEND_MAX_ATTEMPTS = 10;
export const FORWARD_MAX_ATTEMPTS = 10;
export const CHANNEL_MAX_ATTEMPTS = 8;

export const sendJobKey = (id: string) => `email__send:${id}`;
export const forwardJobKey = (id: string) => `outreach_reply__forward:${id}`;
export const channelJobKey = (id: string) => `channel_post__deliver:${id}`;

export function enqueueSend(tx: CommonQueryMethods, id: string): Promise<void> {
  return enqueue(tx, 'email__send', { id }, { jobKey: sendJobKey(id), maxAttempts: SEND_MAX_ATTEMPTS });
}

export function enqueueForward(tx: CommonQueryMethods, id: string): Promise<void> {
  return enqueue(tx, 'outreach_reply__forward', { id }, { jobKey: forwardJobKey(id), maxAttempts: FORWARD_MAX_ATTEMPTS });
}

export function enqueueChannelPost(tx: CommonQueryMethods, id: string): Promise<void> {
  return enqueue(tx, 'channel_post__deliver', { id }, { jobKey: channelJobKey(id), maxAttempts: CHANNEL_MAX_ATTEMPTS });
}

const LiveRow = z.object({ live: z.boolean() });

/**
 * A job under `key` that will still run: waiting with attempts left, or locked by a worker less
 * than `staleSeconds` ago. A job locked by a worker that died stays locked for 4 hours in
 * graphile-worker; it does not count here.
 */
export async function liveJobExists(db: CommonQueryMethods, key: string, staleSeconds: number): Promise<boolean> {
  return db.oneFirst(sql.type(LiveRow)`
    select exists (
      select 1 from graphile_worker.jobs
      where key = ${key} and attempts < max_attempts
        and (locked_at is null or locked_at > now() - make_interval(secs => ${staleSeconds}))
    ) as live`);
}
