// Who may write: the one rule for the REST routes (api/middleware/auth.ts) and the MCP tools.
import { fail } from '../errors.ts';

export type WriteOptions = { allowWhileStopped?: boolean };

/** A suspended account (403) or a stopped residency (409) refuses writes; reading stays open. */
export function assertCanWrite(account: { suspended_at: string | null; residency: string }, options: WriteOptions = {}): void {
  if (account.suspended_at) throw fail('ACCOUNT_SUSPENDED', 'The account is suspended; reading stays open.');
  if (account.residency === 'stopped' && !options.allowWhileStopped) {
    throw fail('RESIDENCY_STOPPED', 'The residency is stopped: writes are refused and reading stays open. Only the owner or an operator resumes it.');
  }
}
