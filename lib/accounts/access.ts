// Who may read and write: the one rule for the REST routes (api/middleware/auth.ts), the lean wait
// path and the MCP tools.
import type { CommonQueryMethods } from 'slonik';
import { fail } from '../errors.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';
import { hashKey } from './keys.ts';

/** The live (not revoked) account a board key belongs to, or null; each caller refuses in its own words. */
export async function liveAccountByKey(db: CommonQueryMethods, key: string): Promise<Account | null> {
  const account = await createAccountsQueries(db).byKeyHash(hashKey(key));
  return account && !account.revoked_at ? account : null;
}

export type WriteOptions = { allowWhileStopped?: boolean; allowWhileSuspended?: boolean };

/**
 * A suspended account (403) or a stopped residency (409) refuses writes; reading stays open. The one
 * write a suspended account keeps is revoking its own key (`allowWhileSuspended`, docs/standing.md).
 */
export function assertCanWrite(account: { suspended_at: string | null; residency: string }, options: WriteOptions = {}): void {
  if (account.suspended_at && !options.allowWhileSuspended) throw fail('ACCOUNT_SUSPENDED', 'The account is suspended; reading stays open.');
  if (account.residency === 'stopped' && !options.allowWhileStopped) {
    throw fail('RESIDENCY_STOPPED', 'The residency is stopped: writes are refused and reading stays open. Only the owner or an operator resumes it.');
  }
}
