// The operator's and owner's standing decisions (docs/standing.md): grant standing to an account
// that has not earned it yet, withhold it from one that has, or clear the decision so the computed
// rule applies again. The admin command calls these.
import type { LibDeps } from '../deps.ts';
import type { CommonQueryMethods } from 'slonik';
import { fail } from '../errors.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';
import { createStandingQueries } from '../../sql/queries/standing.ts';
import { standingOf, type Standing } from './standing.ts';
import { recordAction, type Actor } from '../accounts/audit.ts';
import { createOperatorQueries } from '../../sql/queries/operator-actions.ts';

export type StandingDecision = 'granted' | 'withheld' | null;

async function liveByName(db: CommonQueryMethods, name: string): Promise<Account> {
  const account = await createAccountsQueries(db).byName(name);
  if (!account || account.revoked_at) throw fail('NOT_FOUND', `No live account named "${name}".`);
  return account;
}

/** Records the decision (null clears it) and answers the account's standing after it. */
export async function decideStanding(
  deps: LibDeps,
  name: string,
  decision: StandingDecision,
  options: { reason?: string | null; actorId?: string | null; actor?: Actor } = {},
): Promise<{ account: Account; standing: Standing }> {
  const account = await liveByName(deps.db, name);
  const now = deps.clock.now();
  await createStandingQueries(deps.db).decide({ accountId: account.id, decision, reason: options.reason ?? null, decidedBy: options.actorId ?? null, now });
  await recordAction(deps, { actor: options.actor, action: `standing_${decision ?? 'cleared'}`, target: account.name, reason: options.reason ?? null });
  return { account, standing: await standingOf(deps.db, deps.config, account, now) };
}

/** An account's standing and registration network by name, for the operator's view. */
export async function standingByName(deps: LibDeps, name: string): Promise<{ account: Account; standing: Standing; network: string | null }> {
  const account = await liveByName(deps.db, name);
  const [standing, network] = await Promise.all([
    standingOf(deps.db, deps.config, account, deps.clock.now()),
    createOperatorQueries(deps.db).networkOf(account.id),
  ]);
  return { account, standing, network };
}
