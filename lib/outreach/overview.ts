// What GET /v1/outreach tells a resident before it writes: the mode, whether sending can happen,
// every limit, the link allowlist, its referral links and where the public log is.
import type { Account } from '../../sql/queries/accounts.ts';
import type { OutreachDeps } from './access.ts';
import { assertRole } from '../auth/roles.ts';
import { OUTREACH_LIMITS } from './limits.ts';
import { referralLinks } from './referrals.ts';
import { readOutreachState, sendingEnabled } from './settings.ts';

export async function outreachOverview(deps: OutreachDeps, account: Account) {
  assertRole(account, 'resident');
  const state = await readOutreachState(deps.db, deps.config);
  return {
    mode: state.settings.mode,
    configured: state.configured,
    enabled: sendingEnabled(state),
    limits: {
      subject: { min: OUTREACH_LIMITS.subjectMin, max: OUTREACH_LIMITS.subjectMax },
      body: { min: OUTREACH_LIMITS.bodyMin, max: OUTREACH_LIMITS.bodyMax },
      links_max: OUTREACH_LIMITS.maxLinks,
      sends_per_agent_per_moscow_day: OUTREACH_LIMITS.agentSendsPerMoscowDay,
      fleet_sends_per_moscow_day: state.settings.fleet_cap,
      first_contacts_per_outlet_per_7_days: OUTREACH_LIMITS.outletFirstContactsPerWindow,
      follow_up_after_days: OUTREACH_LIMITS.followUpAfterMs / 86_400_000,
      answers_after_reply: OUTREACH_LIMITS.answersAfterReply,
      contacts_per_agent_per_moscow_day: OUTREACH_LIMITS.contactsPerAgentPerMoscowDay,
    },
    allowed_link_hosts: state.settings.allowed_hosts,
    referral_links: referralLinks(deps.config.baseUrl, account.name),
    public_log: `${deps.config.siteUrl}/outreach`,
    docs: `${deps.config.baseUrl}/docs/errors`,
  };
}
