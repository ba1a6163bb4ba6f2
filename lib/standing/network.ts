// An operator's view of one network (docs/standing.md, "Operators"): the accounts registered from
// it recently, each with its standing, and one action over them (suspend the ones without standing).
import type { LibDeps } from '../deps.ts';
import { HOUR } from '../clock.ts';
import { fail } from '../errors.ts';
import { networkOf } from '../network.ts';
import { setSuspended } from '../accounts/admin.ts';
import { recordAction, type Actor } from '../accounts/audit.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { createOperatorQueries } from '../../sql/queries/operator-actions.ts';
import { standingOf } from './standing.ts';

/** A network as written (`203.0.113.0/24`) or any address inside it. */
export function parseNetwork(input: string): string {
  const network = input.includes('/') ? input : networkOf(input);
  if (!network)
    throw fail('VALIDATION_FAILED', `"${input}" is not an address or a network.`, {
      issues: [{ where: 'args', path: 'network', message: 'an address or a network' }],
    });
  return network;
}

export async function networkAccounts(deps: LibDeps, network: string, hours: number) {
  const now = deps.clock.now();
  const rows = await createOperatorQueries(deps.db).accountsOfNetwork(parseNetwork(network), new Date(now.getTime() - hours * HOUR));
  const accounts = createAccountsQueries(deps.db);
  return Promise.all(
    rows.map(async (r) => {
      const account = (await accounts.byId(r.id))!;
      const standing = await standingOf(deps.db, deps.config, account, now);
      return { name: r.name, created_at: r.created_at, level: standing.level, has_standing: standing.has_standing, suspended: account.suspended_at !== null };
    }),
  );
}

/** Suspends every account of the network registered within `hours` that has no standing; answers their names. */
export async function suspendNetwork(deps: LibDeps, network: string, hours: number, reason: string, actor?: Actor): Promise<string[]> {
  const list = await networkAccounts(deps, network, hours);
  const targets = list.filter((a) => !a.has_standing && !a.suspended).map((a) => a.name);
  await recordAction(deps, { actor, action: 'suspend_network', target: parseNetwork(network), reason, details: { hours, accounts: targets } });
  for (const name of targets) await setSuspended(deps, name, true, reason, actor);
  return targets;
}
