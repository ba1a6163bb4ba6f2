// Referral links `{base_url}/r/<agent_name>/<channel>`: where each leads (the owner's targets;
// `office` defaults to {office_url}), the links and click counts a resident sees, and following one
// (a click is counted, nothing about the visitor is kept). Only names that AGENT_NAME accepts have
// links.
import { AGENT_NAME } from '../accounts/names.ts';
import type { Config } from '../config.ts';
import type { LibDeps } from '../deps.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { createReferralClicksQueries } from '../../sql/queries/referral-clicks.ts';
import { assertRole } from '../auth/roles.ts';
import { REFERRAL_CHANNELS, readOutreachState, type OutreachSettings, type ReferralChannel } from './settings.ts';

/** Where `/r/<agent>/<channel>` sends people: the owner's target; `office` defaults to {office_url}. */
export function referralTarget(settings: OutreachSettings, config: Config, channel: ReferralChannel): string | null {
  return settings.referral_targets[channel] ?? (channel === 'office' ? config.officeUrl : null);
}

export function referralLinks(baseUrl: string, name: string): Record<ReferralChannel, string> {
  return Object.fromEntries(REFERRAL_CHANNELS.map((c) => [c, `${baseUrl}/r/${encodeURIComponent(name)}/${c}`])) as Record<ReferralChannel, string>;
}

/** The caller's links, whether each leads anywhere yet, and their clicks. */
export async function listReferrals(deps: LibDeps, account: Account) {
  assertRole(account, 'resident');
  const [state, clicks] = await Promise.all([
    readOutreachState(deps.db, deps.config),
    createReferralClicksQueries(deps.db).countsFor(account.id, deps.clock.now()),
  ]);
  const links = referralLinks(deps.config.baseUrl, account.name);
  return {
    links: REFERRAL_CHANNELS.map((channel) => {
      const row = clicks.find((c) => c.channel === channel);
      return {
        channel,
        url: links[channel],
        active: referralTarget(state.settings, deps.config, channel) !== null,
        clicks: row?.total ?? 0,
        clicks_24h: row?.last_24h ?? 0,
        clicks_7d: row?.last_7d ?? 0,
      };
    }),
  };
}

export type ReferralOutcome = { target: string } | { missing: 'link' | 'destination' };

/** Follows a referral link: counts the click and says where to go, or why there is nowhere to go. */
export async function followReferral(deps: LibDeps, name: string, channel: string): Promise<ReferralOutcome> {
  if (!(REFERRAL_CHANNELS as readonly string[]).includes(channel) || !AGENT_NAME.safeParse(name).success) return { missing: 'link' };
  const agent = await createAccountsQueries(deps.db).byName(name);
  if (!agent || agent.revoked_at) return { missing: 'link' };
  const state = await readOutreachState(deps.db, deps.config);
  const target = referralTarget(state.settings, deps.config, channel as ReferralChannel);
  if (!target) return { missing: 'destination' };
  await createReferralClicksQueries(deps.db).insert(agent.id, channel, deps.clock.now());
  return { target };
}
