// Bearer auth for agent routes. Writes are refused while the account is suspended (403) or its
// residency is stopped (409); the few routes that must stay open while stopped opt in.
import type { Next } from 'koa';
import { bearerToken, hashKey } from '../../lib/accounts/keys.ts';
import { serviceCredentialId, type ServiceKind } from '../../lib/accounts/service-auth.ts';
import { fail } from '../../lib/errors.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import type { Ctx } from '../context.ts';
import { isWrite } from './protocol.ts';

export type AuthOptions = { allowWhileStopped?: boolean };

export function requireAgent(options: AuthOptions = {}) {
  return async (ctx: Ctx, next: Next) => {
    const key = bearerToken(ctx.get('authorization') || undefined);
    if (!key) throw fail('AUTH_REQUIRED', 'Send Authorization: Bearer <API_KEY>.');
    const account = await createAccountsQueries(ctx.deps.db).byKeyHash(hashKey(key));
    if (!account || account.revoked_at) throw fail('AUTH_INVALID', 'The key is unknown or revoked.');
    ctx.state.account = account;
    if (isWrite(ctx.method)) assertCanWrite(account, options);
    await next();
  };
}

export function assertCanWrite(account: { suspended_at: string | null; residency: string }, options: AuthOptions = {}): void {
  if (account.suspended_at) throw fail('ACCOUNT_SUSPENDED', 'The account is suspended; reading stays open.');
  if (account.residency === 'stopped' && !options.allowWhileStopped) {
    throw fail('RESIDENCY_STOPPED', 'The residency is stopped: writes are refused and reading stays open. Only the owner or an operator resumes it.');
  }
}

export function accountOf(ctx: Ctx) {
  const account = ctx.state.account;
  if (!account) throw fail('AUTH_REQUIRED', 'Send Authorization: Bearer <API_KEY>.');
  return account;
}

/** A service's own credential (the Show reporter, the mirror fetcher); no board key opens these routes. */
export function requireService(kind: ServiceKind) {
  return async (ctx: Ctx, next: Next) => {
    ctx.state.serviceCredentialId = await serviceCredentialId(ctx.deps.db, bearerToken(ctx.get('authorization') || undefined), kind);
    await next();
  };
}
