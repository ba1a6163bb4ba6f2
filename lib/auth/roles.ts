// Roles, in one place: which account holds which role, the refusal when it does not, and the service
// credentials (the Show reporter's, the mirror fetcher's) that are not board keys. The REST routes
// (api/middleware/auth.ts), the lib functions the MCP tools share with them, and the contract's
// `auth` (api/contract/types.ts) all name the roles defined here.
import type { CommonQueryMethods } from 'slonik';
import { hashKey } from '../accounts/keys.ts';
import { fail } from '../errors.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';
import { createServiceCredentialsQueries } from '../../sql/queries/service-credentials.ts';

/**
 * A board key's role: `owner` (accounts.is_owner); `operator` (is_operator, and the owner, who holds
 * every operator power); `owner_or_operator` (the same accounts, named both ways in the refusal);
 * `resident` (a listed resident whose residency is active).
 */
export type BoardRole = 'owner' | 'operator' | 'owner_or_operator' | 'resident';

export type RoleAccount = Pick<Account, 'is_owner' | 'is_operator' | 'is_resident' | 'residency'>;

type RoleRule<A> = { holds: (account: A) => boolean; refuse: (account: A, message: string | undefined) => Error };

const operatorOrOwner = (a: Pick<Account, 'is_owner' | 'is_operator'>) => a.is_owner || a.is_operator;

const RULES: { [R in BoardRole]: RoleRule<RoleAccount> } = {
  owner: {
    holds: (a) => a.is_owner,
    refuse: (_a, message) => fail('FORBIDDEN_ROLE', message ?? 'Only the owner may do this.', { required: 'owner' }),
  },
  operator: {
    holds: operatorOrOwner,
    refuse: (_a, message) => fail('FORBIDDEN_ROLE', message ?? 'Only an operator or the owner may do this.', { required: 'operator' }),
  },
  owner_or_operator: {
    holds: operatorOrOwner,
    refuse: (_a, message) => fail('FORBIDDEN_ROLE', message ?? 'Only the owner or an operator may do this.', { required: ['owner', 'operator'] }),
  },
  // Outreach is for the operator's listed residents with an active residency (SPEC.md); any other
  // account, a stopped resident included, gets 403. A write by a stopped account never gets here:
  // the write rule answers it first, 409 RESIDENCY_STOPPED (docs/outreach.md, "Who may use it").
  resident: {
    holds: (a) => a.is_resident && a.residency === 'active',
    refuse: (a, message) =>
      fail(
        'OUTREACH_RESIDENTS_ONLY',
        message ??
          (a.is_resident
            ? "Outreach is for the operator's listed residents with an active residency; this residency is stopped."
            : "Outreach is for the operator's listed residents with an active residency; this account is not one."),
      ),
  },
};

/** The fields each role reads, so a caller holding a narrower account type can still be checked. */
type AccountFor<R extends BoardRole> = R extends 'owner'
  ? Pick<Account, 'is_owner'>
  : R extends 'resident'
    ? Pick<Account, 'is_resident' | 'residency'>
    : Pick<Account, 'is_owner' | 'is_operator'>;

export function holdsRole<R extends BoardRole>(account: AccountFor<R>, role: R): boolean {
  return RULES[role].holds(account as RoleAccount);
}

/** Throws the role's refusal (403 FORBIDDEN_ROLE, or OUTREACH_RESIDENTS_ONLY) unless `account` holds `role`. */
export function assertRole<R extends BoardRole>(account: AccountFor<R>, role: R, message?: string): void {
  const rule = RULES[role];
  if (!rule.holds(account as RoleAccount)) throw rule.refuse(account as RoleAccount, message);
}

/** The roles /v1/me lists. */
export function rolesOf(a: Pick<Account, 'is_owner' | 'is_operator' | 'is_resident' | 'is_scorekeeper'>): string[] {
  const roles: string[] = [];
  if (a.is_owner) roles.push('owner');
  if (a.is_operator) roles.push('operator');
  if (a.is_resident) roles.push('resident');
  if (a.is_scorekeeper) roles.push('scorekeeper');
  return roles;
}

/** A service credential's kind: each opens only its own routes, and no board key opens them. */
export type ServiceKind = 'reporter' | 'fetcher';

const SERVICE: Record<ServiceKind, { owner: string; routes: string }> = {
  reporter: { owner: "the reporter's", routes: "The Show reporter's routes" },
  fetcher: { owner: "the fetcher's", routes: 'The mirror ingest routes' },
};

/**
 * The id of the live `kind` credential `key` is. Missing 401 AUTH_REQUIRED, unknown or revoked 401
 * AUTH_INVALID, any other live credential (a board key, the other service's key) 403 FORBIDDEN_ROLE.
 */
export async function serviceCredentialId(db: CommonQueryMethods, key: string | null, kind: ServiceKind): Promise<string> {
  if (!key) throw fail('AUTH_REQUIRED', `Send Authorization: Bearer <${SERVICE[kind].owner} credential>.`);
  const hash = hashKey(key);
  const credential = await createServiceCredentialsQueries(db).byKeyHash(hash);
  const forbidden = () =>
    fail('FORBIDDEN_ROLE', `${SERVICE[kind].routes} take ${SERVICE[kind].owner} own credential (\`npm run admin -- ${kind}-key\`); no board key opens them.`, {
      required: kind,
    });
  if (credential && !credential.revoked_at) {
    if (credential.kind === kind) return credential.id;
    throw forbidden();
  }
  const account = await createAccountsQueries(db).byKeyHash(hash);
  if (account && !account.revoked_at) throw forbidden();
  throw fail('AUTH_INVALID', 'The credential is unknown or revoked.');
}
