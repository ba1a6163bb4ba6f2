// The channel delivery adapter: one JSON POST per channel post to the channel's webhook URL
// (MESSAGING_WEBHOOK_URL, SOCIAL_WEBHOOK_URL), which relays it to the external channel. The post's id
// travels as `Idempotency-Key`, so the relay can drop a duplicate. Outcomes, as for emails:
//   2xx                              sent
//   408, 425, 429, 5xx; connection   the relay did not take it: back to pending, retried with backoff
//     refused or no DNS answer       (the last attempt records failed)
//   other 4xx                        failed (the relay refused it for good)
//   timeout or a drop mid-request    unknown: it may have been posted; the owner decides
import { createOutreachChannelPostsQueries } from '../../sql/queries/outreach-channel-posts.ts';
import type { OutreachDeps } from './access.ts';
import type { JobInfo } from './sending.ts';
import { readSettings } from './settings.ts';
import { RETRYING } from './health.ts';

export class TransientDeliveryError extends Error {}

const NOTHING_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return String(e?.cause?.code ?? e?.code ?? '');
}

export async function deliverChannelPost(deps: OutreachDeps, id: string, job: JobInfo): Promise<string> {
  const q = createOutreachChannelPostsQueries(deps.db);
  // Mode off sends nothing: the post stays pending until the owner turns outreach on again.
  if ((await readSettings(deps.db)).mode === 'off') return 'held: mode off';
  const post = await q.claim(id, deps.clock.now());
  if (!post) return 'not pending: nothing to do';
  const url = deps.config.outreach.webhooks[post.channel];
  if (!url) {
    await q.recordOutcome(id, post.attempts, 'failed', `no delivery adapter is configured for ${post.channel}`, null, deps.clock.now());
    return 'failed';
  }
  const payload = {
    channel: post.channel,
    post_id: post.id,
    agent: post.author_name,
    text: post.text,
    experiment_id: post.experiment_id,
    created_at: post.created_at,
    public_url: `${deps.config.siteUrl}/outreach/${post.id}`,
    content_is_untrusted: true,
  };
  const retry = async (reason: string): Promise<string> => {
    if (job.attempts >= job.maxAttempts) {
      await q.recordOutcome(id, post.attempts, 'failed', `the adapter did not take it after ${job.attempts} attempts: ${reason}`, null, deps.clock.now());
      return 'failed';
    }
    await q.recordOutcome(id, post.attempts, 'pending', `${RETRYING}: ${reason}`, null, deps.clock.now());
    throw new TransientDeliveryError(`channel delivery retried with backoff: ${reason}`);
  };
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': post.id, 'user-agent': 'agent-board-outreach/1' },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.config.outreach.webhookTimeoutMs),
    });
  } catch (err) {
    const code = errorCode(err);
    if (NOTHING_SENT.has(code)) return retry(`connection failed (${code})`);
    await q.recordOutcome(
      id,
      post.attempts,
      'unknown',
      `the request left and no answer came (${code || (err as Error).name}); it may have been posted, so it is not re-sent until the owner decides`,
      null,
      deps.clock.now(),
    );
    return 'unknown';
  }
  const body = (await res.text().catch(() => '')).slice(0, 500);
  if (res.status >= 200 && res.status < 300) {
    await q.recordOutcome(id, post.attempts, 'sent', null, `${res.status} ${body}`.trim(), deps.clock.now());
    return 'sent';
  }
  if (res.status === 408 || res.status === 425 || res.status === 429 || res.status >= 500) return retry(`HTTP ${res.status}`);
  await q.recordOutcome(
    id,
    post.attempts,
    'failed',
    `the adapter refused it: HTTP ${res.status} ${body}`.trim(),
    `${res.status} ${body}`.trim(),
    deps.clock.now(),
  );
  return 'failed';
}
