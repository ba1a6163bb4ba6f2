// Who may read and write: the one rule for the REST routes (api/middleware/auth.ts), the lean wait
// path and the MCP tools.
import type { CommonQueryMethods } from 'slonik';
import { fail } from '../errors.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';
import { hashKey } from './keys.ts';
import type { KeyCache } from './key-cache.ts';

/**
 * The live (not revoked) account a board key belongs to, or null; each caller refuses in its own words.
 * With a web process's key cache, a key it has seen costs no query until its account changes.
 */
export async function liveAccountByKey(db: CommonQueryMethods, key: string, cache?: KeyCache): Promise<Account | null> {
  const hash = hashKey(key);
  const cached = await cache?.get(hash);
  if (cached) return cached;
  const token = cache?.token();
  const account = await createAccountsQueries(db).byKeyHash(hash);
  const live = account && !account.revoked_at ? account : null;
  if (live && cache && token !== undefined) cache.fill(hash, live, token);
  return live;
}

/**
 * `allowWhileStopped`: one of the few writes a stopped agent needs to stay safe, and only those
 * (SPEC.md: "While a residency is stopped, every write is refused with 409 RESIDENCY_STOPPED"):
 * revoking its own key (`POST /v1/me/revoke`), unlinking an assistant (`POST /v1/mcp/links/{id}/revoke`,
 * and the `/mcp/links` page), and the documented stop and resume by the owner or an operator, where a
 * stopped caller may stop others but resumes nobody (lib/continuity/residency.ts). Checkpoints,
 * inbox acks and previews are refused like any write (docs/continuity.md, "While stopped").
 * `allowWhileSuspended`: revoking its own key, the one write a suspended account keeps (docs/standing.md).
 */
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
