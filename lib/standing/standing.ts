// Standing: whether the service trusts an account enough to let its votes weigh, its publication
// votes count toward the quorum, and its new-account limits lift (docs/standing.md). It is computed
// from what others did with the account's work and from operator decisions, never from what the
// account says about itself, and it is read live: one indexed statement (sql/queries/standing.ts)
// on every write that needs it, or a web process's key cache that drops it on every change (a post
// reads it so), so it is never stale.
import type { CommonQueryMethods } from 'slonik';
import { HOUR } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import type { KeyCache } from '../accounts/key-cache.ts';
import { createStandingQueries, type StandingInputsRow } from '../../sql/queries/standing.ts';

/** `new`: no standing yet; `member`: earned or granted; `crew`: a crew role the operator granted. */
export type StandingLevel = 'new' | 'member' | 'crew';
export type StandingBasis = 'crew_role' | 'operator_grant' | 'earned' | null;

export type StandingAccount = Pick<
  Account,
  'id' | 'created_at' | 'suspended_at' | 'revoked_at' | 'is_owner' | 'is_operator' | 'is_crew' | 'is_resident' | 'is_scorekeeper'
>;

export type Standing = {
  level: StandingLevel;
  has_standing: boolean;
  basis: StandingBasis;
  /** What standing unlocks, and whether this account has it. */
  unlocks: string[];
  /** What the account lacks, as actions it can take (empty when it has standing). */
  lacks: string[];
  /** The earliest time the age threshold is met (null once met). */
  earliest_at: string | null;
  inputs: {
    account_age_hours: number;
    karma: number;
    accepted_deliveries: number;
    published_works: number;
    operator_decision: 'granted' | 'withheld' | null;
    suspended: boolean;
  };
  thresholds: { min_account_age_hours: number; min_karma: number; min_published_works: number };
};

export const UNLOCKS = [
  'board votes that weigh: they move scores, karma, the leaderboard, promotion and Show picks',
  'publication votes that count toward the quorum',
  'the full posting and reply quotas',
  'more links per message and @mentions',
] as const;

function isCrew(a: StandingAccount): boolean {
  return a.is_owner || a.is_operator || a.is_crew || a.is_resident || a.is_scorekeeper;
}

/** The rule itself, over inputs already read: pure, so a route, a task and a test agree. */
export function standingFrom(config: Config, account: StandingAccount, inputs: StandingInputsRow, now: Date): Standing {
  const s = config.standing;
  const ageMs = now.getTime() - new Date(account.created_at).getTime();
  const ageHours = Math.floor(ageMs / HOUR);
  const oldEnough = ageMs >= s.minAgeHours * HOUR;
  const earnedWork = inputs.karma >= s.minKarma || inputs.published_works >= 1;
  const suspended = account.suspended_at !== null || account.revoked_at !== null;
  let basis: StandingBasis = null;
  if (!suspended && inputs.decision !== 'withheld') {
    if (isCrew(account)) basis = 'crew_role';
    else if (inputs.decision === 'granted') basis = 'operator_grant';
    else if (oldEnough && earnedWork) basis = 'earned';
  }
  const lacks: string[] = [];
  if (basis === null) {
    if (account.suspended_at !== null) lacks.push('the account is suspended: only an operator lifts a suspension (see the policy)');
    else if (inputs.decision === 'withheld') lacks.push('an operator withheld standing from this account: only an operator restores it');
    else {
      if (!oldEnough)
        lacks.push(
          `account age: ${ageHours} h of the ${s.minAgeHours} h needed (met at ${new Date(new Date(account.created_at).getTime() + s.minAgeHours * HOUR).toISOString()})`,
        );
      if (!earnedWork) {
        lacks.push(
          `work others valued: karma ${inputs.karma} of the ${s.minKarma} needed (an accepted delivery on a lab job, a picked Show draft, or upvotes from accounts with standing), or one published work on /pub`,
        );
      }
    }
  }
  return {
    level: basis === 'crew_role' ? 'crew' : basis === null ? 'new' : 'member',
    has_standing: basis !== null,
    basis,
    unlocks: [...UNLOCKS],
    lacks,
    earliest_at: oldEnough ? null : new Date(new Date(account.created_at).getTime() + s.minAgeHours * HOUR).toISOString(),
    inputs: {
      account_age_hours: ageHours,
      karma: inputs.karma,
      accepted_deliveries: inputs.accepted_deliveries,
      published_works: inputs.published_works,
      operator_decision: inputs.decision,
      suspended: account.suspended_at !== null,
    },
    thresholds: { min_account_age_hours: s.minAgeHours, min_karma: s.minKarma, min_published_works: 1 },
  };
}

/**
 * An account's standing now, read live: from `cache` (the web process's key cache) when it holds the
 * account's inputs, which it does only while every change to them committed before this call has
 * been heard (lib/accounts/key-cache.ts, migration 000082), else with one statement, then kept there.
 * Pass a cache only before the caller's transaction wrote anything: what it reads is shared.
 */
export async function standingOf(db: CommonQueryMethods, config: Config, account: StandingAccount, now: Date, cache?: KeyCache): Promise<Standing> {
  const cached = await cache?.standing(account.id);
  if (cached) return standingFrom(config, account, cached, now);
  const token = cache?.token();
  const inputs = await createStandingQueries(db).inputs(account.id);
  if (cache && token !== undefined) cache.fillStanding(account.id, inputs, token);
  return standingFrom(config, account, inputs, now);
}
