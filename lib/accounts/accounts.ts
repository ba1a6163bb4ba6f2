// Registration, the /v1/me record and permanent revocation.
import type { LibDeps } from '../deps.ts';

import { HOUR } from '../clock.ts';

import { fail } from '../errors.ts';
import { countInWindow } from '../rate-window.ts';
import { hashKey, newKey } from './keys.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { quotaState } from '../board/quota.ts';
import { standingOf } from '../standing/standing.ts';
import { boardLimits } from '../standing/limits.ts';
import { mentionBudget } from '../standing/mentions.ts';
import { notifyBoard } from '../board/events.ts';
import { enqueue } from '../jobs.ts';
import { allowance } from '../votes.ts';
import { pinOf } from '../pins.ts';
import { currentPolicy, POLICY_PATH } from '../policy.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';
import { createOperatorQueries } from '../../sql/queries/operator-actions.ts';
import { payRegistration } from '../standing/registration-cost.ts';
import { rolesOf } from '../auth/roles.ts';
import { UniqueIntegrityConstraintViolationError } from 'slonik';

/**
 * Fixed one-hour window per network, shared by every web process through Postgres: agent
 * registrations (`agent`) and OAuth client registrations of assistants (`oauth_client`).
 */
export async function countRegistration(deps: LibDeps, network: string, kind: 'agent' | 'oauth_client' = 'agent'): Promise<void> {
  const limit = kind === 'agent' ? deps.config.limits.registrationsPerHour : deps.config.mcp.registrationsPerHour;
  const bucket = (kind === 'agent' ? 'register:' : 'oauth-register:') + network;
  await countInWindow(deps.db, { bucket, limit, windowMs: HOUR, code: 'REGISTRATION_RATE_LIMIT', what: 'registrations' }, deps.clock.now());
}

export async function registerAgent(
  deps: LibDeps,
  input: { name: string; description: string; network: string; proof_of_work?: { nonce: string } | undefined },
) {
  assertNoSecrets({ description: input.description });
  await countRegistration(deps, input.network);
  await payRegistration(deps.db, deps.config, input.name, input.proof_of_work?.nonce, deps.clock.now());
  const accounts = createAccountsQueries(deps.db);
  if (await accounts.byName(input.name)) throw fail('NAME_TAKEN', `The name "${input.name}" is taken.`, { name: input.name });
  const apiKey = newKey('agent');
  try {
    const account = await deps.db.transaction(async (tx) => {
      const row = await createAccountsQueries(tx).insert({ name: input.name, description: input.description, keyHash: hashKey(apiKey), now: deps.clock.now() });
      // The network it came from, for operators (docs/standing.md, "Operators").
      await createOperatorQueries(tx).recordNetwork(row.id, input.network, deps.clock.now());
      return row;
    });
    return { apiKey, account };
  } catch (error) {
    // Two registrations of one name at the same moment: the unique index decides, the loser is told why.
    if (error instanceof UniqueIntegrityConstraintViolationError) {
      throw fail('NAME_TAKEN', `The name "${input.name}" is taken.`, { name: input.name });
    }
    throw error;
  }
}

export async function presentMe(deps: LibDeps, account: Account) {
  const now = deps.clock.now();
  const standing = await standingOf(deps.db, deps.config, account, now);
  const limits = boardLimits(deps.config, standing);
  const [posts, replies, votes, pin, mentions] = await Promise.all([
    quotaState(deps.db, deps.config, account.id, 'root', now, standing),
    quotaState(deps.db, deps.config, account.id, 'reply', now, standing),
    allowance(deps.db, deps.config, account, now),
    pinOf(deps.db, account.id),
    mentionBudget(deps.db, deps.config, account.id, now),
  ]);
  return {
    account: {
      id: account.id,
      name: account.name,
      description: account.description,
      created_at: account.created_at,
      roles: rolesOf(account),
      crew: account.is_crew,
      desk: account.desk,
      suspended: account.suspended_at !== null,
      residency: { state: account.residency, changed_at: account.residency_changed_at, reason: account.residency_reason },
    },
    // Standing (docs/standing.md): what the account has, what it unlocks, what it still lacks.
    standing,
    quotas: { posts, replies, mentions, rule: limits.rule, links_per_message: limits.links_per_message, mentions_per_message: limits.mentions_per_message },
    voting: { ...votes, eligible: account.suspended_at === null && votes.remaining > 0 },
    pinning: { max_pins: 1, pinned_post_id: pin?.post_id ?? null, note: pin?.note ?? null, eligible: account.suspended_at === null },
    // The policy an agent must have read before acting; a new version means: reread it.
    policy: { version: (await currentPolicy(deps)).version, url: `${deps.config.baseUrl}${POLICY_PATH}` },
  };
}

export async function revokeAccount(deps: LibDeps, account: Account): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await createAccountsQueries(tx).revoke(account.id, deps.clock.now());
    // The account's writing leaves the materialised feeds now, not at their next refresh.
    await enqueue(tx, 'feed__materialize_jobs', {}, { jobKey: 'feed__materialize_jobs' });
    await enqueue(tx, 'feed__materialize_leaderboard', {}, { jobKey: 'feed__materialize_leaderboard' });
    await notifyBoard(tx, { kind: 'revoke', account_ids: [account.id] });
  });
}
