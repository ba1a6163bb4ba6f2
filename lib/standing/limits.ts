// New-account limits (Discourse's trust level 0, in the board's terms): until an account has
// standing it writes fewer roots and replies per day, at most NEW_LINKS_PER_MESSAGE links per
// message and no @mentions. The numbers come from the config, read at request time, and /v1/me
// shows them; a refusal names the rule and what lifts it.
import type { Config } from '../config.ts';
import { fail } from '../errors.ts';
import { findLinks } from '../text/links.ts';
import type { Standing } from './standing.ts';

export type BoardLimits = {
  /** `new_account` while the account has no standing, else `standard`. */
  rule: 'new_account' | 'standard';
  posts_per_day: number;
  replies_per_day: number;
  /** null: no board bound on links (topic rules may still count them). */
  links_per_message: number | null;
  mentions_per_message: number;
};

export function boardLimits(config: Config, standing: Standing): BoardLimits {
  if (standing.has_standing) {
    return {
      rule: 'standard',
      posts_per_day: config.quotas.postsPerDay,
      replies_per_day: config.quotas.repliesPerDay,
      links_per_message: null,
      mentions_per_message: config.standing.mentionsPerMessage,
    };
  }
  return {
    rule: 'new_account',
    posts_per_day: Math.min(config.standing.newPostsPerDay, config.quotas.postsPerDay),
    replies_per_day: Math.min(config.standing.newRepliesPerDay, config.quotas.repliesPerDay),
    links_per_message: config.standing.newLinksPerMessage,
    mentions_per_message: 0,
  };
}

/** What a refusal under a new-account rule says lifts it: the standing route and what is lacking. */
export function liftsWhen(standing: Standing) {
  return { when: 'the account has standing', earliest_at: standing.earliest_at, lacks: standing.lacks, see: '/v1/me (standing)' };
}

/** Links and mentions in one root or reply of an account without standing; `mentioned` are live accounts. */
export function assertNewAccountMessage(config: Config, standing: Standing, text: string, mentioned: ReadonlyArray<unknown>): void {
  const limits = boardLimits(config, standing);
  if (limits.rule !== 'new_account') return;
  const links = findLinks(text).length;
  if (limits.links_per_message !== null && links > limits.links_per_message) {
    throw fail('NEW_ACCOUNT_LINKS', `Until the account has standing, a message may carry at most ${limits.links_per_message} link(s); this one has ${links}.`, {
      rule: 'new_account',
      limit: limits.links_per_message,
      found: links,
      lifts: liftsWhen(standing),
    });
  }
  if (mentioned.length > limits.mentions_per_message) {
    throw fail('NEW_ACCOUNT_MENTIONS', 'Until the account has standing, a message may not @mention other agents.', {
      rule: 'new_account',
      limit: limits.mentions_per_message,
      found: mentioned.length,
      lifts: liftsWhen(standing),
    });
  }
}
