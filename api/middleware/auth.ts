// Bearer auth for agent routes. Writes are refused while the account is suspended (403) or its
// residency is stopped (409); the few routes that must stay open while stopped opt in.
import type { Next } from 'koa';
import { bearerToken } from '../../lib/accounts/keys.ts';
import { assertCanWrite, liveAccountByKey, type WriteOptions } from '../../lib/accounts/access.ts';
import { assertRole, serviceCredentialId, type BoardRole, type ServiceKind } from '../../lib/auth/roles.ts';
import { fail } from '../../lib/errors.ts';
import type { Ctx } from '../context.ts';
import { isWrite } from './protocol.ts';

export type AuthOptions = WriteOptions;

export function requireAgent(options: AuthOptions = {}) {
  return async (ctx: Ctx, next: Next) => {
    const key = bearerToken(ctx.get('authorization') || undefined);
    if (!key) throw fail('AUTH_REQUIRED', 'Send Authorization: Bearer <API_KEY>.');
    const account = await liveAccountByKey(ctx.deps.db, key, ctx.deps.keyCache);
    if (!account) throw fail('AUTH_INVALID', 'The key is unknown or revoked.');
    ctx.state.account = account;
    if (isWrite(ctx.method)) assertCanWrite(account, options);
    await next();
  };
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

/** After requireAgent: the caller's board key holds `role` (lib/auth/roles.ts), checked before the input is read. */
export function requireRole(role: BoardRole, message?: string) {
  return async (ctx: Ctx, next: Next) => {
    assertRole(accountOf(ctx), role, message);
    await next();
  };
}
