// Owner-created external channels (`messaging`, `social`): posts are refused until the owner
// creates the channel, follow the email content rules and limits of SPEC.md, appear in the public
// log, and are delivered by the channel_post__deliver task through the channel's webhook adapter.
import { fail } from '../errors.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createOutreachChannelPostsQueries } from '../../sql/queries/outreach-channel-posts.ts';
import { createOutreachChannelsQueries } from '../../sql/queries/outreach-channels.ts';
import { assertOwnExperiment, type OutreachDeps } from './access.ts';
import { assertRole } from '../auth/roles.ts';
import { enqueueChannelPost } from './jobs.ts';
import { channelNotCreated, channelTextBudget, checkChannelPost, moscowDayBounds, OUTREACH_LIMITS, type ChannelName } from './limits.ts';
import { readSettings } from './settings.ts';

export const CHANNELS: readonly ChannelName[] = ['messaging', 'social'];

/**
 * The AI-agent disclosure the server adds to every channel post (SPEC.md truth rules: an agent says
 * it is an AI agent of the service in every outside post), as the email footer and the Show credit
 * line do. It goes out and is logged with the post, and counts within the channel's 600 characters.
 */
export function channelDisclosure(agentName: string, serviceName: string | null, siteUrl: string): string {
  return `\n\n— ${agentName}, an AI agent of ${serviceName ?? new URL(siteUrl).host} (${siteUrl})`;
}

function dayCap(channel: ChannelName): number {
  return channel === 'social' ? OUTREACH_LIMITS.socialPostsPerMoscowDay : OUTREACH_LIMITS.messagingPostsPerMoscowDay;
}

export async function postToChannel(deps: OutreachDeps, account: Account, input: { channel: ChannelName; text: string; experiment_id: string }) {
  assertRole(account, 'resident');
  assertNoSecrets({ text: input.text });
  const now = deps.clock.now();
  if (!(await createOutreachChannelsQueries(deps.db).isOpen(input.channel))) throw channelNotCreated(input.channel);
  const settings = await readSettings(deps.db);
  if (settings.mode === 'off') {
    throw fail('OUTREACH_MODE_OFF', 'Outreach mode is off: nothing is sent and nothing was stored.', { mode: 'off' });
  }
  await assertOwnExperiment(deps.db, account.id, input.experiment_id);
  const disclosure = channelDisclosure(account.name, settings.service_name, deps.config.siteUrl);
  const { start, end } = moscowDayBounds(now);
  const row = await deps.db.transaction(async (tx) => {
    const posts = createOutreachChannelPostsQueries(tx);
    await posts.lockChannel(input.channel);
    const created = await createOutreachChannelsQueries(tx).isOpen(input.channel);
    const postsToday = await posts.countBetween(input.channel, start, end);
    const mine = await posts.authorTimesSince(account.id, input.channel, new Date(now.getTime() - OUTREACH_LIMITS.socialPerAgentWindowMs));
    const facts = { channel: input.channel, created, postsToday, agentSocialPostTimes: mine.map((t) => new Date(t)), disclosure };
    const refused = checkChannelPost(input.text, facts, now);
    if (refused) throw refused;
    // Stored as it goes out: the webhook and the public log carry the disclosure.
    const text = `${input.text.trim()}${disclosure}`;
    const inserted = await posts.insert({ authorId: account.id, channel: input.channel, text, experimentId: input.experiment_id, now });
    await enqueueChannelPost(tx, inserted.id);
    return { ...inserted, text };
  });
  return { post_id: row.id, status: row.status, text: row.text, public_url: `${deps.config.siteUrl}/outreach/${row.id}` };
}

/** What a resident needs to know before posting: which channels exist and what is left today. */
export async function listChannels(deps: OutreachDeps, account: Account) {
  assertRole(account, 'resident');
  const now = deps.clock.now();
  const posts = createOutreachChannelPostsQueries(deps.db);
  const rows = await createOutreachChannelsQueries(deps.db).list();
  const disclosure = channelDisclosure(account.name, (await readSettings(deps.db)).service_name, deps.config.siteUrl);
  const { start, end } = moscowDayBounds(now);
  const out = [];
  for (const name of CHANNELS) {
    const row = rows.find((r) => r.name === name);
    const created = row !== undefined && row.closed_at === null;
    const today = await posts.countBetween(name, start, end);
    let nextAt: string | null = null;
    if (name === 'social') {
      const mine = await posts.authorTimesSince(account.id, name, new Date(now.getTime() - OUTREACH_LIMITS.socialPerAgentWindowMs));
      const newest = mine[0];
      if (newest) nextAt = new Date(new Date(newest).getTime() + OUTREACH_LIMITS.socialPerAgentWindowMs).toISOString();
    }
    out.push({
      channel: name,
      created,
      label: row?.label ?? null,
      posts_today: today,
      day_cap: dayCap(name),
      left_today: Math.max(0, dayCap(name) - today),
      moscow_day_ends_at: end.toISOString(),
      text_max: channelTextBudget(disclosure),
      post_max: OUTREACH_LIMITS.channelTextMax,
      disclosure: disclosure.trim(),
      ...(name === 'social' ? { mentions_max: OUTREACH_LIMITS.socialMentionsMax, my_next_post_at: nextAt } : {}),
    });
  }
  return { channels: out };
}

/** The owner creates (or re-opens) a channel; it needs its delivery adapter configured. */
export async function openChannel(deps: OutreachDeps, ownerId: string | null, name: ChannelName, label: string) {
  assertNoSecrets({ label });
  if (!deps.config.outreach.webhooks[name]) {
    throw fail(
      'OUTREACH_CHANNEL_ADAPTER_MISSING',
      `The ${name} channel has no delivery adapter: set ${name === 'social' ? 'SOCIAL_WEBHOOK_URL' : 'MESSAGING_WEBHOOK_URL'} first.`,
      { channel: name },
    );
  }
  await createOutreachChannelsQueries(deps.db).open(name, label, ownerId, deps.clock.now());
  return { channel: name, created: true, label };
}

export async function closeChannel(deps: OutreachDeps, name: ChannelName) {
  const closed = await createOutreachChannelsQueries(deps.db).close(name, deps.clock.now());
  return { channel: name, created: false, was_open: closed };
}

/** The owner's answer for an `unknown` channel post: `sent`, `failed`, or `resend`. */
export async function resolveChannelPost(deps: OutreachDeps, id: string, outcome: 'sent' | 'failed' | 'resend') {
  return deps.db.transaction(async (tx) => {
    const posts = createOutreachChannelPostsQueries(tx);
    const post = await posts.find(id);
    const to = outcome === 'resend' ? 'pending' : outcome;
    const done = await posts.resolveUnknown(id, to, `resolved by the owner: ${outcome}`, deps.clock.now());
    if (!done) {
      throw fail('OUTREACH_MESSAGE_STATE', post ? `The post is ${post.status}; this needs unknown.` : 'No channel post with that id.', {
        post_id: id,
        status: post?.status ?? null,
        needs: 'unknown',
      });
    }
    if (to === 'pending') await enqueueChannelPost(tx, id);
    return { post_id: id, status: to };
  });
}
